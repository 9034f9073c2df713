// The fake zero's session store and grants against the real Zero's: the same operations on both, then
// `sessions list --json`, `sessions rewind --json` (and what it did to the files and the log), the
// session folder's layout and `sandbox grants list|revoke|clear --json` compared after normalising ids,
// times and paths. When this fails, the fake is wrong: change it to match Zero, never the expectation.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeSandbox, realZeroBin, type Sandbox } from './lib/realZero';

const FAKE_ZERO = path.resolve(__dirname, '../fixtures/fake-zero/zero');

interface Side {
  readonly name: 'real' | 'fake';
  readonly sandbox: Sandbox;
  /** Runs `zero <args>`; its stdout, with the exit code checked. Async: the model server runs in this process. */
  zero(args: string[], env?: Record<string, string>): Promise<string>;
}

function side(name: 'real' | 'fake', sandbox: Sandbox): Side {
  return {
    name,
    sandbox,
    zero(args, env = {}) {
      const bin = name === 'real' ? realZeroBin() : FAKE_ZERO;
      return new Promise((resolve, reject) => {
        const child = spawn(bin, args, {
          cwd: sandbox.workspace,
          env: { ...sandbox.env, ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        let err = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
        child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
        child.on('error', reject);
        child.on('close', (code) =>
          code === 0 ? resolve(out) : reject(new Error(`${name}: zero ${args.join(' ')} exited ${code}: ${err}`)),
        );
      });
    },
  };
}

/** Ids, times and the sandbox path, which no two runs share, replaced in order of appearance. */
function normaliser(s: Side): (text: string) => string {
  const ids = new Map<string, string>();
  return (text) =>
    text
      .split(s.sandbox.root)
      .join('<ROOT>')
      .replace(/zero_\d{14}_\d+_\d+/g, (id) => ids.get(id) ?? (ids.set(id, `<S${ids.size + 1}>`), `<S${ids.size}>`))
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/g, '<T>');
}

const sessionDir = (s: Side, id: string): string => path.join(s.sandbox.dataHome, 'zero', 'sessions', id);
/** The session folder's files (relative, sorted), blobs named by their kind only. */
function layout(s: Side, id: string): string[] {
  const dir = sessionDir(s, id);
  const walk = (rel: string): string[] =>
    fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => {
      const p = rel ? `${rel}/${e.name}` : e.name;
      return e.isDirectory() ? [`${p}/`, ...walk(p)] : [p.replace(/[0-9a-f]{64}$/, '<sha256>')];
    });
  return walk('').sort();
}

describe('fake zero vs real Zero: session store and grants', () => {
  let real: Side;
  let fake: Side;
  const both = async <T>(f: (s: Side) => Promise<T>): Promise<{ real: T; fake: T }> => ({
    real: await f(real),
    fake: await f(fake),
  });

  beforeEach(async () => {
    const files = { 'src/app.txt': 'line one\nline two\n' };
    real = side('real', await makeSandbox({ files }));
    fake = side('fake', await makeSandbox({ files }));
  });
  afterEach(async () => {
    await real.sandbox.dispose();
    await fake.sandbox.dispose();
  });

  /** One exec run; the fake plays `fakeScenario`. Returns the session id and the stream's checkpoint sequences. */
  const exec = async (
    s: Side,
    prompt: string,
    extra: string[],
    fakeScenario: string,
  ): Promise<{ id: string; checkpoints: number[] }> => {
    const out = await s.zero(
      ['exec', '-o', 'stream-json', '--no-notify', '--no-completion-gate', ...extra, '--', prompt],
      s.name === 'fake' ? { FAKE_ZERO_SCENARIO: fakeScenario, FAKE_ZERO_WRITE: '1' } : {},
    );
    const events = out
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { type: string; sessionId?: string; checkpoint?: { sequence: number } });
    return {
      id: String(events.find((e) => e.type === 'run_start')?.sessionId),
      checkpoints: events.flatMap((e) => (e.type === 'checkpoint' && e.checkpoint ? [e.checkpoint.sequence] : [])),
    };
  };

  it('sessions list --json: the same entries, fields and key order after new, resumed and forked runs', async () => {
    const listed = await both(async (s) => {
      const first = await exec(s, 'first scenario:plain', [], 'plain');
      await exec(s, 'again scenario:plain', [`--resume=${first.id}`], 'plain');
      await exec(s, 'a fork scenario:plain', [`--fork=${first.id}`], 'plain');
      const text = await s.zero(['sessions', 'list', '--json']);
      const entries = JSON.parse(text) as Record<string, unknown>[];
      const norm = normaliser(s);
      // Which model and provider a run uses is exec's business (execDifferential), not the store's.
      for (const e of entries)
        Object.assign(e, {
          modelId: typeof e.modelId === 'string' && e.modelId ? '<model>' : e.modelId,
          provider: typeof e.provider === 'string' && e.provider ? '<provider>' : e.provider,
        });
      // Newest first, ties in one second broken by id (which differ): compare in title order.
      return entries.sort((a, b) => String(a.title).localeCompare(String(b.title))).map((e) => norm(JSON.stringify(e)));
    });
    assert.deepEqual(listed.fake, listed.real);
  });

  it('sessions rewind --json: the same report, files, log tail, metadata and folder layout', async () => {
    const result = await both(async (s) => {
      const run = await exec(
        s,
        'change them scenario:write-two path=src/app.txt new=notes/review.md',
        ['--permission-mode', 'ask'],
        'two-files',
      );
      assert.equal(run.checkpoints.length, 2, `${s.name}: two checkpoints`);
      const norm = normaliser(s);
      const before = layout(s, run.id);
      const report = await s.zero([
        'sessions',
        'rewind',
        run.id,
        '--sequence',
        String(run.checkpoints[0]),
        '--exclude-target',
        '--json',
      ]);
      const events = fs
        .readFileSync(path.join(sessionDir(s, run.id), 'events.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const meta = JSON.parse(fs.readFileSync(path.join(sessionDir(s, run.id), 'metadata.json'), 'utf8')) as Record<
        string,
        unknown
      >;
      return {
        report: report.replace(
          /"targetSequence": (\d+)/,
          (_, n: string) => `"targetSequence": ${Number(n) - run.checkpoints[0]!}`,
        ),
        files: [
          fs.readFileSync(path.join(s.sandbox.workspace, 'src/app.txt'), 'utf8'),
          fs.existsSync(path.join(s.sandbox.workspace, 'notes/review.md')),
        ],
        // Sequences counted from the first checkpoint: the two runs log a different number of events before it.
        last: norm(JSON.stringify(events.at(-1)))
          .replace(
            /"(sequence|targetSequence)":(\d+)/g,
            (_, k: string, n: string) => `"${k}":${Number(n) - run.checkpoints[0]!}`,
          )
          .replace(/(<S\d+>):(\d+)/g, (_, id: string, n: string) => `${id}:${Number(n) - run.checkpoints[0]!}`),
        kept: events.length - run.checkpoints[0]!,
        meta: {
          keys: Object.keys(meta),
          eventCount: Number(meta.eventCount) - run.checkpoints[0]!,
          lastEventType: meta.lastEventType,
        },
        before,
        after: layout(s, run.id),
      };
    });
    assert.deepEqual(result.fake, result.real);
  });

  it('sandbox grants allow/list/revoke/clear --json print the same, command prefixes included', async () => {
    const out = await both(async (s) => {
      const norm = normaliser(s);
      const steps: string[] = [];
      const run = async (...args: string[]): Promise<void> =>
        void steps.push(`$ ${args.join(' ')}\n${norm(await s.zero(['sandbox', 'grants', ...args]))}`);
      await run('list', '--json');
      await run('allow', 'web_fetch', '--reason', 'VS Code: always allow', '--json');
      await run('allow', 'write_file', '--path', 'a.txt', '--json');
      await run('allow', 'write_file', '--path', 'b.txt');
      await run('deny', 'exec_command', '--reason', 'never');
      // What Zero's own dialogs add: a host grant and command prefixes, in the file Zero wrote.
      const file = JSON.parse(fs.readFileSync(s.sandbox.grantsPath, 'utf8'));
      file.grants.web_fetch.push({
        toolName: 'web_fetch',
        scope: 'example.com',
        scopeKind: 'host',
        decision: 'allow',
        approvedAt: '2026-01-01T00:00:00Z',
      });
      file.commandPrefixes = {
        exec_command: [
          ['ls', '-la'],
          ['git', 'status'],
        ].map((prefix) => ({ toolName: 'exec_command', prefix, approvedAt: '2026-01-01T00:00:00Z', reason: 'prefix' })),
      };
      fs.writeFileSync(s.sandbox.grantsPath, JSON.stringify(file));
      await run('list', '--json');
      await run('list');
      await run('revoke', 'write_file', '--path', 'a.txt', '--json');
      await run('revoke', 'web_fetch', '--path', 'example.com', '--json');
      await run('revoke', 'exec_command', '--json');
      await run('list', '--json');
      await run('clear', '--confirm', '--json');
      await run('list', '--json');
      return steps;
    });
    assert.deepEqual(out.fake, out.real);
  });
});
