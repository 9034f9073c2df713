// Review by hunk on the real Zero: a real ask-mode run edits src/app.txt in two places (read_file,
// then write_file, the scripted `review-hunks`); the product measures the turn's two hunks against
// Zero's real checkpoint, the user reverts one with feedback, and the file holds the other change
// only. The feedback goes to the real Zero as the next message, naming the file and the lines (the
// scripted model's `echo` repeats what it received).
import './lib/editorApis';
import '../unit/support/treeViewApis';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { HUNK_FILES } from '../../src/host/review/hunkLoader';
import { HunkReview } from '../../src/host/review/hunkReview';
import { TurnReview } from '../../src/host/review/turnReview';
import { REVIEW_HUNKS_AFTER, REVIEW_HUNKS_BEFORE } from '../fixtures/model-server/scenarios';
import { inputs } from '../unit/support/treeViewApis';
import { productHost, type ProductHost } from './lib/productHost';
import { makeSandbox, type Sandbox } from './lib/realZero';
import { until } from '../support/until';

describe('real Zero: revert one hunk of a turn', () => {
  let sandbox: Sandbox;
  let host: ProductHost;
  let turns: TurnReview;
  let hunks: HunkReview;
  const app = (): string => path.join(sandbox.workspace, 'src', 'app.txt');

  beforeEach(async () => {
    sandbox = await makeSandbox({ files: { 'src/app.txt': REVIEW_HUNKS_BEFORE } });
    host = productHost(sandbox, { mode: 'ask' });
    const deps = { controller: host.controller, folder: () => sandbox.workspace, log: host.log };
    turns = new TurnReview(deps);
    // The composer shows the settings here (no picks): the why goes as a plain message.
    const send = (chatId: string, message: string) => Promise.resolve(host.controller.send(message, {}, chatId));
    hunks = new HunkReview({ ...deps, send }, HUNK_FILES);
    inputs.answers.length = 0;
    inputs.asked.length = 0;
  });
  afterEach(async () => {
    hunks.dispose();
    turns.dispose();
    await host.dispose();
    await sandbox.dispose();
  });

  it('Zero edits the file in two places; reverting one hunk leaves the other change only, and Zero hears why', async () => {
    const turn = await host.send('change it scenario:review-hunks');
    assert.equal(fs.readFileSync(app(), 'utf8'), REVIEW_HUNKS_AFTER, 'Zero wrote both changes');
    await until(
      () => host.controller.focus.workingChat.turns[0]?.review !== undefined,
      "the turn's files were measured",
      60_000,
    );
    const recorded = host.controller.focus.workingChat.turns[0]!.review![0]!;
    assert.equal(recorded.path, 'src/app.txt');
    assert.deepEqual(
      recorded.hunks?.map((h) => [h.newStart, h.newLines, h.added, h.removed]),
      [
        [1, 6, 1, 1],
        [14, 7, 1, 1],
      ],
      "the turn's two hunks, from Zero's checkpoint of the file",
    );

    const listing = await hunks.listing(turn.id, 'src/app.txt');
    assert.ok(listing.ok, listing.ok ? '' : listing.reason);
    assert.equal(listing.hunks.length, 2);
    // The scripted model answers the latest tagged message: `echo` repeats what Zero sent it.
    inputs.answers.push('Line 17 must stay as it was. scenario:echo');
    assert.equal(await hunks.revert(listing.hunks[1]!), true);
    assert.equal(
      fs.readFileSync(app(), 'utf8'),
      REVIEW_HUNKS_BEFORE.replace('line 3\n', 'line 3, changed by Zero\n'),
      'the other change stays; line 17 is back as before',
    );
    const file = host.controller.focus.workingChat.turns[0]!.review![0]!;
    assert.deepEqual(Object.values(file.hunkMarks ?? {}), ['reverted']);
    assert.equal(inputs.asked.length, 1, 'asked why once');

    // The words went to Zero as the next message, with the file and the lines of Zero's version.
    await until(() => host.controller.focus.workingChat.turns.length === 2, 'the feedback was sent', 60_000);
    await host.idle();
    const next = host.controller.focus.workingChat.turns[1]!;
    assert.equal(next.status, 'success');
    assert.match(next.prompt, /^I reverted one of your changes\./);
    assert.match(next.prompt, /- src\/app\.txt: lines 14–20 \(now as before your change: lines 14–20\)/);
    assert.match(next.prompt, /> Line 17 must stay as it was\./);
    // Zero folds the session's history into the request; the message is its current request.
    assert.match(
      next.finalText ?? '',
      /Current user request:\nI reverted one of your changes\.[^]*src\/app\.txt: lines 14–20/,
      JSON.stringify(next.finalText),
    );
    assert.equal(next.run.sessionId, turn.run.sessionId, 'in the same Zero session');
    // The next measure of the file still lists the first hunk as the turn's, the second as reverted.
    const after = await hunks.listing(turn.id, 'src/app.txt');
    assert.ok(after.ok);
    assert.deepEqual(
      after.hunks.map((h) => [h.summary.newStart, h.own]),
      [[1, true]],
    );
    assert.equal(after.reverted.length, 1);
  });
});
