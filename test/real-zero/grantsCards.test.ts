// exec's permission cards against the real Zero 0.8.0: after "Always allow" the card names exactly the rule
// `zero sandbox grants list --json` shows; a later request Zero asks despite that rule says when it was
// allowed (Zero's approvedAt) and Zero's reason (its permission_request carries it).
import './lib/editorApis';
import * as assert from 'node:assert/strict';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Choice } from '../../src/approvals/policy';
import type { PermissionItem, Turn } from '../../src/conversation/model';
import { ruleLines } from '../../src/conversation/permissionRules';
import { ApprovalRules } from '../../src/chats/approvalRules';
import { ApprovalService, type ApprovalUi } from '../../src/host/approvals/approvalService';
import { listApprovals } from '../../src/zero/grants/grants';
import { runZeroCli } from '../../src/zero/zeroCli';
import { RulesReader } from '../../src/zero/grants/grantRules';
import { productHost, sandboxEnv, type ProductHost } from './lib/productHost';
import { makeSandbox, realZeroBin, type Sandbox } from './lib/realZero';
import { until } from '../support/until';

class User implements ApprovalUi {
  readonly asked: string[] = [];
  constructor(public choice: Choice) {}
  async ask(item: PermissionItem): Promise<Choice> {
    this.asked.push(item.name);
    return this.choice;
  }
  async confirmUnsafe(): Promise<boolean> {
    return false;
  }
  async pickFolder(): Promise<string | undefined> {
    return undefined;
  }
}

const cardsOf = (turn: Turn): PermissionItem[] =>
  turn.items.filter((i): i is PermissionItem => i.kind === 'permission' && i.event === 'permission_request');

describe('real Zero: what exec cards say about the rules Zero stored', () => {
  let sandbox: Sandbox;
  let host: ProductHost;
  let service: ApprovalService;
  let rules: ApprovalRules;
  let user: User;

  const start = (choice: Choice): void => {
    user = new User(choice);
    const env = sandboxEnv(sandbox);
    rules = new ApprovalRules({
      controller: host.controller,
      rules: new RulesReader(() => ({ binary: realZeroBin(), env })),
      log: host.log,
    });
    service = new ApprovalService({
      controller: host.controller,
      ui: user,
      binary: () => realZeroBin(),
      env: () => env,
      rememberDir: async () => undefined,
      folderRules: { home: os.homedir(), path, caseInsensitive: false },
      log: host.log,
      rules,
    });
  };
  /** Sends, then waits for the follow-up run and the cards' read-backs. */
  const settle = async (text: string, done: (turns: Turn[]) => boolean): Promise<Turn[]> => {
    const before = host.controller.focus.workingChat.turns.length;
    await host.send(text);
    const now = () => host.controller.focus.workingChat.turns.slice(before);
    await until(() => !service.busy && done(now()), 'the dialogs, the follow-up and the read-backs', 60_000);
    await host.idle();
    return now();
  };

  beforeEach(async () => {
    sandbox = await makeSandbox();
    host = productHost(sandbox);
  });
  afterEach(async () => {
    service.dispose();
    rules.dispose();
    await host.dispose();
    await sandbox.dispose();
  });

  it('Always allow on web_fetch: the card names the rule `zero sandbox grants list --json` shows, its time and file', async () => {
    start('always-allow');
    const [asked] = await settle('scenario:fetch url=https://example.com/page', (t) =>
      Boolean(t[0] && cardsOf(t[0])[0]?.rule),
    );
    const card = cardsOf(asked!)[0]!;
    assert.equal(card.approval, 'always-allowed');
    const listed = await listApprovals(realZeroBin(), sandboxEnv(sandbox));
    assert.equal(listed.grants.length, 1);
    const g = listed.grants[0]!;
    assert.deepEqual(card.rule, {
      kind: 'grant',
      tool: g.toolName,
      scope: g.scope ?? null,
      scopeKind: g.scopeKind ?? null,
      approvedAt: Date.parse(g.approvedAt!),
      file: sandbox.grantsPath,
      at: card.rule!.at,
    });
    assert.match(
      ruleLines(card).stored!,
      /^Zero stored the rule: web_fetch, every call \(tool-wide\), approved \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC, in .*sandbox-grants\.json\. Over exec, Always allow can store only a rule for the whole tool\.$/,
    );
  });

  it('Always allow on a shell command, then a command that needs the network: "always allowed at" Zero’s time, and the network reason', async () => {
    start('always-allow');
    const [first] = await settle('scenario:shell cmd=echo+zero-rule-ok', (t) =>
      Boolean(t[0] && (cardsOf(t[0]).length === 0 || cardsOf(t[0])[0]?.rule)),
    );
    // Without a native sandbox (bubblewrap) Zero asks about every shell command; with one, it runs unasked.
    if (cardsOf(first!).length === 0)
      assert.equal(
        (await runZeroCli(realZeroBin(), ['sandbox', 'grants', 'allow', 'exec_command'], sandboxEnv(sandbox))).code,
        0,
      );
    else assert.equal(cardsOf(first!)[0]!.rule?.kind, 'grant');
    const [grant] = (await listApprovals(realZeroBin(), sandboxEnv(sandbox))).grants;
    assert.equal(grant?.toolName, 'exec_command');

    user.choice = 'deny';
    const [again] = await settle('scenario:shell cmd=curl+https://example.com/', (t) =>
      Boolean(t[0] && cardsOf(t[0])[0]?.askedAgain),
    );
    const card = cardsOf(again!)[0]!;
    assert.equal(card.reason, 'network access requires approval', 'Zero asked despite the grant, and said why');
    assert.deepEqual(
      [card.askedAgain!.from, card.askedAgain!.allowedAt, card.askedAgain!.said],
      ['zero', Date.parse(grant!.approvedAt!), true],
    );
    const line = ruleLines(card).askedAgain!;
    assert.match(
      line,
      /^Always allowed at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \(Zero's rule: exec_command, every call \(tool-wide\)\)\. Why Zero asks again: The command uses the network/,
    );

    // A destructive command: also asked despite the grant, for its own reason.
    const [destructive] = await settle('scenario:shell cmd=rm+-rf+/', (t) =>
      Boolean(t[0] && cardsOf(t[0])[0]?.askedAgain),
    );
    assert.match(cardsOf(destructive!)[0]!.askedAgain!.reason, /^The command is destructive/);
  });
});
