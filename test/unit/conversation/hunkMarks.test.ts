// Reviewed marks per hunk and per file (Mark Reviewed, Keep Hunk, Revert Hunk) go through the
// reducer, are counted for the Changes view, and come back after the chat is saved and read again
// by a fresh store (the append-only log and a snapshot alike). And the message a revert with
// feedback sends to Zero.
import * as assert from 'node:assert/strict';
import { newChat, reduceChat, type Chat, type ChatAction } from '../../../src/conversation';
import { rejectedHunksMessage } from '../../../src/conversation/review/hunkFeedback';
import type { ReviewFile, ReviewHunk } from '../../../src/conversation/model';
import { hunksReviewed, reviewedWords } from '../../../src/conversation/review/reviewMarks';
import { ChatStore } from '../../../src/storage/chatStore';
import { processExited } from '../../support/builders';
import { useTempDir } from '../../support/tempDir';

const hunk = (key: string, newStart: number): ReviewHunk => ({
  key,
  oldStart: newStart,
  oldLines: 4,
  newStart,
  newLines: 6,
  added: 2,
  removed: 0,
  from: newStart + 2,
  to: newStart + 2,
});

const FILE: ReviewFile = {
  path: 'src/app.ts',
  change: 'modified',
  added: 6,
  removed: 0,
  afterSha256: 'ab'.repeat(32),
  hunks: [hunk('00000001-1', 10), hunk('00000002-1', 40), hunk('00000003-1', 80)],
};

function reviewedChat(): { chat: Chat; actions: ChatAction[] } {
  const actions: ChatAction[] = [
    { type: 'turn_started', turnId: 't1', prompt: 'edit it', origin: 'prompt', at: 1000 },
    processExited(0, 2000),
    {
      type: 'turn_review',
      turnId: 't1',
      files: [FILE, { ...FILE, path: 'src/other.ts', hunks: [hunk('0000000a-1', 3)] }],
    },
    { type: 'review_marked', turnId: 't1', path: 'src/app.ts', hunk: '00000001-1', mark: 'reviewed' },
    { type: 'review_marked', turnId: 't1', path: 'src/app.ts', hunk: '00000002-1', mark: 'reverted' },
    { type: 'review_marked', turnId: 't1', path: 'src/other.ts', hunk: null, mark: 'reviewed' },
  ];
  return { chat: actions.reduce(reduceChat, newChat('c1', 1000)), actions };
}

const fileOf = (chat: Chat, p: string): ReviewFile => chat.turns[0]!.review!.find((f) => f.path === p)!;

