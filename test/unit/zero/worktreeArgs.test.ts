/** An isolated chat's argv: Zero's worktree flags in their inline forms, and a plan turn in the worktree folder. */
import * as assert from 'node:assert/strict';
import { buildExecArgs, SettingsError } from '../../../src/zero/exec/execArgs';
import { planRun } from '../../../src/zero/exec/runPlan';
import { zeroSettings } from '../../support/builders';

const WT = { name: 'chat-abc', dir: '/state/zero/worktrees' };
const TURN_WT = { ...WT, path: '/state/zero/worktrees/zero-worktree-ws-0123456789/chat-abc' };

function problemsOf(fn: () => unknown): readonly string[] {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof SettingsError, `expected SettingsError, got ${String(err)}`);
    return err.problems;
  }
  assert.fail('expected a SettingsError');
}

describe('worktree argv (docs/zero-exec.md §21)', () => {
  it('adds --worktree=<name> --worktree-dir=<dir>, the forms Zero never reads as a missing name', () => {
    const { args } = buildExecArgs({ cwd: '/ws', worktree: WT, permissionMode: 'ask', platform: 'linux' });
    assert.deepEqual(args.slice(-4), [
      '--permission-mode',
      'ask',
      '--worktree=chat-abc',
      '--worktree-dir=/state/zero/worktrees',
    ]);
    assert.equal(args[args.indexOf('--cwd') + 1], '/ws', 'Zero makes it from the workspace folder');
  });

  it('refuses a name Zero refuses, a relative folder, plan mode, and worktree or fork flags in extra args', () => {
    assert.match(
      problemsOf(() => buildExecArgs({ cwd: '/ws', worktree: { ...WT, name: '-x' } })).join(),
      /not a name Zero takes/,
    );
    assert.match(
      problemsOf(() => buildExecArgs({ cwd: '/ws', worktree: { ...WT, name: 'a/b' } })).join(),
      /not a name/,
    );
    assert.match(problemsOf(() => buildExecArgs({ cwd: '/ws', worktree: { ...WT, dir: 'rel' } })).join(), /absolute/);
    assert.match(
      problemsOf(() => buildExecArgs({ cwd: '/ws', worktree: WT, permissionMode: 'plan' })).join(),
      /Plan mode cannot run in a worktree/,
    );
    for (const extra of ['-w', '--worktree=other', '--worktree-dir=/x', '--fork=s1'])
      assert.match(
        problemsOf(() => buildExecArgs({ cwd: '/ws', worktree: WT, extraArgs: [extra] })).join(),
        /cannot be used in an isolated chat/,
        extra,
      );
    assert.ok(buildExecArgs({ cwd: '/ws', extraArgs: ['-w'] }).args.includes('-w'), 'a plain chat may still pass -w');
  });

  it('planRun: every turn of an isolated chat passes the same worktree, resumed or not', () => {
    for (const sessionId of [null, 'zero_1']) {
      const r = planRun({
        settings: zeroSettings({ mode: 'ask' }),
        folder: '/ws',
        otherFolders: [],
        sessionId,
        trusted: true,
        worktree: TURN_WT,
      });
      assert.ok(r.ok, r.ok ? '' : r.problem);
      assert.ok(r.plan.args.includes('--worktree=chat-abc'));
      assert.ok(r.plan.args.includes('--worktree-dir=/state/zero/worktrees'));
      assert.equal(r.plan.args[r.plan.args.indexOf('--cwd') + 1], '/ws');
    }
  });

  it('planRun: a plan turn (picked, or the setting) runs with --cwd <worktree> and no -w', () => {
    for (const [mode, choice] of [
      ['plan', undefined],
      ['ask', { mode: 'plan' }],
    ] as const) {
      const r = planRun({
        settings: zeroSettings({ mode }),
        folder: '/ws',
        otherFolders: [],
        sessionId: 'zero_1',
        trusted: true,
        worktree: TURN_WT,
        ...(choice ? { choice } : {}),
      });
      assert.ok(r.ok, r.ok ? '' : r.problem);
      assert.equal(r.plan.args[r.plan.args.indexOf('--cwd') + 1], TURN_WT.path);
      assert.ok(!r.plan.args.some((a) => a.startsWith('--worktree')), r.plan.args.join(' '));
    }
  });
});
