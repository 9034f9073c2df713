// Reviewing a turn's files: the +/- line counts (checked against a plain LCS on random texts and
// against what `git diff --numstat` says for the same edits), the per-file revert plan and the
// review list the footer and the Changes view show.
import * as assert from 'node:assert/strict';
import { countLineChanges, looksBinary, splitLines } from '../../../src/conversation/review/lineChanges';
import { ZERO_USAGE, type Chat, type ToolItem, type Turn } from '../../../src/conversation/model';
import { chatReview, rowLabel, rowSpoken, turnReviewRows } from '../../../src/conversation/review/reviewList';
import {
  editedSince,
  revertPlan,
  revertWarning,
  type BeforeState,
  type DiskState,
} from '../../../src/conversation/review/revertPlan';

/** Longest common subsequence by dynamic programming: the slow, obviously right reference. */
function lcsCounts(before: string, after: string): { added: number; removed: number } {
  const a = splitLines(before);
  const b = splitLines(after);
  const dp: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      dp[i]![j] = a[i] === b[j] ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!);
  const common = dp[0]![0]!;
  return { added: b.length - common, removed: a.length - common };
}

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('+/- line counting', function () {
  it('counts like git --numstat on everyday edits', function () {
    assert.deepEqual(countLineChanges('a\nb\nc\n', 'a\nB\nc\n'), { added: 1, removed: 1 });
    assert.deepEqual(countLineChanges('a\nb\nc\n', 'a\nb\nc\nd\ne\n'), { added: 2, removed: 0 });
    assert.deepEqual(countLineChanges('a\nb\nc\n', 'c\n'), { added: 0, removed: 2 });
    assert.deepEqual(countLineChanges('', 'x\ny\n'), { added: 2, removed: 0 }, 'a new file: all added');
    assert.deepEqual(countLineChanges('x\ny\nz\n', ''), { added: 0, removed: 3 }, 'emptied: all removed');
    assert.deepEqual(countLineChanges('same\n', 'same\n'), { added: 0, removed: 0 });
    // The last line gaining its newline is a change of that line (git: "\ No newline at end of file").
    assert.deepEqual(countLineChanges('a\nb', 'a\nb\n'), { added: 1, removed: 1 });
    // Moving a line: one removed, one added.
    assert.deepEqual(countLineChanges('1\n2\n3\n4\n', '2\n3\n4\n1\n'), { added: 1, removed: 1 });
    // CRLF lines differ from LF lines.
    assert.deepEqual(countLineChanges('a\r\nb\r\n', 'a\nb\n'), { added: 2, removed: 2 });
  });

  it('agrees with a plain longest-common-subsequence count on random texts', function () {
    const rand = seeded(42);
    const words = ['a\n', 'b\n', 'c\n', 'd\n', 'e', '\n'];
    const text = (n: number) => Array.from({ length: n }, () => words[Math.floor(rand() * words.length)]).join('');
    for (let i = 0; i < 500; i++) {
      const before = text(Math.floor(rand() * 14));
      const after = rand() < 0.3 ? before.replace(/b/g, 'x') : text(Math.floor(rand() * 14));
      assert.deepEqual(countLineChanges(before, after), lcsCounts(before, after), JSON.stringify({ before, after }));
    }
  });

  it('past the edit limit counts the differing middle as replaced, never fewer than the truth', function () {
    const before = Array.from({ length: 300 }, (_, i) => `old ${i}\n`).join('');
    const after = `head\n${Array.from({ length: 300 }, (_, i) => `new ${i}\n`).join('')}`;
    const exact = countLineChanges(before, after);
    assert.deepEqual(exact, { added: 301, removed: 300 });
    const capped = countLineChanges(`same\n${before}same\n`, `same\n${after}same\n`, 10);
    assert.deepEqual(capped, { added: 301, removed: 300 });
    // A small change inside a big file stays exact with a tiny limit thanks to the common ends.
    const big = Array.from({ length: 5000 }, (_, i) => `line ${i}\n`).join('');
    assert.deepEqual(countLineChanges(big, big.replace('line 2500\n', 'line 2500 changed\n'), 5), {
      added: 1,
      removed: 1,
    });
  });

  it('tells binary content apart', function () {
    assert.equal(looksBinary('PNG\0\0\x01'), true);
    assert.equal(looksBinary('plain text\n'), false);
  });
});

