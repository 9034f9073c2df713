// The per-run output budget: the start and the end are kept, the notice counts what went, and
// the host and the view (the same reducer on the same actions) end up with the same turn.
import { strict as assert } from 'node:assert';
import { chatToMarkdown } from '../../../src/conversation/export/chatMarkdown';
import type { ChatAction } from '../../../src/conversation/actions';
import type { Chat, ElidedItem, TurnItem } from '../../../src/conversation/model';
import { compact, elidedMessage, ITEM_OVERHEAD, utf8Length } from '../../../src/conversation/outputBudget';
import { newChat, reduceChat } from '../../../src/conversation/reducer';
import { zeroEvent } from '../../support/builders';

const KB = 1024;
const start = (outputLimit?: number): Chat =>
  reduceChat(newChat('c', 0), {
    type: 'turn_started',
    turnId: 't',
    prompt: 'p',
    origin: 'prompt',
    at: 0,
    ...(outputLimit ? { outputLimit } : {}),
  });
const items = (chat: Chat): readonly TurnItem[] => chat.turns[0]!.items;
const elided = (chat: Chat): ElidedItem | undefined => items(chat).find((i): i is ElidedItem => i.kind === 'elided');
const size = (chat: Chat): number =>
  items(chat).reduce(
    (n, i) =>
      n +
      (i.kind === 'text' || i.kind === 'reasoning' ? i.text.length : i.kind === 'tool' ? (i.output?.length ?? 0) : 0),
    0,
  );

/** A numbered stream: text lines, every 5th a reasoning delta, every 20th a tool call with output. */
function flood(
  limitKB: number,
  totalKB: number,
): { chat: Chat; actions: ChatAction[]; sent: { text: number; reasoning: number; tool: number } } {
  const actions: ChatAction[] = [];
  const sent = { text: 0, reasoning: 0, tool: 0 };
  let bytes = 0;
  for (let n = 1; bytes < totalKB * KB; n++) {
    const line = `line ${String(n).padStart(6, '0')} ${'x'.repeat(90)}\n`;
    if (n % 20 === 0) {
      actions.push(zeroEvent({ type: 'tool_call', id: `call${n}`, name: 'read_file', args: { path: `f${n}` } }));
      actions.push(
        zeroEvent({ type: 'tool_result', id: `call${n}`, name: 'read_file', status: 'ok', output: line.repeat(3) }),
      );
      sent.tool += line.length * 3;
    } else if (n % 5 === 0) {
      actions.push(zeroEvent({ type: 'reasoning', delta: line }));
      sent.reasoning += line.length;
    } else {
      actions.push(zeroEvent({ type: 'text', delta: line }));
      sent.text += line.length;
    }
    bytes += line.length;
    if (n % 50 === 0) actions.push(zeroEvent({ type: 'usage', promptTokens: 1, completionTokens: 1, totalTokens: 2 }));
  }
  actions.push(zeroEvent({ type: 'text', delta: 'THE END' }));
  const chat = actions.reduce(reduceChat, start(limitKB * KB));
  return { chat, actions, sent };
}

