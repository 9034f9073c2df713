// The demo agent `npm start` uses without a real Zero (demo/): spawned for real over a copy of the demo
// workspace, it must stream what the chat needs to show the product: a read, reasoning, a real edit with
// a checkpoint (Diff, Undo), a refused fetch (the approval dialog) that the approved retry completes,
// sensible answers to the code actions, and an honest answer to anything else. Every run passes Zero's
// completion gate (exit 0).
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { selectionPrompt } from '../../../src/conversation/prompts/selectionPrompt';
import { retryPrompt } from '../../../src/approvals/policy';

const ROOT = path.resolve(__dirname, '../..', '..');
const DEMO = path.join(ROOT, 'demo', 'zero');
type Ev = { type: string; [k: string]: unknown };

let dir: string;
let workspace: string;

function env(extra: Record<string, string> = {}): Record<string, string> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      (e): e is [string, string] => e[1] !== undefined && !/^(ZERO_|FAKE_ZERO_|XDG_)/.test(e[0]),
    ),
  );
  return {
    ...base,
    XDG_DATA_HOME: path.join(dir, 'data'),
    ZERO_SANDBOX_GRANTS_PATH: path.join(dir, 'grants.json'),
    FAKE_ZERO_DELAY_MS: '0',
    ...extra,
  };
}

function zero(
  args: string[],
  stdin = '',
  extra: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [DEMO, ...args], { cwd: workspace, env: env(extra), shell: false });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/** One `zero exec` run as the extension starts it: stream-json in and out, the prompt on stdin. */
async function ask(
  prompt: string,
  extraArgs: string[] = [],
  extraEnv: Record<string, string> = {},
): Promise<{ code: number | null; events: Ev[]; text: string; reasoning: string }> {
  const input = `${JSON.stringify({ schemaVersion: 2, type: 'prompt', content: prompt })}\n`;
  const r = await zero(['exec', '-o', 'stream-json', '-i', 'stream-json', ...extraArgs], input, extraEnv);
  const events = r.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Ev);
  const join = (type: string) =>
    events
      .filter((e) => e.type === type)
      .map((e) => e.delta)
      .join('');
  assert.equal(r.code, 0, `exit ${r.code}: ${r.stderr}\n${r.stdout.slice(-600)}`);
  return { code: r.code, events, text: join('text'), reasoning: join('reasoning') };
}

const GREET = () => fs.readFileSync(path.join(workspace, 'greet.js'), 'utf8');
const sessionOf = (events: Ev[]) => String(events.find((e) => e.type === 'run_start')?.sessionId);

