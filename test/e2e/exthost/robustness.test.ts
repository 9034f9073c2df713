// Hostile or huge output through the real extension host and the fake zero: a 10,000-deep
// tool_call, a 100 MB flood, and history files of the wrong shape.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { reduceChat, newChat } from '../../../src/conversation/reducer';
import { ChatController } from '../../../src/chats/chatController';
import { ChatStore } from '../../../src/storage/chatStore';
import { ExecTransport } from '../../../src/zero/exec/execTransport';
import { readSettings } from '../../../src/host/workspace/settings';
import { api, configure, exportChatTo, freshChat, lastTurn, turnDone, type Sandbox } from './helpers';
import { until } from '../../support/until';

const MB = 1024 * 1024;

describe('Robustness against hostile output (extension host, fake zero)', function () {
  let box: Sandbox;

  beforeEach(async function () {
    box = await freshChat();
  });

  it('a 10,000-deep tool_call: the turn finishes, the queued message runs, and export works', async function () {
    const a = await api();
    a.controller.send('nest it scenario:deep-args');
    a.controller.send('and then scenario:echo');
    const second = await turnDone(a, 2, 60_000);
    const first = a.controller.focus.workingChat.turns[0]!;
    assert.equal(first.status, 'success');
    const tool = first.items.find((i) => i.kind === 'tool');
    assert.ok(tool && tool.kind === 'tool' && tool.status === 'ok', 'the tool call is shown with its result');
    assert.match(JSON.stringify(tool.args), /nested deeper than 64 levels/);
    assert.equal(second.prompt, 'and then scenario:echo');
    assert.equal(second.status, 'success');

    const target = vscode.Uri.file(path.join(box.dir, 'deep.md'));
    const md = await exportChatTo(target);
    assert.match(md, /### Tool `write_json` · none — ok/);
    assert.match(md, /You said: and then scenario:echo/);

    // And it was saved: a fresh store on the same folder reads the same chat back.
    await a.store.idle();
    const reread = new ChatStore(a.store.dir, () => undefined).load(a.controller.focus.workingChat.id);
    assert.equal(reread?.turns.length, 2);
  });

  it('a 100 MB flood: the host stays bounded, the turn says what was dropped, and the chat reopens', async function () {
    this.timeout(420_000);
    const a = await api();
    await configure({ env: box.env({ FAKE_ZERO_FLOOD_MB: '100' }) });
    // The chat view is hidden during the flood: it replays every streamed action, about a minute
    // behind on 100 MB on this machine (a known limit of the view), which would stall the whole suite.
    // What it shows afterwards is the bounded chat, from a snapshot.
    await vscode.commands.executeCommand('workbench.view.explorer');
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 50);
    const started = Date.now();
    try {
      a.controller.send('flood me scenario:flood');
      await turnDone(a, 1, 220_000);
    } finally {
      clearInterval(sampler);
    }
    const t = lastTurn(a.controller.focus.workingChat);
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `[exthost] flood: ${secs} s; extension host rss ${(before.rss / MB).toFixed(0)} → peak ${(peakRss / MB).toFixed(0)} MB, heap ${(before.heapUsed / MB).toFixed(0)} → peak ${(peakHeap / MB).toFixed(0)} MB`,
    );
    assert.equal(t.status, 'success');
    const elided = t.items.find((i) => i.kind === 'elided');
    assert.ok(elided && elided.kind === 'elided', 'a notice says what was dropped');
    assert.ok(elided.text > 50 * MB && elided.reasoning > 10 * MB && elided.tool > 5 * MB, JSON.stringify(elided));
    const first = t.items.find((i) => i.kind === 'text');
    assert.ok(first && first.kind === 'text' && first.text.startsWith('FLOOD-START'), 'the start is kept');
    const last = t.items.findLast((i) => i.kind === 'text');
    assert.ok(last && last.kind === 'text' && last.text.endsWith('FLOOD-END'), 'the end is kept');
    const kept = JSON.stringify(a.controller.focus.workingChat).length;
    assert.ok(kept < 20 * MB, `the chat holds ${(kept / MB).toFixed(1)} MB`);
    // The stated figure: the extension host grows by less than 600 MB on a 100 MB flood (measured
    // 295-400 MB here; most of it is garbage V8 has not collected yet: what stays is the ~16 MB chat).
    assert.ok(peakRss - before.rss < 600 * MB, `rss grew by ${((peakRss - before.rss) / MB).toFixed(0)} MB`);

    // Reopened from disk (what a reload does): the same turn, notice included.
    await a.store.idle();
    const reread = new ChatStore(a.store.dir, () => undefined).load(a.controller.focus.workingChat.id);
    const again = reread && lastTurn(reread);
    assert.deepEqual(
      again?.items.find((i) => i.kind === 'elided'),
      elided,
    );
    assert.equal(again?.status, 'success');
    assert.ok(a.controller.openChat(a.controller.focus.workingChat.id));

    // The view shown again gets the bounded chat as a snapshot; the workbench stays responsive.
    const shown = Date.now();
    await vscode.commands.executeCommand('workbench.view.extension.zero');
    await configure({ env: box.env() });
    console.log(
      `[exthost] flood: chat view shown again, workbench answered after ${((Date.now() - shown) / 1000).toFixed(1)} s`,
    );
  });

  it('a malformed chat file: activation still works, the file is set aside, and the other chats load', async function () {
    await api();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-history-'));
    const good = reduceChat(newChat('chat-good', 1000), {
      type: 'turn_started',
      turnId: 't1',
      prompt: 'the good one',
      origin: 'prompt',
      at: 1000,
    });
    const seeded = new ChatStore(dir, () => undefined);
    seeded.save(good, true);
    await seeded.idle();
    // The broken chat is the one a window would reopen at start: this used to throw in activate().
    fs.writeFileSync(
      path.join(dir, 'chats', 'chat-bad.jsonl'),
      `${JSON.stringify({ format: 2, seq: 0, chat: { ...good, id: 'chat-bad', turns: [null] } })}\n`,
    );
    fs.writeFileSync(
      path.join(dir, 'index.json'),
      JSON.stringify({
        version: 1,
        currentId: 'chat-bad',
        chats: [
          { id: 'chat-bad', title: 'bad', updatedAt: 2000, turns: 1 },
          { id: 'chat-good', title: 'the good one', updatedAt: 1000, turns: 1 },
        ],
      }),
    );

    // What activation does with the storage folder (composition.ts), with the real VS Code objects.
    const notices: string[] = [];
    const log = vscode.window.createOutputChannel('Zero history test', { log: true });
    const store = new ChatStore(
      dir,
      (m) => log.warn(m),
      (m) => notices.push(m),
    );
    const exec = new ExecTransport({ settings: readSettings, otherFolders: () => [], trusted: () => true, log });
    const controller = new ChatController(store, {
      folder: () => box.dir,
      trusted: () => true,
      transportFor: () => exec,
      log,
    });
    try {
      assert.equal(controller.focus.workingChat.turns.length, 0, 'a new chat instead of the broken one');
      const names = fs.readdirSync(path.join(dir, 'chats'));
      assert.ok(
        names.some((n) => n.startsWith('chat-bad.jsonl.corrupt-')),
        names.join(', '),
      );
      await until(() => notices.length > 0, 'the user was told', 30_000);
      assert.match(notices.join('\n'), /chat-bad\.jsonl is unreadable .* set aside/);
      assert.deepEqual(
        controller.viewState().history.map((h) => h.id),
        ['chat-good'],
      );
      assert.ok(controller.openChat('chat-good'));
      assert.equal(controller.focus.workingChat.turns[0]!.prompt, 'the good one');
      assert.equal(notices.length, 1, 'reported once');
    } finally {
      controller.dispose();
      exec.dispose();
      // A save started before dispose may still be writing into the folder: let it land first.
      await store.idle();
      log.dispose();
      fs.rmSync(dir, { recursive: true, force: true });
      await configure({ env: box.env() });
    }
  });
});
