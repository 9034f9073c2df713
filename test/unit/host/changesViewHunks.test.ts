// The Changes view's hunk rows, driven in plain Node against a turn's real checkpoint on disk: a file
// the turn changed in two places expands into two hunks (header, first changed line, counts, words
// for a screen reader, a Reviewed checkbox); checking one marks it reviewed and the file counts it;
// a hunk put back as before on disk is shown and recorded as reverted on the next measure; Revert
// Hunk with feedback leaves the other change and sends Zero the words. Over ACP: no hunks, no hunk
// actions in the menus, and the note says review by hunk needs exec.
import '../support/treeViewApis';
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type * as vscode from 'vscode';
import type { ChatController, ControllerChange } from '../../../src/chats/chatController';
import type { ChatAction } from '../../../src/conversation/actions';
import type { Chat } from '../../../src/conversation/model';
import { reduceChat } from '../../../src/conversation/reducer';
import { ACP_NOTE, ChangesView } from '../../../src/host/review/changesView';
import { LazyHunkReview } from '../../../src/host/review/hunkLoader';
import type { HunkNow } from '../../../src/host/review/hunkReview';
import { measureFiles, readLeft } from '../../../src/host/review/turnReview';
import { EventEmitter, RecordingLog } from '../shim/vscode';
import { writeCheckpointedTurn } from '../support/checkpointFixture';
import { inputs, trees } from '../support/treeViewApis';

function fakeController(initial: Chat) {
  let chat = initial;
  const changes = new EventEmitter<ControllerChange>();
  const sent: { message: string; chatId: string }[] = [];
  const controller = {
    chats: {
      onDidChange: changes.event,
      wholeChat: () => chat,
      commit: (chatId: string, actions: readonly ChatAction[]) => {
        chat = actions.reduce(reduceChat, chat);
        changes.fire({ kind: 'actions', chatId, actions } as ControllerChange);
      },
    },
    focus: {
      get workingChat() {
        return chat;
      },
      get workingChatWhole() {
        return chat;
      },
      workingInTranscript: false,
    },
    runs: { isBusy: () => false },
  };
  // As the composer would send it (ComposerService.sendAsComposer, with its picks).
  const send = (chatId: string, message: string) => Promise.resolve(void sent.push({ message, chatId }));
  return { controller: controller as unknown as ChatController, chat: () => chat, sent, send };
}

type Item = vscode.TreeItem & { label: string };

