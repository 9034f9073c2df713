// The fake zero against the real one: the same prompt, the same argv (the extension's own) and the same
// mode, the fake replaying the scripted model (`model-<name>` scenarios, scripted.js), and the two event
// sequences compared after normalising what neither can know the same way (lib/execNormalise.ts).
// When this fails, the fake is wrong: change it to match Zero, never the expectation.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FAKE_ZERO } from './lib/execChat';
import { lines, normalise, runRaw, type RawRunOptions } from './lib/execNormalise';
import { makeSandbox, realZeroBin, type Sandbox } from './lib/realZero';

// The fake's own tables (plain CommonJS, no types).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const scripted = require('../fixtures/fake-zero/scripted') as {
  offeredTools(mode: string, options: { autonomy?: string }): { eager: string[]; deferred: string[] | null };
  requestTools(offer: { eager: string[]; deferred: string[] | null }, loaded: Set<string>): string[];
};

interface Case {
  /** Model-server scenario; the fake runs `model-<scenario>`. */
  scenario: string;
  /** Words after the tag; `<outside>` becomes a folder outside every write root. */
  params?: string;
  options?: RawRunOptions & { addOutside?: boolean };
  collapseText?: boolean;
}

const CASES: Case[] = [
  { scenario: 'plain' },
  { scenario: 'reasoning' },
  { scenario: 'read' },
  { scenario: 'two-tools' },
  { scenario: 'long', params: 'paragraphs=20' },
  { scenario: 'write' },
  { scenario: 'write-unoffered' },
  { scenario: 'shell' },
  { scenario: 'shell', params: 'cmd=curl+https://example.com/' },
  { scenario: 'fetch' },
  { scenario: 'no-answer' },
  { scenario: 'error-500' },
  { scenario: 'error-429-fast' },
  { scenario: 'max-turns', options: { extraArgs: ['--max-turns', '2'] } },
  { scenario: 'write', options: { mode: 'ask' } },
  { scenario: 'shell', options: { mode: 'ask' } },
  { scenario: 'fetch', options: { mode: 'ask' } },
  { scenario: 'fetch', options: { mode: 'member-auto' } },
  { scenario: 'fetch', options: { extraArgs: ['--auto', 'medium'] } },
  { scenario: 'write', options: { extraArgs: ['--auto', 'medium'] } },
  { scenario: 'write-outside', params: 'path=<outside>/zero.txt', options: { mode: 'ask' } },
  { scenario: 'write-outside', params: 'path=<outside>/zero.txt', options: { mode: 'ask', addOutside: true } },
  { scenario: 'read', options: { mode: 'plan' } },
  { scenario: 'read', options: { mode: 'spec-draft' } },
  { scenario: 'write', options: { mode: 'plan' } },
  { scenario: 'write', options: { mode: 'unsafe' } },
  { scenario: 'shell', options: { mode: 'unsafe' } },
  { scenario: 'shell', params: 'cmd=curl+https://example.com/', options: { mode: 'unsafe' } },
  { scenario: 'write-outside', params: 'path=<outside>/zero.txt', options: { mode: 'unsafe' } },
  { scenario: 'slow', params: 'chunks=60 delay=40', options: { interruptAfterTexts: 3 }, collapseText: true },
];

/**
 * Outside the workspace and outside Zero's temp write roots (/tmp, $TMPDIR). One name for both sides:
 * the scripted answer quotes the first 80 characters of a tool's output, path included.
 */
const OUTSIDE = path.join('/var/tmp', `zero-diff-${process.pid}`);
function outsideFolder(): string {
  fs.rmSync(OUTSIDE, { recursive: true, force: true });
  fs.mkdirSync(OUTSIDE, { recursive: true });
  return fs.realpathSync(OUTSIDE);
}

interface Side {
  events: string[];
  code: number | null;
  stored: string[];
}

async function side(command: string[], env: Record<string, string>, c: Case): Promise<Side> {
  const sandbox: Sandbox = await makeSandbox();
  const outside = outsideFolder();
  try {
    const prompt = `scenario:${c.scenario}${c.params ? ` ${c.params.replaceAll('<outside>', outside)}` : ''}`;
    const { addOutside, ...options } = c.options ?? {};
    const run = await runRaw(command, sandbox, prompt, {
      ...options,
      ...(addOutside ? { addDirs: [outside] } : {}),
      env,
    });
    const replace: [string, string][] = [
      [outside, '<outside>'],
      [sandbox.root, '<root>'],
    ];
    const events = lines(normalise(run.events, { replace, collapseText: c.collapseText ?? false }));
    // What the session store kept (types and roles only: payload shapes are the store's business).
    const sessionId = run.events.find((e) => e.type === 'run_start')?.sessionId;
    const file = path.join(sandbox.dataHome, 'zero', 'sessions', String(sessionId), 'events.jsonl');
    const stored = fs.existsSync(file)
      ? fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => {
            const e = JSON.parse(l) as { type: string; payload?: { role?: string } };
            return e.payload?.role ? `${e.type}:${e.payload.role}` : e.type;
          })
      : [];
    return { events, code: run.code, stored };
  } finally {
    await sandbox.dispose();
    fs.rmSync(outside, { recursive: true, force: true });
  }
}

describe('fake zero vs real Zero: the same exec event sequences', function () {
  this.timeout(60_000);
  for (const c of CASES) {
    const label = `${c.options?.mode ?? 'auto'}: ${c.scenario}${c.params ? ` ${c.params}` : ''}${c.options?.addOutside ? ' --add-dir <outside>' : ''}${c.options?.extraArgs ? ` ${c.options.extraArgs.join(' ')}` : ''}${c.options?.interruptAfterTexts ? ' (Stop)' : ''}`;
    it(label, async () => {
      const real = await side([realZeroBin()], {}, c);
      const fake = await side(
        [process.execPath, FAKE_ZERO],
        { FAKE_ZERO_SCENARIO: `model-${c.scenario}`, FAKE_ZERO_WRITE: '1' },
        c,
      );
      assert.ok(
        real.events.some((e) => e.includes('"run_end"')),
        'the real Zero ran to its end',
      );
      assert.deepEqual(fake.events, real.events);
      assert.equal(fake.code, real.code);
      if (c.options?.interruptAfterTexts) assert.deepEqual(fake.stored, real.stored);
    });
  }
});

describe('fake zero vs real Zero: the tools offered per mode and autonomy, in order', function () {
  this.timeout(60_000);
  for (const mode of ['auto', 'ask', 'unsafe', 'member-auto', 'plan', 'spec-draft'])
    for (const autonomy of ['', 'medium']) {
      it(`${mode}${autonomy ? ` --auto ${autonomy}` : ''}: the first request's tools, and the last's (web_fetch loaded if deferred)`, async () => {
        const sandbox = await makeSandbox();
        try {
          const extraArgs = autonomy ? ['--auto', autonomy] : [];
          await runRaw([realZeroBin()], sandbox, 'scenario:fetch', { mode, extraArgs, env: {} });
          const real = sandbox.server.completions().map((r) => (r.body?.tools ?? []).map((t) => t.function.name));
          const offer = scripted.offeredTools(mode, { autonomy });
          assert.deepEqual(real[0], scripted.requestTools(offer, new Set()));
          if (offer.deferred) assert.deepEqual(real.at(-1), scripted.requestTools(offer, new Set(['web_fetch'])));
          else assert.deepEqual(real.at(-1), real[0]);
        } finally {
          await sandbox.dispose();
        }
      });
    }
});
