// Manage Approvals against the real Zero: every grant and command prefix Zero lists is offered, and
// revoking one removes exactly that one (what `zero sandbox grants list` shows after, and what Zero
// then asks about), whatever its scope.
import './lib/editorApis';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { manageApprovals } from '../../src/host/approvals/manageApprovals';
import { listApprovals, type Approvals } from '../../src/zero/grants/grants';
import { answers, productHost, sandboxEnv, type ProductHost } from './lib/productHost';
import { execArgs, makeSandbox, realZeroBin, runZero, type Sandbox } from './lib/realZero';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Item = vscode.QuickPickItem & {
  grant?: { toolName: string; scope?: string; scopeKind?: string };
  prefix?: { prefix: string[] };
};

describe('real Zero: Manage Approvals revokes exactly the one picked', () => {
  let sandbox: Sandbox;
  let host: ProductHost;
  const zero = async (...args: string[]): Promise<void> => {
    const r = await runZero(sandbox, args);
    assert.equal(r.code, 0, r.stderr);
  };
  const approvals = (): Promise<Approvals> => listApprovals(realZeroBin(), sandboxEnv(sandbox));
  const keyOf = (e: object): string => JSON.stringify(e);
  const ws = (rel: string): string => path.join(sandbox.workspace, rel);

  beforeEach(async () => {
    sandbox = await makeSandbox();
    host = productHost(sandbox);
    // What the CLI can make: tool-wide and file grants.
    await zero('sandbox', 'grants', 'allow', 'write_file', '--path', ws('a.txt'), '--reason', 'file a');
    await zero('sandbox', 'grants', 'allow', 'write_file', '--path', ws('b.txt'), '--reason', 'file b');
    await zero('sandbox', 'grants', 'deny', 'exec_command', '--reason', 'never');
    // What Zero's own dialogs save (host and folder grants, command prefixes), in the file Zero wrote.
    const file = JSON.parse(fs.readFileSync(sandbox.grantsPath, 'utf8'));
    const at = file.grants.write_file[0].approvedAt;
    file.grants.write_file.push({
      toolName: 'write_file',
      scope: ws('docs'),
      scopeKind: 'dir',
      decision: 'allow',
      approvedAt: at,
    });
    file.grants.web_fetch = ['example.com', 'example.org'].map((h) => ({
      toolName: 'web_fetch',
      scope: h,
      scopeKind: 'host',
      decision: 'allow',
      approvedAt: at,
    }));
    file.commandPrefixes = {
      exec_command: [
        ['git', 'status'],
        ['ls', '-la'],
      ].map((prefix) => ({ toolName: 'exec_command', prefix, approvedAt: at })),
    };
    fs.writeFileSync(sandbox.grantsPath, JSON.stringify(file, null, 2));
  });
  afterEach(async () => {
    await host.dispose();
    await sandbox.dispose();
  });

  /** Picks the entry `which` finds in Manage Approvals, confirms, and returns what the picker offered. */
  const revoke = async (which: (i: Item) => boolean): Promise<Item[]> => {
    let offered: Item[] = [];
    answers.picks.push((items) => ((offered = [...items]), items.find(which)));
    answers.warnings.push('Revoke');
    await manageApprovals(realZeroBin(), sandboxEnv(sandbox), host.log as any);
    return offered;
  };
  /** Revokes the entry and checks Zero's listing lost exactly it. */
  const revokesExactly = async (which: (i: Item) => boolean): Promise<void> => {
    const before = await approvals();
    const offered = await revoke(which);
    const picked = offered.find(which)!;
    const gone = keyOf(picked.grant ?? picked.prefix!);
    const after = await approvals();
    assert.deepEqual(
      after.grants.map(keyOf),
      before.grants.map(keyOf).filter((k) => k !== gone),
    );
    assert.deepEqual(
      after.commandPrefixes.map(keyOf),
      before.commandPrefixes.map(keyOf).filter((k) => k !== gone),
    );
    assert.equal(
      before.grants.length + before.commandPrefixes.length - 1,
      after.grants.length + after.commandPrefixes.length,
      'one entry fewer',
    );
  };

  it('Zero reads these grants; the picker offers each grant and each command prefix', async () => {
    const listed = await approvals();
    assert.equal(listed.grants.length, 6);
    assert.deepEqual(
      listed.commandPrefixes.map((p) => p.prefix.join(' ')),
      ['git status', 'ls -la'],
    );
    const offered = await revoke(() => false);
    assert.equal(offered.length, 8);
    assert.ok(offered.some((i) => /commands starting with: git status/.test(i.description ?? '')));
  });

  it('a file grant: the other file grant and the folder grant of that tool stay', () =>
    revokesExactly((i) => i.grant?.scope === ws('a.txt')));
  it('a folder grant: the file grants stay', () => revokesExactly((i) => i.grant?.scopeKind === 'dir'));
  it('a host grant: the other host stays', () => revokesExactly((i) => i.grant?.scope === 'example.com'));
  it('a tool-wide deny: the command prefixes of that tool stay', () =>
    revokesExactly((i) => i.grant?.toolName === 'exec_command'));
  it('a command prefix: the other prefix and the deny stay', () =>
    revokesExactly((i) => i.prefix?.prefix.join(' ') === 'git status'));

  it('after revoking one host, Zero asks about that host again but not about the other', async () => {
    await revoke((i) => i.grant?.scope === 'example.com');
    const asked = async (url: string): Promise<boolean> =>
      (await runZero(sandbox, execArgs(`get scenario:fetch url=${url}`))).events.some(
        (e) => e.type === 'permission_request',
      );
    assert.equal(await asked('https://example.com/x'), true);
    assert.equal(await asked('https://example.org/x'), false);
  });
});