const HASH_BEFORE = 'b'.repeat(64);
const HASH_AFTER = 'a'.repeat(64);
const HASH_OTHER = 'c'.repeat(64);
const content: BeforeState = { kind: 'content', sha256: HASH_BEFORE, mode: 0o755 };
const onDisk = (sha256: string): DiskState => ({ exists: true, sha256 });
const gone: DiskState = { exists: false };

describe('revert plan for one file', function () {
  it('writes the before-content (with its mode) when the disk still holds what the turn left', function () {
    const plan = revertPlan('a.txt', content, onDisk(HASH_AFTER), HASH_AFTER);
    assert.deepEqual(plan, { action: 'write', mode: 0o755, editedSince: 'no' });
    assert.equal(revertWarning('a.txt', plan), null, 'no warning');
  });

  it('warns when the file was edited after the turn, or deleted since', function () {
    const edited = revertPlan('a.txt', content, onDisk(HASH_OTHER), HASH_AFTER);
    assert.deepEqual(edited, { action: 'write', mode: 0o755, editedSince: 'yes' });
    assert.match(
      revertWarning('a.txt', edited) ?? '',
      /a\.txt was edited after this turn\. Reverting puts back a\.txt as it was before this turn, and those later edits are lost\./,
    );
    const deleted = revertPlan('a.txt', content, gone, HASH_AFTER);
    assert.deepEqual(deleted, { action: 'write', mode: 0o755, editedSince: 'yes' }, 'recreated from the checkpoint');
  });

  it('a file the turn created is deleted; recreated after the turn deleted it counts as edited', function () {
    const created = revertPlan('new.txt', { kind: 'absent' }, onDisk(HASH_AFTER), HASH_AFTER);
    assert.deepEqual(created, { action: 'delete', editedSince: 'no' });
    assert.equal(revertWarning('new.txt', created), null);
    const changedSince = revertPlan('new.txt', { kind: 'absent' }, onDisk(HASH_OTHER), HASH_AFTER);
    assert.match(
      revertWarning('new.txt', changedSince) ?? '',
      /^new\.txt was edited after this turn\. Reverting deletes new\.txt \(this turn created it\)/,
    );
    assert.deepEqual(revertPlan('new.txt', { kind: 'absent' }, gone, HASH_AFTER), {
      action: 'none',
      reason: 'new.txt does not exist, as before the turn.',
    });
    // The turn deleted the file (it left none): a file there now is a later edit.
    assert.equal(editedSince(onDisk(HASH_OTHER), null), 'yes');
    assert.equal(editedSince(gone, null), 'no');
    assert.deepEqual(revertPlan('old.txt', content, gone, null), { action: 'write', mode: 0o755, editedSince: 'no' });
  });

  it('nothing to do when the disk already has the before-content', function () {
    assert.deepEqual(revertPlan('a.txt', content, onDisk(HASH_BEFORE), HASH_AFTER), {
      action: 'none',
      reason: 'a.txt already has its content from before the turn.',
    });
  });

  it('impossible without a usable copy; unknown result asks first', function () {
    assert.deepEqual(
      revertPlan(
        'big.bin',
        { kind: 'unavailable', reason: 'Zero did not keep a copy.' },
        onDisk(HASH_AFTER),
        HASH_AFTER,
      ),
      { action: 'impossible', reason: 'Zero did not keep a copy.' },
    );
    const old = revertPlan(
      'a.txt',
      { kind: 'content', sha256: HASH_BEFORE, mode: null },
      onDisk(HASH_AFTER),
      undefined,
    );
    assert.deepEqual(old, { action: 'write', mode: null, editedSince: 'unknown' });
    assert.match(revertWarning('a.txt', old) ?? '', /did not record what the turn left in a\.txt/);
  });
});

function turn(id: string, extra: Partial<Turn> = {}): Turn {
  return {
    id,
    origin: 'prompt',
    prompt: `prompt ${id}`,
    startedAt: 1,
    endedAt: 2,
    status: 'success',
    exitCode: 0,
    explanation: null,
    stderrTail: null,
    run: { runId: null, sessionId: 's', cwd: '/w', provider: null, model: null, schemaVersion: 2 },
    items: [],
    finalText: null,
    usage: ZERO_USAGE,
    sawRunEnd: true,
    anonTools: 0,
    ...extra,
  };
}