describe('reviewed marks: per hunk and per file', () => {
  it('are set and cleared by the reducer, and counted ("2 of 3 hunks reviewed")', () => {
    const { chat } = reviewedChat();
    const app = fileOf(chat, 'src/app.ts');
    assert.deepEqual(app.hunkMarks, { '00000001-1': 'reviewed', '00000002-1': 'reverted' });
    assert.equal(app.reviewed, undefined);
    assert.deepEqual(hunksReviewed(app), { reviewed: 2, total: 3 });
    assert.equal(reviewedWords(app), '2 of 3 hunks reviewed');
    assert.equal(reviewedWords(fileOf(chat, 'src/other.ts')), 'reviewed (0 of 1 hunk reviewed)');

    let next = reduceChat(chat, {
      type: 'review_marked',
      turnId: 't1',
      path: 'src/app.ts',
      hunk: '00000001-1',
      mark: null,
    });
    next = reduceChat(next, {
      type: 'review_marked',
      turnId: 't1',
      path: 'src/app.ts',
      hunk: '00000003-1',
      mark: 'kept',
    });
    next = reduceChat(next, { type: 'review_marked', turnId: 't1', path: 'src/other.ts', hunk: null, mark: null });
    assert.deepEqual(fileOf(next, 'src/app.ts').hunkMarks, { '00000002-1': 'reverted', '00000003-1': 'kept' });
    assert.equal('reviewed' in fileOf(next, 'src/other.ts'), false);
    assert.equal(reviewedWords(fileOf(next, 'src/other.ts')), '0 of 1 hunk reviewed');
    // Clearing the last mark leaves no empty map behind.
    const cleared = ['00000002-1', '00000003-1'].reduce(
      (c, h) => reduceChat(c, { type: 'review_marked', turnId: 't1', path: 'src/app.ts', hunk: h, mark: null }),
      next,
    );
    assert.equal('hunkMarks' in fileOf(cleared, 'src/app.ts'), false);
  });

  it('a mark for a turn or file that is not there, or not a hunk key of ours, changes nothing', () => {
    const { chat } = reviewedChat();
    assert.deepEqual(
      reduceChat(chat, { type: 'review_marked', turnId: 't1', path: 'src/app.ts', hunk: '__proto__', mark: 'kept' }),
      chat,
    );
    assert.deepEqual(
      reduceChat(chat, { type: 'review_marked', turnId: 'nope', path: 'src/app.ts', hunk: '00000001-1', mark: 'kept' }),
      chat,
    );
    assert.deepEqual(
      reduceChat(chat, { type: 'review_marked', turnId: 't1', path: 'src/nope.ts', hunk: '00000001-1', mark: 'kept' }),
      chat,
    );
  });

  describe('survive a reload of the saved chat', () => {
    const dir = useTempDir('zero-marks-');
    const notices: string[] = [];
    const open = () =>
      new ChatStore(
        dir(),
        () => undefined,
        (m) => notices.push(m),
      );

    for (const how of ['appended actions', 'snapshot'] as const)
      it(how, async () => {
        const store = open();
        const { actions } = reviewedChat();
        let chat = newChat('c1', 1000);
        store.save(chat, true);
        for (const a of actions) {
          const next = reduceChat(chat, a);
          store.record(chat, a, next);
          chat = next;
        }
        if (how === 'snapshot') store.save(chat, true);
        await store.idle();
        const loaded = open().load('c1');
        assert.ok(loaded, notices.join('; '));
        assert.deepEqual(loaded, chat);
        assert.deepEqual(fileOf(loaded, 'src/app.ts').hunkMarks, {
          '00000001-1': 'reviewed',
          '00000002-1': 'reverted',
        });
        assert.equal(fileOf(loaded, 'src/other.ts').reviewed, true);
        assert.deepEqual(fileOf(loaded, 'src/app.ts').hunks, FILE.hunks);
      });
  });
});

describe('revert with feedback: the message to Zero', () => {
  it('names each file and the lines put back, quotes the words', () => {
    const text = rejectedHunksMessage(
      [
        { path: 'src/app.ts', newStart: 40, newLines: 6, oldStart: 38, oldLines: 4 },
        { path: 'src/app.ts', newStart: 12, newLines: 1, oldStart: 12, oldLines: 1 },
        { path: 'lib/b.ts', newStart: 3, newLines: 0, oldStart: 3, oldLines: 2 },
      ],
      '  Keep the old error handling.\r\n\r\nAnd do not rename total().  ',
    );
    assert.equal(
      text,
      [
        'I reverted 3 of your changes. The rest of what you changed stays. Reverted (line numbers of your version):',
        '- src/app.ts: line 12 (now as before your change: line 12); lines 40–45 (now as before your change: lines 38–41)',
        '- lib/b.ts: at line 3 (now as before your change: lines 3–4)',
        '',
        'Why:',
        '> Keep the old error handling.',
        '>',
        '> And do not rename total().',
        '',
        'Take this into account: do not redo the reverted changes as they were.',
      ].join('\n'),
    );
  });

  it('no words, or nothing reverted: no message', () => {
    assert.equal(
      rejectedHunksMessage([{ path: 'a', newStart: 1, newLines: 1, oldStart: 1, oldLines: 1 }], '  \n'),
      null,
    );
    assert.equal(rejectedHunksMessage([], 'why'), null);
  });
});
