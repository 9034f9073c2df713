// A flood of ACP permission questions answered at once (an instant dialog, or the chat's own
// remembered answers) must cost the same per question however many came before: the reducer's
// work per action is counted here (items copied, earlier items looked at), not timed.
import { strict as assert } from 'node:assert';
import type * as acp from '@agentclientprotocol/sdk';
import { AcpTurn } from '../../../src/acp/acpTurn';
import { selected } from '../../../src/acp/permissionOptions';
import { SessionApprovals } from '../../../src/acp/sessionApprovals';
import type { SessionSink, ZeroAcp } from '../../../src/acp/zeroAcp';
import type { ChatAction } from '../../../src/conversation/actions';
import type { Chat, ElidedItem, PermissionItem, TurnItem } from '../../../src/conversation/model';
import { elidedMessage, MAX_TURN_ITEMS } from '../../../src/conversation/outputBudget';
import { newChat, reduceChat } from '../../../src/conversation/reducer';

const MB = 1024 * 1024;
const started = (): Chat =>
  reduceChat(newChat('c', 0), {
    type: 'turn_started',
    turnId: 't',
    prompt: 'p',
    origin: 'prompt',
    at: 0,
    transport: 'acp',
    outputLimit: 16 * MB,
  });
const asked = (n: number): ChatAction => ({
  type: 'acp_permission',
  toolCallId: `perm-${n}`,
  name: 'exec_command',
  title: `exec_command echo ${n}`,
  toolKind: 'execute',
  rawInput: { cmd: `echo ${n}` },
  options: [
    { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
    { optionId: 'deny', name: 'Reject', kind: 'reject_once' },
  ],
});
const answered = (n: number): ChatAction => ({
  type: 'acp_permission_answered',
  toolCallId: `perm-${n}`,
  approval: 'denied',
  optionId: 'deny',
});
const items = (chat: Chat): readonly TurnItem[] => chat.turns[0]!.items;

describe('a flood of permission questions (reducer work per action)', () => {
  it('each action copies at most the bounded items array: the copies per action do not grow with the flood', () => {
    let chat = started();
    let copied = 0;
    let actions = 0;
    let most = 0;
    for (let n = 0; n < 6000; n++) {
      for (const a of [asked(n), answered(n)]) {
        const before = items(chat);
        chat = reduceChat(chat, a);
        const after = items(chat);
        actions++;
        if (after !== before) copied += after.length;
        most = Math.max(most, after.length);
      }
    }
    // Unbounded, the 12,000 actions would copy 36 million items (3,000 per action on average).
    assert.ok(most <= MAX_TURN_ITEMS * 1.25 + 1, `the turn held ${most} items`);
    assert.ok(copied / actions <= MAX_TURN_ITEMS * 1.25 + 1, `${Math.round(copied / actions)} items copied per action`);
    const cards = items(chat).filter((i): i is PermissionItem => i.kind === 'permission');
    assert.equal(cards.at(-1)!.key, 'acp_permission:perm-5999', 'the latest cards are kept');
    assert.equal(cards[0]!.key, 'acp_permission:perm-0', 'and the first ones');
    assert.ok(
      cards.every((c) => c.approval === 'denied'),
      'every kept card has its answer',
    );
    const elided = items(chat).find((i): i is ElidedItem => i.kind === 'elided')!;
    assert.equal(elided.items + cards.length, 6000, 'the notice counts the cards it replaced');
    assert.match(
      elidedMessage(elided),
      /^Output over this run's 16 MB or 2000 items limit: .*\d+ whole items\)\. The start and the end are kept\.$/,
    );
  });

  it('asking and answering look at the last items only, never back through the turn', () => {
    let reads = 0;
    // Earlier items whose kind counts every look (the reducer reads `kind` of each item it visits).
    const earlier = Array.from({ length: 900 }, (_, n): TurnItem => {
      const item = { code: null, message: `earlier ${n}`, recoverable: null } as Record<string, unknown>;
      Object.defineProperty(item, 'kind', { enumerable: true, get: () => (reads++, 'warning') });
      return item as unknown as TurnItem;
    });
    const chat0 = started();
    let chat: Chat = { ...chat0, turns: [{ ...chat0.turns[0]!, items: earlier }] };
    const actions: ChatAction[] = [];
    for (let n = 0; n < 3000; n++) {
      actions.push(asked(n), answered(n));
      if (n % 10 === 0)
        actions.push({
          type: 'event',
          line: 0,
          event: { schemaVersion: 2, runId: 'r', type: 'text', delta: `thinking ${n} ` },
        });
    }
    for (const a of actions) chat = reduceChat(chat, a);
    // A walk through the turn per action would be 900 looks per action; compaction looks at each item
    // a few times, once every few hundred actions.
    assert.ok(reads / actions.length < 20, `${(reads / actions.length).toFixed(1)} looks at earlier items per action`);
    assert.equal(items(chat).filter((i) => i.kind === 'permission' && i.approval === 'pending').length, 0);
    assert.ok(
      items(chat)
        .filter((i) => i.kind === 'text')
        .every((i) => i.kind === 'text' && i.closed),
      'each card closed the text before it',
    );
  });
});

describe('two open questions for one tool call (an agent Zero is not)', () => {
  it('each gets its own card and its own answer: the reducer answers the first match only', async () => {
    let sink: SessionSink | undefined;
    const request = (title: string): acp.RequestPermissionRequest => ({
      sessionId: 's1',
      toolCall: { toolCallId: 'same', title, kind: 'execute', rawInput: { cmd: title } },
      options: [
        { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
        { optionId: 'deny', name: 'Reject', kind: 'reject_once' },
      ],
    });
    const approvals = new SessionApprovals();
    // Only what AcpTurn calls: a session that asks twice about one tool call id while both are open.
    const zero = {
      supportsImages: false,
      open: async (req: { sink: SessionSink }) => (
        (sink = req.sink),
        { sessionId: 's1', how: 'new', info: { modes: [], mode: null, models: [], model: null, commands: [] } }
      ),
      sessionState: () => null,
      approvals: () => approvals,
      sessionsRoot: () => null,
      cancel: async () => undefined,
      prompt: async () => {
        const signal = new AbortController().signal;
        await Promise.all([sink!.permission(request('ls'), signal), sink!.permission(request('rm -rf ~'), signal)]);
        sink!.update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'done' } });
        return 'end_turn';
      },
    } as unknown as ZeroAcp;
    let chat = started();
    const ask = async (req: acp.RequestPermissionRequest) => {
      // The first question is answered first: its answer must land on its own card, not the latest one.
      if (req.toolCall.title !== 'ls') await new Promise((r) => setTimeout(r, 20));
      return selected(req.toolCall.title === 'ls' ? 'allow' : 'deny');
    };
    await new AcpTurn(
      { acp: zero, dispatch: (a) => void (chat = reduceChat(chat, a)), ask },
      { runId: 'r', prompt: 'p', sessionId: null, cwd: '/', additionalDirectories: [], trusted: true, mode: null },
    ).done;
    const cards = items(chat).filter((i): i is PermissionItem => i.kind === 'permission');
    assert.deepEqual(
      cards.map((c) => [c.key, c.acp?.title, c.approval]),
      [
        ['acp_permission:same', 'ls', 'allowed-once'],
        ['acp_permission:same#2', 'rm -rf ~', 'denied'],
      ],
    );
  });
});