describe('output budget (zero.maxRunOutputMB)', () => {
  it('without a limit nothing is dropped (old chats, transcripts)', () => {
    const { actions } = flood(64, 512);
    const chat = actions.reduce(reduceChat, start());
    assert.equal(elided(chat), undefined);
    assert.ok(size(chat) > 500 * KB);
  });

  it('under the limit nothing is dropped', () => {
    const { chat } = flood(1024, 200);
    assert.equal(elided(chat), undefined);
  });

  it('over it: the turn keeps about the limit, its start and its end, with one notice between', () => {
    const { chat } = flood(64, 2048);
    assert.ok(size(chat) <= 64 * KB * 1.25 + 2 * ITEM_OVERHEAD, `kept ${size(chat)}`);
    const all = items(chat);
    assert.equal(all.filter((i) => i.kind === 'elided').length, 1);
    const first = all[0]!;
    assert.ok(first.kind === 'text' && first.text.startsWith('line 000001 '), 'the start is kept');
    const last = all[all.length - 1]!;
    assert.ok(last.kind === 'text' && last.text.endsWith('THE END'), 'the end is kept');
    const at = all.findIndex((i) => i.kind === 'elided');
    assert.ok(at > 0 && at < all.length - 1, 'between the head and the tail');
  });

  it('the notice counts exactly what was dropped, by kind', () => {
    const { chat, sent } = flood(64, 1024);
    const e = elided(chat)!;
    const keptText = items(chat).reduce((n, i) => n + (i.kind === 'text' ? utf8Length(i.text) : 0), 0);
    const keptReasoning = items(chat).reduce((n, i) => n + (i.kind === 'reasoning' ? utf8Length(i.text) : 0), 0);
    assert.equal(e.text + keptText, sent.text + 'THE END'.length);
    assert.equal(e.reasoning + keptReasoning, sent.reasoning);
    assert.ok(e.tool > 0.8 * sent.tool, `tool ${e.tool} of ${sent.tool}`);
    assert.ok(e.items > 100);
    const msg = elidedMessage(e);
    assert.match(
      msg,
      /^Output over this run's 64 KB limit \(zero\.maxRunOutputMB\): [\d.]+ [KM]B dropped from the middle \(answer text [\d.]+ KB, reasoning [\d.]+ KB, tool calls and output [\d.]+ KB; \d+ whole items\)\. The start and the end are kept\.$/,
    );
    assert.match(chatToMarkdown(chat), /\*\*Output dropped:\*\* Output over this run's 64 KB limit/);
  });

  it('UTF-8 is counted in bytes and surrogate pairs are never split', () => {
    assert.equal(utf8Length('aé日🚀'), 1 + 2 + 3 + 4);
    let chat = start(8 * KB);
    for (let i = 0; i < 6000; i++)
      chat = reduceChat(chat, zeroEvent({ type: 'text', delta: i % 7 === 0 ? 'a🚀' : '🚀' }));
    for (const i of items(chat)) {
      if (i.kind !== 'text') continue;
      assert.doesNotMatch(i.text, /^[\udc00-\udfff]|[\ud800-\udbff]$/, 'no half of a pair at either end');
    }
    assert.ok(elided(chat), 'over the limit');
  });

  it('one huge tool output or final text is cut to its start and end too', () => {
    let chat = start(16 * KB);
    chat = reduceChat(chat, zeroEvent({ type: 'tool_call', id: 'a', name: 'read_file', args: { path: 'big' } }));
    chat = reduceChat(
      chat,
      zeroEvent({
        type: 'tool_result',
        id: 'a',
        name: 'read_file',
        status: 'ok',
        output: `HEAD${'y'.repeat(500 * KB)}TAIL`,
      }),
    );
    chat = reduceChat(chat, zeroEvent({ type: 'final', text: `START${'z'.repeat(300 * KB)}FINISH` }));
    assert.ok(size(chat) < 20 * KB + 4 * ITEM_OVERHEAD, `kept ${size(chat)}`);
    const tool = items(chat).find((i) => i.kind === 'tool');
    assert.ok(tool && tool.kind === 'tool' && tool.output!.startsWith('HEAD') && tool.truncated);
    const answer = items(chat).findLast((i) => i.kind === 'text');
    assert.ok(answer && answer.kind === 'text' && answer.text.endsWith('FINISH'));
    assert.ok(chat.turns[0]!.finalText!.length < 16 * KB, 'finalText is bounded as well');
  });

  it('host and view agree: replaying the same actions in other batches gives the same turn', () => {
    const { chat, actions } = flood(32, 512);
    // The view gets a snapshot part-way, then the rest of the actions.
    const cut = Math.floor(actions.length / 3);
    const snapshot = JSON.parse(JSON.stringify(actions.slice(0, cut).reduce(reduceChat, start(32 * KB)))) as Chat;
    const view = actions.slice(cut).reduce(reduceChat, snapshot);
    assert.deepEqual(view, chat);
  });

  it('compaction is rare: about once per quarter of the limit streamed', () => {
    let passes = 0;
    let chat = start(64 * KB);
    let before = chat.turns[0]!.items.length;
    for (let i = 0; i < 4000; i++) {
      chat = reduceChat(chat, zeroEvent({ type: i % 3 === 0 ? 'reasoning' : 'text', delta: 'w'.repeat(256) }));
      const n = chat.turns[0]!.items.length;
      if (n < before) passes++;
      before = n;
    }
    // 1 MB streamed through a 64 KB budget: a pass every ~16 KB, not one per delta.
    assert.ok(passes > 10 && passes < 200, `${passes} passes`);
  });

  it('compact() on a turn under its limit only makes the estimate exact', () => {
    const chat = reduceChat(start(KB * KB), zeroEvent({ type: 'text', delta: 'hello' }));
    const t = compact(chat.turns[0]!);
    assert.deepEqual(t.items, chat.turns[0]!.items);
    assert.equal(t.budget?.used, ITEM_OVERHEAD + 5);
  });
});
