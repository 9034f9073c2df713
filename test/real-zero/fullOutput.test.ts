// Full tool output against the real Zero 0.8.0: `seq 1 12000` (60,914 bytes with Zero's framing) is more
// than exec_command's 40,000-byte budget for the model. It runs headless under a persistent command-prefix
// grant for `seq`. On exec the card keeps the sizes and the saved copy from tool_result.meta; Open Full
// Output's choice gives that copy whole (checked in Zero's own folder), and once it is gone what Zero kept in
// its session (the model's 40,000 bytes). Over ACP only the text's `[zero] … saved to <path>` line is left,
// and nothing is stored. Each test's Zero gets a TMPDIR of its own, so its spill folder goes with the sandbox.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Chat, ToolItem } from '../../src/conversation/model';
import { newChat } from '../../src/conversation/reducer';
import { sessionsRoot } from '../../src/zero/sessions/checkpoints';
import { findFullOutput, type FullOutputPlace } from '../../src/zero/exec/fullOutput.bundle';
import { spillRoot } from '../../src/zero/process/spillFile';
import { BIGOUT_DONE } from '../fixtures/model-server/cardScenarios';
import { AcpChat, realAcp, toolsOf } from './lib/acpChat';
import { answer, chatTurn, problems, tools } from './lib/execChat';
import { makeSandbox, type Sandbox } from './lib/realZero';

const UID = process.getuid?.() ?? -1;
/** `seq 1 12000` as Zero's exec_command frames it: the whole output. */
const FULL = `output:\n${Array.from({ length: 12000 }, (_, i) => i + 1).join('\n')}\nexit_code: 0`;

/** A persistent grant for commands starting with `seq`, as Zero's own approval saves it. */
function grantSeq(sandbox: Sandbox): void {
  const approvedAt = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const file = {
    schemaVersion: 3,
    policyVersion: 2,
    grants: {},
    commandPrefixes: { exec_command: [{ toolName: 'exec_command', prefix: ['seq'], approvedAt }] },
  };
  fs.writeFileSync(sandbox.grantsPath, JSON.stringify(file, null, 2));
}

