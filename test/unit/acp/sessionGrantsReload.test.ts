// "Allow for this session" over ACP outlives a window reload: the chat file keeps the grant, a new
// `zero acp` loads the session, and Zero's repeated request is answered by the chat (the card says
// so) without a dialog. Restricted Mode answers nothing from the file; a replaced session starts bare.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type * as acp from '@agentclientprotocol/sdk';
import { AcpTurn, type AcpTurnRequest } from '../../../src/acp/acpTurn';
import { selected } from '../../../src/acp/permissionOptions';
import { SessionApprovals } from '../../../src/acp/sessionApprovals';
import { ZeroAcp } from '../../../src/acp/zeroAcp';
import type { ChatAction } from '../../../src/conversation/actions';
import type { Chat, PermissionItem, SessionGrant, Turn } from '../../../src/conversation/model';
import { newChat, reduceChat } from '../../../src/conversation/reducer';
import { GRANTS_DROPPED_CODE, MAX_GRANT_CHARS, MAX_SESSION_GRANTS } from '../../../src/conversation/sessionGrants';
import { ChatStore } from '../../../src/storage/chatStore';
import { findZero } from '../../../src/zero/binary/findZero';

const FAKE = path.resolve(__dirname, '../../fixtures/fake-zero', process.platform === 'win32' ? 'zero.cmd' : 'zero');
const cards = (t: Turn) => t.items.filter((i): i is PermissionItem => i.kind === 'permission');

