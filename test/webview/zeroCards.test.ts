/**
 * Zero's own tools as cards, in real Chromium: the plan checklist drawn from exec's update_plan calls
 * (and ACP's plan updates), in place of the calls' cards.
 */
import { strict as assert } from 'node:assert';
import type { ChatAction } from '../../src/conversation/actions';
import { CHAT_ID, emptyChat, ev, eventActions, T_START, viewState } from './fixtures';
import { useChatPage, type ChatPage } from './harness';

const STEPS = ['Inspect the workspace layout', 'Read the README', 'Summarise the project'];
const planArgs = (...statuses: string[]) => ({ plan: STEPS.map((content, i) => ({ content, status: statuses[i] })) });
/** One update_plan call and its result, as the real Zero 0.8.0 streams them. */
const planCall = (id: string, statuses: string[], status = 'ok'): string[] => [
  ev({ type: 'tool_call', id, name: 'update_plan', args: planArgs(...statuses), sideEffect: 'read' }),
  ev({ type: 'tool_result', id, name: 'update_plan', status, output: 'Current Plan:\n…', truncated: false }),
];
const started = (transport?: 'acp'): ChatAction => ({
  type: 'turn_started',
  turnId: 'turn-1',
  prompt: 'Plan the work',
  origin: 'prompt',
  at: T_START,
  ...(transport ? { transport } : {}),
});

describe('Zero tool cards: the plan checklist', () => {
  let chat: ChatPage;
  useChatPage((c) => (chat = c));

  /** Sends actions as the host batches them; returns what the live region said after each batch. */
  const said: string[] = [];
  const send = async (actions: ChatAction[]): Promise<void> => {
    await chat.send({ type: 'actions', chatId: CHAT_ID, actions });
    const text = (await chat.page.getByRole('status').textContent()) ?? '';
    if (text && text !== said.at(-1)) said.push(text);
  };
  beforeEach(() => (said.length = 0));
  const heard = (words: string): boolean => said.some((s) => s.includes(words));

  it('exec: one checklist per turn, updated in place, with no update_plan card beside it; each change is spoken', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    await send([started()]);
    await send(eventActions([ev({ type: 'run_start', sessionId: 's1' }), ev({ type: 'text', delta: 'Planning.' })]));
    await send(eventActions(planCall('c1', ['completed', 'in_progress', 'pending'])));
    const plan = chat.page.getByRole('group', { name: /^Plan/ });
    assert.equal(await plan.getAttribute('aria-label'), 'Plan, 1 of 3 done');
    assert.deepEqual(await chat.page.locator('.plan-entry').allInnerTexts(), [
      'done Inspect the workspace layout',
      'in progress Read the README',
      'to do Summarise the project',
    ]);
    const first = await plan.elementHandle();
    await send(eventActions([ev({ type: 'text', delta: 'Updating.' })]));
    await send(eventActions(planCall('c2', ['completed', 'completed', 'in_progress'])));
    await send(eventActions(planCall('c3', ['completed', 'completed', 'completed'])));
    // The same element, updated: one checklist for the turn.
    assert.equal(await chat.page.locator('.plan-card').count(), 1);
    assert.ok(await first!.evaluate((el) => el.isConnected), 'the checklist was updated in place');
    assert.equal(await plan.getAttribute('aria-label'), 'Plan, 3 of 3 done');
    assert.deepEqual(
      await chat.page.getByRole('listitem').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))),
      STEPS.map((s, i) => `Step ${i + 1} of 3, done: ${s}`),
    );
    // No update_plan card is drawn: nothing a user or a screen reader reaches.
    assert.equal(await chat.page.locator('.tool-card:visible').count(), 0);
    assert.equal(await chat.page.getByRole('group', { name: /update_plan/ }).count(), 0);
    assert.equal(await chat.page.locator('.tool-name:visible', { hasText: 'update_plan' }).count(), 0);
    assert.ok(
      heard(
        'Plan, 3 steps, 1 of 3 done. Step 1 of 3, done: Inspect the workspace layout. Step 2 of 3, in progress: Read the README. Step 3 of 3, to do: Summarise the project',
      ),
      said.join(' | '),
    );
    assert.ok(
      heard('Plan: Step 2 of 3, done: Read the README. Step 3 of 3, in progress: Summarise the project. 2 of 3 done.'),
      said.join(' | '),
    );
    assert.ok(heard('Plan: Step 3 of 3, done: Summarise the project. 3 of 3 done.'), said.join(' | '));
  });

  it('exec: a call Zero refused keeps its card (the error) and the checklist as Zero kept it', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    await send([started()]);
    await send(eventActions([ev({ type: 'run_start', sessionId: 's1' })]));
    await send(eventActions(planCall('c1', ['in_progress', 'pending', 'pending'])));
    await send(
      eventActions([
        ev({ type: 'tool_call', id: 'c2', name: 'update_plan', args: { plan: 'not a list' } }),
        ev({
          type: 'tool_result',
          id: 'c2',
          name: 'update_plan',
          status: 'error',
          output: 'Error: Invalid arguments for update_plan: plan must be an array',
        }),
      ]),
    );
    await send(eventActions(planCall('c3', ['completed', 'failed', 'in_progress'], 'error')));
    assert.deepEqual(
      await chat.page.locator('.tool-card:visible .tool-name').allInnerTexts(),
      ['update_plan', 'update_plan'],
      'the two refused calls are drawn',
    );
    assert.deepEqual(await chat.page.locator('.plan-entry .plan-status').allInnerTexts(), [
      'in progress',
      'to do',
      'to do',
    ]);
  });

  it("exec: a failed step says failed; ACP: Zero's plan updates draw it and the update_plan card is not drawn", async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    await send([started()]);
    await send(eventActions(planCall('c1', ['completed', 'failed', 'in_progress'])));
    assert.deepEqual(await chat.page.locator('.plan-entry .plan-status').allInnerTexts(), [
      'done',
      'failed',
      'in progress',
    ]);

    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    await send([started('acp')]);
    await send(eventActions(planCall('c1', ['completed', 'in_progress', 'pending'])));
    await send([
      {
        type: 'acp_plan',
        entries: STEPS.map((content, i) => ({
          content,
          priority: 'medium',
          status: ['completed', 'in_progress', 'pending'][i]!,
        })),
      },
    ]);
    assert.equal(await chat.page.locator('.plan-card').count(), 1);
    assert.equal(await chat.page.locator('.tool-card:visible').count(), 0, 'no update_plan card beside the checklist');
    assert.deepEqual(await chat.page.locator('.plan-entry .plan-status').allInnerTexts(), [
      'done',
      'in progress',
      'to do',
    ]);
  });
});
