/**
 * Every scenario of docs/zero-exec.md as a saved transcript, read by the same code the extension and
 * the transcript CLI use: what would a user (or a bug report) see?
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import {
  actionFromDecoded,
  newChat,
  reduceChat,
  summarizeRun,
  type Chat,
  type RunSummary,
} from '../../../src/conversation';
import type { Decoded } from '../../../src/protocol/decoded';
import { ZeroEventReader } from '../../../src/protocol/eventStream';
import { markdownOf, parseArgs } from '../../../src/cli/transcript';

const dir = path.join(__dirname, '../..', 'fixtures', 'transcripts');
const bytes = (name: string): Uint8Array => new Uint8Array(readFileSync(path.join(dir, name)));

function decodeChunks(data: Uint8Array, sizes: () => number): Decoded[] {
  const reader = new ZeroEventReader();
  const out: Decoded[] = [];
  for (let i = 0; i < data.length;) {
    const n = Math.max(1, sizes());
    out.push(...reader.push(data.subarray(i, i + n)));
    i += n;
  }
  out.push(...reader.end());
  return out;
}

const summarize = (name: string, exitCode?: number): RunSummary =>
  summarizeRun(
    decodeChunks(bytes(name), () => 1 << 16),
    exitCode,
  );

function chatOf(decoded: readonly Decoded[]): Chat {
  let chat = reduceChat(newChat('c', 0), { type: 'turn_started', turnId: 't', prompt: 'p', origin: 'prompt', at: 0 });
  for (const d of decoded) chat = reduceChat(chat, actionFromDecoded(d));
  return chat;
}

describe('transcripts: what a saved run reads as', () => {
  it('success with tools: answer, status, tools joined to results, usage summed', () => {
    const s = summarize('success-tools.jsonl');
    assert.equal(s.finalText, 'Done: I wrote `notes.txt` ✅.');
    assert.equal(s.streamedText, "I'll open the README.Done: I wrote `notes.txt` ✅.");
    assert.equal(s.reasoningText, 'Looking at the repo layout');
    assert.equal(s.runStatus, 'success');
    assert.equal(s.exitCode, 0);
    assert.equal(s.sessionId, 'zero_20260701141533_1782915333020551766_1');
    assert.deepEqual(s.toolCalls, [
      { id: 'call_1', name: 'read_file', sideEffect: 'read', resultStatus: 'ok', truncated: false },
      { id: 'call_2', name: 'write_file', sideEffect: 'write', resultStatus: 'ok', truncated: false },
    ]);
    assert.deepEqual(s.permissionDecisions, [
      { id: 'call_2', name: 'write_file', action: 'allow', permissionGranted: false },
    ]);
    assert.deepEqual(s.permissionRequests, []);
    assert.deepEqual(s.usage, { promptTokens: 420, completionTokens: 50, totalTokens: 470, costUsd: null });
    assert.deepEqual(s.problems, []);
  });

  it('reasoning never leaks into the answer', () => {
    const chat = chatOf(decodeChunks(bytes('success-tools.jsonl'), () => 7));
    const texts = chat.turns[0]!.items.filter((i) => i.kind === 'text').map((i) => (i.kind === 'text' ? i.text : ''));
    assert.ok(texts.every((t) => !t.includes('Looking at the repo layout')));
    const tool = chat.turns[0]!.items.find((i) => i.kind === 'tool' && i.id === 'call_2');
    assert.ok(tool && tool.kind === 'tool');
    assert.deepEqual(tool.checkpoint, { sequence: 4, files: ['notes.txt'] });
    assert.deepEqual(tool.changedFiles, ['notes.txt']);
    assert.equal(chat.turns[0]!.items.find((i) => i.kind === 'tool' && i.id === 'call_1')?.kind, 'tool');
  });

  it('headless permission request: refused tool, run still succeeds, request is pending', () => {
    const s = summarize('permission-headless.jsonl');
    assert.deepEqual(s.permissionRequests, [{ id: 'call_7', name: 'web_fetch' }]);
    assert.deepEqual(s.toolCalls, [
      { id: 'call_7', name: 'web_fetch', sideEffect: 'network', resultStatus: 'error', truncated: false },
    ]);
    assert.equal(s.runStatus, 'success');
    const chat = chatOf(decodeChunks(bytes('permission-headless.jsonl'), () => 100));
    const p = chat.turns[0]!.items.find((i) => i.kind === 'permission');
    assert.ok(p && p.kind === 'permission');
    assert.equal(p.approval, 'pending');
    assert.equal(p.reason, 'Fetches remote URL content over the network.');
    assert.deepEqual(p.risk?.categories, ['network']);
  });

  it('a permission event before its tool_call (parallel reads) is joined by id; the failed outside read awaits a decision', () => {
    const s = summarize('parallel-reads.jsonl');
    assert.deepEqual(
      s.toolCalls.map((t) => [t.id, t.resultStatus]),
      [
        ['call_a', 'ok'],
        ['call_b', 'error'],
      ],
    );
    assert.deepEqual(s.permissionRequests, [{ id: 'call_b', name: 'read_file' }]);
    const chat = chatOf(decodeChunks(bytes('parallel-reads.jsonl'), () => 3));
    const p = chat.turns[0]!.items.find((i) => i.kind === 'permission');
    assert.ok(p && p.kind === 'permission');
    assert.equal(p.approval, 'pending');
    assert.equal(p.block?.code, 'outside_workspace');
    assert.equal(p.block?.path, '/etc/hosts');
  });

  it('provider error: no final, error with code, exit 3', () => {
    const s = summarize('provider-error.jsonl');
    assert.equal(s.finalText, null);
    assert.equal(s.streamedText, 'Starting');
    assert.equal(s.runStatus, 'error');
    assert.equal(s.exitCode, 3);
    assert.deepEqual(s.errors, [
      { code: 'provider_error', message: 'rate limit error: 429 Too Many Requests', recoverable: false },
    ]);
    assert.equal(s.warnings.length, 1);
  });

  it('incomplete: final is kept and the status says incomplete, exit 4', () => {
    const s = summarize('incomplete.jsonl');
    assert.equal(s.finalText, "I couldn't finish the migration.");
    assert.equal(s.runStatus, 'incomplete');
    assert.equal(s.exitCode, 4);
    assert.equal(s.errors[0]?.code, 'incomplete');
  });

  it('interrupted by a signal: exit 130, the cut-off tool has its result', () => {
    const s = summarize('interrupted.jsonl');
    assert.equal(s.runStatus, 'interrupted');
    assert.equal(s.exitCode, 130);
    assert.equal(s.finalText, null);
    assert.equal(s.toolCalls[0]?.resultStatus, 'error');
  });

  it('crash without run_end: unknown until the exit code is known, then crashed', () => {
    const unknown = summarize('crash.jsonl');
    assert.equal(unknown.runStatus, null);
    assert.equal(unknown.exitCode, null);
    const crashed = summarize('crash.jsonl', 1);
    assert.equal(crashed.runStatus, 'crashed');
    assert.equal(crashed.exitCode, 1);
    assert.equal(crashed.streamedText, 'Working on it');
  });

  it('usage error before run_start: error and exit 2, no session', () => {
    const s = summarize('usage-error.jsonl');
    assert.equal(s.runStatus, 'error');
    assert.equal(s.exitCode, 2);
    assert.equal(s.sessionId, null);
    assert.equal(s.errors[0]?.code, 'usage_error');
  });

  it('schema 1: violation is read as block', () => {
    const chat = chatOf(decodeChunks(bytes('schema1-violation.jsonl'), () => 64));
    const p = chat.turns[0]!.items.find((i) => i.kind === 'permission');
    assert.ok(p && p.kind === 'permission');
    assert.equal(p.block?.code, 'network');
    assert.equal(p.action, 'deny');
    assert.equal(chat.turns[0]!.run.schemaVersion, 1);
    assert.equal(summarize('schema1-violation.jsonl').finalText, 'Network is blocked.');
  });

  it('unsafe network deny: permissionGranted true with action deny is a decision, not a question', () => {
    const s = summarize('unsafe-network-deny.jsonl');
    assert.deepEqual(s.permissionDecisions, [
      { id: 'call_n', name: 'exec_command', action: 'deny', permissionGranted: true },
    ]);
    assert.match(s.warnings[0]!, /Unsafe permissions are active/);
  });

  it('odd lines are problems or unknown events, and the run goes on', () => {
    const s = summarize('odd-lines.jsonl');
    assert.equal(s.finalText, 'Still here.');
    assert.equal(s.runStatus, 'success');
    assert.deepEqual(s.unknownEvents, [{ line: 4, type: 'shiny_new_event' }]);
    assert.deepEqual(
      s.problems.map((p) => p.line),
      [2, 5, 9],
    );
    assert.match(s.problems[0]!.detail, /JSON/);
    assert.match(s.problems[1]!.detail, /status/);
    const custom = s.toolCalls.find((t) => t.name === 'custom');
    assert.deepEqual(custom, { id: null, name: 'custom', sideEffect: 'unknown', resultStatus: 'ok', truncated: false });
    assert.deepEqual(s.permissionRequests, [{ id: 'c6', name: 'bash' }]);
  });

  it('gate-rejected turns: the answer is the last turn only, narration stays apart', () => {
    const s = summarize('gate-turns.jsonl');
    assert.equal(s.finalText, 'All tests pass.');
    assert.equal(s.streamedText, 'Let me check the tests:All tests pass.');
    const chat = chatOf(decodeChunks(bytes('gate-turns.jsonl'), () => 5));
    const texts = chat.turns[0]!.items.filter((i) => i.kind === 'text');
    assert.equal(texts.length, 2);
    assert.deepEqual(
      texts.map((t) => t.kind === 'text' && t.answer),
      [false, true],
    );
  });

  it('a secret split across deltas: the answer shown is the redacted final text', () => {
    const chat = chatOf(decodeChunks(bytes('split-secret.jsonl'), () => 11));
    const answer = chat.turns[0]!.items.find((i) => i.kind === 'text' && i.answer);
    assert.ok(answer && answer.kind === 'text');
    assert.equal(answer.text, 'Your key is [REDACTED]');
    assert.ok(!JSON.stringify(chat).includes('sk-abcdefghijklmnopqrstu'));
  });

  it('truncated tool output is marked', () => {
    const s = summarize('truncated-output.jsonl');
    assert.deepEqual(s.toolCalls, [
      { id: 'call_t', name: 'read_file', sideEffect: 'read', resultStatus: 'ok', truncated: true },
    ]);
    assert.equal(s.warnings.length, 1);
  });

  it('property: any chunking (1-byte chunks included) gives the same state as reading whole', () => {
    const files = readdirFixtures();
    let seed = 12345;
    const rand = (): number => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (const f of files) {
      const data = bytes(f);
      const whole = JSON.stringify(chatOf(decodeChunks(data, () => data.length)));
      assert.equal(JSON.stringify(chatOf(decodeChunks(data, () => 1))), whole, `${f}, 1-byte chunks`);
      for (let trial = 0; trial < 20; trial++) {
        const max = [2, 5, 17, 300, 4096][trial % 5]!;
        assert.equal(
          JSON.stringify(chatOf(decodeChunks(data, () => 1 + Math.floor(rand() * max)))),
          whole,
          `${f}, trial ${trial}`,
        );
      }
    }
  });
});

describe('transcript CLI', () => {
  it('parses its arguments and refuses bad ones with usage text', () => {
    assert.deepEqual(parseArgs(['summarize', 'run.jsonl', '--exit-code', '1']), {
      command: 'summarize',
      file: 'run.jsonl',
      exitCode: 1,
    });
    assert.deepEqual(parseArgs(['markdown', '-', '--exit-code=130']), {
      command: 'markdown',
      file: '-',
      exitCode: 130,
    });
    assert.match(String(parseArgs(['summarize'])), /Missing the transcript file/);
    assert.match(String(parseArgs(['explode', 'x'])), /Unknown command "explode"/);
    assert.match(String(parseArgs(['summarize', 'x', '--exit-code', 'abc'])), /whole number/);
  });

  it('markdown shows the prompt-less run, tools, permissions and status', () => {
    const md = markdownOf(
      decodeChunks(bytes('permission-headless.jsonl'), () => 1000),
      null,
    );
    assert.match(md, /### Tool `web_fetch` · network — error/);
    assert.match(
      md,
      /\*\*Permission request\*\* `web_fetch`, risk high \[network\]: Fetches remote URL content over the network\./,
    );
    assert.match(md, /\*\*Status:\*\* success, exit code 0/);
  });

  it('the built CLI reads stdin and a file (dist/transcript.js, built by `npm run compile`)', () => {
    const cli = path.join(__dirname, '../..', '..', 'dist', 'transcript.js');
    const out = execFileSync(process.execPath, [cli, 'summarize', '-', '--exit-code', '1'], {
      input: readFileSync(path.join(dir, 'crash.jsonl')),
    }).toString();
    const s = JSON.parse(out) as RunSummary;
    assert.equal(s.runStatus, 'crashed');
    assert.equal(s.exitCode, 1);
    const md = execFileSync(process.execPath, [cli, 'markdown', path.join(dir, 'success-tools.jsonl')]).toString();
    assert.match(md, /Done: I wrote `notes.txt` ✅\./);
  });
});

function readdirFixtures(): string[] {
  return readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
}
