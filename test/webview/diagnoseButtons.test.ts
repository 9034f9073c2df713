/** Diagnose from the chat: the Zero CLI banner, and the footer of a turn that failed for its setup. */
import { strict as assert } from 'node:assert';
import type { ChatAction } from '../../src/conversation/actions';
import { CHAT_ID, emptyChat, ev, eventActions, T_START, viewState } from './fixtures';
import { useChatPage, type ChatPage } from './harness';

const turn = (id: string, prompt: string): ChatAction =>
  ({ type: 'turn_started', turnId: id, prompt, origin: 'prompt', at: T_START }) as ChatAction;

const exited = (explanation: string, code: number): ChatAction => ({
  type: 'process_exited',
  code,
  signal: null,
  spawnFailed: false,
  explanation,
  stderrTail: null,
  at: T_START + 1000,
});

describe('webview: Diagnose buttons', () => {
  let chat: ChatPage;
  useChatPage((page) => (chat = page));
  const diagnoses = async () => (await chat.posted()).filter((m) => m.type === 'diagnose');

  it('the "Zero CLI unavailable" banner has Diagnose', async () => {
    const binary = {
      ok: false,
      path: null,
      demo: false,
      problem: 'Zero CLI not found on PATH or in the usual install locations.',
    };
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { binary }) });
    await chat.page.getByRole('region', { name: 'Zero CLI problem' }).getByRole('button', { name: 'Diagnose' }).click();
    assert.deepEqual(await diagnoses(), [{ type: 'diagnose' }]);
  });

  it('a turn the provider failed offers Diagnose under its explanation; a crash of the task does not', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    await chat.send({
      type: 'actions',
      chatId: CHAT_ID,
      actions: [
        turn('turn-1', 'Refactor the parser'),
        ...eventActions([
          ev({ type: 'run_start', sessionId: 's' }),
          ev({ type: 'error', code: 'provider_error', message: 'auth error: 401 invalid api key' }),
          ev({ type: 'run_end', status: 'error', exitCode: 3 }),
        ]),
        exited('The model provider failed: auth error: 401 invalid api key', 3),
        turn('turn-2', 'Try again'),
        exited('Zero stopped without finishing the run (exit 1, no run_end): it probably crashed.', 1),
      ],
    });
    const turns = chat.page.locator('.turn');
    const failed = turns.filter({ hasText: 'Refactor the parser' });
    await failed.locator('.turn-explanation', { hasText: 'The model provider failed' }).waitFor();
    await failed.getByRole('button', { name: 'Diagnose' }).click();
    assert.deepEqual(await diagnoses(), [{ type: 'diagnose' }]);
    const crashed = turns.filter({ hasText: 'Try again' });
    await crashed.locator('.turn-explanation').waitFor();
    assert.equal(await crashed.getByRole('button', { name: 'Diagnose' }).count(), 0);
  });
});
