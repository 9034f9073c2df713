import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type * as vscode from 'vscode';
import type { Choice } from '../../../src/approvals/policy';
import type { PermissionItem } from '../../../src/conversation/model';
import { ApprovalService, type ApprovalUi } from '../../../src/host/approvals/approvalService';
import { ChatController } from '../../../src/chats/chatController';
import { ChatStore } from '../../../src/storage/chatStore';
import { FakeTransport } from '../support/fakeTransport';
import { RecordingLog, shim } from '../shim/vscode';
import { until } from '../../support/until';
import { zeroEvent, permissionRequest } from '../../support/builders';
import { chatCore } from '../../support/chatCore';

const FAKE_ZERO = path.resolve(__dirname, '../../fixtures/fake-zero/zero');

/** A dialog the test answers; it records what was asked and whether two were ever open at once. */
class ScriptedUi implements ApprovalUi {
  readonly asked: string[] = [];
  open = 0;
  maxOpen = 0;
  private pending: { name: string; answer: (c: Choice) => void }[] = [];
  unsafeAnswer = false;

  ask(item: PermissionItem): Promise<Choice> {
    this.asked.push(item.name);
    this.open++;
    this.maxOpen = Math.max(this.maxOpen, this.open);
    return new Promise((resolve) => this.pending.push({ name: item.name, answer: (c) => (this.open--, resolve(c)) }));
  }

  async confirmUnsafe(): Promise<boolean> {
    return this.unsafeAnswer;
  }

  async pickFolder(_file: string, choices: readonly string[]): Promise<string | undefined> {
    return choices[0];
  }

  /** Answer the open dialog (it must be about `name`). */
  answer(name: string, choice: Choice): void {
    const p = this.pending.shift();
    assert.equal(p?.name, name, `the open dialog is about ${name}`);
    p!.answer(choice);
  }

  get waiting(): number {
    return this.pending.length;
  }
}

const request = (id: string, name: string) => zeroEvent(permissionRequest({ id, name }));

