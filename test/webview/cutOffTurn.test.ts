/** A cut-off turn in the chat view: no spinner anywhere, each open call says how it ended, Resume by keyboard. */
import { strict as assert } from 'node:assert';
import type { ChatAction } from '../../src/conversation/actions';
import { chatOf, ev, eventActions, T_START, viewState } from './fixtures';
import { useChatPage, type ChatPage } from './harness';

const start = (id: string, prompt: string, transport?: 'acp'): ChatAction =>
  ({
    type: 'turn_started',
    turnId: id,
    prompt,
    origin: 'prompt',
    at: T_START,
    ...(transport ? { transport } : {}),
  }) as ChatAction;

/** A turn mid-way: a finished read, reasoning still open, two shell calls running. */
const midTurn = (transport?: 'acp'): ChatAction[] => [
  start('turn-1', 'Run the slow tests', transport),
  ...eventActions([
    ev({ type: 'run_start', sessionId: 'zero_s1' }),
    ev({ type: 'tool_call', id: 'call_1', name: 'read_file', args: { path: 'README.md' } }),
    ev({ type: 'tool_result', id: 'call_1', name: 'read_file', status: 'ok', output: 'text' }),
    ev({ type: 'tool_call', id: 'call_2', name: 'exec_command', args: { cmd: 'npm test' } }),
    ev({ type: 'tool_call', id: 'call_3', name: 'exec_command', args: { cmd: 'sleep 60' } }),
    ev({ type: 'reasoning', delta: 'Waiting for the tests' }),
  ]),
];

