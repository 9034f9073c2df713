// Isolated chats against the real Zero 0.8.0 (docs/zero-exec.md §21): two chats change the same file of one
// repository at once, each in its own worktree; a chat's later turns (resumed, and in plan mode) run in the
// same worktree; Merge back asks first, listing the files, then applies a chat's changes to the main tree and
// merges a file the main tree changed too; Discard removes the worktree and its branch, and the chat then
// refuses messages with why.
import './lib/editorApis';
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ChatWorktree, Turn } from '../../src/conversation/model';
import { discardedRefusal } from '../../src/conversation/worktreeActions';
import { DISCARD_CHOICE, MERGE_CHOICE, WorktreeService } from '../../src/host/worktrees/worktreeService';
import { worktreeRepoKey, zeroWorktreeBase } from '../../src/zero/exec/turnRoot';
import { answers, productHost, type ProductHost } from './lib/productHost';
import { makeSandbox, type Sandbox } from './lib/realZero';
import { until } from '../support/until';

const ORIGINAL = 'original a\n';

describe('real Zero: isolated chats in worktrees', () => {
  let sandbox: Sandbox;
  let host: ProductHost;
  let service: WorktreeService;
  const git = (cwd: string, ...args: string[]): string =>
    execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], { cwd, encoding: 'utf8' });
  const read = (dir: string, rel: string): string | null =>
    fs.existsSync(path.join(dir, rel)) ? fs.readFileSync(path.join(dir, rel), 'utf8') : null;

  beforeEach(async () => {
    sandbox = await makeSandbox({ files: { 'src/a.txt': ORIGINAL } });
    git(sandbox.workspace, 'init', '-q', '-b', 'main');
    git(sandbox.workspace, 'add', '-A');
    git(sandbox.workspace, 'commit', '-qm', 'init');
    host = productHost(sandbox, { mode: 'ask' });
    service = new WorktreeService({
      controller: host.controller,
      folder: () => sandbox.workspace,
      trusted: () => true,
      defaultTransport: () => 'exec',
      log: host.log,
      reveal: async () => undefined,
    });
  });
  afterEach(async () => {
    await host.dispose();
    await sandbox.dispose();
  });

  /** A new isolated chat (the header's toggle), its first message sent; resolves with its id once it started. */
  async function isolatedChat(text: string): Promise<string> {
    const { controller } = host;
    controller.focus.newChat();
    const id = controller.focus.workingChatId;
    assert.ok(await service.setIsolated(id, true));
    controller.send(text);
    await until(() => controller.chats.wholeChat(id)!.turns.length === 1, 'the turn to start', 60_000);
    return id;
  }
  const chat = (id: string) => host.controller.chats.wholeChat(id)!;
  const worktree = (id: string): ChatWorktree => chat(id).worktree!;
  const last = (id: string): Turn => chat(id).turns[chat(id).turns.length - 1]!;

  it('two chats write the same file differently at once, each in its own worktree, the main tree untouched', async () => {
    const a = await isolatedChat('scenario:write-two path=src/a.txt content=alpha new=notes/a.txt');
    const b = await isolatedChat('scenario:write-two path=src/a.txt content=beta new=notes/b.txt');
    await Promise.all([host.idle(a), host.idle(b)]);
    for (const id of [a, b]) assert.equal(last(id).status, 'success', last(id).explanation ?? '');
    const [wa, wb] = [worktree(a), worktree(b)];
    const base = zeroWorktreeBase(sandbox.env)!;
    assert.equal(wa.path, path.join(base, `zero-worktree-${worktreeRepoKey(sandbox.workspace)}`, wa.name));
    assert.notEqual(wa.path, wb.path);
    assert.equal(last(a).run.cwd, wa.path, 'Zero ran in the worktree the chat made');
    assert.equal(last(b).run.cwd, wb.path);
    assert.equal(read(wa.path, 'src/a.txt'), 'alpha');
    assert.equal(read(wb.path, 'src/a.txt'), 'beta');
    assert.equal(read(sandbox.workspace, 'src/a.txt'), ORIGINAL);
    assert.equal(read(sandbox.workspace, 'notes/a.txt'), null);
    assert.equal(git(wa.path, 'rev-parse', '--abbrev-ref', 'HEAD').trim(), wa.branch, 'Zero kept the branch');
    assert.equal(git(sandbox.workspace, 'status', '--porcelain'), '', 'the main tree is clean');
  });

  it("a chat's later turns run in the same worktree: resumed with -w, and a plan turn with --cwd", async () => {
    const a = await isolatedChat('scenario:write-two path=src/a.txt content=first new=notes/1.txt');
    await host.idle(a);
    const wt = worktree(a);
    const session = chat(a).sessionId;
    host.controller.send('scenario:write-two path=src/a.txt content=second new=notes/2.txt');
    await until(() => chat(a).turns.length === 2, 'the second turn', 60_000);
    await host.idle(a);
    host.controller.send('what changed? scenario:plain', { mode: 'plan' });
    await until(() => chat(a).turns.length === 3, 'the plan turn', 60_000);
    await host.idle(a);
    const turns = chat(a).turns;
    assert.deepEqual(
      turns.map((t) => [t.status, t.run.cwd, t.run.sessionId]),
      turns.map(() => ['success', wt.path, session]),
    );
    assert.equal(read(wt.path, 'src/a.txt'), 'second');
    assert.equal(read(wt.path, 'notes/1.txt'), 'created by zero\n');
    assert.equal(read(wt.path, 'notes/2.txt'), 'created by zero\n');
    const listed = git(sandbox.workspace, 'worktree', 'list', '--porcelain').match(/^worktree /gm) ?? [];
    assert.equal(listed.length, 2, 'one worktree for the chat, no other made by Zero');
    const started = host.log.lines.filter((l) => l.includes('Starting:'));
    assert.ok(started[1]?.includes(`--worktree=${wt.name}`) && started[1].includes('--resume='), started[1]);
    assert.ok(started[2]?.includes(`--cwd ${wt.path}`) && !started[2].includes('--worktree'), started[2]);
    assert.ok(started[2]?.includes('--permission-mode plan'), started[2]);
  });

  it('Merge back asks first, listing its files; it applies a chat, and merges a file the main tree changed', async () => {
    const a = await isolatedChat('scenario:write-two path=src/a.txt content=alpha new=notes/a.txt');
    const b = await isolatedChat('scenario:write-two path=src/a.txt content=beta new=notes/b.txt');
    await Promise.all([host.idle(a), host.idle(b)]);

    answers.asked.length = 0;
    answers.warnings.push(MERGE_CHOICE);
    await service.mergeBack(a);
    assert.equal(answers.asked.length, 1, 'every Merge back asks first');
    assert.match(
      answers.asked[0]!,
      /^Merge back 2 files into .+\?\nTake the worktree's version:\n• notes\/a\.txt \(added\)\n• src\/a\.txt \(modified\)\n\nNothing is staged\.$/,
    );
    assert.equal(read(sandbox.workspace, 'src/a.txt'), 'alpha');
    assert.equal(read(sandbox.workspace, 'notes/a.txt'), 'created by zero\n');
    assert.equal(git(sandbox.workspace, 'diff', '--cached', '--name-only'), '', 'nothing staged');
    assert.equal(chat(a).worktree?.mergedAt !== undefined, true);
    assert.ok(last(a).items.some((i) => i.kind === 'warning' && i.code === 'worktree-merged'));

    // The main tree now has a's src/a.txt: b changed it too, since the same base.
    answers.warnings.push(null);
    await service.mergeBack(b);
    assert.equal(answers.asked.length, 2);
    assert.match(
      answers.asked[1]!,
      /Changed in your tree too, merged three ways against main @ [0-9a-f]{7}[^\n]*\n• src\/a\.txt\n/,
    );
    assert.match(answers.asked[1]!, /Take the worktree's version:\n• notes\/b\.txt \(added\)/);
    assert.equal(read(sandbox.workspace, 'src/a.txt'), 'alpha', 'Escape: nothing applied');
    assert.equal(read(sandbox.workspace, 'notes/b.txt'), null);
    assert.equal(chat(b).worktree?.mergedAt, undefined);

    answers.warnings.push(MERGE_CHOICE);
    await service.mergeBack(b);
    const merged = read(sandbox.workspace, 'src/a.txt')!;
    assert.ok(merged.includes('alpha') && merged.includes('beta') && merged.includes('<<<<<<<'), merged);
    assert.equal(read(sandbox.workspace, 'notes/b.txt'), 'created by zero\n');
  });

  it('Discard removes the worktree and its branch; the chat then refuses messages, saying why', async () => {
    const a = await isolatedChat('scenario:write-two path=src/a.txt content=alpha new=notes/a.txt');
    await host.idle(a);
    const wt = worktree(a);
    answers.warnings.push(DISCARD_CHOICE);
    await service.discard(a);
    assert.equal(fs.existsSync(wt.path), false);
    assert.equal(git(sandbox.workspace, 'branch', '--list', wt.branch), '');
    assert.ok(chat(a).worktree?.discardedAt);
    const requests = sandbox.server.requests.length;
    host.controller.send('scenario:plain');
    await until(() => chat(a).turns.length === 2, 'the refused turn', 60_000);
    await host.idle(a);
    assert.equal(last(a).explanation, discardedRefusal(wt));
    assert.equal(sandbox.server.requests.length, requests, 'Zero was not run');
    assert.equal(fs.existsSync(wt.path), false, 'not made again');
  });
});
