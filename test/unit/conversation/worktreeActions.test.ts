/** An isolated chat in the reducer and the chat file: the toggle, its worktree, Merge back and Discard. */
import { strict as assert } from 'node:assert';
import type { ChatAction } from '../../../src/conversation/actions';
import { readChat } from '../../../src/conversation/chatSchema';
import type { Chat, ChatWorktree, NoticeItem } from '../../../src/conversation/model';
import { newChat, reduceChat } from '../../../src/conversation/reducer';
import {
  WORKTREE_DISCARDED_CODE,
  WORKTREE_MERGED_CODE,
  discardedRefusal,
  worktreeBase,
} from '../../../src/conversation/worktreeActions';

const WT: ChatWorktree = {
  name: 'chat-abc',
  path: '/state/zero/worktrees/zero-worktree-repo-0123456789/chat-abc',
  dir: '/state/zero/worktrees',
  branch: 'zero/chat-abc',
  repoRoot: '/work/repo',
  baseBranch: 'main',
  baseCommit: '0123456789abcdef0123456789abcdef01234567',
  createdAt: 5,
};
const started: ChatAction = { type: 'turn_started', turnId: 't1', prompt: 'go', origin: 'prompt', at: 10 };
const run = (...actions: ChatAction[]): Chat => actions.reduce(reduceChat, newChat('c', 0));
const notices = (chat: Chat): NoticeItem[] =>
  chat.turns.flatMap((t) => t.items.filter((i): i is NoticeItem => i.kind === 'warning'));
const roundTrip = (chat: Chat): Chat => {
  const read = readChat(JSON.parse(JSON.stringify(chat)));
  assert.ok(read.ok, read.ok ? '' : read.reason);
  return read.chat;
};

describe('isolated chats (worktreeActions)', () => {
  it('the toggle holds only before the first message, and the ACP switch turns it off', () => {
    assert.equal(run({ type: 'worktree_set', on: true }).isolated, true);
    assert.equal(run({ type: 'worktree_set', on: true }, { type: 'worktree_set', on: false }).isolated, undefined);
    assert.equal(run(started, { type: 'worktree_set', on: true }).isolated, undefined, 'not once the chat ran');
    const acp = run({ type: 'worktree_set', on: true }, { type: 'transport_set', transport: 'acp' });
    assert.equal(acp.isolated, undefined, 'an ACP chat is not isolated');
    assert.equal(
      run({ type: 'worktree_set', on: true }, { type: 'transport_set', transport: 'exec' }).isolated,
      true,
      'exec keeps it',
    );
  });

  it('records the worktree once, and keeps it through the chat file', () => {
    const chat = run({ type: 'worktree_set', on: true }, started, { type: 'worktree_created', worktree: WT });
    assert.deepEqual(chat.worktree, WT);
    const other = { ...WT, path: '/elsewhere' };
    assert.deepEqual(reduceChat(chat, { type: 'worktree_created', worktree: other }).worktree, WT, 'never replaced');
    assert.equal(reduceChat(chat, { type: 'worktree_set', on: false }).worktree, WT, 'the toggle cannot drop it');
    assert.deepEqual(roundTrip(chat).worktree, WT);
    assert.equal(roundTrip(chat).isolated, true);
  });

  it('a chat file whose worktree lacks a field the code reads is refused', () => {
    const chat = run(started, { type: 'worktree_created', worktree: WT });
    const broken: Record<string, unknown> = { ...WT };
    delete broken.baseCommit;
    const read = readChat(JSON.parse(JSON.stringify({ ...chat, worktree: broken })));
    assert.equal(read.ok, false);
    assert.match(read.ok ? '' : read.reason, /worktree\.baseCommit/);
  });

  it('Merge back and Discard are said in the last turn and recorded; nothing after Discard', () => {
    let chat = run(started, { type: 'worktree_created', worktree: WT });
    chat = reduceChat(chat, { type: 'worktree_merged', at: 20, summary: 'Merged back 2 files.' });
    assert.equal(chat.worktree?.mergedAt, 20);
    chat = reduceChat(chat, { type: 'worktree_discarded', at: 30 });
    assert.equal(chat.worktree?.discardedAt, 30);
    assert.deepEqual(
      notices(chat).map((n) => n.code),
      [WORKTREE_MERGED_CODE, WORKTREE_DISCARDED_CODE],
    );
    assert.match(notices(chat)[1]!.message, /Discarded the worktree .*chat-abc and its branch zero\/chat-abc/);
    const after = reduceChat(chat, { type: 'worktree_merged', at: 40, summary: 'again' });
    assert.equal(after, chat, 'a discarded worktree merges nothing');
    assert.equal(reduceChat(chat, { type: 'worktree_discarded', at: 50 }), chat);
    assert.equal(roundTrip(chat).worktree?.discardedAt, 30);
    assert.match(discardedRefusal(WT), /zero\/chat-abc\) was discarded.*Start a new chat/);
  });

  it('names its base as branch @ short commit', () => {
    assert.equal(worktreeBase(WT), 'main @ 0123456');
    assert.equal(worktreeBase({ ...WT, baseBranch: null }), '0123456');
  });
});