describe('Changes view: a file by its hunks (plain Node, real checkpoint)', function () {
  let dir: string;
  let xdg: string | undefined;
  let file: string;
  let before: string;
  let after: string;
  let view: ChangesView;
  let review: LazyHunkReview;
  let fake: ReturnType<typeof fakeController>;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-hunk-view-'));
    xdg = process.env.XDG_DATA_HOME;
    const t = writeCheckpointedTurn(dir, 1, 3000);
    process.env.XDG_DATA_HOME = t.dataHome;
    file = path.join(t.workspace, t.paths[0]!);
    // The content before the turn (numbered lines, so the diff is unambiguous) in place of the
    // fixture's, under its hash as Zero stores it; the turn changed line 1 and line 40.
    before = Array.from({ length: 60 }, (_, i) => `line ${i + 1} of the file\n`).join('');
    const session = path.join(t.dataHome, 'zero', 'sessions', 'bench-session');
    const events = path.join(session, 'events.jsonl');
    const old = /"blob":"([0-9a-f]{64})","bytes":(\d+)/.exec(fs.readFileSync(events, 'utf8'))!;
    const hash = createHash('sha256').update(before).digest('hex');
    fs.writeFileSync(path.join(session, 'checkpoints', 'blobs', hash), before);
    fs.writeFileSync(
      events,
      fs.readFileSync(events, 'utf8').replace(old[0], `"blob":"${hash}","bytes":${before.length}`),
    );
    const b = before.split('\n');
    b[0] = '// line one, changed by the turn';
    b[39] = '// line forty, changed by the turn';
    after = b.join('\n');
    fs.writeFileSync(file, after);
    const log = new RecordingLog() as unknown as vscode.LogOutputChannel;
    const files = await measureFiles(t.chat, t.turn, [{ path: t.paths[0]!, after: readLeft(file) }], log);
    fake = fakeController(t.chat);
    fake.controller.chats.commit(t.chat.id, [{ type: 'turn_review', turnId: t.turn.id, files }]);
    review = new LazyHunkReview({
      controller: fake.controller,
      folder: () => t.workspace,
      log,
      roots: () => ({ folders: [t.workspace], worktreeBase: null }),
      send: fake.send,
    });
    view = new ChangesView(fake.controller, () => t.workspace, review);
  });
  afterEach(() => {
    view.dispose();
    review.dispose();
    if (xdg === undefined) delete process.env.XDG_DATA_HOME;
    else process.env.XDG_DATA_HOME = xdg;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const fileNode = async () => (await view.getChildren((await view.getChildren())[0]))[0]!;
  const hunks = async () => view.getChildren(await fileNode());
  const item = (n: unknown) => view.getTreeItem(n as never) as Item;

  it('the turn recorded two hunks; the file expands into them, each announced in words', async () => {
    const f = fake.chat().turns[0]!.review![0]!;
    assert.equal(f.hunks?.length, 2);
    const fi = item(await fileNode());
    assert.equal(fi.collapsibleState, 1, 'collapsed, expandable');
    assert.equal(fi.description, '+2 −2 · src');
    assert.equal(fi.accessibilityInformation?.label, 'src/file0.ts, 2 lines added, 2 removed, 0 of 2 hunks reviewed');
    assert.equal(fi.checkboxState && (fi.checkboxState as { state: number }).state, 0);
    const items = (await hunks()).map(item);
    assert.deepEqual(
      items.map((i) => [i.label, i.description, i.accessibilityInformation?.label, i.contextValue]),
      [
        [
          '@@ -1,4 +1,4 @@ // line one, changed by the turn',
          '+1 −1',
          'lines 1 to 4: 1 added, 1 removed',
          'zeroChangesHunk',
        ],
        [
          '@@ -37,7 +37,7 @@ // line forty, changed by the turn',
          '+1 −1',
          'lines 37 to 43: 1 added, 1 removed',
          'zeroChangesHunk',
        ],
      ],
    );
    assert.equal(items[0]!.command?.command, 'zero.changes.diffHunk');
  });

  it("checking a hunk's box marks it reviewed; the file counts it, and its own box marks the file", async () => {
    const [first] = await hunks();
    trees.at(-1)!.checkbox.fire({ items: [[first, 1]] });
    assert.equal(item(await fileNode()).description, '+2 −2 · 1 of 2 hunks reviewed · src');
    const again = (await hunks()).map(item);
    assert.equal(again[0]!.description, '+1 −1 · reviewed');
    assert.equal(again[0]!.accessibilityInformation?.label, 'lines 1 to 4: 1 added, 1 removed, reviewed');
    assert.equal(again[0]!.contextValue, 'zeroChangesHunkReviewed');
    trees.at(-1)!.checkbox.fire({ items: [[await fileNode(), 1]] });
    assert.equal(fake.chat().turns[0]!.review![0]!.reviewed, true);
    assert.equal(item(await fileNode()).description, '+2 −2 · reviewed (1 of 2 hunks reviewed) · src');
  });

  it('a hunk put back as before on disk (as the diff editor does) is reverted on the next measure', async () => {
    const b = after.split('\n');
    b[39] = before.split('\n')[39]!;
    fs.writeFileSync(file, b.join('\n'));
    const now = (await hunks()).map(item);
    assert.deepEqual(
      now.map((i) => [i.label, i.description, i.contextValue]),
      [
        ['@@ -1,4 +1,4 @@ // line one, changed by the turn', '+1 −1', 'zeroChangesHunk'],
        ['@@ -37,7 +37,7 @@', 'reverted', 'zeroChangesHunkReverted'],
      ],
    );
    const marks = fake.chat().turns[0]!.review![0]!.hunkMarks;
    assert.deepEqual(Object.values(marks ?? {}), ['reverted']);
    assert.equal(item(await fileNode()).description, '+2 −2 · 1 of 2 hunks reviewed · src');
    // Put back again (an undo): pending again, the mark cleared.
    fs.writeFileSync(file, after);
    assert.equal((await hunks()).length, 2);
    assert.equal(fake.chat().turns[0]!.review![0]!.hunkMarks, undefined);
  });

  it('Revert Hunk with feedback: the file keeps the other change; Zero gets the lines and the words', async () => {
    const [, second] = await hunks();
    inputs.answers.push('Leave line forty alone.');
    assert.equal(await review.get().revert((second as unknown as { h: HunkNow }).h), true);
    const b = after.split('\n');
    b[39] = before.split('\n')[39]!;
    assert.equal(fs.readFileSync(file, 'utf8'), b.join('\n'));
    assert.equal(fake.sent.length, 1);
    assert.match(fake.sent[0]!.message, /^I reverted one of your changes\./);
    assert.match(fake.sent[0]!.message, /- src\/file0\.ts: lines 37–43 \(now as before your change: lines 37–43\)/);
    assert.match(fake.sent[0]!.message, /> Leave line forty alone\./);
    assert.equal(fake.sent[0]!.chatId, fake.chat().id);
  });
});

