// The real Zero 0.8.0 killed mid-tool-call on exec (SIGKILL, as a crash or the OOM killer would), through
// the product's own chat core: the turn is cut off and nothing stays running, each open call is marked as
// Zero's session store recorded it (checked against the store itself), and Resume continues the same
// session (the model sees the earlier turns). Also the extension host dying while its reading was behind:
// the next window marks each call from the store, finished, failed or unknown.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ToolItem, Turn } from '../../src/conversation/model';
import { RUNNING_STATUSES } from '../../src/conversation/model';
import { resumeOffer, RESUME_TEXT } from '../../src/conversation/cutOff';
import { sessionEvents } from './lib/execChat';
import { productHost, type ProductHost } from './lib/productHost';
import { makeSandbox, realZeroBin, type Sandbox } from './lib/realZero';
import { leftIn, zeroPids } from './lib/zeroPids';
import { until } from '../support/until';

const toolsOf = (t: Turn): ToolItem[] => t.items.filter((i): i is ToolItem => i.kind === 'tool');
const cmdOf = (t: ToolItem): string => String((t.args as { cmd?: unknown } | null)?.cmd ?? '');
const lastTurn = (h: ProductHost): Turn => h.controller.focus.workingChat.turns.at(-1)!;

/** How Zero's store says each call ended: its tool_result's status, or `none` for a call without a result. */
function recorded(sandbox: Sandbox, sessionId: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of sessionEvents(sandbox, sessionId)) {
    if (e.type === 'tool_call') out.set(String(e.payload.id), 'none');
    if (e.type === 'tool_result') out.set(String(e.payload.toolCallId), String(e.payload.status));
  }
  return out;
}

/** The status the chat must show for what the store says (cutOff.ts): ok, error, or unknown. */
const expected = (storeStatus: string | undefined): string =>
  storeStatus === 'ok' ? 'ok' : storeStatus === 'error' ? 'error' : 'unknown';

function busyParts(t: Turn): string[] {
  const out: string[] = [];
  if (RUNNING_STATUSES.has(t.status)) out.push(`turn ${t.status}`);
  for (const i of t.items) {
    if (i.kind === 'tool' && i.status === 'running') out.push(`tool ${cmdOf(i)}`);
    if ((i.kind === 'reasoning' || i.kind === 'text') && !i.closed) out.push(`${i.kind} open`);
  }
  return out;
}

/** The user messages the model got on its latest request (Zero folds a resumed session into the first). */
const lastRequestText = (sandbox: Sandbox): string =>
  JSON.stringify(
    sandbox.server
      .completions()
      .at(-1)
      ?.body?.messages.filter((m) => m.role === 'user')
      .map((m) => m.content) ?? [],
  );