describe('webview: a turn cut off', () => {
  let chat: ChatPage;
  useChatPage((page) => (chat = page));
  /** Everything on the page that still moves or says it works. */
  const busy = () =>
    chat.page.evaluate(() => {
      const moving = [...document.querySelectorAll('*')].filter((el) => {
        const s = getComputedStyle(el);
        const before = getComputedStyle(el, '::before');
        const after = getComputedStyle(el, '::after');
        return (
          s.animationName !== 'none' ||
          before.animationName !== 'none' ||
          (after.content !== 'none' && after.content.includes('…'))
        );
      });
      return moving.map((el) => `${el.className}`);
    });

  it('a reload cut it off: no spinner, each call says how it ended and why, Resume fills the box and is announced', async () => {
    await chat.send({ type: 'snapshot', state: viewState(chatOf(midTurn())) });
    await chat.page.locator('.tool-card.status-running').first().waitFor();
    assert.ok(
      (await busy()).length >= 3,
      `while it runs, the spinners and the header move: ${(await busy()).join(' | ')}`,
    );
    const actions = [...midTurn(), { type: 'run_cut_off', at: T_START + 5000, cause: 'reload' } as ChatAction];
    await chat.send({ type: 'snapshot', state: viewState(chatOf(actions)) });
    const turn = chat.page.locator('.turn');
    await turn
      .locator('.turn-explanation', { hasText: 'The window was reloaded or closed while Zero worked' })
      .waitFor();
    assert.deepEqual(await busy(), [], 'nothing spins or streams');
    const statuses = await turn.locator('.tool-card .tool-status').allInnerTexts();
    assert.deepEqual(statuses, ['ok', 'unknown', 'unknown']);
    assert.equal(await turn.locator('.tool-card.status-unknown').count(), 2);
    assert.match(
      (await turn.locator('.tool-card').nth(2).getAttribute('aria-label')) ?? '',
      /Tool call exec_command sleep 60, shell: unknown|Tool call exec_command sleep 60: unknown/,
    );
    await turn.locator('.tool-card').nth(2).locator('summary').click();
    await turn
      .locator('.tool-card')
      .nth(2)
      .locator('.tool-settled', { hasText: 'The window was reloaded while this call ran' })
      .waitFor();
    // Announced once, although it arrived in a snapshot (the reloaded view is the first to show it).
    const said = await chat.page.locator('[role="status"][aria-live="polite"]').innerText();
    assert.match(said, /last turn was cut off: The window was reloaded/);
    assert.match(said, /Resume, below the turn, continues the session/);

    // By keyboard: Tab reaches Resume, Enter presses it; the message box gets the message and the focus.
    const resume = turn.getByRole('button', { name: 'Resume: continue this Zero session' });
    await resume.focus();
    await chat.page.keyboard.press('Enter');
    const box = chat.page.getByRole('textbox', { name: /message/i }).first();
    assert.equal(await box.inputValue(), 'Continue where you left off.');
    assert.equal(await box.evaluate((el) => el === document.activeElement), true, 'the box has the focus');
    assert.match(
      await chat.page.locator('[role="status"][aria-live="polite"]').innerText(),
      /Edit it if you like, then press Enter/,
    );
    assert.equal((await chat.posted()).filter((m) => m.type === 'send').length, 0, 'nothing is sent by Resume itself');
  });

  it('Zero’s record read: finished, failed and unknown calls, with what Zero recorded', async () => {
    const actions = [
      ...midTurn(),
      { type: 'run_cut_off', at: T_START + 5000, cause: 'host-stopped' } as ChatAction,
      {
        type: 'tools_recovered',
        turnId: 'turn-1',
        tools: [
          {
            id: 'call_2',
            outcome: 'failed',
            why: "Zero's session records its result: it failed.",
            output: '3 failing',
          },
          { id: 'call_3', outcome: 'unknown', why: "Zero's session records the call but no result." },
        ],
      } as ChatAction,
    ];
    await chat.send({ type: 'snapshot', state: viewState(chatOf(actions)) });
    const turn = chat.page.locator('.turn');
    await turn.locator('.turn-explanation', { hasText: 'extension host stopped' }).waitFor();
    assert.deepEqual(await turn.locator('.tool-card .tool-status').allInnerTexts(), ['ok', 'failed', 'unknown']);
    await turn.locator('.tool-card').nth(1).locator('summary').click();
    await turn.locator('.tool-card').nth(1).locator('.tool-output', { hasText: '3 failing' }).waitFor();
  });

  it('a later turn hides Resume on this one; no session: the footer says why there is no Resume', async () => {
    const later = [
      ...midTurn(),
      { type: 'run_cut_off', at: T_START + 5000, cause: 'reload' } as ChatAction,
      start('turn-2', 'Something else'),
    ];
    await chat.send({ type: 'snapshot', state: viewState(chatOf(later)) });
    await chat.page.locator('.turn', { hasText: 'Something else' }).waitFor();
    assert.equal(await chat.page.getByRole('button', { name: /^Resume/ }).isVisible(), false);

    const none: ChatAction[] = [
      start('turn-1', 'First words'),
      {
        type: 'process_exited',
        code: null,
        signal: 'SIGKILL',
        spawnFailed: false,
        explanation: 'Zero was killed by SIGKILL before finishing the run.',
        stderrTail: null,
        at: T_START + 10,
      },
    ];
    await chat.send({ type: 'snapshot', state: viewState(chatOf(none)) });
    await chat.page
      .locator('.no-resume', { hasText: 'Resume is not offered: Zero was stopped before it opened a session' })
      .waitFor();
    assert.equal(await chat.page.getByRole('button', { name: /^Resume/ }).count(), 0);
  });

  it('ACP: Resume says the message again (Zero never saved it) and keeps a draft the user typed', async () => {
    const actions = [
      ...midTurn('acp'),
      {
        type: 'acp_turn_ended',
        status: 'crashed',
        explanation: 'zero acp was killed by SIGKILL during this turn.',
        stderrTail: null,
        at: T_START + 10,
        crashed: true,
      } as ChatAction,
    ];
    await chat.send({ type: 'snapshot', state: viewState(chatOf(actions)) });
    await chat.page.getByRole('button', { name: 'Resume: continue this Zero session' }).click();
    const box = chat.page.getByRole('textbox', { name: /message/i }).first();
    assert.equal(
      await box.inputValue(),
      'Continue where you left off. Zero stopped before it saved my last message, so here it is again:\n\nRun the slow tests',
    );
    await box.fill('my own words');
    await chat.page.getByRole('button', { name: 'Resume: continue this Zero session' }).click();
    assert.equal(await box.inputValue(), 'my own words', 'a draft is not replaced');
  });
});