describe('ApprovalService (plain Node, fake transport, fake zero for grants)', () => {
  let dir: string;
  let transport: FakeTransport;
  let controller: ChatController;
  let ui: ScriptedUi;
  let service: ApprovalService;
  let log: RecordingLog;
  let waitingChanges: number;

  beforeEach(() => {
    shim.reset();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-appr-'));
    transport = new FakeTransport();
    log = new RecordingLog();
    const lg = log as unknown as vscode.LogOutputChannel;
    controller = chatCore({ dir: path.join(dir, 'chats'), folder: () => dir, transport, log: lg });
    ui = new ScriptedUi();
    service = new ApprovalService({
      controller,
      ui,
      binary: () => FAKE_ZERO,
      env: () => ({ XDG_DATA_HOME: path.join(dir, 'data'), XDG_CONFIG_HOME: path.join(dir, 'config') }),
      rememberDir: async () => undefined,
      folderRules: { home: os.homedir(), path, caseInsensitive: false },
      log: lg,
    });
    waitingChanges = 0;
    service.onDidChangeWaiting(() => waitingChanges++);
  });
  afterEach(async () => {
    service.dispose();
    controller.dispose();
    // The chat store writes asynchronously: let a write in flight land before removing its folder.
    await ChatStore.settled();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const cards = (turn = 0): PermissionItem[] =>
    controller.focus.workingChat.turns[turn]!.items.filter((i): i is PermissionItem => i.kind === 'permission');

  it('Allow once: the card says so, and after the run one follow-up turn carries a temporary grant', async () => {
    controller.send('fetch it');
    transport.last.emit(zeroEvent({ type: 'run_start', sessionId: 's1' }), request('c1', 'web_fetch'));
    await until(() => ui.waiting === 1, 'the dialog');
    assert.equal(service.busy, true);
    ui.answer('web_fetch', 'allow-once');
    await until(() => cards()[0]!.approval === 'allowed-once', 'the card records the answer');
    assert.equal(transport.turns.length, 1, 'no follow-up while the run still goes');

    transport.last.succeed('I could not fetch it.');
    await until(() => transport.turns.length === 2, 'the follow-up turn');
    const retry = transport.last.request;
    assert.equal(retry.origin, 'retry');
    assert.equal(retry.sessionId, 's1');
    const grants = retry.elevation?.env?.ZERO_SANDBOX_GRANTS_PATH;
    assert.ok(grants && fs.existsSync(grants), 'a temporary grants file for this one run');
    assert.match(fs.readFileSync(grants, 'utf8'), /web_fetch/);
    transport.last.succeed('Fetched.');
    await until(() => !fs.existsSync(grants), 'the temporary grant is removed when the run ends');
    assert.equal(service.busy, false);
    assert.ok(waitingChanges >= 2, 'the status bar heard the dialog open and close');
  });

  it('Deny: the card says denied and nothing is retried', async () => {
    controller.send('fetch it');
    transport.last.emit(request('c1', 'web_fetch'));
    await until(() => ui.waiting === 1, 'the dialog');
    ui.answer('web_fetch', 'deny');
    transport.last.succeed();
    await until(
      () => cards()[0]!.approval === 'denied' && !controller.runs.isBusy(controller.focus.workingChatId),
      'the denial and the end',
    );
    await until(() => !service.busy, 'no dialog left');
    assert.equal(transport.turns.length, 1);
  });

  it('two requests are asked one after another, never both at once, then retried in ONE turn', async () => {
    controller.send('two things');
    transport.last.emit(request('c1', 'web_fetch'), request('c2', 'web_search'));
    await until(() => ui.waiting === 1, 'the first dialog');
    transport.last.succeed();
    await until(() => !controller.runs.isBusy(controller.focus.workingChatId), 'the run ended');
    assert.equal(ui.asked.length, 1, 'the second waits for the first');
    ui.answer('web_fetch', 'allow-once');
    await until(() => ui.waiting === 1, 'the second dialog');
    assert.equal(transport.turns.length, 1, 'no follow-up before every dialog is answered');
    ui.answer('web_search', 'allow-once');
    await until(() => transport.turns.length === 2, 'one follow-up');
    assert.equal(ui.maxOpen, 1);
    assert.match(
      fs.readFileSync(transport.last.request.elevation!.env!.ZERO_SANDBOX_GRANTS_PATH!, 'utf8'),
      /web_fetch[\s\S]*web_search|web_search[\s\S]*web_fetch/,
    );
  });

  it('in the follow-up, a tool the user denied is recorded as denied again without a dialog', async () => {
    controller.send('two things');
    transport.last.emit(request('c1', 'web_fetch'), request('c2', 'web_search'));
    await until(() => ui.waiting === 1, 'the first dialog');
    ui.answer('web_fetch', 'allow-once');
    await until(() => ui.waiting === 1, 'the second dialog');
    ui.answer('web_search', 'deny');
    transport.last.succeed();
    await until(() => transport.turns.length === 2, 'the follow-up');
    transport.last.emit(request('c9', 'web_search'));
    await until(() => cards(1)[0]?.approval === 'denied', 'the repeat is denied on the card');
    assert.deepEqual(ui.asked, ['web_fetch', 'web_search']);
  });

  it("a blocking transport's requests are left to its own dialog (no exec follow-up)", async () => {
    const acp = new FakeTransport({ approvalsBlock: true, usage: false, checkpoints: false });
    controller.dispose();
    controller = chatCore({
      dir: path.join(dir, 'chats2'),
      folder: () => dir,
      transport: acp,
      log: log as unknown as vscode.LogOutputChannel,
    });
    service.dispose();
    service = new ApprovalService({
      controller,
      ui,
      binary: () => FAKE_ZERO,
      env: () => ({}),
      rememberDir: async () => undefined,
      folderRules: { home: os.homedir(), path, caseInsensitive: false },
      log: log as unknown as vscode.LogOutputChannel,
    });
    const seen: string[] = [];
    controller.runs.onPermissionRequest((r) => seen.push(r.key));
    controller.send('fetch');
    acp.last.emit(request('c1', 'web_fetch'));
    acp.last.succeed();
    await until(() => !controller.runs.isBusy(controller.focus.workingChatId), 'the run ended');
    assert.deepEqual(seen, ['permission_request:c1']);
    assert.deepEqual(ui.asked, []);
    assert.equal(acp.turns.length, 1);
  });
});