describe('real Zero exec: a turn cut off mid-tool-call', function () {
  this.timeout(120_000);
  let sandbox: Sandbox;
  const hosts: ProductHost[] = [];
  beforeEach(async () => (sandbox = await makeSandbox()));
  afterEach(async () => {
    for (const h of hosts.splice(0)) await h.dispose();
    await sandbox.dispose();
  });

  it('Zero SIGKILLed while a command runs: cut off, nothing running, each call as the store recorded it; Resume continues the session', async () => {
    // unsafe: no native sandbox here, and Zero refuses shell commands in auto without one (docs/zero-exec.md §9.1).
    const host = productHost(sandbox, { mode: 'unsafe' });
    hosts.push(host);
    host.controller.send('scenario:cut-tools');
    await until(
      () => toolsOf(lastTurn(host)).some((t) => cmdOf(t) === 'sleep 120' && t.status === 'running'),
      'the long command to run',
      60_000,
    );
    const [pid, ...more] = zeroPids(realZeroBin(), 'exec');
    assert.ok(pid !== undefined && more.length === 0, 'one zero exec of this test');
    process.kill(pid, 'SIGKILL');
    await host.idle();
    const chatId = host.controller.focus.workingChatId;
    await until(() => lastTurn(host).cutOff?.checked === true, "Zero's record read", 60_000);

    const turn = lastTurn(host);
    const sessionId = host.controller.focus.workingChat.sessionId!;
    assert.deepEqual(busyParts(turn), []);
    assert.deepEqual(turn.cutOff, { cause: 'zero-exited', sessionId, checked: true });
    assert.match(turn.explanation!, /Zero was killed by SIGKILL .*before finishing the run/);
    const store = recorded(sandbox, sessionId);
    assert.deepEqual(
      toolsOf(turn).map((t) => [cmdOf(t), t.status]),
      toolsOf(turn).map((t) => [cmdOf(t), expected(store.get(t.id!))]),
      `each call as Zero recorded it (${[...store].join(', ')})`,
    );
    assert.deepEqual(
      toolsOf(turn).map((t) => [cmdOf(t), t.status]),
      [
        ['sleep 0; echo cut-first', 'ok'],
        ['echo cut-failing; exit 3', 'error'],
        ['sleep 120', 'unknown'],
      ],
    );
    assert.equal(store.get(toolsOf(turn)[2]!.id!), 'none', 'the store has the call and no result');
    assert.match(toolsOf(turn)[2]!.settled!.why, /records the call but no result/);
    // The product's kill of the process group took the command Zero had started with it.
    await until(() => leftIn(sandbox.workspace, ['sleep', '120']).length === 0, 'no sleep left behind', 10_000);

    // Resume: the message the footer puts in the box, sent as the user may (here with the scripted model's tag).
    const offer = resumeOffer(turn);
    assert.ok(offer?.ok);
    assert.equal(offer.message, RESUME_TEXT);
    const resumed = await host.send(`${offer.message} scenario:echo`);
    assert.equal(resumed.status, 'success');
    assert.equal(resumed.run.sessionId, sessionId, 'the same Zero session');
    assert.ok(
      host.log.lines.some((l) => l.includes(`--resume=${sessionId}`)),
      'the run resumed the session with --resume',
    );
    const saw = lastRequestText(sandbox);
    assert.match(saw, /scenario:cut-tools/, 'the model sees the cut-off turn’s message');
    assert.match(saw, /Continue where you left off\./);
    assert.equal(host.controller.focus.workingChatId, chatId);
  });

  it('the extension host dies while its reading is behind: the next window marks each call from the store', async () => {
    // The first window stops reading Zero's output after the first tool call (its chat store is behind),
    // while Zero goes on: the store gets the results the chat never saw.
    const hold = { on: false };
    const first = productHost(sandbox, {
      mode: 'unsafe',
      backpressure: () => (hold.on ? new Promise<void>(() => undefined) : undefined),
    });
    hosts.push(first);
    first.controller.chats.onDidChange(() => {
      if (toolsOf(lastTurn(first)).length > 0) hold.on = true;
    });
    first.controller.send('scenario:cut-tools lag=1');
    await until(() => first.controller.focus.workingChat.sessionId !== null && hold.on, 'the first call', 60_000);
    const sessionId = first.controller.focus.workingChat.sessionId!;
    await until(() => recorded(sandbox, sessionId).size === 3, 'Zero to record the third call', 60_000);
    // What the dying host left on disk, then the crash: a copy of its chat files, then Zero killed.
    first.controller.chats.flush();
    const disk = path.join(sandbox.root, 'chats-after-crash');
    fs.cpSync(path.join(sandbox.root, 'chats'), disk, { recursive: true });
    for (const pid of zeroPids(realZeroBin(), 'exec')) process.kill(pid, 'SIGKILL');
    const seen = toolsOf(lastTurn(first)).map((t) => [cmdOf(t), t.status]);
    assert.deepEqual(seen, [['sleep 1; echo cut-first', 'running']], 'the window saw the first call only');

    const next = productHost(sandbox, { mode: 'unsafe', chats: disk });
    hosts.push(next);
    const cut = lastTurn(next);
    assert.equal(cut.status, 'cut-off');
    assert.equal(cut.cutOff?.cause, 'host-stopped');
    assert.match(cut.explanation!, /extension host stopped while Zero worked/);
    assert.deepEqual(busyParts(cut), []);
    await until(() => lastTurn(next).cutOff?.checked === true, "Zero's record read", 60_000);
    const [call] = toolsOf(lastTurn(next));
    assert.equal(recorded(sandbox, sessionId).get(call!.id!), 'ok');
    assert.deepEqual([call!.status, call!.settled?.outcome], ['ok', 'finished'], 'finished, from the store');
    assert.match(call!.output ?? '', /cut-first/, 'the output Zero recorded');

    const offer = resumeOffer(lastTurn(next));
    assert.ok(offer?.ok);
    const resumed = await next.send(`${offer.message} scenario:echo`);
    assert.equal(resumed.status, 'success');
    assert.equal(resumed.run.sessionId, sessionId);
    assert.match(lastRequestText(sandbox), /scenario:cut-tools lag=1/);
  });
});
