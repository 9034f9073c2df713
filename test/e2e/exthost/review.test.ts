// Review a turn's files in a real VS Code (extension host, fake zero with FAKE_ZERO_WRITE=1): the
// `two-files` run edits src/app.txt and creates notes/review.md; the turn records their +/- counts
// (against Zero's checkpoints), Revert puts one file back from its checkpoint and leaves the other,
// a file edited after the turn asks first, and Keep dismisses a file from review.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ReviewFile, Turn } from '../../../src/conversation/model';
import { api, freshChat, turnDone, withModalAnswers, type Sandbox } from './helpers';
import { until } from '../../support/until';

const APP_BEFORE = 'first line\nsecond line\nthird line\n';
const APP_AFTER = 'first line\nsecond line, changed by Zero\nthird line\nadded one\nadded two\n';
const NEW_AFTER = '# Review\n\nWritten by the fake zero.\n';

describe("Review a turn's files: counts, Revert one, Keep (extension host, fake zero)", function () {
  let box: Sandbox;
  let root: string;
  const app = () => path.join(root, 'src', 'app.txt');
  const note = () => path.join(root, 'notes', 'review.md');

  beforeEach(async function () {
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (!folder) this.skip();
    root = folder.uri.fsPath;
    box = await freshChat({ FAKE_ZERO_WRITE: '1' });
    fs.mkdirSync(path.dirname(app()), { recursive: true });
    fs.writeFileSync(app(), APP_BEFORE);
    fs.rmSync(note(), { force: true });
  });

  afterEach(async function () {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(app(), { force: true });
    fs.rmSync(note(), { force: true });
    void box;
  });

  async function runTwoFiles(): Promise<Turn & { review: readonly ReviewFile[] }> {
    const a = await api();
    a.controller.send('change two files scenario:two-files');
    const t = await turnDone(a, 1);
    assert.equal(t.status, 'success');
    assert.equal(fs.readFileSync(app(), 'utf8'), APP_AFTER);
    assert.equal(fs.readFileSync(note(), 'utf8'), NEW_AFTER);
    return until(
      () => {
        const turn = a.controller.focus.workingChat.turns.find((x) => x.id === t.id);
        return turn?.review ? (turn as Turn & { review: readonly ReviewFile[] }) : undefined;
      },
      "the turn's files were measured",
      30_000,
    );
  }

  const fileNode = (t: Turn, p: string) => ({ kind: 'file', row: { turnId: t.id, path: p } });
  const decision = async (t: Turn, p: string) =>
    (await api()).controller.focus.workingChat.turns.find((x) => x.id === t.id)?.review?.find((f) => f.path === p)
      ?.decision;

  it("records +/- counts per file from Zero's checkpoints; Revert restores one file and leaves the other", async function () {
    const t = await runTwoFiles();
    assert.deepEqual(
      t.review.map((f) => [f.path, f.change, f.added, f.removed]),
      [
        ['src/app.txt', 'modified', 3, 1],
        ['notes/review.md', 'created', 3, 0],
      ],
    );
    await withModalAnswers(
      () => undefined,
      async (calls) => {
        await vscode.commands.executeCommand('zero.changes.revert', fileNode(t, 'src/app.txt'));
        assert.equal(calls.length, 0, 'not edited since the turn: no question');
      },
    );
    assert.equal(fs.readFileSync(app(), 'utf8'), APP_BEFORE, 'src/app.txt is back to its content before the turn');
    assert.equal(fs.readFileSync(note(), 'utf8'), NEW_AFTER, "the other file keeps the turn's content");
    assert.equal(await decision(t, 'src/app.txt'), 'reverted');
    assert.equal(await decision(t, 'notes/review.md'), undefined);
  });

  it('a file edited after the turn: the modal warns; dismissing changes nothing, Revert deletes the file the turn created', async function () {
    const t = await runTwoFiles();
    fs.appendFileSync(note(), 'My own line.\n');
    await withModalAnswers(
      () => undefined,
      async (calls) => {
        await vscode.commands.executeCommand('zero.changes.revert', fileNode(t, 'notes/review.md'));
        assert.equal(calls.length, 1);
        assert.match(calls[0]!.message, /Revert notes\/review\.md\?/);
        assert.match(
          calls[0]!.detail,
          /notes\/review\.md was edited after this turn\. Reverting deletes notes\/review\.md \(this turn created it\)/,
        );
      },
    );
    assert.equal(fs.readFileSync(note(), 'utf8'), `${NEW_AFTER}My own line.\n`, 'dismissed: untouched');
    assert.equal(await decision(t, 'notes/review.md'), undefined);
    await withModalAnswers(
      (m) => (/Revert/.test(m) ? 'Revert' : undefined),
      async () => {
        await vscode.commands.executeCommand('zero.changes.revert', fileNode(t, 'notes/review.md'));
      },
    );
    assert.equal(fs.existsSync(note()), false, 'reverted: the new file is gone');
    assert.equal(await decision(t, 'notes/review.md'), 'reverted');
  });

  it('Keep dismisses a file from review and leaves the disk alone', async function () {
    const t = await runTwoFiles();
    await vscode.commands.executeCommand('zero.changes.keep', fileNode(t, 'src/app.txt'));
    assert.equal(await decision(t, 'src/app.txt'), 'kept');
    assert.equal(fs.readFileSync(app(), 'utf8'), APP_AFTER);
  });
});
