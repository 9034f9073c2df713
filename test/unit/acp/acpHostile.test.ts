// The ACP client against a hostile agent (test/fixtures/hostile-acp): what the real Zero cannot be made
// to send (deep input, floods, long names, fs/terminal calls, modes it does not offer), as the chat shows it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type * as acp from '@agentclientprotocol/sdk';
import { AcpTurn, type AcpTurnDeps, type AcpTurnRequest } from '../../../src/acp/acpTurn';
import { dismissed, selected } from '../../../src/acp/permissionOptions';
import { ZeroAcp } from '../../../src/acp/zeroAcp';
import type { ChatAction } from '../../../src/conversation/actions';
import type { Chat, ToolItem, Turn } from '../../../src/conversation/model';
import { newChat, reduceChat } from '../../../src/conversation/reducer';

const AGENT = path.resolve(__dirname, '../../fixtures/hostile-acp/zero');
type Ask = AcpTurnDeps['ask'];

describe('ACP client against a hostile agent', function () {
  this.timeout(30_000);
  let dir: string;
  let record: string;
  let zero: ZeroAcp;
  let chat: Chat;
  let asked: acp.RequestPermissionRequest[];
  let n: number;

  const start = (modes?: unknown): void => {
    zero = new ZeroAcp({
      launch: () => ({
        binary: AGENT,
        cwd: dir,
        env: { HOSTILE_RECORD: record, ...(modes ? { HOSTILE_MODES: JSON.stringify(modes) } : {}) },
      }),
      idleMs: 60_000,
      clientVersion: 'test',
    });
  };
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-hostile-'));
    record = path.join(dir, 'record.jsonl');
    chat = newChat('chat-1', Date.now());
    asked = [];
    n = 0;
  });
  afterEach(() => {
    zero?.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const dispatch = (a: ChatAction): void => void (chat = reduceChat(chat, a));
  async function turn(
    prompt: string,
    extra: Partial<AcpTurnRequest> = {},
    deps: Partial<AcpTurnDeps> & { ask?: Ask } = {},
    outputLimit?: number,
  ): Promise<Turn> {
    const turnId = `turn-${++n}`;
    dispatch({
      type: 'turn_started',
      turnId,
      prompt,
      origin: 'prompt',
      at: Date.now(),
      transport: 'acp',
      ...(outputLimit ? { outputLimit } : {}),
    });
    const ask: Ask = deps.ask ?? (async (req) => selected(req.options[0]!.optionId));
    await new AcpTurn(
      { acp: zero, dispatch, ...deps, ask: (req, signal) => (asked.push(req), ask(req, signal)) },
      {
        runId: turnId,
        prompt,
        sessionId: chat.sessionId,
        cwd: dir,
        additionalDirectories: [],
        trusted: true,
        mode: chat.acp?.mode ?? null,
        ...extra,
      },
    ).done;
    return chat.turns.at(-1)!;
  }
  const answer = (t: Turn): string => t.items.flatMap((i) => (i.kind === 'text' ? [i.text] : [])).join('');
  const recorded = (): Record<string, unknown>[] =>
    fs.existsSync(record)
      ? fs
          .readFileSync(record, 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as Record<string, unknown>)
      : [];
  const promptedModes = (): unknown[] => recorded().flatMap((r) => ('prompted' in r ? [r.prompted] : []));

  describe('Restricted Mode', () => {
    it('the agent switching the mode itself does not carry over: the next untrusted prompt runs in plan again', async () => {
      start();
      await turn('hostile:mode:auto', { trusted: false });
      assert.equal(chat.acp?.mode, 'auto', 'the chat shows what the agent did');
      await turn('hostile:plain', { trusted: false });
      assert.deepEqual(promptedModes(), ['plan', 'plan']);
      assert.equal(answer(chat.turns.at(-1)!), 'ran in plan');
    });

    it('a session that offers no plan mode: the message is refused, never prompted', async () => {
      start({
        currentModeId: 'auto',
        availableModes: [
          { id: 'auto', name: 'Auto' },
          { id: 'ask', name: 'Ask' },
        ],
      });
      const t = await turn('hostile:plain', { trusted: false });
      assert.equal(t.status, 'error');
      assert.match(t.explanation ?? '', /Restricted Mode.*offers no plan mode.*not sent/);
      assert.deepEqual(promptedModes(), []);
    });
  });

  describe('modes that mean unsafe', () => {
    const MODES = {
      currentModeId: 'auto',
      availableModes: [
        { id: 'auto', name: 'Auto' },
        { id: 'plan', name: 'Plan' },
        { id: 'yolo', name: 'YOLO (no prompts)' },
      ],
    };

    it('picking one asks the user first; declined, the message is not sent', async () => {
      start(MODES);
      const confirmed: string[] = [];
      const t = await turn(
        'hostile:plain',
        { mode: 'yolo' },
        { confirmUnsafe: async (m) => (confirmed.push(m.id), false) },
      );
      assert.deepEqual(confirmed, ['yolo']);
      assert.equal(t.status, 'interrupted');
      assert.match(
        t.explanation ?? '',
        /Not sent: the session's mode "YOLO \(no prompts\)" lets Zero run tools without asking/,
      );
      assert.deepEqual(promptedModes(), []);
    });

    it('confirmed, the message runs in it; the next message asks again', async () => {
      start(MODES);
      let asks = 0;
      const confirmUnsafe = async (): Promise<boolean> => (asks++, true);
      await turn('hostile:plain', { mode: 'yolo' }, { confirmUnsafe });
      await turn('hostile:plain', { mode: 'yolo' }, { confirmUnsafe });
      assert.equal(asks, 2);
      assert.deepEqual(promptedModes(), ['yolo', 'yolo']);
    });

    it('a session that starts in one (bypassPermissions) asks too; with nobody to ask, it is refused', async () => {
      start({
        currentModeId: 'bypassPermissions',
        availableModes: [
          { id: 'bypassPermissions', name: 'Bypass permissions' },
          { id: 'plan', name: 'Plan' },
        ],
      });
      const t = await turn('hostile:plain');
      assert.equal(t.status, 'interrupted');
      assert.deepEqual(promptedModes(), []);
    });
  });

  it('tool input nested 20,000 levels deep is clamped where it enters: the chat can still be posted to the webview and saved', async () => {
    start();
    const t = await turn('hostile:deep');
    const tool = t.items.find((i): i is ToolItem => i.kind === 'tool')!;
    assert.equal(tool.status, 'ok');
    assert.match(JSON.stringify(tool.args), /nested deeper than 64 levels: not kept/);
    assert.doesNotThrow(() => structuredClone(chat), 'postMessage clones the chat');
    assert.doesNotThrow(() => JSON.stringify(chat));
    assert.match(JSON.stringify(asked[0]!.toolCall.rawInput), /nested deeper than 64 levels/);
    assert.equal(answer(t).endsWith('after the deep call: allow'), true);
  });

  describe('floods', () => {
    it('past 16 open questions, the rest are refused (reject option) without asking, and the chat says so once', async () => {
      start();
      const t = await turn(
        'hostile:flood:500',
        {},
        { ask: async (req) => (await new Promise((r) => setTimeout(r, 3000)), dismissed(req.options)) },
      );
      assert.equal(asked.length, 16);
      assert.equal(t.items.filter((i) => i.kind === 'permission').length, 16);
      assert.match(answer(t), /answers: deny=500/);
      assert.ok(
        t.items.some(
          (i) =>
            i.kind === 'warning' &&
            /Zero asked 484 more permission questions while 16 were already waiting: they were refused without asking you/.test(
              i.message,
            ),
        ),
      );
    });

    it('permission questions are charged to the output budget: 2,000 of them keep a 100 KB turn small', async () => {
      start();
      const t = await turn('hostile:serial:2000', {}, { ask: async (req) => dismissed(req.options) }, 100 * 1024);
      assert.ok(
        t.items.some((i) => i.kind === 'elided'),
        'over budget: the middle was dropped',
      );
      assert.ok(t.items.length < 1000, `${t.items.length} items`);
    });

    it('tool names are clipped and charged: 50 MB of titles stay within a 100 KB budget', async () => {
      start();
      const t = await turn('hostile:names:5000000', {}, {}, 100 * 1024);
      for (const i of t.items) if (i.kind === 'tool') assert.ok(i.name.length <= 100, `${i.name.length}`);
      assert.ok(JSON.stringify(t).length < 200 * 1024, `${JSON.stringify(t).length} characters kept`);
    });

    it('a question for a session with no running turn is refused, not asked', async () => {
      start();
      await turn('hostile:late');
      const deadline = Date.now() + 5000;
      while (!recorded().some((r) => 'late' in r) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      assert.deepEqual(
        recorded().filter((r) => 'late' in r),
        [{ late: 'deny' }],
      );
      assert.equal(asked.length, 0);
    });
  });

  it('a turn that ends with no answer streamed and none recorded says so instead of ending in silence', async () => {
    start();
    const t = await turn('hostile:silent');
    assert.equal(t.status, 'incomplete');
    assert.match(t.explanation ?? '', /^Zero ended this turn without an answer/);
  });

  it('fs/* and terminal/* are answered method-not-found (-32601), so the agent cannot think its write happened', async () => {
    start();
    const t = await turn('hostile:fs');
    assert.equal(
      answer(t),
      'fs/write_text_file: error -32601; fs/read_text_file: error -32601; terminal/create: error -32601; terminal/kill: error -32601; terminal/release: error -32601',
    );
    assert.equal(fs.existsSync('/tmp/hostile-acp-write.txt'), false);
  });
});
