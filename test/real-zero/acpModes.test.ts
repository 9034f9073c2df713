// Modes and models over the real `zero acp`: what each mode offers the model (read from the requests
// the scripted model received), what it asks about, and how the model choice reaches the provider.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { selected } from '../../src/acp/permissionOptions';
import type { ZeroAcp } from '../../src/acp/zeroAcp';
import { AcpChat, closeRealAcp, openRealAcp, answerOf, offeredTools, toolsOf } from './lib/acpChat';
import type { Sandbox } from './lib/realZero';
import { PLAN_TOOLS } from './lib/planTools';

describe('real zero acp: modes and models', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;
  let zero: ZeroAcp;
  let chat: AcpChat;
  beforeEach(async () => ({ sandbox, zero, chat } = await openRealAcp(async () => selected('deny'))));
  afterEach(async () => closeRealAcp(zero, sandbox));

  const lastOffered = (): string[] => offeredTools(sandbox).at(-1) ?? [];

  it('auto (the default): no write tools are offered, so a write is impossible; shell and web_fetch are, behind a question', async () => {
    const turn = await chat.turn('scenario:write');
    assert.equal(chat.chat.acp?.mode, 'auto');
    assert.equal(answerOf(turn), 'Tool write_file was not offered in this mode.');
    const offered = lastOffered();
    for (const name of ['read_file', 'glob', 'grep', 'exec_command', 'web_fetch'])
      assert.ok(offered.includes(name), name);
    for (const name of ['write_file', 'apply_patch', 'bash']) assert.ok(!offered.includes(name), name);
    assert.equal(fs.existsSync(path.join(sandbox.workspace, 'notes', 'zero.txt')), false);
  });

  it('ask: write tools are offered and a write inside the workspace runs without a question; a shell command is asked about', async () => {
    const write = await chat.turn('scenario:write', { mode: 'ask' });
    assert.equal(chat.chat.acp?.mode, 'ask', 'set_mode answered with a current_mode_update');
    for (const name of ['write_file', 'apply_patch', 'exec_command', 'bash'])
      assert.ok(lastOffered().includes(name), name);
    assert.equal(toolsOf(write)[0]!.status, 'ok');
    assert.equal(chat.asked.length, 0, 'no question for a workspace write in ask mode');
    assert.equal(fs.readFileSync(path.join(sandbox.workspace, 'notes', 'zero.txt'), 'utf8'), 'written by zero\n');
    await chat.turn('scenario:shell');
    assert.equal(chat.asked.length, 1);
    assert.equal(chat.asked[0]!.toolCall.kind, 'execute');
  });

  it('plan: only read tools are offered; the mode holds for the next message', async () => {
    const turn = await chat.turn('scenario:shell', { mode: 'plan' });
    assert.equal(chat.chat.acp?.mode, 'plan');
    assert.deepEqual(lastOffered(), PLAN_TOOLS);
    assert.equal(answerOf(turn), 'Tool exec_command was not offered in this mode.');
    const read = await chat.turn('scenario:read');
    assert.equal(toolsOf(read)[0]!.status, 'ok');
    assert.ok(!lastOffered().includes('exec_command'), 'still plan');
  });

  it('Restricted Mode puts the session in plan before the prompt', async () => {
    await chat.turn('scenario:write', { trusted: false, mode: 'auto' });
    assert.equal(chat.chat.acp?.mode, 'plan');
    assert.ok(!lastOffered().includes('write_file') && !lastOffered().includes('exec_command'));
  });

  it('unsafe is refused over ACP', async () => {
    await chat.turn('scenario:plain');
    await assert.rejects(zero.setMode(chat.chat.sessionId!, 'unsafe'), /not permitted|unsafe/);
  });

  it('a model Zero did not list goes through _zero/set_model: the provider gets it and the session keeps it', async () => {
    await chat.turn('scenario:plain');
    await chat.turn('scenario:plain', { model: 'other-model' });
    assert.equal(chat.chat.acp?.model, 'other-model');
    assert.equal(sandbox.server.completions().at(-1)!.body!.model, 'other-model');
    const meta = JSON.parse(
      fs.readFileSync(path.join(sandbox.dataHome, 'zero', 'sessions', chat.chat.sessionId!, 'metadata.json'), 'utf8'),
    ) as { modelId: string };
    assert.equal(meta.modelId, 'other-model');
  });
});
