// Every permission option the real `zero acp` offers, answered through the product's ACP client, and
// what each one really grants (for how long, and what lands in the grants file).
import * as assert from 'node:assert/strict';
import { selected } from '../../src/acp/permissionOptions';
import type { ZeroAcp } from '../../src/acp/zeroAcp';
import { AcpChat, closeRealAcp, openRealAcp, answerOf, permissionsOf, toolsOf } from './lib/acpChat';
import { runZero, type Sandbox } from './lib/realZero';

const FETCH_OPTIONS = [
  ['allow', 'Allow', 'allow_once'],
  ['allow_for_session', 'Allow for this session', 'allow_always'],
  ['always_allow', 'Always allow', 'allow_always'],
  ['deny', 'Reject', 'reject_once'],
];

describe('real zero acp: permissions', function () {
  this.timeout(90_000);
  let sandbox: Sandbox;
  let zero: ZeroAcp;
  let chat: AcpChat;
  beforeEach(async () => ({ sandbox, zero, chat } = await openRealAcp()));
  afterEach(async () => closeRealAcp(zero, sandbox));

  it('web_fetch in auto: Zero waits for the dialog, offers its four options, and Allow runs the call in the same turn', async () => {
    let statusWhileAsked = '';
    chat.ask = async (req) => {
      statusWhileAsked = `${chat.last.status}/${permissionsOf(chat.last).at(-1)?.approval}`;
      return selected(req.options[0]!.optionId);
    };
    const turn = await chat.turn('Fetch it scenario:fetch');
    assert.equal(chat.asked.length, 1);
    const req = chat.asked[0]!;
    assert.equal(req.toolCall.title, 'web_fetch https://example.com/');
    assert.equal(req.toolCall.kind, 'fetch');
    assert.deepEqual(req.toolCall.rawInput, { url: 'https://example.com/' });
    assert.deepEqual(
      req.options.map((o) => [o.optionId, o.name, o.kind]),
      FETCH_OPTIONS,
    );
    assert.equal(statusWhileAsked, 'running/pending');
    assert.equal(turn.status, 'success');
    assert.equal(permissionsOf(turn)[0]!.approval, 'allowed-once');
    // The fetch ran (this machine has no DNS, so it fails there), rather than being refused.
    assert.doesNotMatch(toolsOf(turn)[0]!.output ?? '', /Permission denied/);
    assert.match(answerOf(turn), /^Calling web_fetch\.Done: tried the fetch\./);
    assert.equal(sandbox.server.completions().length, 2, 'one model turn before the tool, one after: no re-run');
  });

  it("Reject: the call is refused with Zero's words and the turn goes on", async () => {
    chat.ask = async () => selected('deny');
    const turn = await chat.turn('scenario:fetch');
    assert.equal(turn.status, 'success');
    assert.equal(toolsOf(turn)[0]!.status, 'error');
    assert.match(toolsOf(turn)[0]!.output ?? '', /^Error: Permission denied for web_fetch/);
    assert.equal(permissionsOf(turn)[0]!.approval, 'denied');
    assert.match(answerOf(turn), /The tool said: Error: Permission denied for web_fetch/);
  });

  it('an option Zero did not offer fails closed to deny', async () => {
    chat.ask = async () => selected('always_allow_everything');
    const turn = await chat.turn('scenario:fetch');
    assert.match(toolsOf(turn)[0]!.output ?? '', /Permission denied for web_fetch/);
  });

  it('Always allow writes a host grant that `zero sandbox grants list` shows, and later fetches of that host are not asked about', async () => {
    chat.ask = async () => selected('always_allow');
    await chat.turn('scenario:fetch');
    const listed = await runZero(sandbox, ['sandbox', 'grants', 'list', '--json']);
    assert.equal(listed.code, 0, listed.stderr);
    const grants = (JSON.parse(listed.stdout) as { grants: Record<string, unknown>[] }).grants;
    assert.deepEqual(
      grants.map((g) => [g.toolName, g.scope, g.scopeKind, g.decision]),
      [['web_fetch', 'example.com', 'host', 'allow']],
    );
    chat.ask = async () => assert.fail('asked again despite the grant');
    const again = await chat.turn('scenario:fetch');
    assert.equal(permissionsOf(again).length, 0, 'Zero did not ask');
    assert.doesNotMatch(toolsOf(again)[0]!.output ?? '', /Permission denied/);
    chat.ask = async () => selected('deny');
    const other = await chat.turn('scenario:fetch url=https://example.org/');
    assert.equal(permissionsOf(other).length, 1, 'a grant for one host does not cover another');
    assert.equal(chat.asked.at(-1)!.toolCall.title, 'web_fetch https://example.org/');
  });

  it('a shell command offers the prefix options (marked as running outside the sandbox here) but no "Always allow"', async () => {
    chat.ask = async () => selected('deny');
    const turn = await chat.turn('scenario:shell');
    assert.equal(
      chat.asked[0]!.toolCall.title,
      'exec_command',
      'Zero titles by path/command/url keys; exec_command has `cmd`',
    );
    assert.deepEqual(chat.asked[0]!.toolCall.rawInput, { cmd: 'echo zero-shell-ok' });
    const names = chat.asked[0]!.options.map((o) => o.name);
    assert.deepEqual(names.slice(0, 2), ['Allow', 'Allow for this session']);
    assert.equal(names.at(-1), 'Reject');
    assert.ok(
      names.includes('Allow this command for the session') ||
        names.includes('Allow this command for the session (runs outside the sandbox)'),
      names.join(),
    );
    assert.ok(!chat.asked[0]!.options.some((o) => o.optionId === 'always_allow'));
    assert.match(toolsOf(turn)[0]!.output ?? '', /Permission denied for exec_command/);
  });

  it('"Allow this command for the session" covers commands starting with it, within the prompt, and not other commands', async () => {
    chat.ask = async () => selected('allow_prefix_for_session');
    const turn = await chat.turn('scenario:double-shell cmd=echo+a then=echo+a+b');
    assert.equal(chat.asked.length, 1, '"echo a b" starts with the approved "echo a"');
    assert.deepEqual(
      toolsOf(turn).map((t) => t.output),
      ['output:\na\nexit_code: 0', 'output:\na b\nexit_code: 0'],
    );
    await chat.turn('scenario:double-shell cmd=echo+a then=echo+c');
    assert.equal(
      chat.asked.length,
      2,
      '"echo c" is another command: asked (the remembered "echo a" was answered by the chat)',
    );
    assert.equal(
      chat.asked[1]!.toolCall.rawInput && (chat.asked[1]!.toolCall.rawInput as { cmd: string }).cmd,
      'echo c',
    );
  });
});