describe('review list', function () {
  const reviewed = turn('t1', {
    review: [
      { path: 'a.txt', change: 'modified', added: 3, removed: 1, afterSha256: HASH_AFTER },
      { path: 'b.txt', change: 'created', added: 10, removed: 0, afterSha256: HASH_AFTER, decision: 'reverted' },
      { path: 'c.txt', change: 'modified', added: 1, removed: 0, afterSha256: HASH_AFTER, decision: 'kept' },
      { path: 'd.png', change: 'modified', added: null, removed: null, binary: true, afterSha256: HASH_AFTER },
      { path: 'e.txt', change: 'deleted', added: 0, removed: 4, afterSha256: null },
    ],
  });

  it('labels counts, new and deleted files and decisions', function () {
    const rows = turnReviewRows(reviewed);
    assert.deepEqual(rows.map(rowLabel), ['+3 −1', 'reverted', '+1, kept', 'binary', 'deleted, −4']);
    assert.equal(rowLabel({ ...rows[1]!, state: 'pending' }), 'new file, +10');
    assert.equal(rowSpoken(rows[0]!), 'a.txt, 3 lines added, 1 removed');
  });

  it('the Changes view leaves out kept files, undone and running turns', function () {
    const chat = {
      id: 'c',
      title: '',
      createdAt: 0,
      updatedAt: 0,
      sessionId: 's',
      usage: reviewed.usage,
      turns: [
        reviewed,
        turn('t2', { undone: { at: 1, summary: 'x' }, review: reviewed.review }),
        turn('t3', { status: 'running', review: reviewed.review }),
      ],
    } as Chat;
    const groups = chatReview(chat);
    assert.deepEqual(
      groups.map((g) => [g.turnId, g.rows.map((r) => `${r.path}:${r.state}`)]),
      [['t1', ['a.txt:pending', 'b.txt:reverted', 'd.png:pending', 'e.txt:pending']]],
    );
    assert.equal(groups[0]!.noCheckpoint, false);
  });

  it('an ACP turn lists the files Zero reported (tool locations) with no counts, marked as having no checkpoint', function () {
    const tool = (key: string, locations: string[]): ToolItem => ({
      kind: 'tool',
      key,
      id: key,
      name: 'write_file',
      args: {},
      sideEffect: null,
      status: 'ok',
      output: null,
      truncated: false,
      changedFiles: [],
      checkpoint: null,
      summary: null,
      locations,
    });
    const acpTurn = turn('a1', {
      transport: 'acp',
      items: [tool('c1', ['src/app.txt']), tool('c2', ['./notes/review.md', 'src/app.txt'])],
    });
    const chat = {
      id: 'c',
      title: '',
      createdAt: 0,
      updatedAt: 0,
      sessionId: 's',
      usage: acpTurn.usage,
      transport: 'acp',
      turns: [acpTurn],
    } as Chat;
    const [group] = chatReview(chat);
    assert.equal(group?.noCheckpoint, true);
    assert.deepEqual(
      group?.rows.map((r) => [r.path, rowLabel(r), r.noCheckpoint]),
      [
        ['src/app.txt', 'changed (no checkpoint over ACP)', true],
        ['notes/review.md', 'changed (no checkpoint over ACP)', true],
      ],
    );
    assert.equal(rowSpoken(group!.rows[0]!), 'src/app.txt, changed, no checkpoint over ACP');
    // Kept (the only decision over ACP): recorded as an unmeasured entry, it leaves the Changes view.
    const kept = {
      ...acpTurn,
      review: [
        {
          path: 'src/app.txt',
          change: 'unknown' as const,
          added: null,
          removed: null,
          afterSha256: null,
          unmeasured: true,
          decision: 'kept' as const,
        },
        {
          path: 'notes/review.md',
          change: 'unknown' as const,
          added: null,
          removed: null,
          afterSha256: null,
          unmeasured: true,
        },
      ],
    };
    assert.deepEqual(turnReviewRows(kept).map(rowLabel), ['kept', 'changed (no checkpoint over ACP)']);
    assert.deepEqual(
      chatReview({ ...chat, turns: [kept] })[0]?.rows.map((r) => r.path),
      ['notes/review.md'],
    );
  });
});