describe('Changes view over ACP: no hunks, no hunk actions', () => {
  it("an ACP turn's file does not expand and has no Reviewed box; the view shows the note", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-hunk-acp-'));
    try {
      const t = writeCheckpointedTurn(dir, 1, 300);
      const turn = { ...t.turn, transport: 'acp' as const };
      const fake = fakeController({ ...t.chat, transport: 'acp', turns: [turn] });
      const log = new RecordingLog() as unknown as vscode.LogOutputChannel;
      const review = new LazyHunkReview({
        controller: fake.controller,
        folder: () => t.workspace,
        log,
        send: fake.send,
      });
      const view = new ChangesView(fake.controller, () => t.workspace, review);
      try {
        const [group] = await view.getChildren();
        const [row] = await view.getChildren(group);
        const fi = view.getTreeItem(row!) as Item;
        assert.equal(fi.collapsibleState, 0);
        assert.equal(fi.checkboxState, undefined);
        assert.equal(fi.contextValue, 'changesNoCheckpointFile');
        assert.deepEqual(await view.getChildren(row), []);
        await new Promise((r) => setImmediate(r)); // its first refresh: once activate() has returned
        assert.equal(trees.at(-1)!.message, ACP_NOTE);
      } finally {
        view.dispose();
        review.dispose();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the note says review by hunk needs exec; no menu entry for hunks matches an ACP row', () => {
    assert.match(
      ACP_NOTE,
      /without line counts, hunks, Diff, Revert or Undo\. Review by hunk needs the exec transport\./,
    );
    const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../package.json'), 'utf8'));
    const items: { command: string; when: string }[] = pkg.contributes.menus['view/item/context'];
    const hunkCommands = items.filter((i) => /Hunk|toggleReviewed/.test(i.command));
    assert.ok(hunkCommands.length >= 4);
    for (const acpRow of ['changesNoCheckpointFile', 'zeroChangesTurnNoCheckpoint'])
      for (const i of hunkCommands) {
        const m = /viewItem =~ \/(.+)\/$/.exec(i.when);
        assert.ok(m, i.when);
        assert.equal(new RegExp(m[1]!).test(acpRow), false, `${i.command} on ${acpRow}`);
      }
  });
});
