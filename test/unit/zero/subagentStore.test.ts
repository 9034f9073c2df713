/**
 * A subagent's child session read from a store laid out as Zero 0.8.0 writes it (the shapes are the real
 * binary's: test/real-zero/subagents.test.ts reads a real one): found from the parent's specialist_start,
 * shown only when its metadata names that parent and call, every line and size bounded.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { transcriptMarkdown } from '../../../src/zero/sessions/subagentMarkdown';
import { childStamp, findChild, readChild } from '../../../src/zero/sessions/subagentStore';

const PARENT = 'zero_20261203131321_1796303601886975165_1';
const CHILD = 'specialist_025b14e27ab93d6619e7f8eb';

let root: string;
let seq = 0;
const line = (session: string, type: string, payload: unknown): string =>
  JSON.stringify({
    id: `${session}:${++seq}`,
    sessionId: session,
    sequence: seq,
    type,
    createdAt: '2026-12-03T13:13:21Z',
    payload,
  }) + '\n';
function write(session: string, lines: string[], meta?: unknown): void {
  fs.mkdirSync(path.join(root, session), { recursive: true });
  fs.writeFileSync(path.join(root, session, 'events.jsonl'), lines.join(''));
  if (meta !== undefined) fs.writeFileSync(path.join(root, session, 'metadata.json'), JSON.stringify(meta));
}
const start = (child: string, call = 'call_1') =>
  line(PARENT, 'specialist_start', {
    source: 'specialist',
    childSessionId: child,
    taskId: child,
    mode: 'foreground',
    background: false,
    specialist: 'explorer',
    description: 'Survey the README',
    toolCallId: call,
  });
const stop = (child: string) =>
  line(PARENT, 'specialist_stop', { childSessionId: child, status: 'success', exitCode: 0, usageRolledUp: true });
const childMeta = (over: Record<string, unknown> = {}) => ({
  sessionId: CHILD,
  sessionKind: 'child',
  title: 'explorer: Survey the README',
  tag: 'specialist',
  depth: 1,
  parentSessionId: PARENT,
  rootSessionId: PARENT,
  agentName: 'explorer',
  taskId: CHILD,
  spawnedFromEventId: 'call_1',
  ...over,
});
const childEvents = () => [
  line(CHILD, 'message', {
    role: 'user',
    content:
      '# Specialist Invocation\n\nSpecialist: explorer\n\nYou are a specialized sub-agent.\n\n## Assigned Task\n\nRead README.md.\n\n## Reporting\n\n- Summarize.',
  }),
  line(CHILD, 'provider_usage', { promptTokens: 100 }),
  line(CHILD, 'tool_call', { id: 'call_2', name: 'read_file', arguments: '{"path":"README.md"}' }),
  line(CHILD, 'tool_result', { toolCallId: 'call_2', name: 'read_file', status: 'ok', output: '1\t# Demo project' }),
  line(CHILD, 'message', {
    role: 'assistant',
    content: 'The title is Demo project. ```not a fence``` SPECIALIST-DONE',
  }),
];

describe("subagent store: a Task call's child session", () => {
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-subagent-store-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it("finds the child from the parent's specialist_start, and its end from specialist_stop", async () => {
    write(PARENT, [line(PARENT, 'tool_call', { id: 'call_1', name: 'Task', arguments: '{}' }), start(CHILD)]);
    const running = await findChild(root, PARENT, 'call_1');
    assert.deepEqual(running, {
      childSessionId: CHILD,
      specialist: 'explorer',
      description: 'Survey the README',
      background: false,
      stopped: null,
    });
    write(PARENT, [start(CHILD), stop(CHILD)]);
    assert.deepEqual((await findChild(root, PARENT, 'call_1'))?.stopped, { status: 'success', exitCode: 0 });
    assert.equal(await findChild(root, PARENT, 'call_9'), null, 'another call');
    assert.equal(await findChild(root, '../x', 'call_1'), null, 'not a session id');
    assert.equal(await findChild(root, 'zero_missing', 'call_1'), null, 'no such session');
  });

  it("the same call id in two turns: the id from Zero's output wins, else the latest", async () => {
    const other = 'specialist_aaaaaaaaaaaaaaaaaaaaaaaa';
    write(PARENT, [start(CHILD), stop(CHILD), start(other)]);
    assert.equal((await findChild(root, PARENT, 'call_1'))?.childSessionId, other);
    assert.equal((await findChild(root, PARENT, 'call_1', CHILD))?.childSessionId, CHILD);
    write(PARENT, [start('../../etc'), start('x/y')]);
    assert.equal(await findChild(root, PARENT, 'call_1'), null, 'a childSessionId that is not an id is never used');
  });

  it("reads the child's messages and tool calls, and skips what it cannot read", async () => {
    write(
      CHILD,
      [...childEvents(), '{"torn', 'not json\n', line(CHILD, 'message', { role: 'assistant', content: 7 })],
      childMeta(),
    );
    const r = await readChild(root, CHILD, { parentSessionId: PARENT, toolCallId: 'call_1' });
    assert.ok(r.ok);
    assert.deepEqual(
      r.transcript.entries.map((e) => e.kind),
      ['message', 'tool_call', 'tool_result', 'message'],
    );
    assert.deepEqual([r.transcript.agentName, r.transcript.title], ['explorer', 'explorer: Survey the README']);
  });

  it('refuses a session that is not the child of this parent and this call, or not a child at all', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ parentSessionId: 'zero_other' }, /is not this chat's session's child/],
      [{ spawnedFromEventId: 'call_7' }, /was not started by this call/],
      [{ sessionKind: '' }, /is not a child session/],
      [{ sessionId: 'zero_other' }, /names another session/],
    ];
    for (const [over, why] of cases) {
      write(CHILD, childEvents(), childMeta(over));
      const r = await readChild(root, CHILD, { parentSessionId: PARENT, toolCallId: 'call_1' });
      assert.ok(!r.ok && !r.missing);
      assert.match(r.problem, why);
    }
  });

  it('ids that are not ids, a symlinked session, a huge or odd metadata file, and a child not written yet', async () => {
    const expect = { parentSessionId: PARENT, toolCallId: 'call_1' };
    for (const id of ['../' + CHILD, '/etc', '.', '']) {
      const r = await readChild(root, id, expect);
      assert.ok(!r.ok && /not a Zero session id/.test(r.problem), id);
    }
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-subagent-elsewhere-'));
    fs.writeFileSync(path.join(elsewhere, 'metadata.json'), JSON.stringify(childMeta()));
    fs.symlinkSync(elsewhere, path.join(root, CHILD));
    assert.match(((await readChild(root, CHILD, expect)) as { problem: string }).problem, /not a folder/);
    fs.rmSync(path.join(root, CHILD));
    fs.rmSync(elsewhere, { recursive: true });
    const missing = await readChild(root, CHILD, expect);
    assert.ok(!missing.ok && missing.missing);
    write(CHILD, [], { ...childMeta(), pad: 'x'.repeat(300 * 1024) });
    assert.match(((await readChild(root, CHILD, expect)) as { problem: string }).problem, /over/);
    write(CHILD, [], ['not', 'an', 'object']);
    assert.match(((await readChild(root, CHILD, expect)) as { problem: string }).problem, /not the shape/);
  });

  it('long texts are cut with a note; the stamp changes when the child appends', async () => {
    write(
      CHILD,
      [line(CHILD, 'tool_result', { toolCallId: 'c', name: 'read_file', status: 'ok', output: 'z'.repeat(50_000) })],
      childMeta(),
    );
    const r = await readChild(root, CHILD, { parentSessionId: PARENT, toolCallId: 'call_1' });
    assert.ok(r.ok);
    const e = r.transcript.entries[0]!;
    assert.ok(e.kind === 'tool_result' && e.truncated && e.output.length < 21_000 && /more characters/.test(e.output));
    const before = await childStamp(root, [PARENT, CHILD]);
    fs.appendFileSync(
      path.join(root, CHILD, 'events.jsonl'),
      line(CHILD, 'message', { role: 'assistant', content: 'more' }),
    );
    assert.notEqual(await childStamp(root, [PARENT, CHILD]), before);
  });

  it('the Markdown: status, each message and call, and no text that can close its fence or become a link', async () => {
    write(CHILD, childEvents(), childMeta({ agentName: 'explorer [x](javascript:alert(1))' }));
    const r = await readChild(root, CHILD, { parentSessionId: PARENT, toolCallId: 'call_1' });
    assert.ok(r.ok);
    const base = {
      specialist: 'explorer',
      description: 'Survey the README',
      parentSessionId: PARENT,
      toolCallId: 'call_1`` <b>',
      transcript: r.transcript,
      problem: null,
    };
    const running = transcriptMarkdown({
      ...base,
      child: {
        childSessionId: CHILD,
        specialist: 'explorer',
        description: 'Survey the README',
        background: false,
        stopped: null,
      },
      following: true,
    });
    assert.match(running, /^# Subagent explorer \\\[x\\\]\(javascript:alert\(1\)\): Survey the README$/m);
    assert.match(running, /\*\*Status:\*\* running: following its session as Zero records it/);
    assert.match(running, /started by Task call `call_1<b>`/);
    assert.match(running, /## Task given to the subagent\n\n```text\nRead README\.md\.\n```/);
    assert.match(running, /### Tool call: read_file `call_2`\n\n```json\n\{\n {2}"path": "README.md"\n\}\n```/);
    assert.match(running, /### Tool result: read_file \(ok\)\n\n```text\n1\t# Demo project\n```/);
    assert.match(
      running,
      /## Subagent\n\n````text\nThe title is Demo project\. ```not a fence``` SPECIALIST-DONE\n````/,
    );
    const done = transcriptMarkdown({
      ...base,
      child: {
        childSessionId: CHILD,
        specialist: 'explorer',
        description: '',
        background: false,
        stopped: { status: 'success', exitCode: 0 },
      },
      following: false,
    });
    assert.match(done, /\*\*Status:\*\* success \(exit 0\)/);
  });
});
