// Whatever Zero prints, the chat the store writes is the chat a fresh store reads back: odd numbers,
// fields of the wrong type and odd strings never make a chat unreadable (set aside as .corrupt-…).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { actionFromDecoded, newChat, reduceChat, type Chat, type ChatAction } from '../../../src/conversation';
import { ChatStore } from '../../../src/storage/chatStore';
import { replayFile } from '../../../src/storage/chatLogFile';
import { decodeLine } from '../../../src/protocol/decode';
import { processExited } from '../../support/builders';

const env = '"schemaVersion":2,"runId":"r1"';
const LONG = 'x'.repeat(300_000);

/** One class of odd input per entry: raw stream-json lines, as Zero could print them. */
const CLASSES: Record<string, string[]> = {
  'huge numbers (totals overflow)': [
    `{${env},"type":"usage","promptTokens":1e308,"completionTokens":1e308,"totalTokens":1e308,"costUsd":1e308}`,
    `{${env},"type":"usage","promptTokens":1e308,"completionTokens":1e308,"totalTokens":1e308,"costUsd":1e308}`,
    `{${env},"type":"tool_call","id":"c1","name":"read_file","args":{"n":1e400,"m":-1e400}}`,
    `{${env},"type":"checkpoint","checkpoint":{"sequence":1e308,"tool":"write_file","files":["a.txt"]}}`,
    `{${env},"type":"run_end","status":"success","exitCode":1e308}`,
  ],
  'negative and fractional numbers': [
    `{${env},"type":"usage","promptTokens":-5,"completionTokens":2.5,"totalTokens":-0,"costUsd":-1}`,
    `{${env},"type":"tool_call","id":"c1","name":"write_file","args":{}}`,
    `{${env},"type":"checkpoint","checkpoint":{"sequence":-3.7,"files":[]}}`,
    `{${env},"type":"run_end","status":"error","exitCode":-2.5}`,
  ],
  'fields of the wrong type': [
    `{${env},"type":"usage","promptTokens":"12","completionTokens":null,"totalTokens":[]}`,
    `{${env},"type":"run_end","status":7,"exitCode":"0"}`,
    `{${env},"type":"checkpoint","checkpoint":{"sequence":"1"}}`,
    `{${env},"type":"text","delta":42}`,
    `{${env},"type":"tool_result","id":7,"status":"ok"}`,
    `{"type":"final","schemaVersion":"2","runId":"r1"}`,
  ],
  'odd strings': [
    `{${env},"type":"text","delta":"lone \\ud800 high and \\udc00 low, \\u2028 line sep \\u2029 para sep, NUL \\u0000 and \\r\\n"}`,
    `{${env},"type":"reasoning","delta":"${LONG}"}`,
    `{${env},"type":"tool_call","id":"\\ud83d","name":"\\u0000","args":"\\u2028"}`,
    `{${env},"type":"final","text":"\\udfff end"}`,
    '{"type":"text","schemaVersion":2,"runId":"r1","delta":"cut \\ud83d',
  ],
};

function run(lines: readonly string[], store: ChatStore, appendOnly: boolean): Chat {
  let chat = reduceChat(newChat('c1', 1000), {
    type: 'turn_started',
    turnId: 't1',
    prompt: 'odd input',
    origin: 'prompt',
    at: 1000,
  });
  store.save(chat, true);
  const actions: ChatAction[] = lines.map((l, i) => actionFromDecoded(decodeLine(l, i + 1)));
  actions.push(processExited(0, 2000));
  for (const action of actions) {
    const next = reduceChat(chat, action);
    store.record(chat, action, next);
    chat = next;
  }
  if (!appendOnly) store.save(chat, true);
  return chat;
}

describe('chat round trip: what the store writes, a fresh store reads back the same', () => {
  let dir: string;
  let notices: string[];
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-roundtrip-'));
    notices = [];
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const open = (): ChatStore =>
    new ChatStore(
      dir,
      () => undefined,
      (m) => notices.push(m),
    );

  for (const [name, lines] of Object.entries(CLASSES)) {
    for (const appendOnly of [true, false]) {
      it(`${name} (${appendOnly ? 'appended actions' : 'snapshot'})`, async () => {
        const store = open();
        const seen = run(lines, store, appendOnly);
        await store.idle();
        const loaded = open().load('c1');
        const files = fs.readdirSync(path.join(dir, 'chats'));
        assert.deepEqual(
          files.filter((f) => f.includes('.corrupt-')),
          [],
          `set aside: ${notices.join('; ')}`,
        );
        assert.ok(loaded, `the chat loads (${notices.join('; ')})`);
        assert.deepEqual(loaded, seen, 'the chat read back is the chat the user saw');
        const streamed = await replayFile('c1', path.join(dir, 'chats', 'c1.jsonl'));
        assert.ok(streamed?.ok, 'history search reads it too');
        assert.deepEqual(streamed.log.chat, seen);
        // What the user saw is sane: finite, non-negative whole token counts.
        for (const u of [seen.usage, seen.turns[0]!.usage]) {
          for (const n of [u.promptTokens, u.completionTokens, u.totalTokens])
            assert.ok(Number.isSafeInteger(n) && n >= 0, `token count ${n}`);
          assert.ok(u.costUsd === null || (Number.isFinite(u.costUsd) && u.costUsd >= 0), `cost ${u.costUsd}`);
        }
        const exit = seen.turns[0]!.exitCode;
        assert.ok(exit === null || Number.isSafeInteger(exit), `exit code ${exit}`);
      });
    }
  }

  it('a chat the reducer could not have made (a non-finite total) is written so that it reads back, never set aside', async () => {
    const store = open();
    const chat = reduceChat(newChat('c1', 1000), {
      type: 'turn_started',
      turnId: 't1',
      prompt: 'p',
      origin: 'prompt',
      at: 1000,
    });
    const broken: Chat = { ...chat, usage: { ...chat.usage, promptTokens: Infinity, completionTokens: NaN } };
    store.save(broken, true);
    await store.idle();
    const loaded = open().load('c1');
    assert.ok(loaded, `the chat loads (${notices.join('; ')})`);
    assert.equal(loaded.turns[0]!.prompt, 'p');
    assert.ok(Number.isFinite(loaded.usage.promptTokens) && Number.isFinite(loaded.usage.completionTokens));
  });
});
