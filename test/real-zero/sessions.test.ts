// Undo and per-file Revert on the real Zero: a real ask-mode run writes files, the product reads Zero's
// real session store (its checkpoint reader) and undoes through `zero sessions rewind`; the test looks
// at the workspace files and what the chat says, as a user would.
import './lib/editorApis';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { turnFileChanges } from '../../src/conversation/review/turnChanges';
import { turnChangeActions, UNDO_CHOICE } from '../../src/host/review/turnDiffs';
import { REVERT_CHOICE, TurnReview } from '../../src/host/review/turnReview';
import { readCheckpoint, readSessionEvents, sessionsRoot } from '../../src/zero/sessions/checkpoints';
import { shim } from '../unit/shim/vscode';
import { answers, productHost, type ProductHost } from './lib/productHost';
import { makeSandbox, type Sandbox } from './lib/realZero';
import { until } from '../support/until';

const ORIGINAL = 'original a\n';
const WRITE_TWO = 'change them scenario:write-two path=src/a.txt new=src/new.txt';

describe('real Zero: Undo and Revert from real checkpoints', () => {
  let sandbox: Sandbox;
  let host: ProductHost;
  let review: TurnReview;
  const file = (rel: string): string => path.join(sandbox.workspace, rel);
  const read = (rel: string): string | null => (fs.existsSync(file(rel)) ? fs.readFileSync(file(rel), 'utf8') : null);
  const root = (): string => sessionsRoot(sandbox.env);

  beforeEach(async () => {
    sandbox = await makeSandbox({ files: { 'src/a.txt': ORIGINAL } });
    host = productHost(sandbox, { mode: 'ask' });
    review = new TurnReview({ controller: host.controller, folder: () => sandbox.workspace, log: host.log });
  });
  afterEach(async () => {
    review.dispose();
    await host.dispose();
    await sandbox.dispose();
  });

  const changes = () =>
    turnChangeActions({
      controller: host.controller,
      folder: () => sandbox.workspace,
      log: host.log,
      register: () => undefined,
    });

  it('the turn lists both files with the checkpoints Zero stored, and the reader finds their before-state', async () => {
    const turn = await host.send(WRITE_TWO);
    assert.equal(read('src/a.txt'), 'changed by zero\n', 'Zero overwrote the file');
    assert.equal(read('src/new.txt'), 'created by zero\n', 'Zero created the file');
    const listed = turnFileChanges(turn);
    assert.deepEqual(
      listed.map((c) => c.path),
      ['src/a.txt', 'src/new.txt'],
    );
    assert.ok(
      listed.every((c) => c.checkpoint !== null),
      'each file has the sequence of its checkpoint',
    );
    const sessionId = host.controller.focus.workingChat.sessionId!;
    const before = await readCheckpoint(root(), sessionId, listed[0]!.checkpoint!);
    assert.equal(before?.tool, 'write_file');
    assert.equal(before?.files[0]?.content?.toString('utf8'), ORIGINAL, 'the blob holds the content before the write');
    assert.equal(before?.files[0]?.mode, 0o644);
    const created = await readCheckpoint(root(), sessionId, listed[1]!.checkpoint!);
    assert.deepEqual(
      [created?.files[0]?.path, created?.files[0]?.absent, created?.files[0]?.content],
      ['src/new.txt', true, null],
    );
    assert.ok(created!.createdAt! >= turn.startedAt - 1000, "the checkpoint time is the run's (whole seconds)");
  });

  it('Undo restores the changed file and deletes the created one, through zero sessions rewind', async () => {
    const turn = await host.send(WRITE_TWO);
    answers.warnings.push(UNDO_CHOICE);
    await changes().undoTurn(turn.id);
    assert.match(answers.asked[0] ?? '', /Undo the file changes/);
    assert.equal(read('src/a.txt'), ORIGINAL);
    assert.equal(read('src/new.txt'), null, 'the file the turn created is gone');
    const undone = host.controller.focus.workingChat.turns.find((t) => t.id === turn.id)!;
    assert.match(undone.undone?.summary ?? '', /1 file restored, 1 deleted/);
    assert.ok(
      shim.messages.some((m) => /^info: Undid the turn/.test(m)),
      shim.messages.join('\n'),
    );
    const events = await readSessionEvents(root(), host.controller.focus.workingChat.sessionId!);
    assert.equal(events.at(-1)?.type, 'session_rewind', 'Zero marked the rewind in its log');
    assert.ok(!events.some((e) => e.type === 'session_checkpoint'), "the turn's checkpoints left the session");

    // A second Undo finds nothing of the turn left in Zero's session.
    shim.messages.length = 0;
    await changes().undoTurn(turn.id);
    assert.ok(
      shim.messages.some((m) => /Nothing to undo/.test(m)),
      shim.messages.join('\n'),
    );
  });

  it("Undo of an earlier turn also undoes a later turn's files, and the modal says so", async () => {
    const first = await host.send(WRITE_TWO);
    await host.send('more scenario:write path=src/later.txt');
    assert.equal(read('src/later.txt'), 'written by zero\n');
    answers.warnings.push(UNDO_CHOICE);
    await changes().undoTurn(first.id);
    assert.match(
      answers.asked[0] ?? '',
      /src\/a\.txt\n {2}src\/new\.txt \(new: deleted\)\n {2}src\/later\.txt \(new: deleted\)/,
    );
    assert.match(answers.asked[0] ?? '', /the changes of 1 later turn are undone too/);
    assert.deepEqual([read('src/a.txt'), read('src/new.txt'), read('src/later.txt')], [ORIGINAL, null, null]);
  });

  it('Revert puts one file back from its real checkpoint and leaves the other; reverting a created file deletes it', async () => {
    const turn = await host.send(WRITE_TWO);
    await until(
      () => (host.controller.focus.workingChat.turns.find((t) => t.id === turn.id)?.review?.length ?? 0) === 2,
      "the review of the turn's files",
      60_000,
    );
    const measured = host.controller.focus.workingChat.turns.find((t) => t.id === turn.id)!.review!;
    assert.deepEqual(
      measured.map((f) => [f.path, f.change]),
      [
        ['src/a.txt', 'modified'],
        ['src/new.txt', 'created'],
      ],
    );

    await review.revert(turn.id, 'src/a.txt');
    assert.equal(read('src/a.txt'), ORIGINAL, 'back to its content before the turn');
    assert.equal(read('src/new.txt'), 'created by zero\n', 'the other file is untouched');
    assert.equal(answers.asked.length, 0, 'nothing edited since the turn: no warning');

    await review.revert(turn.id, 'src/new.txt');
    assert.equal(read('src/new.txt'), null);
    const decided = host.controller.focus.workingChat.turns.find((t) => t.id === turn.id)!.review!;
    assert.deepEqual(
      decided.map((f) => f.decision),
      ['reverted', 'reverted'],
    );
  });

  it('Revert of a file edited since the turn asks first, and Escape leaves it as it is', async () => {
    const turn = await host.send(WRITE_TWO);
    await until(
      () => host.controller.focus.workingChat.turns.find((t) => t.id === turn.id)?.review !== undefined,
      'the review',
      60_000,
    );
    fs.writeFileSync(file('src/a.txt'), 'edited by the user\n');
    answers.warnings.push(null);
    await review.revert(turn.id, 'src/a.txt');
    assert.match(answers.asked[0] ?? '', /Revert src\/a\.txt\?/);
    assert.equal(read('src/a.txt'), 'edited by the user\n');
    answers.warnings.push(REVERT_CHOICE);
    await review.revert(turn.id, 'src/a.txt');
    assert.equal(read('src/a.txt'), ORIGINAL);
  });

  it('after an Undo, Revert of the undone turn finds no checkpoint of it, even once a new turn has written the file', async () => {
    const first = await host.send(WRITE_TWO);
    answers.warnings.push(UNDO_CHOICE);
    await changes().undoTurn(first.id);
    fs.writeFileSync(file('src/a.txt'), 'second original\n');
    await host.send(WRITE_TWO);
    shim.messages.length = 0;
    await review.revert(first.id, 'src/a.txt');
    assert.equal(read('src/a.txt'), 'changed by zero\n', "nothing of the second turn's checkpoints is written back");
    assert.ok(
      shim.messages.some((m) => /Cannot revert src\/a\.txt: Zero no longer has the checkpoint/.test(m)),
      shim.messages.join('\n'),
    );
  });
});
