// ACP's permission cards against the real `zero acp` 0.8.0: after Zero's own "Always allow" the card names
// exactly the rule `zero sandbox grants list --json` then shows; a later question Zero asks despite it says
// when it was allowed (Zero's approvedAt) and why, where the request tells; where it cannot (Zero's ACP
// question carries no reason), the card says Zero did not say why, while exec's card for the same call can.
import * as assert from 'node:assert/strict';
import type * as acp from '@agentclientprotocol/sdk';
import { selected } from '../../src/acp/permissionOptions';
import type { ZeroAcp } from '../../src/acp/zeroAcp';
import type { PermissionItem } from '../../src/conversation/model';
import { ruleLines } from '../../src/conversation/permissionRules';
import { listApprovals } from '../../src/zero/grants/grants';
import { runZeroCli } from '../../src/zero/zeroCli';
import { RulesReader } from '../../src/zero/grants/grantRules';
import { AcpChat, closeRealAcp, openRealAcp, permissionsOf } from './lib/acpChat';
import { realZeroBin, runZero, execArgs, type Sandbox } from './lib/realZero';

const pick =
  (id: string) =>
  async (req: acp.RequestPermissionRequest): Promise<acp.RequestPermissionResponse> =>
    selected(req.options.some((o) => o.optionId === id) ? id : 'deny');
const UTC = '\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC';

describe('real zero acp: what the cards say about the rules Zero stored', function () {
  this.timeout(90_000);
  let sandbox: Sandbox;
  let zero: ZeroAcp;
  let chat: AcpChat;
  beforeEach(async () => {
    ({ sandbox, zero, chat } = await openRealAcp());
    chat.rules = new RulesReader(() => ({ binary: realZeroBin(), env: sandbox.env }));
  });
  afterEach(async () => closeRealAcp(zero, sandbox));

  it('Always allow on web_fetch: the host rule Zero lists; another host later: "always allowed at" and why', async () => {
    chat.ask = pick('always_allow');
    const first = await chat.turn('scenario:fetch url=https://example.com/a');
    const card = permissionsOf(first)[0]!;
    assert.equal(card.approval, 'always-allowed');
    const listed = await listApprovals(realZeroBin(), sandbox.env);
    assert.equal(listed.grants.length, 1);
    const g = listed.grants[0]!;
    assert.deepEqual([g.toolName, g.scope, g.scopeKind], ['web_fetch', 'example.com', 'host']);
    assert.deepEqual(card.rule, {
      kind: 'grant',
      tool: 'web_fetch',
      scope: 'example.com',
      scopeKind: 'host',
      approvedAt: Date.parse(g.approvedAt!),
      file: sandbox.grantsPath,
      at: card.rule!.at,
    });
    assert.match(
      ruleLines(card).stored!,
      new RegExp(`^Zero stored the rule: web_fetch, host example\\.com, approved ${UTC}, in `),
    );
    assert.doesNotMatch(ruleLines(card).stored!, /Over exec/);

    chat.ask = pick('deny');
    const other = await chat.turn('scenario:fetch url=https://example.org/b');
    const again = permissionsOf(other)[0]!;
    assert.equal(again.acp?.title, 'web_fetch https://example.org/b', 'Zero asked despite the example.com rule');
    assert.deepEqual(
      [again.askedAgain?.from, again.askedAgain?.allowedAt, again.askedAgain?.said],
      ['zero', Date.parse(g.approvedAt!), true],
    );
    assert.match(
      ruleLines(again).askedAgain!,
      new RegExp(
        `^Always allowed at ${UTC} \\(Zero's rule: web_fetch, host example\\.com\\)\\. Why Zero asks again: This call is for host example\\.org, which no rule covers`,
      ),
    );
  });

  it('Always allow this command: the prefix Zero lists; a command it does not cover names the part', async () => {
    chat.ask = pick('always_allow_prefix');
    const first = await chat.turn('scenario:shell cmd=echo+hello+world');
    const card = permissionsOf(first)[0]!;
    const listed = await listApprovals(realZeroBin(), sandbox.env);
    assert.deepEqual(
      listed.commandPrefixes.map((p) => p.prefix),
      [['echo', 'hello', 'world']],
    );
    assert.equal(card.rule?.kind, 'prefix');
    assert.deepEqual(card.rule?.kind === 'prefix' && card.rule.prefix, ['echo', 'hello', 'world']);
    assert.match(
      ruleLines(card).stored!,
      /^Zero stored the rule: exec_command, commands starting with "echo hello world", approved /,
    );

    chat.ask = pick('deny');
    const date = await chat.turn('scenario:shell cmd=date');
    const again: PermissionItem = permissionsOf(date)[0]!;
    assert.match(
      again.askedAgain?.reason ?? '',
      /^"date" does not start with "echo hello world", and Zero asks about every command no rule covers\.$/,
    );
  });

  it('covered by a tool-wide rule yet asked (shell network): ACP cannot tell why and says so; exec’s request can', async () => {
    assert.equal(
      (await runZeroCli(realZeroBin(), ['sandbox', 'grants', 'allow', 'exec_command'], sandbox.env)).code,
      0,
    );
    chat.ask = pick('deny');
    const turn = await chat.turn('scenario:shell cmd=curl+https://example.com/');
    const card = permissionsOf(turn)[0]!;
    assert.equal(card.askedAgain?.said, false);
    assert.match(card.askedAgain!.reason, /^Zero did not say why: its ACP question carries no reason\./);
    assert.match(
      ruleLines(card).askedAgain!,
      new RegExp(`^Always allowed at ${UTC} \\(Zero's rule: exec_command, every call`),
    );
    // The same call over exec: Zero's permission_request says why.
    const exec = await runZero(sandbox, execArgs('scenario:shell cmd=curl+https://example.com/'));
    const request = exec.events.find((e) => e.type === 'permission_request');
    assert.equal(request?.reason, 'network access requires approval');
  });
});
