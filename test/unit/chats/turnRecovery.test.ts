// The chat core and a turn cut off: by a Zero that died in this window, by a reload (dispose), by an
// extension host that stopped without deactivating. Each time what Zero recorded is read once, recorded
// in the chat and saved; a reload keeps the queued messages for Resume.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ChatAction } from '../../../src/conversation/actions';
import type { Chat, ToolItem, Turn } from '../../../src/conversation/model';
import { ChatController } from '../../../src/chats/chatController';
import { ChatStore } from '../../../src/storage/chatStore';
import { FakeTransport } from '../support/fakeTransport';
import { shim } from '../shim/vscode';
import { until } from '../../support/until';
import { zeroEvent } from '../../support/builders';
import { chatCore } from '../../support/chatCore';

interface Read {
  readonly turn: Turn;
}

describe('turns cut off, and what Zero recorded of them', () => {
  let dir: string;
  const open: ChatController[] = [];
  let reads: Read[];
  /** What the fake store says of every open call: finished. */
  const readCutOff = async (_chat: Chat, turn: Turn): Promise<ChatAction> => {
    reads.push({ turn });
    const ids = turn.items.flatMap((i) => (i.kind === 'tool' && i.settled?.outcome === 'unknown' ? [i.id!] : []));
    return {
      type: 'tools_recovered',
      turnId: turn.id,
      tools: ids.map((id) => ({ id, outcome: 'finished', why: 'recorded', output: 'late' })),
    };
  };
  const make = (transport = new FakeTransport(), withReader = true) => {
    const controller = chatCore({
      dir,
      transport,
      ...(withReader ? { readCutOff } : {}),
    });
    open.push(controller);
    return { controller, transport };
  };
  const lastTurn = (c: ChatController) => c.focus.workingChat.turns.at(-1)!;
  const toolsOf = (t: Turn) => t.items.filter((i): i is ToolItem => i.kind === 'tool');
  /** A turn mid-way through a tool call. */
  const midCall = (rig: ReturnType<typeof make>) => {
    rig.controller.send('run the tests');
    rig.transport.last.emit(
      zeroEvent({ type: 'run_start', sessionId: 'zero_s1' }),
      zeroEvent({ type: 'tool_call', id: 'call_1', name: 'exec_command', args: { cmd: 'npm test' } }),
    );
  };

  beforeEach(() => {
    shim.reset();
    reads = [];
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-cut-'));
  });
  afterEach(async () => {
    for (const c of open.splice(0)) c.dispose();
    await ChatStore.settled();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('Zero dies in this window: the turn is cut off, its record read once, the call finished, and saved', async () => {
    const rig = make();
    midCall(rig);
    rig.transport.last.end({ code: null, explanation: 'Zero was killed by SIGKILL before finishing the run.' });
    await until(() => toolsOf(lastTurn(rig.controller))[0]?.settled?.outcome === 'finished', 'the record applied');
    const turn = lastTurn(rig.controller);
    assert.equal(reads.length, 1);
    assert.deepEqual(turn.cutOff, { cause: 'zero-exited', sessionId: 'zero_s1', checked: true });
    assert.equal(toolsOf(turn)[0]!.output, 'late');
    assert.equal(rig.controller.runs.isBusy(rig.controller.focus.workingChatId), false, 'the chat is idle');
    await ChatStore.settled();
    const saved = new ChatStore(dir, () => undefined).load(rig.controller.focus.workingChatId);
    assert.equal(saved?.turns.at(-1)?.cutOff?.checked, true, 'saved at once');
  });

  it('a reload: dispose cuts the turn off and keeps the queued messages; the next window reads the record', async () => {
    const first = make();
    midCall(first);
    first.controller.send('then this');
    const chatId = first.controller.focus.workingChatId;
    first.controller.dispose();
    assert.equal(reads.length, 0, 'not read while the window closes');
    const cut = new ChatStore(dir, () => undefined).load(chatId)!.turns.at(-1)!;
    assert.equal(cut.status, 'cut-off');
    assert.deepEqual(cut.cutOff, { cause: 'reload', sessionId: 'zero_s1', checked: false, unsent: ['then this'] });

    const next = make();
    assert.equal(next.controller.focus.workingChatId, chatId);
    await until(() => lastTurn(next.controller).cutOff?.checked === true, 'the record read in the next window');
    assert.equal(reads.length, 1);
    assert.equal(toolsOf(lastTurn(next.controller))[0]!.settled?.outcome, 'finished');
  });

  it('an extension host that stopped without deactivating: the turn is still running on disk, and is cut off on load', async () => {
    const first = make();
    midCall(first);
    const chatId = first.controller.focus.workingChatId;
    first.controller.chats.flush();
    // No dispose: the host is gone. A second window opens the same storage.
    const next = make();
    const turn = lastTurn(next.controller);
    assert.equal(turn.status, 'cut-off');
    assert.equal(turn.cutOff?.cause, 'host-stopped');
    assert.match(turn.explanation!, /extension host stopped/);
    await until(() => lastTurn(next.controller).cutOff?.checked === true, 'the record read');
    assert.equal(next.controller.focus.workingChatId, chatId);
    open.splice(0, 1); // the first "host" died: it is never disposed (its dispose would rewrite the chat)
  });

  it('a chat opened from history later is read then, once, however often it is opened', async () => {
    const first = make();
    midCall(first);
    const chatId = first.controller.focus.workingChatId;
    first.controller.focus.newChat(); // the run goes on in the background; the next window opens the new chat
    first.controller.dispose();
    const next = make(new FakeTransport(), true);
    assert.notEqual(next.controller.focus.workingChatId, chatId);
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(reads.length, 0, 'a chat nobody opens is not read');
    next.controller.openChat(chatId);
    next.controller.openChat(chatId);
    await until(() => reads.length > 0, 'a read');
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(reads.length, 1);
  });

  it('without a reader (or once checked) the calls stay unknown with why, and nothing is read again', async () => {
    const rig = make(new FakeTransport(), false);
    midCall(rig);
    rig.transport.last.end({ code: 1 });
    await until(() => !rig.controller.runs.isBusy(rig.controller.focus.workingChatId), 'idle');
    const call = toolsOf(lastTurn(rig.controller))[0]!;
    assert.equal(call.status, 'unknown');
    assert.match(call.settled!.why, /Zero stopped while this call ran/);
  });

  it('a Stop is no cut-off: nothing is read', async () => {
    const rig = make();
    midCall(rig);
    await rig.controller.runs.stop(rig.controller.focus.workingChatId);
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(lastTurn(rig.controller).cutOff, undefined);
    assert.equal(reads.length, 0);
  });
});
