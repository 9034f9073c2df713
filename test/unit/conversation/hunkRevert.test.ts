// Reverting one hunk: exactly that hunk applied in reverse to the file as it is now, found where it
// was or nearest to it; refused, saying where, when the file changed there since.
import * as assert from 'node:assert/strict';
import { computeHunks } from '../../../src/conversation/review/hunks';
import { planHunkRevert } from '../../../src/conversation/review/hunkRevert';

const lines = (n: number, f: (i: number) => string = (i) => `line ${i}`): string =>
  Array.from({ length: n }, (_, i) => `${f(i + 1)}\n`).join('');

const BEFORE = lines(30);
/** Zero's turn: line 5 changed, two lines added after line 24. */
const AFTER = BEFORE.replace('line 5\n', 'line five, by Zero\n').replace('line 24\n', 'line 24\nadded a\nadded b\n');

function apply(text: string, plan: ReturnType<typeof planHunkRevert>): string {
  assert.ok(plan.ok, plan.ok ? '' : plan.reason);
  return text.slice(0, plan.start) + plan.replacement + text.slice(plan.end);
}

describe('reverting one hunk', () => {
  const [first, second] = computeHunks(BEFORE, AFTER)!;

  it('puts back exactly that hunk: the file keeps the other change only', () => {
    assert.equal(
      apply(AFTER, planHunkRevert(AFTER, first!)),
      BEFORE.replace('line 24\n', 'line 24\nadded a\nadded b\n'),
    );
    assert.equal(apply(AFTER, planHunkRevert(AFTER, second!)), BEFORE.replace('line 5\n', 'line five, by Zero\n'));
    // Both, one after the other, give the content before the turn.
    const once = apply(AFTER, planHunkRevert(AFTER, second!));
    assert.equal(apply(once, planHunkRevert(once, first!)), BEFORE);
  });

  it('finds the hunk where lines above it moved since, and says where', () => {
    const now = `new top line\nanother\n${AFTER}`;
    const plan = planHunkRevert(now, second!);
    assert.equal(apply(now, plan), `new top line\nanother\n${BEFORE.replace('line 5\n', 'line five, by Zero\n')}`);
    assert.ok(plan.ok && plan.line === second!.newIndex + 2);
  });

  it('refuses when the file changed inside the hunk or its context since, and changes nothing', () => {
    for (const now of [
      AFTER.replace('added a\n', 'added A by me\n'),
      AFTER.replace('line 23\n', 'line 23 edited\n'),
      BEFORE,
    ]) {
      const plan = planHunkRevert(now, second!);
      assert.equal(plan.ok, false);
      assert.match(
        plan.ok ? '' : plan.reason,
        /^the file changed there since \(lines 22–29 no longer hold this change\), so this hunk cannot be reverted on its own\.$/,
      );
    }
  });

  it("a file whose line ends are CRLF now (hunks from LF): the removed lines come back with the file's line ends", () => {
    const crlf = AFTER.replace(/\n/g, '\r\n');
    const out = apply(crlf, planHunkRevert(crlf, first!));
    assert.equal(out, BEFORE.replace('line 24\n', 'line 24\nadded a\nadded b\n').replace(/\n/g, '\r\n'));
  });

  it('a file the turn created: its one hunk empties it; a last line without newline comes back without', () => {
    const [created] = computeHunks('', 'a\nb\n')!;
    assert.equal(apply('a\nb\n', planHunkRevert('a\nb\n', created!)), '');
    const [eof] = computeHunks('x\ny', 'x\ny changed\nz\n')!;
    assert.equal(apply('x\ny changed\nz\n', planHunkRevert('x\ny changed\nz\n', eof!)), 'x\ny');
  });
});
