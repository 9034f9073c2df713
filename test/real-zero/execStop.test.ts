// The real Zero through the extension's exec path: how a run ends early. Stop (the product's SIGINT to the
// process group, then SIGTERM, then SIGKILL: zeroProcess.ts) mid-answer, and --max-turns.
import * as assert from 'node:assert/strict';
import type { ChatAction } from '../../src/conversation/actions';
import { answer, chatTurn, eventTypes, notices, problems, sessionEvents, tools } from './lib/execChat';
import { makeSandbox, type Sandbox } from './lib/realZero';

const textDeltas = (actions: readonly ChatAction[]) =>
  actions.filter((a) => a.type === 'event' && a.event.type === 'text').length;

describe('real Zero exec: Stop and turn limits', () => {
  let sandbox: Sandbox;
  beforeEach(async () => (sandbox = await makeSandbox()));
  afterEach(async () => sandbox.dispose());

  it('Stop mid-answer: the streamed part stays, Zero ends interrupted/130, and its session keeps only the question', async () => {
    const { turn, end, chat, actions, log } = await chatTurn(sandbox, 'scenario:slow chunks=60 delay=40', {
      stopWhen: (a) => textDeltas(a) >= 3,
    });
    assert.deepEqual(problems(turn), []);
    assert.equal(end.stopped, true);
    // SIGINT was enough: Zero wrote its own ending. Its `error{interrupted, "run cancelled by signal"}` answers
    // our Stop: the chat shows no error for a stop the user asked for, only "Stopped." (the log keeps Zero's words).
    assert.equal(eventTypes(actions).at(-1), 'run_end');
    assert.deepEqual([turn.status, turn.exitCode, turn.sawRunEnd], ['interrupted', 130, true]);
    assert.deepEqual(notices(turn, 'error'), []);
    assert.equal(turn.explanation, 'Stopped.');
    assert.ok(log.includes('Zero after Stop: run cancelled by signal'), log.join('\n'));
    assert.equal(turn.finalText, null);
    const shown = turn.items
      .filter((i) => i.kind === 'text')
      .map((i) => (i.kind === 'text' ? i.text : ''))
      .join('');
    assert.match(shown, /^slow 1\. slow 2\. slow 3\. /);
    assert.ok(!shown.includes('slow 60.'));
    assert.equal(answer(turn), '', 'nothing is marked as the answer');
    // Zero's store: the user message and the interruption, not the partial answer.
    const stored = sessionEvents(sandbox, chat.sessionId!).map((e) => [e.type, e.payload.role ?? e.payload.message]);
    assert.deepEqual(stored, [
      ['message', 'user'],
      ['error', 'interrupted'],
    ]);
  });

  it('Stop while Zero waits on the model, before any text: interrupted/130 with run_end, an empty answer', async () => {
    const result = chatTurn(sandbox, 'scenario:slow chunks=5 delay=3000', {
      onStarted: (stop) => {
        const poll = setInterval(() => {
          if (sandbox.server.completions().length === 0) return;
          clearInterval(poll);
          stop();
        }, 10);
      },
    });
    const { turn } = await result;
    assert.deepEqual([turn.status, turn.exitCode, turn.sawRunEnd, answer(turn)], ['interrupted', 130, true, '']);
  });

  it('--max-turns 2: two tool turns, then one more request for a summary whose text is the answer; success with the gate off', async () => {
    const { turn } = await chatTurn(sandbox, 'scenario:max-turns', { extraArgs: ['--max-turns', '2'] });
    assert.deepEqual(problems(turn), []);
    assert.equal(sandbox.server.completions().length, 3);
    // The summary request tells the model to stop calling tools (its own user message).
    const last = sandbox.server.completions()[2]!.body!.messages.at(-1);
    assert.match(String(last?.content), /You have reached the tool-turn limit\. Do not call tools\./);
    assert.deepEqual(
      tools(turn).map((t) => [t.name, (t.args as { offset: number }).offset, t.status]),
      [
        ['read_file', 1, 'ok'],
        ['read_file', 2, 'ok'],
      ],
    );
    assert.equal(answer(turn), 'Calling read_file.');
    // The extension passes --no-completion-gate, so the limit is not "incomplete".
    assert.deepEqual([turn.status, turn.exitCode], ['success', 0]);
  });
});
