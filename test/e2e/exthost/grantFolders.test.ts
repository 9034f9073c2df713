// "Always allow" for a write outside the workspace saves exactly the folder the user picked, never
// the home folder or a root, and "Zero: Manage Approvals" revokes it again.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ToolItem, Turn } from '../../../src/conversation/model';
import { api, configure, freshChat, turnDone, withModalAnswers, type Sandbox } from './helpers';
import { until } from '../../support/until';

const tools = (t: Turn): ToolItem[] => t.items.filter((i): i is ToolItem => i.kind === 'tool');
const savedDirs = (): unknown => vscode.workspace.getConfiguration('zero').inspect('addDirs')?.globalValue;

type Pick = (items: readonly vscode.QuickPickItem[]) => vscode.QuickPickItem | undefined;

/** Replaces window.showQuickPick for the duration of `fn`, recording what was offered. */
async function withQuickPick<T>(pick: Pick, fn: (offered: string[][]) => Promise<T>): Promise<T> {
  const offered: string[][] = [];
  const original = vscode.window.showQuickPick;
  (vscode.window as { showQuickPick: unknown }).showQuickPick = async (
    items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>,
  ) => {
    const list = await items;
    offered.push(list.map((i) => i.label));
    return pick(list);
  };
  try {
    return await fn(offered);
  } finally {
    (vscode.window as { showQuickPick: unknown }).showQuickPick = original;
  }
}

describe('Always allow outside the workspace (extension host, fake zero)', function () {
  let box: Sandbox;

  beforeEach(async function () {
    box = await freshChat();
    await configure({ addDirs: undefined });
  });

  afterEach(async function () {
    await configure({ addDirs: undefined });
  });

  it("offers the file's folder and its parents, saves the narrower one picked, and Manage Approvals revokes it", async function () {
    const a = await api();
    const deep = path.join(box.dir, 'outside', 'deep');
    fs.mkdirSync(deep, { recursive: true });
    const file = path.join(deep, 'notes.txt');
    await configure({ env: box.env({ FAKE_ZERO_OUTSIDE_PATH: file, FAKE_ZERO_SCENARIO: 'outside-workspace' }) });
    const parent = path.join(box.dir, 'outside');
    await withModalAnswers(
      () => 'Always allow',
      async (calls) => {
        await withQuickPick(
          (items) => items[1],
          async (offered) => {
            a.controller.send('write there scenario:outside-workspace');
            await turnDone(a, 1);
            const retry = await turnDone(a, 2, 45_000);
            await until(
              () => !a.approvals.busy && !a.controller.runs.isBusy(a.controller.focus.workingChatId),
              'settled',
              30_000,
            );
            assert.match(
              calls[0]!.detail,
              new RegExp(`${deep.replace(/[/\\.]/g, '\\$&')} for one follow-up run`),
              'the dialog names the folder',
            );
            assert.equal(offered[0]![0], deep, 'the narrowest folder comes first (the default)');
            assert.equal(offered[0]![1], parent);
            assert.ok(
              !offered[0]!.includes(os.homedir()) && !offered[0]!.includes('/'),
              `never home or root: ${offered[0]!.join(', ')}`,
            );
            assert.deepEqual(savedDirs(), [parent], 'exactly the picked folder is saved, in user settings');
            const argv = box.execs()[1]!.argv;
            assert.deepEqual(argv.slice(argv.indexOf('--add-dir'), argv.indexOf('--add-dir') + 2), [
              '--add-dir',
              parent,
            ]);
            assert.equal(tools(retry).find((t) => t.name === 'write_file')?.status, 'ok');
          },
        );
      },
    );
    // Revoke it: the folder is listed next to Zero's grants.
    await withModalAnswers(
      () => 'Revoke',
      async () => {
        await withQuickPick(
          (items) => items.find((i) => i.label.includes(parent)),
          async (offered) => {
            await vscode.commands.executeCommand('zero.manageApprovals');
            assert.ok(
              offered[0]!.some((l) => l.includes(parent)),
              offered[0]!.join(', '),
            );
          },
        );
      },
    );
    assert.deepEqual(savedDirs(), [], 'revoked from user settings');
  });

  it('cancelling the folder choice counts as Deny: nothing saved, no follow-up', async function () {
    const a = await api();
    const file = path.join(box.dir, 'elsewhere', 'notes.txt');
    fs.mkdirSync(path.dirname(file));
    await configure({ env: box.env({ FAKE_ZERO_OUTSIDE_PATH: file, FAKE_ZERO_SCENARIO: 'outside-workspace' }) });
    await withModalAnswers(
      () => 'Always allow',
      async () => {
        await withQuickPick(
          () => undefined,
          async (offered) => {
            a.controller.send('write there scenario:outside-workspace');
            await turnDone(a, 1);
            await until(
              () =>
                offered.length === 1 &&
                !a.approvals.busy &&
                !a.controller.runs.isBusy(a.controller.focus.workingChatId),
              'the picker was shown and dismissed',
              30_000,
            );
            assert.equal(savedDirs(), undefined);
            assert.equal(a.controller.focus.workingChat.turns.length, 1, 'no follow-up run');
            assert.equal(box.execs().length, 1);
          },
        );
      },
    );
  });

  it('a file directly in the home folder cannot be approved: the dialog says why, nothing runs or is saved', async function () {
    const a = await api();
    const file = path.join(os.homedir(), `zero-e2e-never-written-${process.pid}.txt`);
    await configure({ env: box.env({ FAKE_ZERO_OUTSIDE_PATH: file, FAKE_ZERO_SCENARIO: 'outside-workspace' }) });
    await withModalAnswers(
      () => 'Allow once',
      async (calls) => {
        a.controller.send('write there scenario:outside-workspace');
        await turnDone(a, 1);
        await until(
          () => calls.length === 1 && !a.approvals.busy && !a.controller.runs.isBusy(a.controller.focus.workingChatId),
          'the dialog was answered',
          30_000,
        );
        assert.match(calls[0]!.message, /cannot be approved/);
        assert.match(calls[0]!.detail, /home folder/);
        assert.equal(a.controller.focus.workingChat.turns.length, 1, 'no follow-up run');
        assert.equal(savedDirs(), undefined);
        assert.ok(!fs.existsSync(file));
      },
    );
  });
});