describe('demo agent (npm start without zero)', function () {
  this.timeout(30_000);
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-demo-'));
    workspace = path.join(dir, 'workspace');
    fs.cpSync(path.join(ROOT, 'demo', 'workspace'), workspace, { recursive: true });
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('says it is the demo in --version (the chat shows the DEMO badge)', async () => {
    const r = await zero(['--version']);
    assert.match(r.stdout, /^zero \S+\+demo$/m, 'the real record, `zero <version>`, tagged as the demo');
  });

  it('tour: reads greet.js, reasons, fixes the TODO with a checkpoint, and asks to fetch a page', async () => {
    const original = GREET();
    assert.match(original, /TODO/);
    const { events, text, reasoning } = await ask('Fix the TODO in greet.js');
    const calls = events
      .filter((e) => e.type === 'tool_call')
      .map(
        (e) =>
          `${e.name} ${JSON.stringify((e.args as { path?: string; url?: string }).path ?? (e.args as { url?: string }).url)}`,
      );
    assert.deepEqual(
      calls.map((c) => c.split(' ')[0]),
      ['read_file', 'write_file', 'web_fetch'],
      calls.join('\n'),
    );
    assert.match(calls[0]!, /greet\.js/);
    assert.match(reasoning, /greet\('\'\) returns "Hello, !"/);
    // The edit is real, recorded as a checkpoint, and listed as a changed file.
    const checkpoint = events.find((e) => e.type === 'checkpoint') as
      { checkpoint: { files: string[]; sequence: number } } | undefined;
    assert.deepEqual(checkpoint?.checkpoint.files, ['greet.js']);
    assert.deepEqual(events.find((e) => e.type === 'tool_result' && e.name === 'write_file')?.changedFiles, [
      'greet.js',
    ]);
    const fixed = GREET();
    assert.doesNotMatch(fixed, /TODO/);
    assert.match(fixed, /name\.trim\(\)/);
    // The fixed code really works.
    const greet = new Function(`${fixed.replace(/console\.log\(.*\);\n?/g, '')}; return greet;`)() as (
      n?: unknown,
    ) => string;
    assert.deepEqual(
      [greet('Zero'), greet(''), greet('  '), greet()],
      ['Hello, Zero!', 'Hello, there!', 'Hello, there!', 'Hello, there!'],
    );
    // The fetch is refused headless: a permission_request, which the extension turns into its dialog.
    const request = events.find((e) => e.type === 'permission_request');
    assert.equal(request?.name, 'web_fetch');
    assert.match(text, /needs your approval/);
    // Undo (zero sessions rewind to before the checkpoint) brings the TODO back.
    const rewind = await zero([
      'sessions',
      'rewind',
      sessionOf(events),
      '--sequence',
      String(checkpoint!.checkpoint.sequence),
      '--exclude-target',
      '--json',
    ]);
    assert.equal(rewind.code, 0, rewind.stderr);
    assert.equal(GREET(), original);
  });

  it('the approved retry fetches the page and finishes; a second tour finds nothing left to fix', async () => {
    const first = await ask('Fix the TODO in greet.js');
    const id = sessionOf(first.events);
    const url = String(
      (first.events.find((e) => e.type === 'tool_call' && e.name === 'web_fetch')?.args as { url: string }).url,
    );
    const grants = path.join(dir, 'once.json');
    const allow = await zero(['sandbox', 'grants', 'allow', 'web_fetch', '--reason', 'test'], '', {
      ZERO_SANDBOX_GRANTS_PATH: grants,
    });
    assert.equal(allow.code, 0, allow.stderr);
    const prompt = retryPrompt([{ item: { name: 'web_fetch' } as never, choice: 'allow-once', args: { url } }]);
    const again = await ask(prompt, [`--resume=${id}`], { ZERO_SANDBOX_GRANTS_PATH: grants });
    assert.equal(again.events.find((e) => e.type === 'tool_result' && e.name === 'web_fetch')?.status, 'ok');
    assert.match(again.text, /MDN confirms it/);
    assert.match(again.text, /nothing was fetched/, 'says the page is a stored excerpt');
    const second = await ask('Fix the TODO in greet.js', [`--resume=${id}`]);
    assert.deepEqual(
      second.events.filter((e) => e.type === 'tool_call').map((e) => e.name),
      ['read_file'],
    );
    assert.match(second.text, /nothing for me to fix/);
  });

  const selection = (text: string, diagnostics: Parameters<typeof selectionPrompt>[0]['diagnostics'] = []) => ({
    path: 'greet.js',
    languageId: 'javascript',
    startLine: 2,
    endLine: 4,
    text,
    diagnostics,
  });
  const GREET_FN = "function greet(name) {\n  return 'Hello, ' + name + '!';\n}";

  it('Explain with Zero: says what the selected code defines and what is surprising about it', async () => {
    const { text, events } = await ask(selectionPrompt(selection(GREET_FN), 'explain'));
    assert.equal(events.filter((e) => e.type === 'tool_call').length, 0);
    assert.match(text, /`greet\.js` lines 2-4/);
    assert.match(text, /`greet\(name\)` is a function taking one argument/);
    assert.match(text, /concatenation/);
    assert.match(text, /`name` is joined into the string without a check/);
  });

  it('Fix with Zero on the greet function makes the fix; on other code it lists the diagnostics and edits nothing', async () => {
    const { events, text } = await ask(selectionPrompt(selection(GREET_FN), 'fix'));
    assert.deepEqual(
      events.filter((e) => e.type === 'tool_call').map((e) => e.name),
      ['write_file'],
    );
    assert.match(GREET(), /name\.trim\(\)/);
    assert.match(text, /Fixed greet\.js/);
    const other = await ask(
      selectionPrompt(
        {
          path: 'util.ts',
          languageId: 'typescript',
          startLine: 1,
          endLine: 1,
          text: 'const x: number = "a";',
          diagnostics: [
            {
              message: "Type 'string' is not assignable to type 'number'.",
              source: 'ts',
              severity: 'error',
              startLine: 1,
              startColumn: 7,
              endLine: 1,
              endColumn: 8,
            },
          ],
        },
        'fix',
      ),
    );
    assert.equal(other.events.filter((e) => e.type === 'tool_call').length, 0);
    assert.match(other.text, /Type 'string' is not assignable to type 'number'/);
    assert.match(other.text, /demo agent/);
  });

  it('Ask Zero about Selection: repeats the question and answers from the code', async () => {
    const { text } = await ask(
      selectionPrompt(
        {
          path: 'sum.py',
          languageId: 'python',
          startLine: 1,
          endLine: 5,
          text: 'def total(items):\n    s = 0\n    for i in items:\n        s += i\n    return s',
          diagnostics: [],
        },
        'ask',
        'Is this correct?',
      ),
    );
    assert.match(text, /You asked: “Is this correct\?”/);
    assert.match(text, /`total\(items\)` is a function/);
    assert.match(text, /loops/);
    assert.match(text, /install Zero/);
  });

  it('a question about greet.js reads it and explains it, without editing it', async () => {
    const before = GREET();
    const { text, events } = await ask('What does greet.js do?');
    assert.deepEqual(
      events.filter((e) => e.type === 'tool_call').map((e) => e.name),
      ['read_file'],
    );
    assert.match(text, /`greet\(name\)` is a function/);
    assert.match(text, /A TODO says/);
    assert.match(text, /fix the TODO in greet\.js/);
    assert.equal(GREET(), before);
  });

  it('anything else: a short honest answer naming the demo and how to install Zero', async () => {
    const { text, events } = await ask('Fix the flaky login test in server.py');
    assert.equal(events.filter((e) => e.type === 'tool_call').length, 0);
    assert.match(text, /I am the demo agent/);
    assert.match(text, /https:\/\/github\.com\/Gitlawb\/zero#installation/);
    assert.match(text, /zero setup/);
    assert.ok(text.length < 600, `short: ${text.length} chars`);
  });
});
