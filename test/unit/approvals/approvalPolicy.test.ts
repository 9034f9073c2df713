/** Which requests are approvable how, and what the follow-up run gets (docs/zero-exec.md §9.3, §15). */
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import type { FolderRules } from '../../../src/approvals/grantFolder';
import {
  classify as classifyWith,
  elevationFor,
  pickTarget,
  retryPrompt,
  type Approved,
} from '../../../src/approvals/policy';
import type { PermissionItem } from '../../../src/conversation/model';
import { planRun } from '../../../src/zero/exec/runPlan';
import { zeroSettings } from '../../support/builders';

const RULES: FolderRules = { home: '/home/me', path: path.posix, caseInsensitive: false };
const classify = (p: PermissionItem) => classifyWith(p, RULES);

function perm(p: Partial<PermissionItem>): PermissionItem {
  return {
    kind: 'permission',
    key: `permission_request:${p.toolId ?? 'c1'}`,
    event: 'permission_request',
    toolId: 'c1',
    name: 'web_fetch',
    action: 'prompt',
    permissionGranted: false,
    permissionMode: 'auto',
    sideEffect: 'network',
    reason: null,
    risk: null,
    block: null,
    grantMatched: false,
    sessionId: 's1',
    approval: 'pending',
    ...p,
  };
}

describe('approval policy: classification (§9.3)', () => {
  it('web_fetch / web_search / MCP prompts: allow once, always allow, deny', () => {
    const c = classify(
      perm({
        reason: 'Fetches remote URL content over the network.',
        risk: { level: 'high', categories: ['network'] },
      }),
    );
    assert.equal(c.cls, 'tool-prompt');
    assert.deepEqual(c.choices, ['allow-once', 'always-allow', 'deny']);
    assert.equal(c.note, null);
  });

  it('ordinary shell without a native sandbox (reason omitted): a tool prompt, with a warning that the grant is broad', () => {
    const c = classify(perm({ name: 'exec_command', sideEffect: 'shell', reason: null }));
    assert.equal(c.cls, 'tool-prompt');
    assert.match(c.note!, /every exec_command command/);
  });

  it('write outside the workspace: approvable through --add-dir', () => {
    const c = classify(
      perm({
        name: 'write_file',
        sideEffect: 'write',
        reason:
          'Writing to /tmp/x/notes.txt requires access outside the workspace. Use /add-dir or --add-dir to allow writes there.',
        block: { code: 'outside_workspace', action: 'prompt', path: '/tmp/x/notes.txt', recoverable: true },
      }),
    );
    assert.equal(c.cls, 'outside-workspace');
    assert.deepEqual(c.choices, ['allow-once', 'always-allow', 'deny']);
  });

  it('a pre-granted read outside the workspace that failed is still approvable by folder', () => {
    const c = classify(
      perm({
        name: 'read_file',
        sideEffect: 'read',
        permissionGranted: true,
        block: { code: 'outside_workspace', path: '/etc/hosts' },
      }),
    );
    assert.equal(c.cls, 'outside-workspace');
  });

  it('shell that needs the network: not approvable here, and the dialog says what to do', () => {
    const c = classify(
      perm({
        name: 'exec_command',
        sideEffect: 'shell',
        reason: 'network access requires approval',
        risk: { level: 'critical', categories: ['network', 'shell'] },
      }),
    );
    assert.equal(c.cls, 'shell-network');
    assert.deepEqual(c.choices, ['deny']);
    assert.match(c.note!, /"sandbox": \{"network": "allow"\}/);
  });

  it('destructive or escalated shell: allow once only (one unsafe run)', () => {
    for (const reason of [
      'destructive shell command requires approval',
      'This command needs to run outside the sandbox.',
    ]) {
      const c = classify(perm({ name: 'bash', sideEffect: 'shell', reason }));
      assert.equal(c.cls, 'dangerous-shell', reason);
      assert.deepEqual(c.choices, ['allow-once', 'deny']);
      assert.match(c.note!, /unsafe mode/);
    }
  });

  it('hard denies and persistent denies are decisions, never questions', () => {
    const hard = classify(
      perm({
        event: 'permission_decision',
        action: 'deny',
        permissionGranted: true,
        block: { code: 'network', recoverable: false },
      }),
    );
    assert.equal(hard.cls, 'hard-deny');
    assert.deepEqual(hard.choices, []);
    const persistent = classify(
      perm({ event: 'permission_decision', action: 'deny', block: { code: 'persistent_deny' } }),
    );
    assert.equal(persistent.cls, 'persistent-deny');
    assert.match(persistent.note!, /Manage Approvals/);
    assert.equal(classify(perm({ event: 'permission_decision', action: 'allow' })).cls, 'info');
  });
});

