// Revert, Diff and Undo resolve a turn's files only in a workspace folder, whatever folder the run
// reported: a real Zero run in a folder that is not (or no longer) one of the workspace's writes real
// files with real checkpoints, and the product refuses to touch them from there, saying why.
import './lib/editorApis';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { turnChangeActions, UNDO_CHOICE } from '../../src/host/review/turnDiffs';
import { REVERT_CHOICE, TurnReview } from '../../src/host/review/turnReview';
import { readSessionCwd, readSessionEvents, sessionsRoot } from '../../src/zero/sessions/checkpoints';
import { shim } from '../unit/shim/vscode';
import { answers, productHost, type ProductHost } from './lib/productHost';
import { execArgs, makeSandbox, runZero, type Sandbox } from './lib/realZero';
import { turnRoot, zeroWorktreeBase } from '../../src/zero/exec/turnRoot';
import { execSync } from 'node:child_process';

const ORIGINAL = 'original a\n';

describe('real Zero: a turn whose folder is not a workspace folder', () => {
  let sandbox: Sandbox;
  let host: ProductHost;
  let elsewhere: string;
  const read = (dir: string, rel: string): string | null =>
    fs.existsSync(path.join(dir, rel)) ? fs.readFileSync(path.join(dir, rel), 'utf8') : null;

  beforeEach(async () => {
    sandbox = await makeSandbox({ files: { 'src/a.txt': ORIGINAL } });
    // The same project files in a folder outside the workspace: the run happens there.
    elsewhere = path.join(sandbox.root, 'elsewhere');
    fs.cpSync(sandbox.workspace, elsewhere, { recursive: true });
    host = productHost(sandbox, { mode: 'ask', folder: elsewhere });
  });
  afterEach(async () => {
    await host.dispose();
    await sandbox.dispose();
  });

  const roots = () => ({ folders: [sandbox.workspace], worktreeBase: null });

  it("Revert, Diff and Undo refuse, name the folder, and leave both folders' files as they are", async () => {
    const turn = await host.send('change them scenario:write-two path=src/a.txt new=src/new.txt');
    assert.equal(turn.run.cwd, elsewhere, 'Zero reports the folder it ran in');
    assert.equal(read(elsewhere, 'src/a.txt'), 'changed by zero\n', 'Zero wrote there');
    const sessionId = host.controller.focus.workingChat.sessionId!;
    assert.equal(
      await readSessionCwd(sessionsRoot(sandbox.env), sessionId),
      elsewhere,
      'the session records that folder',
    );
    const review = new TurnReview({
      controller: host.controller,
      folder: () => sandbox.workspace,
      log: host.log,
      roots,
    });
    try {
      answers.warnings.push(REVERT_CHOICE, REVERT_CHOICE);
      await review.revert(turn.id, 'src/a.txt');
      await review.revert(turn.id, 'src/new.txt');
    } finally {
      review.dispose();
    }
    assert.equal(read(elsewhere, 'src/a.txt'), 'changed by zero\n', 'not reverted outside the workspace');
    assert.equal(read(elsewhere, 'src/new.txt'), 'created by zero\n', 'not deleted outside the workspace');
    assert.equal(read(sandbox.workspace, 'src/a.txt'), ORIGINAL, "the workspace's own file is not the target either");
    const said = shim.messages.filter((m) => m.startsWith('warning: Cannot revert'));
    assert.equal(said.length, 2, shim.messages.join('\n'));
    assert.ok(
      said.every((m) => m.includes(`ran in ${elsewhere}`) && m.includes(sandbox.workspace)),
      said.join('\n'),
    );

    const actions = turnChangeActions({
      controller: host.controller,
      folder: () => sandbox.workspace,
      log: host.log,
      register: () => undefined,
      roots,
    });
    shim.messages.length = 0;
    await actions.openDiff(turn.id, 'src/a.txt');
    assert.ok(
      shim.messages.some((m) => m.startsWith('warning: Cannot show the changes of src/a.txt') && m.includes(elsewhere)),
      shim.messages.join('\n'),
    );

    const events = readSessionEvents(sessionsRoot(sandbox.env), sessionId);
    answers.warnings.push(UNDO_CHOICE);
    shim.messages.length = 0;
    await actions.undoTurn(turn.id);
    assert.ok(
      shim.messages.some((m) => m.startsWith('warning: Cannot undo this turn') && m.includes(elsewhere)),
      shim.messages.join('\n'),
    );
    assert.equal(read(elsewhere, 'src/a.txt'), 'changed by zero\n', "Zero's rewind was not run");
    assert.equal(read(elsewhere, 'src/new.txt'), 'created by zero\n');
    assert.deepEqual(
      await readSessionEvents(sessionsRoot(sandbox.env), sessionId),
      await events,
      'the session is not rewound',
    );
  });

  it('the same turn is reverted once its folder is a workspace folder', async () => {
    const turn = await host.send('change them scenario:write-two path=src/a.txt new=src/new.txt');
    const review = new TurnReview({
      controller: host.controller,
      folder: () => sandbox.workspace,
      log: host.log,
      roots: () => ({ folders: [sandbox.workspace, elsewhere], worktreeBase: null }),
    });
    try {
      answers.warnings.push(REVERT_CHOICE); // not measured by this review: it asks first
      await review.revert(turn.id, 'src/a.txt');
    } finally {
      review.dispose();
    }
    assert.equal(read(elsewhere, 'src/a.txt'), ORIGINAL);
  });

  it('a worktree the real Zero made for the workspace (`-w`) is a known root', async () => {
    execSync('git init -q && git add -A && git -c user.email=t@t -c user.name=t commit -qm init', {
      cwd: sandbox.workspace,
    });
    const r = await runZero(sandbox, execArgs('hello', ['-w']));
    const cwd = (r.events.find((e) => e.type === 'run_start') as { cwd?: string } | undefined)?.cwd ?? null;
    assert.ok(cwd && cwd !== sandbox.workspace && fs.existsSync(cwd), `a worktree: ${cwd}`);
    assert.deepEqual(
      turnRoot(cwd, sandbox.workspace, { folders: [sandbox.workspace], worktreeBase: zeroWorktreeBase(sandbox.env) }),
      { ok: true, root: cwd },
    );
  });
});
