// Measuring a turn's files as the run ends: a file over the limit is not read whole (only its size
// is looked at), and is listed without line counts, saying so; what it left counts as unknown, so a
// revert asks first.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { rowLabel, rowSpoken, turnReviewRows } from '../../../src/conversation/review/reviewList';
import { ZERO_USAGE, type Turn } from '../../../src/conversation/model';
import { revertPlan } from '../../../src/conversation/review/revertPlan';
import type { Before } from '../../../src/host/review/checkpointBefore';
import { measure, MEASURE_MAX_BYTES, readLeft } from '../../../src/host/review/turnReview';
import { useTempDir } from '../../support/tempDir';

const before = (text: string): Before => ({
  kind: 'content',
  content: Buffer.from(text),
  mode: null,
  session: 's',
  sequence: 1,
  path: 'a.txt',
});

function turnWith(review: Turn['review']): Turn {
  return {
    id: 't1',
    origin: 'prompt',
    prompt: 'p',
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
    review,
  };
}

describe("measuring a turn's files (size cap)", function () {
  const dir = useTempDir('zero-measure-');

  it('the limit is a few MB', function () {
    assert.equal(MEASURE_MAX_BYTES, 4 * 1024 * 1024);
  });

  it('reads a file up to the limit, gives only the size of a bigger one, and none for a missing file or a folder', function () {
    const small = path.join(dir(), 'small.txt');
    const big = path.join(dir(), 'big.txt');
    fs.writeFileSync(small, 'one\ntwo\n');
    fs.writeFileSync(big, 'x'.repeat(101));
    assert.deepEqual(readLeft(small, 100), Buffer.from('one\ntwo\n'));
    assert.deepEqual(readLeft(big, 100), { tooLarge: 101 });
    assert.equal(readLeft(path.join(dir(), 'gone.txt'), 100), null);
    assert.equal(readLeft(dir(), 100), null);
  });

  it('a file left over the limit is listed without counts, as unknown content (a revert asks first)', function () {
    const m = measure('gen/huge.js', before('a\nb\n'), { tooLarge: 50_000_000 });
    assert.deepEqual(m, {
      path: 'gen/huge.js',
      change: 'modified',
      added: null,
      removed: null,
      afterSha256: null,
      unmeasured: true,
      tooLarge: true,
    });
    const created = measure('gen/huge.js', { kind: 'absent' }, { tooLarge: 50_000_000 });
    assert.equal(created?.change, 'created');
    const [row] = turnReviewRows(turnWith([m!]));
    assert.equal(rowLabel(row!), 'over 4 MB, lines not counted');
    assert.equal(rowLabel(turnReviewRows(turnWith([created!]))[0]!), 'new file, over 4 MB, lines not counted');
    assert.equal(rowSpoken(row!), 'gen/huge.js, over 4 MB, lines not counted');
    // Revert passes no expected hash for an unmeasured entry: edited-since is unknown, so it asks.
    assert.deepEqual(
      revertPlan(
        'gen/huge.js',
        { kind: 'content', sha256: 'b'.repeat(64), mode: null },
        { exists: true, sha256: 'c'.repeat(64) },
        undefined,
      ),
      { action: 'write', mode: null, editedSince: 'unknown' },
    );
  });

  it('a before-copy over the limit: no counts, but what the turn left is hashed (it was small enough to read)', function () {
    const m = measure('a.txt', before('x'.repeat(200)), Buffer.from('short\n'), 100);
    assert.equal(m?.tooLarge, true);
    assert.equal(m?.added, null);
    assert.equal(m?.change, 'modified');
    assert.match(m?.afterSha256 ?? '', /^[0-9a-f]{64}$/);
    assert.equal(
      measure('a.txt', before('x'.repeat(200)), Buffer.from('x'.repeat(200)), 100),
      null,
      'unchanged: not listed',
    );
  });

  it("under the limit, lines are counted as before, and the turn's hunks are recorded", function () {
    assert.deepEqual(measure('a.txt', before('a\nb\n'), Buffer.from('a\nc\nd\n')), {
      path: 'a.txt',
      change: 'modified',
      added: 2,
      removed: 1,
      afterSha256: measure('x', { kind: 'absent' }, Buffer.from('a\nc\nd\n'))!.afterSha256,
      hunks: [
        {
          key: measure('a.txt', before('a\nb\n'), Buffer.from('a\nc\nd\n'))!.hunks![0]!.key,
          oldStart: 1,
          oldLines: 2,
          newStart: 1,
          newLines: 3,
          added: 2,
          removed: 1,
          from: 1,
          to: 2,
        },
      ],
    });
  });
});