describe('approval policy: the follow-up run', () => {
  const approvedFetch: Approved = {
    item: perm({ name: 'web_fetch' }),
    choice: 'allow-once',
    args: { url: 'https://example.com' },
  };
  const approvedOutside: Approved = {
    item: perm({
      toolId: 'c2',
      name: 'write_file',
      sideEffect: 'write',
      block: { code: 'outside_workspace', path: '/tmp/out/notes.txt' },
    }),
    choice: 'always-allow',
    args: { path: '/tmp/out/notes.txt' },
    folder: '/tmp/out',
  };
  const approvedRm: Approved = {
    item: perm({
      toolId: 'c3',
      name: 'bash',
      sideEffect: 'shell',
      reason: 'destructive shell command requires approval',
    }),
    choice: 'allow-once',
    args: { command: 'rm -rf build' },
  };

  it('collects the narrowest elevation for several approvals into one run', () => {
    const el = elevationFor([approvedFetch, approvedOutside, approvedRm], RULES);
    assert.deepEqual(el, {
      onceTools: ['web_fetch'],
      alwaysTools: [],
      addDirs: ['/tmp/out'],
      rememberDirs: ['/tmp/out'],
      unsafeOnce: true,
    });
  });

  it('always allow wins over allow once for the same tool', () => {
    const el = elevationFor([approvedFetch, { ...approvedFetch, choice: 'always-allow' }], RULES);
    assert.deepEqual(el.onceTools, []);
    assert.deepEqual(el.alwaysTools, [{ tool: 'web_fetch' }]);
  });

  it('the retry message names each approved call and its target', () => {
    const text = retryPrompt([approvedFetch, approvedOutside, approvedRm]);
    assert.match(text, /approved these tool calls/);
    assert.match(text, /- web_fetch \(https:\/\/example.com\)/);
    assert.match(text, /- write_file \(\/tmp\/out\/notes.txt\)/);
    assert.match(text, /- bash \(rm -rf build\)/);
  });

  it('pickTarget reads command, url or path, and raw string args', () => {
    assert.equal(pickTarget({ cmd: ['git', 'status'] }), 'git status');
    assert.equal(pickTarget('raw args'), 'raw args');
    assert.equal(pickTarget(null), null);
  });

  it('argv: resume the same session, add the approved folder, and switch to unsafe only for that run', () => {
    const r = planRun({
      settings: zeroSettings({ mode: 'ask', autonomy: 'medium' }),
      folder: '/ws',
      otherFolders: [],
      sessionId: 'zero_1',
      trusted: true,
      elevation: { addDirs: ['/tmp/out'], unsafe: true },
    });
    assert.ok(r.ok);
    const args = r.plan.args;
    assert.deepEqual(args.slice(0, 9), [
      'exec',
      '-o',
      'stream-json',
      '-i',
      'stream-json',
      '--no-notify',
      '--no-completion-gate',
      '--cwd',
      '/ws',
    ]);
    assert.ok(args.includes('--resume=zero_1'));
    assert.deepEqual(args.slice(args.indexOf('--permission-mode'), args.indexOf('--permission-mode') + 2), [
      '--permission-mode',
      'unsafe',
    ]);
    // Kept beside the unsafe mode: Zero offers Task only at medium or high, and an approved Task is retried.
    assert.deepEqual(args.slice(args.indexOf('--auto'), args.indexOf('--auto') + 2), ['--auto', 'medium']);
    assert.deepEqual(args.slice(args.indexOf('--add-dir'), args.indexOf('--add-dir') + 2), ['--add-dir', '/tmp/out']);
  });

  it('argv: a normal run keeps the user mode and never adds unsafe', () => {
    const r = planRun({
      settings: zeroSettings({ mode: 'ask' }),
      folder: '/ws',
      otherFolders: [],
      sessionId: null,
      trusted: true,
    });
    assert.ok(r.ok);
    assert.ok(r.plan.args.includes('ask'));
    assert.ok(!r.plan.args.includes('unsafe'));
    assert.ok(!r.plan.args.some((a) => a.startsWith('--resume')));
  });

  it('Restricted Mode: read-only plan runs, no elevation, no extra args', () => {
    const r = planRun({
      settings: zeroSettings({ mode: 'unsafe', extraArgs: ['--max-turns', '3'], addDirs: ['/x'] }),
      folder: '/ws',
      otherFolders: [],
      sessionId: null,
      trusted: false,
      elevation: { addDirs: ['/y'], unsafe: true },
    });
    assert.ok(r.ok);
    assert.ok(r.plan.args.includes('--plan'));
    assert.ok(
      !r.plan.args.includes('unsafe') && !r.plan.args.includes('--add-dir') && !r.plan.args.includes('--max-turns'),
    );
    assert.match(r.plan.warnings.join('\n'), /Restricted Mode/);
  });

  it('a missing binary is a clear problem, not an exception', () => {
    const r = planRun({
      settings: zeroSettings({ path: '/nowhere/zero' }),
      folder: '/ws',
      otherFolders: [],
      sessionId: null,
      trusted: true,
    });
    assert.ok(!r.ok);
    assert.equal(r.kind, 'binary');
    assert.match(r.problem, /nowhere/);
  });
});
