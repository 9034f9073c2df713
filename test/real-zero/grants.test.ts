// "Always allow" on exec, against the real Zero: the product's approval flow (ApprovalService over the
// real exec transport) saves the grant through Zero, `zero sandbox grants list` shows it, the follow-up
// run uses it, and a new chat (a new session) is not asked again: the tool runs.
import './lib/editorApis';
import * as assert from 'node:assert/strict';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Choice } from '../../src/approvals/policy';
import type { PermissionItem, ToolItem, Turn } from '../../src/conversation/model';
import { ApprovalService, type ApprovalUi } from '../../src/host/approvals/approvalService';
import { listApprovals } from '../../src/zero/grants/grants';
import { productHost, sandboxEnv, type ProductHost } from './lib/productHost';
import { makeSandbox, realZeroBin, type Sandbox } from './lib/realZero';
import { until } from '../support/until';

const FETCH = 'get the page scenario:fetch url=https://example.com/page';
const APPROVAL_REQUIRED = /Sandbox approval required for web_fetch/;

/** The user: answers every dialog with `choice`, and records what was asked. */
class User implements ApprovalUi {
  readonly asked: string[] = [];
  constructor(private readonly choice: Choice) {}
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

const tools = (turn: Turn, name: string): ToolItem[] =>
  turn.items.filter((i): i is ToolItem => i.kind === 'tool' && i.name === name);
const permissions = (turn: Turn): PermissionItem[] =>
  turn.items.filter((i): i is PermissionItem => i.kind === 'permission');

describe('real Zero: Always allow persists in Zero', () => {
  let sandbox: Sandbox;
  let host: ProductHost;
  let service: ApprovalService;
  let user: User;

  const start = (choice: Choice): void => {
    user = new User(choice);
    service = new ApprovalService({
      controller: host.controller,
      ui: user,
      binary: () => realZeroBin(),
      env: () => sandboxEnv(sandbox),
      rememberDir: async () => undefined,
      folderRules: { home: os.homedir(), path, caseInsensitive: false },
      log: host.log,
    });
  };
  /** Sends, then waits for the follow-up turn the approval starts (if any) to end too. */
  const sendAndSettle = async (text: string): Promise<Turn[]> => {
    const before = host.controller.focus.workingChat.turns.length;
    await host.send(text);
    // A follow-up starts once its grant is saved (a `zero approvals` run): not busy, not applying.
    await until(
      () => !service.busy && !service.applying && !host.controller.runs.isBusy(host.controller.focus.workingChatId),
      'dialogs and follow-ups to finish',
      60_000,
    );
    await host.idle();
    return host.controller.focus.workingChat.turns.slice(before);
  };

  beforeEach(async () => {
    sandbox = await makeSandbox();
    host = productHost(sandbox);
  });
  afterEach(async () => {
    service.dispose();
    await host.dispose();
    await sandbox.dispose();
  });

  it('Always allow on web_fetch: Zero lists the grant, the retry runs the tool, and a new chat is not asked', async () => {
    start('always-allow');
    const [asked, retry] = await sendAndSettle(FETCH);
    assert.equal(permissions(asked!)[0]?.approval, 'always-allowed', 'the card records the answer');
    assert.match(
      tools(asked!, 'web_fetch')[0]?.output ?? '',
      APPROVAL_REQUIRED,
      'headless Zero refused the first call',
    );
    assert.deepEqual(user.asked, ['web_fetch']);

    const listed = await listApprovals(realZeroBin(), sandboxEnv(sandbox));
    assert.deepEqual(
      listed.grants.map((g) => [g.toolName, g.scope ?? '', g.decision, g.reason]),
      [['web_fetch', '', 'allow', 'VS Code: always allow']],
    );
    assert.deepEqual(listed.commandPrefixes, []);

    assert.equal(retry?.origin, 'retry', 'one follow-up run applies the approval');
    const retried = tools(retry!, 'web_fetch')[0];
    assert.ok(retried, 'the model called web_fetch again');
    assert.doesNotMatch(retried.output ?? '', APPROVAL_REQUIRED, 'this time Zero ran it');
    assert.ok(!permissions(retry!).some((p) => p.approval === 'pending'), 'nothing to answer in the retry');

    // A new chat is a new Zero session: the persistent grant still applies.
    host.controller.focus.newChat();
    const firstSession = retry!.run.sessionId;
    const [fresh, extra] = await sendAndSettle(FETCH);
    assert.notEqual(fresh!.run.sessionId, firstSession);
    assert.equal(extra, undefined, 'no follow-up run');
    assert.deepEqual(user.asked, ['web_fetch'], 'no second dialog');
    assert.ok(!permissions(fresh!).some((p) => p.event === 'permission_request'), 'Zero did not ask');
    assert.ok(
      permissions(fresh!).some((p) => p.action === 'allow' && p.name === 'web_fetch'),
      'Zero allowed it by the grant',
    );
    assert.doesNotMatch(tools(fresh!, 'web_fetch')[0]?.output ?? 'missing', APPROVAL_REQUIRED);
  });

  it("Allow once leaves nothing in Zero's grants, so a new chat is asked again", async () => {
    start('allow-once');
    const [, retry] = await sendAndSettle(FETCH);
    assert.doesNotMatch(
      tools(retry!, 'web_fetch')[0]?.output ?? 'missing',
      APPROVAL_REQUIRED,
      'the one follow-up ran it',
    );
    assert.deepEqual((await listApprovals(realZeroBin(), sandboxEnv(sandbox))).grants, []);
    host.controller.focus.newChat();
    const [fresh] = await sendAndSettle(FETCH);
    assert.deepEqual(user.asked, ['web_fetch', 'web_fetch']);
    assert.match(tools(fresh!, 'web_fetch')[0]?.output ?? '', APPROVAL_REQUIRED);
  });
});
