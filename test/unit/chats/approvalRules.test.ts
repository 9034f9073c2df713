/** exec's cards and Zero's stored rules: what Always allow stored, and why Zero asks again (fake transport, fake zero). */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type * as vscode from 'vscode';
import type { Choice } from '../../../src/approvals/policy';
import { ChatController } from '../../../src/chats/chatController';
import type { PermissionItem } from '../../../src/conversation/model';
import { ApprovalRules } from '../../../src/chats/approvalRules';
import { ApprovalService, type ApprovalUi } from '../../../src/host/approvals/approvalService';
import { ChatStore } from '../../../src/storage/chatStore';
import { runZeroCli } from '../../../src/zero/zeroCli';
import { RulesReader } from '../../../src/zero/grants/grantRules';
import { FakeTransport } from '../support/fakeTransport';
import { RecordingLog, shim } from '../shim/vscode';
import { until } from '../../support/until';
import { zeroEvent, permissionRequest } from '../../support/builders';
import { chatCore } from '../../support/chatCore';

const FAKE_ZERO = path.resolve(__dirname, '../../fixtures/fake-zero/zero');

class Always implements ApprovalUi {
  constructor(public choice: Choice = 'always-allow') {}
  async ask(): Promise<Choice> {
    return this.choice;
  }
  async confirmUnsafe(): Promise<boolean> {
    return false;
  }
  async pickFolder(_f: string, choices: readonly string[]): Promise<string | undefined> {
    return choices[0];
  }
}

describe('ApprovalRules (exec: fake transport, fake zero for grants)', function () {
  this.timeout(20000);
  let dir: string;
  let env: Record<string, string>;
  let transport: FakeTransport;
  let controller: ChatController;
  let rules: ApprovalRules;
  let service: ApprovalService;

  const start = (binary: string): void => {
    shim.reset();
    transport = new FakeTransport();
    const log = new RecordingLog() as unknown as vscode.LogOutputChannel;
    controller = chatCore({ dir: path.join(dir, 'chats'), folder: () => dir, transport, log });
    rules = new ApprovalRules({ controller, rules: new RulesReader(() => ({ binary, env }), 0), log });
    service = new ApprovalService({
      controller,
      ui: new Always(),
      binary: () => binary,
      env: () => env,
      rememberDir: async () => undefined,
      folderRules: { home: os.homedir(), path, caseInsensitive: false },
      log,
      rules,
    });
  };
  beforeEach(function () {
    if (process.platform === 'win32') this.skip();
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'zero-rules-')));
    env = { XDG_DATA_HOME: path.join(dir, 'data'), XDG_CONFIG_HOME: path.join(dir, 'config'), HOME: dir };
  });
  afterEach(async () => {
    service?.dispose();
    rules?.dispose();
    controller?.dispose();
    await ChatStore.settled();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const cards = (turn: number): PermissionItem[] =>
    controller.focus.workingChat.turns[turn]!.items.filter((i): i is PermissionItem => i.kind === 'permission');
  const ask = (id: string, name: string, extra: Record<string, unknown> = {}) =>
    zeroEvent(permissionRequest({ id, name, ...extra }));

  it('Always allow: the card names the tool-wide grant Zero lists, with its time and file; the chat file keeps it', async () => {
    start(FAKE_ZERO);
    controller.send('fetch it');
    transport.last.emit(zeroEvent({ type: 'run_start', sessionId: 's1', cwd: dir }), ask('c1', 'web_fetch'));
    await until(() => cards(0)[0]?.approval === 'always-allowed', 'the answer');
    transport.last.succeed('I could not fetch it.');
    await until(() => cards(0)[0]?.rule !== undefined, 'the rule read back');
    const rule = cards(0)[0]!.rule!;
    assert.equal(rule.kind, 'grant');
    if (rule.kind !== 'grant') return;
    assert.deepEqual([rule.tool, rule.scope, rule.scopeKind], ['web_fetch', null, null]);
    assert.equal(rule.file, path.join(dir, 'config', 'zero', 'sandbox-grants.json'));
    assert.ok(rule.approvedAt !== null && Math.abs(rule.approvedAt - Date.now()) < 10_000);
    const id = controller.focus.workingChat.id;
    await ChatStore.settled();
    const saved = new ChatStore(path.join(dir, 'chats'), () => undefined).load(id);
    const back = saved?.turns[0]?.items.find((i): i is PermissionItem => i.kind === 'permission');
    assert.deepEqual(back?.rule, rule, 'the rule survives a reload');
  });

  it('a later request for a tool Zero has a rule for: "always allowed at" Zero’s time, and Zero’s reason', async () => {
    start(FAKE_ZERO);
    const granted = await runZeroCli(FAKE_ZERO, ['sandbox', 'grants', 'allow', 'exec_command', '--json'], env);
    const approvedAt = (JSON.parse(granted.stdout) as { grant: { approvedAt: string } }).grant.approvedAt;
    (service as unknown as { d: { ui: Always } }).d.ui.choice = 'deny';
    controller.send('curl it');
    transport.last.emit(
      zeroEvent({ type: 'run_start', sessionId: 's1', cwd: dir }),
      zeroEvent({ type: 'tool_call', id: 'c1', name: 'exec_command', args: { cmd: 'curl https://x.dev' } }),
      ask('c1', 'exec_command', { reason: 'network access requires approval', sideEffect: 'shell' }),
    );
    await until(() => cards(0)[0]?.askedAgain !== undefined, 'the note');
    const note = cards(0)[0]!.askedAgain!;
    assert.deepEqual(
      [note.from, note.allowedAt, note.rule],
      ['zero', Date.parse(approvedAt), 'exec_command, every call (tool-wide)'],
    );
    assert.match(note.reason, /^The command uses the network/);
    transport.last.succeed('Refused.');
  });

  it('Zero refuses to store the grant: the card says no rule was stored, with Zero’s words', async () => {
    // A zero whose `grants allow` fails and whose list is empty.
    const bin = path.join(dir, 'zero');
    fs.writeFileSync(
      bin,
      `#!/usr/bin/env node\nconst a = process.argv.slice(2).join(' ');\nif (a.includes('grants allow')) { process.stderr.write('grants file is locked'); process.exit(1); }\nprocess.stdout.write(a.includes('grants list') ? '{"grants":[]}' : '');\n`,
      { mode: 0o755 },
    );
    start(bin);
    controller.send('fetch it');
    transport.last.emit(zeroEvent({ type: 'run_start', sessionId: 's1', cwd: dir }), ask('c1', 'web_fetch'));
    await until(() => cards(0)[0]?.approval === 'always-allowed', 'the answer');
    transport.last.succeed('I could not fetch it.');
    await until(() => cards(0)[0]?.rule !== undefined, 'the rule line');
    const rule = cards(0)[0]!.rule!;
    assert.equal(rule.kind, 'none');
    assert.match(rule.kind === 'none' ? rule.why : '', /^Zero did not store the rule: .*grants file is locked/);
    assert.equal(transport.turns.length, 1, 'no follow-up run');
  });
});
