// Open Full Output's choice: Zero's saved copy when it is there and checks out; else what Zero kept in its
// session store (events.jsonl's tool_result for that call, in the turn's time); over ACP nothing is stored.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ChatAction } from '../../../src/conversation/actions';
import type { Chat } from '../../../src/conversation/model';
import { newChat, reduceChat } from '../../../src/conversation/reducer';
import { findFullOutput, type FullOutputPlace } from '../../../src/zero/exec/fullOutput.bundle';
import { spillRoot } from '../../../src/zero/process/spillFile';
import { readStoredOutput } from '../../../src/zero/exec/storedOutput';
import { zeroEvent } from '../../support/builders';

const SESSION = 'zero_20261203132546_1796304346127243084_1';
const TURN_AT = Date.parse('2026-12-03T13:25:46Z') + 300;
const FULL = Array.from({ length: 12000 }, (_, i) => `${i + 1}`).join('\n');
const KEPT = `${FULL.slice(0, 20000)}\n[zero] ... 3824 section(s) omitted ...\n${FULL.slice(-20000)}`;

let n = 0;
const line = (type: string, payload: unknown, createdAt = '2026-12-03T13:25:47Z'): string =>
  JSON.stringify({ id: `${SESSION}:${++n}`, sessionId: SESSION, sequence: n, type, createdAt, payload });
const result = (id: string, output: string, createdAt?: string): string =>
  line(
    'tool_result',
    { meta: { truncated: 'true' }, name: 'exec_command', output, status: 'ok', toolCallId: id, truncated: true },
    createdAt,
  );

describe('Open Full Output: which copy', () => {
  let temp: string;
  let place: FullOutputPlace;
  let spill: string;
  const chatWith = (spillPath: string | null, transport?: 'acp'): Chat => {
    const meta = {
      truncated: 'true',
      raw_bytes: '60914',
      output_budget_retained_bytes: '40000',
      ...(spillPath ? { spill_path: spillPath } : {}),
    };
    return [
      {
        type: 'turn_started',
        turnId: 't1',
        prompt: 'p',
        origin: 'prompt',
        at: TURN_AT,
        ...(transport ? { transport } : {}),
      } as ChatAction,
      zeroEvent({ type: 'run_start', sessionId: SESSION }),
      zeroEvent({ type: 'tool_call', id: 'call_1', name: 'exec_command', args: { cmd: 'seq 1 12000' } }),
      zeroEvent({
        type: 'tool_result',
        id: 'call_1',
        name: 'exec_command',
        status: 'ok',
        output: 'x\n[truncated]',
        truncated: true,
        meta,
      }),
    ].reduce(reduceChat, newChat('c', 0));
  };
  beforeEach(() => {
    temp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'zero-full-output-')));
    const root = spillRoot({ TMPDIR: temp })!;
    fs.mkdirSync(root, { mode: 0o700 });
    spill = path.join(root, 'exec_command-1300091352.txt');
    fs.writeFileSync(spill, FULL, { mode: 0o600 });
    const sessions = path.join(temp, 'sessions');
    fs.mkdirSync(path.join(sessions, SESSION), { recursive: true });
    fs.writeFileSync(
      path.join(sessions, SESSION, 'events.jsonl'),
      [
        result('call_1', 'an earlier turn with the same id', '2026-12-03T13:20:00Z'),
        line('tool_call', { arguments: '{"cmd":"seq 1 12000"}', id: 'call_1', name: 'exec_command' }),
        result('call_2', 'another call'),
        result('call_1', KEPT),
        'not json at all {',
      ].join('\n') + '\n',
    );
    place = { spillRoot: root, sessionsRoot: sessions };
  });
  afterEach(() => fs.rmSync(temp, { recursive: true, force: true }));

  it("opens Zero's saved copy: the whole 60,914 bytes", async () => {
    const found = await findFullOutput(chatWith(spill), 't1', 'call_1', place);
    assert.deepEqual(found, {
      kind: 'text',
      text: FULL,
      title: 'exec_command-call_1 (full output).txt',
      note: null,
      warn: false,
    });
  });

  it('the copy gone: what Zero kept in its session for that call in that turn, and says so', async () => {
    fs.rmSync(spill);
    const found = await findFullOutput(chatWith(spill), 't1', 'call_1', place);
    assert.equal(found.kind, 'text');
    if (found.kind !== 'text') return;
    assert.equal(found.text, KEPT);
    assert.equal(found.title, 'exec_command-call_1 (as Zero kept it).txt');
    assert.match(found.note!, /saved copy .* is gone \(Zero deletes them after 7 days\)/);
    assert.match(found.note!, /the 40,000 of 60,914 bytes the model got/);
    assert.equal(found.warn, false);
  });

  it('a hostile saved path is never opened: the session copy instead, with a warning naming the path', async () => {
    for (const hostile of [
      path.join(temp, 'sessions', SESSION, 'events.jsonl'),
      '/etc/passwd',
      `${place.spillRoot}/../x-1.txt`,
    ]) {
      const found = await findFullOutput(chatWith(hostile), 't1', 'call_1', place);
      assert.equal(found.kind, 'text', hostile);
      if (found.kind !== 'text') continue;
      assert.equal(found.text, KEPT, `${hostile}: not its content`);
      assert.equal(found.warn, true);
      assert.ok(found.note!.startsWith(`Not opening ${hostile}:`), found.note!);
    }
  });

  it('no saved copy, a missing session, ACP (nothing stored), a call no longer there: says why', async () => {
    const none = async (chat: Chat, key = 'call_1', at: FullOutputPlace = place): Promise<string> => {
      const found = await findFullOutput(chat, 't1', key, at);
      assert.equal(found.kind, 'none');
      return found.kind === 'none' ? found.why : '';
    };
    assert.equal((await findFullOutput(chatWith(null), 't1', 'call_1', place)).kind, 'text');
    assert.match(
      await none(chatWith(null), 'call_1', { ...place, sessionsRoot: path.join(temp, 'nowhere') }),
      /session record was not found/,
    );
    assert.match(await none(chatWith(null, 'acp')), /ACP server keeps no tool output/);
    assert.match(await none(chatWith(null), 'call_9'), /no longer in the chat/);
    fs.rmSync(spill);
    assert.match(await none(chatWith(spill, 'acp')), /is gone .* ACP server keeps no tool output/);
  });

  it('the session store read is bounded and skips unreadable lines', async () => {
    const r = await readStoredOutput(place.sessionsRoot, SESSION, 'call_1', TURN_AT, 100);
    assert.deepEqual(r, { kind: 'ok', output: KEPT.slice(0, 100), truncated: true, cut: true });
    assert.equal((await readStoredOutput(place.sessionsRoot, '../etc', 'call_1', 0)).kind, 'missing');
  });
});
