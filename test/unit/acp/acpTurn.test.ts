import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AcpTurnRequest } from '../../../src/acp/acpTurn';
import { dismissed, selected } from '../../../src/acp/permissionOptions';
import { ZeroAcp } from '../../../src/acp/zeroAcp';
import type { Chat, PermissionItem, PlanItem, TextItem, ToolItem } from '../../../src/conversation/model';
import { findZero } from '../../../src/zero/binary/findZero';
import { AcpTurnChat } from '../support/acpChat';
import { isGone } from '../support/processes';
import { until } from '../../support/until';

const FAKE = path.resolve(__dirname, '../../fixtures/fake-zero', process.platform === 'win32' ? 'zero.cmd' : 'zero');

/** A chat driven over ACP against the fake `zero acp`, as the host would: actions through the reducer. */
class Harness extends AcpTurnChat {
  get ws(): string {
    return this.cwd;
  }

  async turn(prompt: string, extra: Partial<AcpTurnRequest> = {}) {
    const result = await this.start(prompt, extra).done;
    return { result, turn: this.chat.turns.at(-1)! };
  }
}

const answerOf = (turn: Chat['turns'][number]) =>
  (turn.items.filter((i) => i.kind === 'text' && i.answer) as TextItem[]).map((i) => i.text).join('');
const tools = (turn: Chat['turns'][number]) => turn.items.filter((i): i is ToolItem => i.kind === 'tool');
const permissions = (turn: Chat['turns'][number]) =>
  turn.items.filter((i): i is PermissionItem => i.kind === 'permission');

