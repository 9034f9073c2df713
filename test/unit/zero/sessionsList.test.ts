import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  listSessions,
  parseSessionsList,
  resumableHere,
  type ZeroSession,
} from '../../../src/zero/sessions/sessionsList';
import { useTempDir } from '../../support/tempDir';

const FAKE_ZERO = path.join(
  __dirname,
  '../..',
  'fixtures',
  'fake-zero',
  process.platform === 'win32' ? 'zero.cmd' : 'zero',
);

/** One entry as Zero 0.8 prints it: every SessionSnapshot field, keys sorted (redaction.RedactValue). */
function entry(over: Record<string, unknown>): Record<string, unknown> {
  const base: Record<string, unknown> = {
    agentName: '',
    createdAt: '2026-03-18T08:00:00Z',
    cwd: '/work/app',
    depth: 0,
    eventCount: 4,
    forkedFromEventId: '',
    forkedFromSequence: 0,
    kind: '',
    lastEventType: 'message',
    modelId: 'gpt-4.1',
    parentSessionId: '',
    provider: 'openai',
    rootSessionId: '',
    sessionId: 'zero_20260318080000_1_1',
    spawnedFromEventId: '',
    spawnedFromSequence: 0,
    specDraftModelId: '',
    specDraftReasoning: '',
    specFilePath: '',
    specId: '',
    specImplSessionId: '',
    specRejectReason: '',
    specSourceSessionId: '',
    specStatus: '',
    specUserComment: '',
    tag: '',
    taskId: '',
    title: 'Fix the flaky test',
    updatedAt: '2026-03-18T09:00:00Z',
  };
  return { ...base, ...over };
}

const session = (over: Partial<ZeroSession>): ZeroSession => ({
  sessionId: 's1',
  kind: '',
  title: 't',
  cwd: '/work/app',
  modelId: '',
  updatedAt: 1,
  eventCount: 3,
  ...over,
});

describe('zero sessions list --json', () => {
  it("reads Zero's SessionSnapshot list; an entry with a bad id or wrong types is skipped, never guessed", () => {
    const out = parseSessionsList(
      JSON.stringify(
        [
          entry({}),
          entry({ sessionId: '../../etc', title: 'evil' }),
          entry({ sessionId: 'zero_2', eventCount: 'many' }),
          'junk',
          entry({ sessionId: 'zero_3', updatedAt: 'whenever', createdAt: '' }),
        ],
        null,
        2,
      ),
    );
    assert.ok(out.ok);
    assert.equal(out.skipped, 3);
    assert.deepEqual(out.sessions[0], {
      sessionId: 'zero_20260318080000_1_1',
      kind: '',
      title: 'Fix the flaky test',
      cwd: '/work/app',
      modelId: 'gpt-4.1',
      updatedAt: Date.parse('2026-03-18T09:00:00Z'),
      eventCount: 4,
    });
    assert.equal(out.sessions[1]?.updatedAt, 0, 'an unreadable time is 0, not now');
  });

  it('says what is wrong with output that is not a list of sessions', () => {
    const notJson = parseSessionsList('Zero sessions (1):\n  - zero_1 hello');
    assert.ok(!notJson.ok);
    assert.match(notJson.problem, /printed no JSON: Zero sessions/);
    const wrong = parseSessionsList('{"sessions":[]}');
    assert.ok(!wrong.ok);
    assert.match(wrong.problem, /unexpected shape/);
  });

  it("offers what Zero's own resume picker offers here: regular and fork sessions with events, in this folder, not already a chat", () => {
    const all = [
      session({ sessionId: 'mine' }),
      session({ sessionId: 'trailing', cwd: '/work/app/' }),
      session({ sessionId: 'nocwd', cwd: '' }),
      session({ sessionId: 'fork', kind: 'fork' }),
      session({ sessionId: 'child', kind: 'child' }),
      session({ sessionId: 'side', kind: 'side' }),
      session({ sessionId: 'empty', eventCount: 0 }),
      session({ sessionId: 'elsewhere', cwd: '/work/other' }),
      session({ sessionId: 'sub', cwd: '/work/app/sub' }),
      session({ sessionId: 'chat', cwd: '/work/app' }),
    ];
    assert.deepEqual(
      resumableHere(all, '/work/app', new Set(['chat']), 'linux').map((s) => s.sessionId),
      ['mine', 'trailing', 'nocwd', 'fork'],
    );
    assert.deepEqual(
      resumableHere([session({ cwd: 'C:\\Work\\App' })], 'c:\\work\\app', new Set(), 'win32').length,
      1,
      'Windows folders compare without case',
    );
  });

  describe('running the CLI', () => {
    const dir = useTempDir('zero-sessions-');

    it("lists a session the fake zero created from the terminal, in Zero's shape", async () => {
      const env = { XDG_DATA_HOME: dir() };
      const ws = fs.mkdtempSync(path.join(dir(), 'ws-'));
      assert.deepEqual(await listSessions(FAKE_ZERO, env), { ok: true, sessions: [], skipped: 0 });
      execFileSync(
        process.execPath,
        [
          FAKE_ZERO,
          'exec',
          '-C',
          ws,
          '--init-session-id',
          'from_terminal_1',
          '--',
          'scenario:echo hello from a terminal',
        ],
        { env: { ...process.env, ...env } },
      );
      const raw = JSON.parse(
        execFileSync(process.execPath, [FAKE_ZERO, 'sessions', 'list', '--json'], {
          env: { ...process.env, ...env },
          encoding: 'utf8',
        }),
      ) as Record<string, unknown>[];
      assert.deepEqual(Object.keys(raw[0]!), Object.keys(entry({})), 'every SessionSnapshot field, keys sorted');
      const listed = await listSessions(FAKE_ZERO, env);
      assert.ok(listed.ok);
      assert.deepEqual(
        listed.sessions.map((s) => [s.sessionId, s.title, s.cwd, s.kind]),
        [['from_terminal_1', 'scenario:echo hello from a terminal', ws, '']],
      );
      assert.ok(listed.sessions[0]!.eventCount > 0);
    });

    const script = (name: string, body: string): string => {
      const file = path.join(dir(), name);
      fs.writeFileSync(file, `#!${process.execPath}\n${body}\n`, { mode: 0o755 });
      return file;
    };

    it('an old Zero without the subcommand, a failing one, garbage and a hung one each get a sentence, in bounded time', async function () {
      if (process.platform === 'win32') this.skip(); // the stand-ins are shebang scripts
      const old = await listSessions(
        script('old', 'process.stderr.write("[zero] unknown command \\"sessions\\"\\n"); process.exit(2);'),
      );
      assert.deepEqual(old.ok ? null : old.problem.startsWith('This Zero cannot list its sessions'), true);
      const failing = await listSessions(
        script('fail', 'process.stderr.write("zero crashed: disk full\\n"); process.exit(1);'),
      );
      assert.match(failing.ok ? '' : failing.problem, /failed \(exit 1\): zero crashed: disk full/);
      const garbage = await listSessions(script('garbage', 'process.stdout.write("\\u001b[2Jhello");'));
      assert.match(garbage.ok ? '' : garbage.problem, /printed no JSON/);
      const hung = await listSessions(script('hung', 'setInterval(() => {}, 1000);'), {}, 300);
      assert.match(hung.ok ? '' : hung.problem, /did not answer within 0.3 s/);
      const missing = await listSessions(path.join(dir(), 'no-such-zero'));
      assert.ok(!missing.ok);
    });
  });
});