describe('ACP session grants across a window reload', function () {
  this.timeout(30_000);
  let root: string;
  let ws: string;
  let env: Record<string, string>;
  const zeros: ZeroAcp[] = [];
  const window = (): { zero: ZeroAcp; store: ChatStore } => {
    const found = findZero({ configuredPath: FAKE });
    assert.ok(found.ok);
    const zero = new ZeroAcp({
      launch: () => ({ binary: found.path, cwd: ws, env }),
      idleMs: 60_000,
      clientVersion: 'test',
    });
    zeros.push(zero);
    return { zero, store: new ChatStore(path.join(root, 'storage'), () => undefined) };
  };

  /** One turn as the host runs it: every action through the reducer and appended to the chat's log. */
  async function turn(
    w: { zero: ZeroAcp; store: ChatStore },
    chat: Chat,
    prompt: string,
    ask: (r: acp.RequestPermissionRequest) => Promise<acp.RequestPermissionResponse>,
    extra: Partial<AcpTurnRequest> = {},
  ) {
    const asked: acp.RequestPermissionRequest[] = [];
    const dispatch = (a: ChatAction): void => {
      const next = reduceChat(chat, a);
      if (next !== chat) w.store.record(chat, a, next);
      chat = next;
    };
    const turnId = `turn-${chat.turns.length + 1}`;
    dispatch({ type: 'turn_started', turnId, prompt, origin: 'prompt', at: Date.now(), transport: 'acp' });
    await new AcpTurn(
      { acp: w.zero, dispatch, ask: (r) => (asked.push(r), ask(r)) },
      {
        runId: turnId,
        prompt,
        sessionId: chat.sessionId,
        cwd: ws,
        additionalDirectories: [],
        trusted: true,
        mode: null,
        ...(chat.acpGrants ? { grants: chat.acpGrants } : {}),
        ...extra,
      },
    ).done;
    w.store.save(chat, true);
    await w.store.idle();
    return { chat, asked, turn: chat.turns.at(-1)! };
  }

  /** The first window: "Allow for this session" on web_fetch; then the window goes (its zero acp with it). */
  async function allowedThenReloaded(): Promise<{ w: { zero: ZeroAcp; store: ChatStore }; chat: Chat }> {
    const first = window();
    const { chat } = await turn(first, newChat('chat-1', Date.now()), 'scenario:permission', async () =>
      selected('allow_for_session'),
    );
    first.zero.dispose();
    const w = window();
    const reopened = w.store.load('chat-1');
    assert.ok(reopened, 'the chat reads back from its file');
    assert.deepEqual(reopened.acpGrants, chat.acpGrants);
    return { w, chat: reopened };
  }

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-grants-'));
    ws = path.join(root, 'ws');
    fs.mkdirSync(ws);
    ws = fs.realpathSync(ws);
    env = { XDG_DATA_HOME: path.join(root, 'data'), XDG_CONFIG_HOME: path.join(root, 'config') };
  });
  afterEach(() => {
    for (const z of zeros.splice(0)) z.dispose();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('remembered, saved, read by a fresh store: the repeated request is answered for the session and the card says so', async () => {
    const { w, chat } = await allowedThenReloaded();
    assert.deepEqual(chat.acpGrants?.grants, [
      { optionId: 'allow_for_session', tool: 'web_fetch', scope: 'example.com' },
    ]);
    assert.equal(chat.acpGrants?.sessionId, chat.sessionId);
    const again = await turn(w, chat, 'scenario:permission again', async () =>
      assert.fail('the dialog opened after the reload'),
    );
    assert.equal(again.chat.sessionId, chat.sessionId, 'session/load of the same session');
    assert.equal(w.zero.started, 1, 'a new zero acp');
    const card = cards(again.turn)[0]!;
    assert.deepEqual(
      [card.approval, card.acp?.chosen, card.acp?.remembered],
      ['allowed-session', 'allow_for_session', true],
    );
    assert.equal(again.turn.status, 'success');
    assert.equal(again.asked.length, 0);
  });

  it('Restricted Mode (untrusted) restores nothing from the file; trusted again, the next message does', async () => {
    const { w, chat } = await allowedThenReloaded();
    const fetch: acp.RequestPermissionRequest = {
      sessionId: chat.sessionId!,
      toolCall: {
        toolCallId: 'x',
        title: 'web_fetch https://example.com/',
        kind: 'fetch',
        rawInput: { url: 'https://example.com/' },
      },
      options: [{ optionId: 'allow_for_session', name: 'Allow for this session', kind: 'allow_always' }],
    };
    const untrusted = await turn(w, chat, 'scenario:echo read-only', async () => assert.fail('asked'), {
      trusted: false,
    });
    assert.equal(untrusted.chat.acp?.mode, 'plan');
    assert.equal(w.zero.approvals(chat.sessionId!).answerFor(fetch), null, 'nothing the file holds would be answered');
    assert.ok(untrusted.chat.acpGrants, 'the chat keeps them for a trusted window');
    const trusted = await turn(
      w,
      untrusted.chat,
      'scenario:permission again',
      async () => assert.fail('the dialog opened'),
      { mode: 'auto' },
    );
    assert.equal(cards(trusted.turn)[0]!.acp?.remembered, true);
  });

  it("a session that could not be loaded starts without the old session's grants", async () => {
    const { w, chat } = await allowedThenReloaded();
    const lost = {
      ...chat,
      sessionId: 'zero_20990101000000_1_1',
      acpGrants: { ...chat.acpGrants!, sessionId: 'zero_20990101000000_1_1' },
    };
    const again = await turn(w, lost, 'scenario:permission again', async (r) =>
      selected(r.options.find((o) => o.kind === 'reject_once')!.optionId),
    );
    assert.notEqual(again.chat.sessionId, 'zero_20990101000000_1_1', 'replaced by a new session');
    assert.equal(again.asked.length, 1);
    assert.equal(again.chat.acpGrants, undefined, "the replaced session's grants are dropped");
  });

  /** What an earlier version saved for "Allow for this session" (wider than Zero's own grant). */
  const OVER_WIDE: SessionGrant[] = [
    { optionId: 'allow_for_session', tool: 'exec_command', scope: '' },
    { optionId: 'allow_for_session', tool: 'request_permissions', scope: '' },
    { optionId: 'allow_for_session', tool: 'web_fetch', scope: '' },
  ];
  const dropped = (c: Chat): string[] =>
    c.turns.flatMap((t) =>
      t.items.flatMap((i) => (i.kind === 'warning' && i.code === GRANTS_DROPPED_CODE ? [i.message] : [])),
    );

  /** A first window's turn answered "Allow" (nothing kept), then `extra` appended to its file as an earlier version wrote it. */
  async function savedByEarlierVersion(
    write: 'actions' | 'snapshot',
  ): Promise<{ w: { zero: ZeroAcp; store: ChatStore }; chat: Chat }> {
    const first = window();
    const { chat } = await turn(first, newChat('chat-1', Date.now()), 'scenario:permission', async () =>
      selected('allow'),
    );
    first.zero.dispose();
    assert.equal(chat.acpGrants, undefined);
    const file = first.store.fileOf('chat-1');
    if (write === 'actions') {
      const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
      let seq = Math.max(...lines.map((l) => (JSON.parse(l) as { seq: number }).seq));
      for (const grant of OVER_WIDE)
        fs.appendFileSync(
          file,
          `${JSON.stringify({ seq: ++seq, action: { type: 'acp_session_grant', sessionId: chat.sessionId, grant } })}\n`,
        );
    } else {
      const snapshot = {
        format: 2,
        seq: 1,
        chat: { ...chat, acpGrants: { sessionId: chat.sessionId, grants: OVER_WIDE } },
      };
      fs.writeFileSync(file, `${JSON.stringify(snapshot)}\n`);
    }
    const w = window();
    const reopened = w.store.load('chat-1');
    assert.ok(reopened, 'the chat reads back from its file');
    return { w, chat: reopened };
  }

  for (const write of ['actions', 'snapshot'] as const)
    it(`a chat saved with over-wide grants (${write === 'actions' ? 'in its log' : 'in its snapshot'}) loses them on load, its card says so, and Zero's next question opens the dialog`, async () => {
      const { w, chat } = await savedByEarlierVersion(write);
      assert.deepEqual(chat.acpGrants?.grants ?? [], [], 'none is kept');
      const said = dropped(chat);
      assert.equal(said.length, 1, said.join('\n'));
      assert.match(said[0]!, /no longer/);
      for (const words of [/exec_command/, /request_permissions/, /web_fetch/]) assert.match(said[0]!, words);
      const again = await turn(w, chat, 'scenario:permission again', async () => selected('deny'));
      assert.equal(again.asked.length, 1, 'the dialog opened');
      assert.equal(cards(again.turn)[0]!.acp?.remembered, undefined);
      assert.equal(again.turn.status, 'success');
      // Saved again (the store compacts it later): read back, nothing is dropped twice or said twice.
      w.store.save(again.chat, true);
      await w.store.idle();
      const third = window();
      assert.deepEqual(dropped(third.store.load('chat-1')!), said);
    });

  it('the chat keeps at most MAX_SESSION_GRANTS, the newest, and none too long to keep whole', () => {
    let chat = newChat('c', 0);
    const grant = (n: number): SessionGrant => ({
      optionId: 'allow_for_session',
      tool: 'read_file',
      scope: `/tmp/f${n}`,
    });
    for (let n = 0; n < MAX_SESSION_GRANTS + 10; n++)
      chat = reduceChat(chat, { type: 'acp_session_grant', sessionId: 's', grant: grant(n) });
    chat = reduceChat(chat, { type: 'acp_session_grant', sessionId: 's', grant: grant(MAX_SESSION_GRANTS + 9) });
    chat = reduceChat(chat, {
      type: 'acp_session_grant',
      sessionId: 's',
      grant: { ...grant(0), scope: 'x'.repeat(MAX_GRANT_CHARS) },
    });
    const kept = chat.acpGrants!.grants.map((g) => g.scope);
    assert.equal(kept.length, MAX_SESSION_GRANTS);
    assert.deepEqual(
      [kept[0], kept.at(-1)],
      ['/tmp/f10', `/tmp/f${MAX_SESSION_GRANTS + 9}`],
      'the oldest went, a repeat is not added twice',
    );
    const approvals = new SessionApprovals();
    approvals.restore(chat.acpGrants!.grants);
    const read = (p: string): acp.RequestPermissionRequest => ({
      sessionId: 's',
      toolCall: { toolCallId: 't', title: `read_file ${p}`, kind: 'read', rawInput: { path: p } },
      options: [{ optionId: 'allow_for_session', name: 'Allow for this session', kind: 'allow_always' }],
    });
    assert.deepEqual(approvals.answerFor(read('/tmp/f10')), { kind: 'answer', optionId: 'allow_for_session' });
    assert.equal(approvals.answerFor(read('/tmp/f9')), null, 'dropped from the chat, not answered');
  });

  it('a saved grant is restored only as remember() could have made it (an empty prefix would match any command)', () => {
    const approvals = new SessionApprovals();
    approvals.restore([
      { optionId: 'allow_prefix_for_session', tool: 'exec_command', prefix: [] },
      { optionId: 'allow_prefix_for_session', tool: 'exec_command', prefix: ['rm;', 'x'] },
      { optionId: 'allow_prefix_for_session', tool: 'web_fetch', prefix: ['curl'] },
      { optionId: 'always_allow', tool: 'exec_command', scope: '' },
      { optionId: 'allow_prefix_for_session', tool: 'exec_command', prefix: ['echo', 'a'] },
    ]);
    const shell = (cmd: string): acp.RequestPermissionRequest => ({
      sessionId: 's',
      toolCall: { toolCallId: 't', title: `exec_command ${cmd}`, kind: 'execute', rawInput: { cmd } },
      options: ['allow_prefix_for_session', 'always_allow'].map((optionId) => ({
        optionId,
        name: optionId,
        kind: 'allow_always' as const,
      })),
    });
    assert.deepEqual(approvals.answerFor(shell('echo a b')), { kind: 'answer', optionId: 'allow_prefix_for_session' });
    assert.equal(approvals.answerFor(shell('rm -rf x')), null);
    assert.equal(approvals.answerFor(shell('echo c')), null);
  });
});