describe('ACP transport (against the fake zero acp)', function () {
  this.timeout(30000);
  let root: string;
  let ws: string;
  let env: Record<string, string>;
  const zeros: ZeroAcp[] = [];

  const makeZero = (idleMs = 60000): ZeroAcp => {
    const found = findZero({ configuredPath: FAKE });
    assert.ok(found.ok);
    const zero = new ZeroAcp({ launch: () => ({ binary: found.path, cwd: ws, env }), idleMs, clientVersion: 'test' });
    zeros.push(zero);
    return zero;
  };
  const lines = (file: string): Array<Record<string, unknown>> =>
    fs.existsSync(file)
      ? fs
          .readFileSync(file, 'utf8')
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l))
      : [];
  const processes = () =>
    lines(path.join(root, 'record.jsonl')).filter((r) => (r.argv as string[])[0] === 'acp').length;
  const modelTurns = () => lines(path.join(root, 'turns.jsonl')).length;

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-acp-'));
    ws = path.join(root, 'ws');
    fs.mkdirSync(ws);
    ws = fs.realpathSync(ws);
    env = {
      XDG_DATA_HOME: path.join(root, 'data'),
      XDG_CONFIG_HOME: path.join(root, 'config'),
      FAKE_ZERO_RECORD: path.join(root, 'record.jsonl'),
      FAKE_ZERO_TURNS: path.join(root, 'turns.jsonl'),
    };
  });
  afterEach(() => {
    for (const z of zeros.splice(0)) z.dispose();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('a plain turn streams the answer, ends as success and records the session', async () => {
    const h = new Harness(makeZero(), ws);
    const { result, turn } = await h.turn('scenario:reasoning hi');
    assert.equal(turn.status, 'success');
    assert.equal(turn.transport, 'acp');
    assert.equal(answerOf(turn), 'The answer is 42.');
    assert.ok(turn.items.some((i) => i.kind === 'reasoning' && i.text.includes('Thinking about the question')));
    assert.ok(result.sessionId && h.chat.sessionId === result.sessionId);
    assert.deepEqual(
      h.chat.acp?.modes.map((m) => m.id),
      ['auto', 'ask', 'plan'],
    );
    assert.equal(h.chat.acp?.model, 'gpt-4.1');
    assert.equal(turn.run.sessionId, result.sessionId);
  });

  it("web_fetch: the dialog is asked mid-turn with exactly Zero's options; Allow continues the same turn (one process, one prompt)", async () => {
    const h = new Harness(makeZero(), ws);
    let statusWhileAsked = '';
    h.ask = async () => {
      const t = h.chat.turns.at(-1)!;
      statusWhileAsked = `${t.status}/${permissions(t).at(-1)?.approval}`;
      return selected('allow');
    };
    const { turn } = await h.turn('scenario:permission fetch it');
    assert.equal(h.asked.length, 1);
    const req = h.asked[0]!;
    assert.equal(req.toolCall.title, 'web_fetch https://example.com/');
    assert.equal(req.toolCall.kind, 'fetch');
    assert.deepEqual(req.toolCall.rawInput, { url: 'https://example.com/' });
    assert.deepEqual(
      req.options.map((o) => [o.optionId, o.name, o.kind]),
      [
        ['allow', 'Allow', 'allow_once'],
        ['allow_for_session', 'Allow for this session', 'allow_always'],
        ['always_allow', 'Always allow', 'allow_always'],
        ['deny', 'Reject', 'reject_once'],
      ],
    );
    assert.equal(statusWhileAsked, 'running/pending');
    assert.equal(turn.status, 'success');
    assert.equal(tools(turn)[0]!.name, 'web_fetch');
    assert.equal(tools(turn)[0]!.status, 'ok');
    assert.match(answerOf(turn), /^Fetched https:\/\/example.com\/: Example Domain/);
    const p = permissions(turn)[0]!;
    assert.equal(p.approval, 'allowed-once');
    assert.equal(p.acp?.chosen, 'allow');
    assert.equal(processes(), 1, 'one zero process');
    assert.equal(h.chat.turns.length, 1, 'one prompt turn');
    assert.equal(modelTurns(), 2, 'the model asked once before the tool and once after: no retry run');
  });

  it("Esc/close picks Zero's reject option: the turn goes on with the refusal", async () => {
    const h = new Harness(makeZero(), ws);
    h.ask = async (req) => dismissed(req.options);
    const { turn } = await h.turn('scenario:permission');
    assert.equal(turn.status, 'success');
    assert.equal(tools(turn)[0]!.status, 'error');
    assert.match(tools(turn)[0]!.output ?? '', /rejected/);
    assert.match(answerOf(turn), /I could not fetch/);
    assert.equal(permissions(turn)[0]!.approval, 'denied');
    assert.equal(permissions(turn)[0]!.acp?.chosen, 'deny');
  });

  it('an option that was not offered fails closed to deny', async () => {
    const h = new Harness(makeZero(), ws);
    h.ask = async () => selected('allow_everything');
    const { turn } = await h.turn('scenario:permission');
    assert.equal(tools(turn)[0]!.status, 'error');
    assert.match(tools(turn)[0]!.output ?? '', /permission option was not offered/);
  });

  it('"Allow for this session": Zero asks again in the next prompt (its grants last one prompt); the chat answers it without a dialog', async () => {
    const h = new Harness(makeZero(), ws);
    h.ask = async () => selected('allow_for_session');
    const first = await h.turn('scenario:permission');
    assert.equal(h.asked.length, 1);
    assert.equal(permissions(first.turn)[0]!.approval, 'allowed-session');
    const second = await h.turn('scenario:permission again');
    assert.equal(h.asked.length, 1, 'no dialog for the same host in the same session');
    const card = permissions(second.turn)[0]!;
    assert.deepEqual(
      [card.approval, card.acp?.chosen, card.acp?.remembered],
      ['allowed-session', 'allow_for_session', true],
    );
    assert.equal(tools(second.turn)[0]!.status, 'ok');
    const other = await h.turn('scenario:double-fetch');
    assert.equal(h.asked.length, 2, 'example.org is another host: asked');
    assert.equal(permissions(other.turn)[0]!.acp?.remembered, true, 'example.com was answered by the chat');
  });

  it('"Allow for this session" on a shell command: the next message\'s question opens the dialog, told why, the choice first; nothing is kept to answer with', async () => {
    const h = new Harness(makeZero(), ws);
    h.ask = async () => selected('allow_for_session');
    await h.turn('scenario:shell');
    assert.equal(h.chat.acpGrants, undefined);
    const again = await h.turn('scenario:shell');
    assert.equal(h.asked.length, 2, 'the dialog opened again');
    assert.deepEqual(h.again[0], null, 'the first question was new');
    assert.equal(h.again[1]?.preselect, 'allow_for_session');
    assert.match(h.again[1]?.why ?? '', /does not answer a shell command for you/);
    const card = permissions(again.turn)[0]!;
    assert.deepEqual([card.approval, card.acp?.remembered], ['allowed-session', undefined]);
  });

  it('Stop while the dialog is open answers cancelled, the turn ends interrupted, and the next message works', async () => {
    const h = new Harness(makeZero(), ws);
    let closedBySignal = false;
    h.ask = (_req, signal) =>
      new Promise((resolve) => {
        signal.addEventListener('abort', () => {
          closedBySignal = true;
          resolve({ outcome: { outcome: 'cancelled' } });
        });
      });
    const turn = h.start('scenario:permission');
    await until(() => h.asked.length === 1, 'the question', 15_000);
    await turn.stop();
    await turn.done;
    const t = h.chat.turns.at(-1)!;
    assert.ok(closedBySignal, 'the dialog was told to close');
    assert.equal(t.status, 'interrupted');
    assert.equal(t.explanation, 'Stopped.');
    assert.equal(permissions(t)[0]!.approval, 'cancelled');
    h.ask = async () => selected('allow');
    const next = await h.turn('scenario:echo still there?');
    assert.equal(next.turn.status, 'success');
    assert.equal(answerOf(next.turn), 'You said: scenario:echo still there?');
    assert.equal(processes(), 1);
  });

  it('Stop mid-stream sends session/cancel: the turn ends interrupted', async () => {
    const h = new Harness(makeZero(), ws);
    env.FAKE_ZERO_DELAY_MS = '50';
    const turn = h.start('scenario:slow');
    await until(() => (h.chat.turns.at(-1)?.items.length ?? 0) > 0, 'the first item', 15_000);
    await turn.stop();
    const { end } = await turn.done;
    assert.equal(end.status, 'interrupted');
    assert.ok(answerOf(h.chat.turns.at(-1)!).length < 400, 'stopped early');
  });

  it('a killed zero acp: the chat says so and keeps the transcript; the next message restarts it and loads the session', async () => {
    const zero = makeZero();
    const h = new Harness(zero, ws);
    await h.turn('scenario:echo remember me');
    const sessionId = h.chat.sessionId;
    env.FAKE_ZERO_DELAY_MS = '100';
    const turn = h.start('scenario:slow');
    await until(() => h.chat.turns.at(-1)?.items.some((i) => i.kind === 'text') ?? false, 'streamed text', 15_000);
    const pid = zero.pid!;
    process.kill(-pid, 'SIGKILL');
    const result = await turn.done;
    const cut = h.chat.turns.at(-1)!;
    assert.equal(result.crashed, true);
    assert.equal(cut.status, 'crashed');
    assert.match(
      cut.explanation ?? '',
      /zero acp was killed by SIGKILL during this turn.*next message starts Zero again/,
    );
    assert.ok(
      cut.items.some((i) => i.kind === 'text'),
      'what streamed before the crash is kept',
    );
    delete env.FAKE_ZERO_DELAY_MS;
    const next = await h.turn('scenario:resume');
    assert.equal(next.turn.status, 'success');
    assert.equal(h.chat.sessionId, sessionId, 'the same session continues');
    assert.match(
      answerOf(next.turn),
      new RegExp(`Continuing session ${sessionId}: you previously asked: scenario:echo remember me`),
    );
    assert.equal(processes(), 2);
  });

  it('a crash reported by Zero itself (panic) ends the turn as crashed with its stderr', async () => {
    const h = new Harness(makeZero(), ws);
    const { result, turn } = await h.turn('scenario:acp-crash');
    assert.equal(result.crashed, true);
    assert.equal(turn.status, 'crashed');
    assert.match(turn.stderrTail ?? '', /panic: runtime error/);
    assert.match(turn.explanation ?? '', /exited with code 2/);
  });

  it("after a window reload a new process loads the chat's session (history on load)", async () => {
    const h = new Harness(makeZero(), ws);
    await h.turn('scenario:echo first message');
    const sessionId = h.chat.sessionId;
    zeros[0]!.dispose();
    const reloaded = new Harness(makeZero(), ws);
    reloaded.chat = h.chat;
    const { turn } = await reloaded.turn('scenario:resume');
    assert.equal(reloaded.chat.sessionId, sessionId);
    assert.match(answerOf(turn), /you previously asked: scenario:echo first message/);
  });

  it('a session that cannot be loaded is replaced by a new one, and the chat says so', async () => {
    const h = new Harness(makeZero(), ws);
    h.chat = { ...h.chat, sessionId: 'zero_20990101000000_1_1' };
    const { turn } = await h.turn('scenario:echo hi');
    assert.notEqual(h.chat.sessionId, 'zero_20990101000000_1_1');
    assert.ok(
      turn.items.some(
        (i) => i.kind === 'warning' && /could not load this chat's session.*session not found/.test(i.message),
      ),
    );
    assert.equal(turn.status, 'success');
  });

  it('idle: the process shuts down, and the next message starts it again', async () => {
    const zero = makeZero(300);
    const h = new Harness(zero, ws);
    await h.turn('scenario:echo one');
    const pid = zero.pid!;
    await until(() => isGone(pid) && zero.pid === undefined, 'zero acp exited', 15_000);
    const { turn } = await h.turn('scenario:resume');
    assert.match(answerOf(turn), /you previously asked: scenario:echo one/);
    assert.equal(processes(), 2);
  });

  it('modes: set_mode is sent and reported; unsafe is refused over ACP', async () => {
    const zero = makeZero();
    const h = new Harness(zero, ws);
    await h.turn('scenario:echo hi');
    const sessionId = h.chat.sessionId!;
    await zero.setMode(sessionId, 'ask');
    await until(() => h.chat.acp?.mode === 'ask', 'the mode update', 15_000);
    await assert.rejects(zero.setMode(sessionId, 'unsafe'), /mode not permitted over ACP: unsafe/);
  });

  it('Restricted Mode: the session runs in plan mode, so write tools are refused', async () => {
    const h = new Harness(makeZero(), ws);
    const { turn } = await h.turn('scenario:write', { trusted: false });
    assert.equal(h.chat.acp?.mode, 'plan');
    assert.equal(tools(turn)[0]!.status, 'error');
    assert.match(tools(turn)[0]!.output ?? '', /not available in plan mode/);
    assert.equal(h.asked.length, 0);
  });

  it('models: a listed model goes through the config option, any other through _zero/set_model', async () => {
    const zero = makeZero();
    const h = new Harness(zero, ws);
    await h.turn('scenario:echo hi');
    const id = h.chat.sessionId!;
    assert.deepEqual(
      h.chat.acp?.models.map((m) => m.id),
      ['gpt-4.1', 'gpt-4.1-mini', 'o3'],
    );
    assert.equal(await zero.setModel(id, 'o3'), 'o3');
    assert.equal(await zero.setModel(id, 'my-local-model'), 'my-local-model');
    const meta = JSON.parse(
      fs.readFileSync(path.join(env.XDG_DATA_HOME!, 'zero', 'sessions', id, 'metadata.json'), 'utf8'),
    );
    assert.equal(meta.modelId, 'my-local-model');
  });

  it('plan updates become one plan list in the turn; locations become file links without checkpoints', async () => {
    const h = new Harness(makeZero(), ws);
    const { turn } = await h.turn('scenario:plan');
    const plans = turn.items.filter((i): i is PlanItem => i.kind === 'plan');
    assert.equal(plans.length, 1);
    assert.deepEqual(
      plans[0]!.entries.map((e) => e.status),
      ['completed', 'in_progress', 'pending'],
    );
    const write = await h.turn('scenario:write');
    const tool = tools(write.turn)[0]!;
    assert.equal(tool.status, 'ok');
    assert.deepEqual(tool.locations, ['notes/acp.md']);
    assert.deepEqual(tool.changedFiles, [], 'no checkpoints over ACP: nothing to diff or undo');
    assert.equal(tool.checkpoint, null);
  });

  it("a shell command offers Zero's prefix options (cancel is never an option)", async () => {
    const h = new Harness(makeZero(), ws);
    h.ask = async (req) => dismissed(req.options);
    const { turn } = await h.turn('scenario:shell');
    assert.deepEqual(
      h.asked[0]!.options.map((o) => o.name),
      // No native sandbox (FAKE_ZERO_NATIVE_SANDBOX unset): Zero says the prefix runs outside it.
      [
        'Allow',
        'Allow for this session',
        'Allow this command for the session (runs outside the sandbox)',
        'Always allow this command (runs outside the sandbox)',
        'Reject',
      ],
    );
    assert.equal(tools(turn)[0]!.status, 'error');
  });

  it('dispose kills the process tree', async () => {
    const zero = makeZero();
    const h = new Harness(zero, ws);
    await h.turn('scenario:echo hi');
    const pid = zero.pid!;
    zero.dispose();
    await until(() => isGone(pid), 'zero acp exited', 15_000);
  });
});
