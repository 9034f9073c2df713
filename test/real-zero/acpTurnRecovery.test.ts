// The real `zero acp` 0.8.0 killed mid-tool-call (SIGKILL), through the product's chat core on the real
// AcpTransport: the turn is cut off and nothing stays running; the calls Zero reported stay as reported,
// the open one is unknown because Zero recorded nothing of the turn (its store has neither the calls nor
// the message, and session/load replays nothing: both checked here); an open permission question is
// cancelled. Resume starts a new zero acp, loads the same session and says the lost message again.
import * as assert from 'node:assert/strict';
import type * as acp from '@agentclientprotocol/sdk';
import { selected } from '../../src/acp/permissionOptions';
import type { PermissionItem, ToolItem, Turn } from '../../src/conversation/model';
import { RUNNING_STATUSES } from '../../src/conversation/model';
import { resumeOffer } from '../../src/conversation/cutOff';
import { sessionEvents } from './lib/execChat';
import { productHost, type ProductHost } from './lib/productHost';
import { makeSandbox, realZeroBin, type Sandbox } from './lib/realZero';
import { zeroPids } from './lib/zeroPids';
import { until } from '../support/until';

const toolsOf = (t: Turn): ToolItem[] => t.items.filter((i): i is ToolItem => i.kind === 'tool');
const cardsOf = (t: Turn): PermissionItem[] => t.items.filter((i): i is PermissionItem => i.kind === 'permission');
const lastTurn = (h: ProductHost): Turn => h.controller.focus.workingChat.turns.at(-1)!;
const titleOf = (t: ToolItem): string => JSON.stringify(t.args ?? '') + t.name;

function busyParts(t: Turn): string[] {
  const out: string[] = [];
  if (RUNNING_STATUSES.has(t.status)) out.push(`turn ${t.status}`);
  for (const i of t.items) {
    if (i.kind === 'tool' && i.status === 'running') out.push(`tool ${i.name}`);
    if ((i.kind === 'reasoning' || i.kind === 'text') && !i.closed) out.push(`${i.kind} open`);
    if (i.kind === 'permission' && i.approval === 'pending') out.push(`question ${i.key}`);
  }
  return out;
}

function killAcp(): void {
  const [pid, ...more] = zeroPids(realZeroBin(), 'acp');
  assert.ok(pid !== undefined && more.length === 0, 'one zero acp of this test');
  process.kill(pid, 'SIGKILL');
}

describe('real zero acp: a turn cut off mid-tool-call', function () {
  this.timeout(120_000);
  let sandbox: Sandbox;
  let host: ProductHost | undefined;
  beforeEach(async () => (sandbox = await makeSandbox({ modelsFetch: true })));
  afterEach(async () => {
    await host?.dispose();
    host = undefined;
    await sandbox.dispose();
  });

  it('zero acp SIGKILLed while a command runs: cut off, the open call unknown (Zero kept no record), Resume loads the session and repeats the message', async () => {
    host = productHost(sandbox, { transport: 'acp' });
    const first = await host.send('scenario:echo remember the word walnut');
    assert.equal(first.status, 'success');
    const sessionId = host.controller.focus.workingChat.sessionId!;

    host.controller.send('scenario:cut-tools');
    await until(
      () =>
        toolsOf(lastTurn(host!)).filter((t) => t.status !== 'running').length === 2 &&
        toolsOf(lastTurn(host!)).some((t) => t.status === 'running'),
      'the long command to run',
      60_000,
    );
    killAcp();
    await host.idle();
    const turn = lastTurn(host);
    assert.deepEqual(busyParts(turn), []);
    assert.equal(turn.status, 'crashed');
    assert.match(turn.explanation!, /zero acp was killed by SIGKILL during this turn/);
    assert.deepEqual(turn.cutOff, { cause: 'zero-exited', sessionId, checked: true });
    assert.deepEqual(
      toolsOf(turn).map((t) => t.status),
      ['ok', 'error', 'unknown'],
      toolsOf(turn).map(titleOf).join(' | '),
    );
    assert.match(toolsOf(turn)[2]!.settled!.why, /Over ACP Zero saves a turn only once it ends/);

    // What Zero recorded of the cut-off turn: nothing. No tool call, and not even its message.
    const stored = sessionEvents(sandbox, sessionId);
    assert.deepEqual(
      stored.filter((e) => e.type === 'tool_call' || e.type === 'tool_result'),
      [],
      'zero acp stores no tool calls',
    );
    assert.ok(!JSON.stringify(stored).includes('scenario:cut-tools'), 'nor the message of a turn that never ended');

    // Resume: a new zero acp, session/load of the same session, the lost message said again.
    const offer = resumeOffer(turn);
    assert.ok(offer?.ok);
    assert.match(offer.message, /here it is again:\n\nscenario:cut-tools$/);
    const resumed = await host.send(`${offer.message} scenario:echo`);
    assert.equal(resumed.status, 'success');
    assert.equal(host.controller.focus.workingChat.sessionId, sessionId, 'session/load kept the session');
    assert.ok(!resumed.items.some((i) => i.kind === 'warning' && /could not load/.test(i.message)));
    // session/load replayed nothing: the resumed turn holds only what its own prompt produced.
    assert.deepEqual(toolsOf(resumed), [], 'no replayed tool calls');
    const saw = JSON.stringify(sandbox.server.completions().at(-1)?.body?.messages ?? []);
    assert.match(saw, /remember the word walnut/, 'the model sees the earlier turn');
    assert.match(saw, /here it is again:\\n\\nscenario:cut-tools/, 'and the message Zero lost');
  });

  it('a permission question open when zero acp dies is cancelled; nothing waits for it', async () => {
    let asked = false;
    host = productHost(sandbox, {
      transport: 'acp',
      // Allow the first two commands; leave the third question open, as a user who has not answered yet.
      acpAsk: (req: acp.RequestPermissionRequest) => {
        const cmd = JSON.stringify(req.toolCall.rawInput ?? '');
        if (!cmd.includes('sleep 120')) return Promise.resolve(selected(req.options[0]!.optionId));
        asked = true;
        return new Promise(() => undefined);
      },
    });
    host.controller.send('scenario:cut-tools');
    await until(
      () => asked && cardsOf(lastTurn(host!)).some((c) => c.approval === 'pending'),
      'the open question',
      60_000,
    );
    killAcp();
    await host.idle();
    const turn = lastTurn(host);
    assert.deepEqual(busyParts(turn), []);
    assert.equal(turn.cutOff?.cause, 'zero-exited');
    const last = cardsOf(turn).at(-1)!;
    assert.equal(last.approval, 'cancelled');
    // History, tab titles and the badge: neither running nor waiting for approval (no view showed it: unread).
    assert.equal(host.controller.activity.activity(host.controller.focus.workingChatId), 'unread');
  });
});
