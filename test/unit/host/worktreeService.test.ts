/** The isolated chats' service on the vscode shim: when the toggle may turn on, New Chat in Worktree, and refusals. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { ChatController } from '../../../src/chats/chatController';
import type { TransportKind } from '../../../src/conversation/model';
import { ACP_NO_WORKTREE, RESTRICTED_NO_WORKTREE } from '../../../src/conversation/worktreeActions';
import { MERGE_CHOICE, WorktreeService } from '../../../src/host/worktrees/worktreeService';
import { ChatStore } from '../../../src/storage/chatStore';
import { createWorktree } from '../../../src/worktrees/worktreeCreate';
import { FakeTransport } from '../support/fakeTransport';
import { tempRepo, type TempRepo } from '../support/gitRepo';
import { RESTRICTED_NO_GIT } from '../../../src/worktrees/git';
import { fakeGit, runs } from '../support/fakeGit';
import { RecordingLog, shim, window, workspace } from '../shim/vscode';
import { chatCore } from '../../support/chatCore';

describe('WorktreeService', function () {
  this.timeout(30_000);
  let r: TempRepo;
  let controller: ChatController;
  let service: WorktreeService;
  let folder: string | null;
  let trusted: boolean;
  let transport: TransportKind;
  let revealed: number;

  beforeEach(() => {
    shim.reset();
    r = tempRepo();
    folder = r.repo;
    trusted = true;
    transport = 'exec';
    revealed = 0;
    const fake = new FakeTransport();
    controller = chatCore({
      dir: path.join(r.root, 'chats'),
      folder: () => folder,
      trusted: () => trusted,
      transport: fake,
      defaultTransport: () => transport,
    });
    service = new WorktreeService({
      controller,
      folder: () => folder,
      trusted: () => trusted,
      defaultTransport: () => transport,
      log: new RecordingLog() as RecordingLog & vscode.LogOutputChannel,
      reveal: async () => void revealed++,
    });
  });
  afterEach(async () => {
    controller.dispose();
    await ChatStore.settled();
    r.dispose();
  });

  const working = () => controller.focus.workingChat;
  const warned = () => shim.messages.filter((m) => m.startsWith('warning: '));

  it('turns the toggle on in a repository with a commit, and saves it; off again', async () => {
    assert.equal(await service.setIsolated(working().id, true), true);
    assert.equal(working().isolated, true);
    assert.equal(await service.setIsolated(working().id, false), true);
    assert.equal(working().isolated, undefined);
  });

  it('refuses, saying why: over ACP, in Restricted Mode, without a folder, outside a repository', async () => {
    const cases: [() => void, RegExp | string][] = [
      [() => (transport = 'acp'), ACP_NO_WORKTREE],
      [() => (trusted = false), RESTRICTED_NO_WORKTREE],
      [() => (folder = null), /Open a folder first/],
      [() => fs.mkdirSync((folder = path.join(r.root, 'plain'))), /is not in a git repository/],
    ];
    for (const [arrange, why] of cases) {
      [transport, trusted, folder] = ['exec', true, r.repo];
      shim.reset();
      arrange();
      assert.equal(await service.setIsolated(working().id, true), false);
      assert.equal(working().isolated, undefined);
      const said = warned().join('\n');
      if (typeof why === 'string') assert.ok(said.includes(why), said);
      else assert.match(said, why);
    }
  });

  it('New Chat in Worktree starts a new sidebar chat on exec, isolated, and shows it; with acp as the default too', async () => {
    transport = 'acp';
    const before = controller.focus.sidebarChatId;
    await service.newChatInWorktree();
    const chat = working();
    assert.notEqual(chat.id, before);
    assert.equal(chat.transport, 'exec');
    assert.equal(chat.isolated, true);
    assert.equal(revealed, 1);
  });

  describe("git: none before trust, and only the user's", () => {
    let marker: string;
    let savedPath: string | undefined;
    beforeEach(() => {
      marker = path.join(r.root, 'ran.txt');
      savedPath = process.env.PATH;
      process.env.PATH = `${path.dirname(fakeGit(path.join(r.root, 'on-path'), marker))}:${savedPath ?? ''}`;
    });
    afterEach(() => void (process.env.PATH = savedPath));

    it('Restricted Mode: New Chat in Worktree and the toggle say so, and no git process starts', async () => {
      trusted = false;
      await service.newChatInWorktree();
      assert.equal(await service.setIsolated(working().id, true), false);
      assert.deepEqual(warned(), [`warning: ${RESTRICTED_NO_WORKTREE}`, `warning: ${RESTRICTED_NO_WORKTREE}`]);
      // Even past a caller that did not ask: git itself refuses in a window VS Code does not trust.
      trusted = true;
      workspace.isTrusted = false;
      assert.equal(await service.setIsolated(working().id, true), false);
      assert.equal(warned()[2], `warning: ${RESTRICTED_NO_GIT}`);
      assert.deepEqual(runs(marker), []);
      // The check itself: trusted, the same git is run.
      workspace.isTrusted = true;
      assert.equal(await service.setIsolated(working().id, true), true);
      assert.ok(runs(marker).length > 0);
    });

    it('git.path from the workspace is ignored; from the user settings it is the git that runs', async () => {
      const theirs = path.join(r.root, 'theirs.txt');
      const wrapper = fakeGit(path.join(r.root, 'setting'), theirs);
      shim.config.set('git.path', { workspaceValue: wrapper, workspaceFolderValue: wrapper });
      assert.equal(await service.setIsolated(working().id, true), true);
      assert.deepEqual(runs(theirs), []);
      assert.ok(runs(marker).length > 0);
      shim.config.set('git.path', { globalValue: wrapper });
      fs.rmSync(marker);
      assert.equal(await service.setIsolated(working().id, false), true);
      assert.equal(await service.setIsolated(working().id, true), true);
      assert.ok(runs(theirs).length > 0);
      assert.deepEqual(runs(marker), []);
    });
  });

  it('Merge back and Discard on a chat without a worktree say so and do nothing', async () => {
    await service.mergeBack(working().id);
    await service.discard(working().id);
    assert.deepEqual(warned(), ['warning: This chat has no worktree.', 'warning: This chat has no worktree.']);
  });

  describe('Merge back asks first, every time, listing its files', () => {
    /** The modals asked (message and detail) and what the scripted user answers next (undefined: Escape). */
    const modals: string[] = [];
    const replies: (string | undefined)[] = [];
    const said = window.showWarningMessage;
    // Restored, not deleted, after each test: other files' shims set it once, at import.
    const docs = workspace as { textDocuments?: unknown[] };
    let docsBefore: unknown[] | undefined;
    beforeEach(() => {
      modals.length = 0;
      replies.length = 0;
      docsBefore = docs.textDocuments;
      docs.textDocuments = [];
      window.showWarningMessage = async (text: string, ...rest: unknown[]) => {
        const options = rest[0] as { modal?: boolean; detail?: string } | undefined;
        if (!options?.modal) return said(text);
        modals.push(`${text}\n${options.detail ?? ''}`);
        return replies.shift() as undefined;
      };
    });
    afterEach(() => {
      window.showWarningMessage = said;
      docs.textDocuments = docsBefore;
    });

    async function isolatedWithChanges(): Promise<string> {
      const id = working().id;
      const made = await createWorktree(r.repo, id, r.worktrees);
      assert.ok(made.ok, made.ok ? '' : made.why);
      controller.chats.commit(id, [{ type: 'worktree_created', worktree: made.value }]);
      r.write('README.md', '# Repo, by Zero\n', made.value.path);
      r.write('.github/workflows/ci.yml', 'on: push\n', made.value.path);
      return id;
    }

    it('Escape writes nothing; Merge Back writes what the modal listed', async () => {
      const id = await isolatedWithChanges();
      replies.push(undefined);
      await service.mergeBack(id);
      assert.equal(modals.length, 1);
      assert.match(modals[0]!, /^Merge back 2 files into .*repo\?\n/);
      assert.match(modals[0]!, /⚠ \.github\/workflows\/ci\.yml \(added\): a GitHub Actions workflow/);
      assert.match(modals[0]!, /Take the worktree's version:\n• README\.md \(modified\)/);
      assert.equal(r.read('README.md'), '# Repo\n', 'Escape: nothing written');
      assert.equal(r.read('.github/workflows/ci.yml'), null);
      assert.equal(working().worktree?.mergedAt, undefined);

      replies.push(MERGE_CHOICE);
      await service.mergeBack(id);
      assert.equal(modals.length, 2);
      assert.equal(r.read('README.md'), '# Repo, by Zero\n');
      assert.equal(r.read('.github/workflows/ci.yml'), 'on: push\n');
      assert.ok(working().worktree?.mergedAt);
    });
  });
});
