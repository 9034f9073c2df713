// The fake zero's sandbox as its stream shows it (docs/zero-exec.md): permission requests and decisions,
// the unsafe warning, and persistent grants (allow, revoke, deny).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  assertEnvelope,
  exec,
  type Json,
  mapLimit,
  ofType,
  one,
  runFake,
  sandbox,
  useFakeZeroSandbox,
} from '../support/fakeZeroRun';

describe('fake zero (test double for `zero exec -o stream-json`)', function () {
  this.timeout(20000);
  useFakeZeroSandbox();

  it('permission events: parallel reads, outside workspace, shell network, destructive, hard deny', async () => {
    const outsideDir = path.join(sandbox, 'outside');
    fs.mkdirSync(outsideDir);
    const outsideFile = path.join(outsideDir, 'notes.txt');
    const env = { FAKE_ZERO_OUTSIDE_PATH: outsideFile };
    const [parallel, outside, outsideAdded, network, networkUnsafe, destructive, destructiveUnsafe, hardDeny] =
      await mapLimit(
        [
          ['scenario:parallel-reads', []],
          ['scenario:outside-workspace', []],
          ['scenario:outside-workspace', ['--add-dir', outsideDir]],
          ['scenario:shell-network', []],
          ['scenario:shell-network', ['--skip-permissions-unsafe']],
          ['scenario:destructive', []],
          ['scenario:destructive', ['--auto', 'high']],
          ['scenario:hard-deny', []],
        ] as Array<[string, string[]]>,
        4,
        ([prompt, extra]) => exec(prompt, extra, { env }),
      );
    for (const [i, result] of [
      parallel,
      outside,
      outsideAdded,
      network,
      networkUnsafe,
      destructive,
      destructiveUnsafe,
      hardDeny,
    ].entries()) {
      assert.equal(result.code, 0, `run ${i}: gate-safe wording ends success\n${result.stdout}`);
      assertEnvelope(result, `run ${i}`);
    }

    // parallel read batch: the permission event precedes its tool_call
    const types = parallel.events.map((e) => e.type);
    const request = one(parallel, 'permission_request');
    const callIndex = parallel.events.findIndex((e) => e.type === 'tool_call' && e.id === request.id);
    assert.ok(types.indexOf('permission_request') < callIndex);
    assert.equal(request.permissionGranted, true);
    assert.equal(request.permission, 'allow');
    assert.equal((request.block as { [k: string]: Json }).code, 'outside_workspace');

    const prompt = one(outside, 'permission_request');
    assert.equal(prompt.permissionGranted, false);
    assert.equal(
      prompt.reason,
      `Writing to ${outsideFile} requires access outside the workspace. Use /add-dir or --add-dir to allow writes there.`,
    );
    assert.deepEqual(prompt.block, {
      action: 'prompt',
      code: 'outside_workspace',
      path: outsideFile,
      reason: prompt.reason,
      recoverable: true,
      risk: prompt.risk,
      toolName: 'write_file',
    });
    assert.match(
      String(ofType(outside, 'tool_result')[0].output),
      /^Error: Sandbox approval required for write_file: /,
    );
    const allowed = one(outsideAdded, 'permission_decision');
    assert.equal(allowed.action, 'allow');
    assert.equal(ofType(outsideAdded, 'tool_result')[0].status, 'ok');
    assert.deepEqual(ofType(outsideAdded, 'tool_result')[0].changedFiles, [outsideFile]);

    const netPrompt = one(network, 'permission_request');
    assert.equal(netPrompt.reason, 'network access requires approval');
    assert.deepEqual(netPrompt.risk, {
      categories: ['network', 'shell'],
      level: 'critical',
      reason: 'critical risk: network, shell',
    });
    assert.ok(!('block' in netPrompt));
    const netDeny = one(networkUnsafe, 'permission_decision');
    assert.equal(netDeny.action, 'deny');
    assert.equal(netDeny.permissionGranted, true);
    assert.equal((netDeny.block as { [k: string]: Json }).code, 'network');
    assert.equal((netDeny.block as { [k: string]: Json }).recoverable, false);
    assert.equal(
      ofType(networkUnsafe, 'tool_result')[0].output,
      'Sandbox block [network] for exec_command: network access requires approval',
    );

    assert.equal(one(destructive, 'permission_request').reason, 'destructive shell command requires approval');
    assert.equal(one(destructiveUnsafe, 'permission_decision').action, 'allow');
    assert.ok(!('reason' in one(destructiveUnsafe, 'permission_decision')), 'generic shell reason is omitted');
    assert.equal(ofType(destructiveUnsafe, 'tool_result')[0].status, 'ok');

    const hard = one(hardDeny, 'permission_decision');
    assert.equal(hard.action, 'deny');
    assert.equal((hard.block as { [k: string]: Json }).code, 'symlink_traversal');
    assert.match(
      String(ofType(hardDeny, 'tool_result')[0].output),
      /^Sandbox block \[symlink_traversal\] for read_file at /,
    );
  });

  it('writes the unsafe warning right after run_start, naming the flag', async () => {
    const cases: Array<[string[], string]> = [
      [['--skip-permissions-unsafe'], '--skip-permissions-unsafe'],
      [['--permission-mode', 'unsafe'], '--permission-mode unsafe'],
      [['--auto', 'high'], '--auto high'],
    ];
    await mapLimit(cases, 3, async ([flags, named]) => {
      const result = await exec('scenario:unsafe-warning', flags);
      assertEnvelope(result, named);
      assert.equal(result.events[1].type, 'warning');
      assert.equal(result.events[1].message, `Unsafe permissions are active for this run because ${named} was passed.`);
    });
  });

  it('grants: allow lets web_fetch run, revoke refuses it again, deny blocks it', async () => {
    const refused = await exec('scenario:needs-grant', ['--no-completion-gate']);
    const request = one(refused, 'permission_request');
    assert.equal(request.action, 'prompt');
    assert.equal(request.permissionGranted, false);
    assert.equal(request.reason, 'Fetches remote URL content over the network.');
    assert.deepEqual(request.risk, { categories: ['network'], level: 'high', reason: 'high risk: network' });
    assert.equal(
      one(refused, 'tool_result').output,
      'Error: Sandbox approval required for web_fetch: Fetches remote URL content over the network.',
    );
    assert.match(String(one(refused, 'final').text), /^I could not fetch/);

    const allow = await runFake([
      'sandbox',
      'grants',
      'allow',
      'web_fetch',
      '--reason',
      'VS Code: allow once',
      '--json',
    ]);
    assert.equal(allow.code, 0);
    assert.equal(JSON.parse(allow.stdout).grant.toolName, 'web_fetch');
    const stored = JSON.parse(fs.readFileSync(path.join(sandbox, 'grants.json'), 'utf8'));
    assert.equal(stored.schemaVersion, 3);
    assert.equal(stored.grants.web_fetch[0].decision, 'allow');

    const granted = await exec('scenario:needs-grant');
    assert.equal(granted.code, 0);
    const decision = one(granted, 'permission_decision');
    assert.equal(decision.action, 'allow');
    assert.equal(decision.grantMatched, true);
    assert.equal(decision.reason, 'persistent sandbox allow grant matched');
    assert.equal((decision.grant as { [k: string]: Json }).toolName, 'web_fetch');
    assert.equal((decision.grant as { [k: string]: Json }).reason, 'VS Code: allow once');
    assert.equal(one(granted, 'tool_result').status, 'ok');
    assert.match(String(one(granted, 'final').text), /Example Domain/);

    const revoke = await runFake(['sandbox', 'grants', 'revoke', 'web_fetch']);
    assert.equal(revoke.stdout, 'Sandbox grants revoked: 1\n');
    const again = await exec('scenario:needs-grant', ['--no-completion-gate']);
    assert.equal(one(again, 'permission_request').action, 'prompt');

    await runFake(['sandbox', 'grants', 'deny', 'web_fetch']);
    const denied = await exec('scenario:needs-grant', ['--no-completion-gate']);
    const deny = one(denied, 'permission_decision');
    assert.equal(deny.action, 'deny');
    assert.equal((deny.block as { [k: string]: Json }).code, 'persistent_deny');
    const list = await runFake(['sandbox', 'grants', 'list', '--json']);
    assert.equal(JSON.parse(list.stdout).grants[0].decision, 'deny');
  });
});