describe('real Zero: full output of a cut tool result', () => {
  let sandbox: Sandbox;
  let tmp: string;
  let place: FullOutputPlace;
  beforeEach(async () => {
    sandbox = await makeSandbox({ modelsFetch: true });
    tmp = path.join(sandbox.root, 'tmp');
    fs.mkdirSync(tmp);
    grantSeq(sandbox);
    const env = { ...sandbox.env, TMPDIR: tmp };
    place = { spillRoot: spillRoot(env), sessionsRoot: sessionsRoot(env) };
  });
  afterEach(async () => sandbox.dispose());

  it('exec: the card keeps what Zero cut; Open Full Output gives the saved copy, then the session copy', async () => {
    const { turn, chat } = await chatTurn(sandbox, 'Print them scenario:bigout', { env: { TMPDIR: tmp } });
    assert.deepEqual(problems(turn), []);
    assert.equal(turn.status, 'success');
    assert.match(answer(turn), new RegExp(BIGOUT_DONE));
    const [cmd] = tools(turn);
    assert.deepEqual([cmd!.name, cmd!.status, cmd!.truncated], ['exec_command', 'ok', true]);
    assert.equal(cmd!.output!.length, 10240 + '\n[truncated]'.length, "the stream's 10 KiB copy");
    const cut = cmd!.cut!;
    assert.deepEqual([cut.forModel, cut.rawBytes], [true, Buffer.byteLength(FULL)]);
    // exec_command's budget, 40,000 bytes, less what a long spill path in its notice does not leave room for.
    assert.ok(cut.keptBytes! <= 40000 && cut.keptBytes! > 39900, `the model's budget: ${cut.keptBytes}`);
    assert.equal(path.dirname(cut.spillPath!), path.join(tmp, `zero-tool-output-${UID}`));
    assert.equal(path.dirname(cut.spillPath!), place.spillRoot, 'spillRoot() is where Zero saves');
    assert.match(path.basename(cut.spillPath!), /^exec_command-\d+\.txt$/);

    const whole = await findFullOutput(chat, turn.id, cmd!.key, place);
    assert.equal(whole.kind, 'text');
    if (whole.kind !== 'text') return;
    assert.equal(whole.text, FULL, 'every line, the middle the model never saw included');
    assert.equal(whole.note, null);

    // Zero sweeps its copies after 7 days: then what its session kept, the model's text.
    fs.rmSync(cut.spillPath!);
    const kept = await findFullOutput(chat, turn.id, cmd!.key, place);
    assert.equal(kept.kind, 'text');
    if (kept.kind !== 'text') return;
    assert.equal(kept.text.length, cut.keptBytes);
    assert.match(kept.text, /\[zero\] \.\.\. \d+ section\(s\) omitted \.\.\./);
    assert.ok(kept.text.includes('\n12000\nexit_code: 0\n'), 'it ends as the output did');
    assert.ok(!kept.text.includes('\n10000\n'), 'not the middle');
    assert.match(
      kept.note!,
      /is gone \(Zero deletes them after 7 days\).*the \d\d,\d{3} of 60,914 bytes the model got/,
    );
  });

  it('exec: a hostile saved path in the chat is refused, and the session copy opens instead', async () => {
    const { turn, chat } = await chatTurn(sandbox, 'Print them scenario:bigout', { env: { TMPDIR: tmp } });
    const cmd = tools(turn)[0]!;
    const secret = path.join(sandbox.root, 'secret.txt');
    fs.writeFileSync(secret, 'not for the chat');
    for (const hostile of [secret, `${place.spillRoot}/../../secret.txt`, path.join(sandbox.home, '.bashrc')]) {
      const forged: Chat = {
        ...chat,
        turns: [
          {
            ...turn,
            items: turn.items.map((i) => (i === cmd ? { ...cmd, cut: { ...cmd.cut!, spillPath: hostile } } : i)),
          },
        ],
      };
      const found = await findFullOutput(forged, turn.id, cmd.key, place);
      assert.equal(found.kind, 'text', hostile);
      if (found.kind !== 'text') continue;
      assert.equal(found.warn, true);
      assert.ok(!found.text.includes('not for the chat'));
      assert.equal(found.text.length, cmd.cut!.keptBytes, 'the session copy');
    }
  });

  it("ACP: no meta, but the text names Zero's saved copy; it opens, and nothing is in the session", async () => {
    const zero = realAcp(sandbox, { env: { TMPDIR: tmp } });
    try {
      const acpChat = new AcpChat(zero, sandbox.workspace);
      const turn = await acpChat.turn('Print them scenario:bigout');
      assert.equal(turn.status, 'success');
      const cmd = toolsOf(turn).find((t): t is ToolItem => t.name === 'exec_command')!;
      assert.equal(cmd.status, 'ok');
      assert.equal(cmd.truncated, false, 'ACP sends the model text whole');
      assert.deepEqual([cmd.cut?.forModel, cmd.cut?.rawBytes, cmd.cut?.keptBytes], [true, null, null]);
      assert.equal(path.dirname(cmd.cut!.spillPath!), place.spillRoot);
      const chat: Chat = { ...newChat('c', 0), transport: 'acp', turns: [turn] };
      const whole = await findFullOutput(chat, turn.id, cmd.key, place);
      assert.equal(whole.kind === 'text' && whole.text, FULL);
      fs.rmSync(cmd.cut!.spillPath!);
      const gone = await findFullOutput(chat, turn.id, cmd.key, place);
      assert.equal(gone.kind, 'none');
      assert.match(gone.kind === 'none' ? gone.why : '', /ACP server keeps no tool output in its session/);
    } finally {
      zero.dispose();
    }
  });
});
