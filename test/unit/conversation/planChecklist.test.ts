import { strict as assert } from 'node:assert';
import { newChat, reduceChat, type Chat, type ChatAction } from '../../../src/conversation';
import type { PlanItem, ToolItem } from '../../../src/conversation/model';
import {
  MAX_PLAN_STEPS,
  MAX_STEP_CHARS,
  planFromArgs,
  planSpoken,
  shownAsPlan,
} from '../../../src/conversation/planChecklist';
import { zeroEvent } from '../../support/builders';
const start = (transport?: 'acp'): ChatAction => ({
  type: 'turn_started',
  turnId: 't1',
  prompt: 'plan it',
  origin: 'prompt',
  at: 1000,
  ...(transport ? { transport } : {}),
});
const steps = (...statuses: string[]) => ({
  plan: statuses.map((status, i) => ({ content: `step ${i + 1}`, status })),
});
/** One update_plan call and its result, as Zero 0.8.0 streams them (docs: ZERO_0.8_FEATURES.md, plan). */
const planCall = (id: string, args: unknown, status = 'ok'): ChatAction[] => [
  zeroEvent({ type: 'tool_call', id, name: 'update_plan', args, sideEffect: 'read' }),
  zeroEvent({ type: 'tool_result', id, name: 'update_plan', status, output: 'Current Plan:\n…', truncated: false }),
];
const run = (...actions: ChatAction[]): Chat => actions.reduce(reduceChat, newChat('c1', 0));
const plans = (chat: Chat): PlanItem[] => chat.turns[0]!.items.filter((i): i is PlanItem => i.kind === 'plan');
const statusesOf = (p: PlanItem): string[] => p.entries.map((e) => e.status);

describe('the plan checklist (update_plan on exec, plan over ACP)', () => {
  it('exec: each accepted update_plan replaces the one checklist of the turn, where the first came', () => {
    const chat = run(
      start(),
      zeroEvent({ type: 'text', delta: 'Planning.' }),
      ...planCall('c1', steps('completed', 'in_progress', 'pending')),
      zeroEvent({ type: 'text', delta: 'Updating.' }),
      ...planCall('c2', steps('completed', 'completed', 'in_progress')),
      ...planCall('c3', steps('completed', 'completed', 'completed')),
    );
    const items = chat.turns[0]!.items;
    assert.deepEqual(
      items.map((i) => i.kind),
      ['text', 'tool', 'plan', 'text', 'tool', 'tool'],
    );
    assert.equal(plans(chat).length, 1);
    assert.deepEqual(statusesOf(plans(chat)[0]!), ['completed', 'completed', 'completed']);
    assert.deepEqual(
      plans(chat)[0]!.entries.map((e) => e.content),
      ['step 1', 'step 2', 'step 3'],
    );
  });

  it('exec: a call Zero refused (error result) leaves the checklist as it was, and its card is drawn', () => {
    const chat = run(
      start(),
      ...planCall('c1', steps('in_progress', 'pending')),
      ...planCall('c2', steps('completed', 'completed'), 'error'),
    );
    assert.deepEqual(statusesOf(plans(chat)[0]!), ['in_progress', 'pending']);
    const [accepted, refused] = chat.turns[0]!.items.filter((i): i is ToolItem => i.kind === 'tool');
    assert.equal(shownAsPlan(accepted!), true);
    assert.equal(shownAsPlan(refused!), false);
  });

  it('exec: no checklist before the result, and none for arguments that are not a plan', () => {
    const called = run(
      start(),
      zeroEvent({ type: 'tool_call', id: 'c1', name: 'update_plan', args: steps('pending') }),
    );
    assert.equal(plans(called).length, 0);
    const odd = run(start(), ...planCall('c1', { plan: 'do things' }), ...planCall('c2', { plan: [{ status: 'x' }] }));
    assert.equal(plans(odd).length, 0);
  });

  it("statuses are Zero's: free words coerced, one step in progress at most (the last)", () => {
    const chat = run(
      start(),
      ...planCall('c1', {
        plan: [
          { content: 'a', status: 'Done' },
          { content: 'b', status: 'wip' },
          { content: 'c', status: 'in-progress' },
          { content: 'd', status: 'blocked' },
          { content: 'e' },
          { content: 'f', status: 'nope' },
        ],
      }),
    );
    assert.deepEqual(statusesOf(plans(chat)[0]!), [
      'completed',
      'completed',
      'in_progress',
      'failed',
      'pending',
      'pending',
    ]);
  });

  it("ACP: Zero's plan updates draw the checklist; the mapped update_plan results add none of their own", () => {
    const chat = run(
      start('acp'),
      ...planCall('c1', steps('in_progress', 'pending')),
      { type: 'acp_plan', entries: [{ content: 'step 1', priority: 'medium', status: 'in_progress' }] },
      ...planCall('c2', steps('failed', 'in_progress')),
      {
        type: 'acp_plan',
        entries: [
          { content: 'step 1', priority: 'medium', status: 'completed' },
          { content: 'step 2', priority: 'medium', status: 'in_progress' },
        ],
      },
    );
    assert.equal(plans(chat).length, 1);
    assert.deepEqual(statusesOf(plans(chat)[0]!), ['completed', 'in_progress']);
    // The checklist stands for the cards (the view hides them beside it).
    const tools = chat.turns[0]!.items.filter((i): i is ToolItem => i.kind === 'tool');
    assert.deepEqual(tools.map(shownAsPlan), [true, true]);
  });

  it("the model's plan is clamped: at most MAX_PLAN_STEPS steps of MAX_STEP_CHARS characters", () => {
    const huge = { plan: Array.from({ length: 5000 }, () => ({ content: 'x'.repeat(100_000), status: 'pending' })) };
    const chat = run(start(), ...planCall('c1', huge));
    const [plan] = plans(chat);
    assert.equal(plan!.entries.length, MAX_PLAN_STEPS);
    assert.ok(plan!.entries.every((e) => e.content.length === MAX_STEP_CHARS && e.content.endsWith('…')));
    const acp = run(start('acp'), {
      type: 'acp_plan',
      entries: [{ content: 'y'.repeat(50_000), priority: 'p'.repeat(500), status: 's'.repeat(500) }],
    });
    const e = plans(acp)[0]!.entries[0]!;
    assert.deepEqual([e.content.length, e.priority.length, e.status.length], [MAX_STEP_CHARS, 40, 40]);
  });

  it('planFromArgs reads only a list of steps with words', () => {
    assert.equal(planFromArgs(null), null);
    assert.equal(planFromArgs('plan'), null);
    assert.equal(planFromArgs({ plan: [null] }), null);
    assert.deepEqual(planFromArgs({ plan: [] }), []);
  });

  describe('what a screen reader hears', () => {
    const entries = (...statuses: string[]) =>
      statuses.map((status, i) => ({ content: `step ${i + 1}`, priority: '', status }));

    it('the whole plan when it first comes', () => {
      assert.equal(
        planSpoken(null, entries('completed', 'in_progress', 'pending')),
        'Plan, 3 steps, 1 of 3 done. Step 1 of 3, done: step 1. Step 2 of 3, in progress: step 2. Step 3 of 3, to do: step 3',
      );
    });

    it('then only the steps that changed, with the progress', () => {
      assert.equal(
        planSpoken(entries('completed', 'in_progress', 'pending'), entries('completed', 'completed', 'in_progress')),
        'Plan: Step 2 of 3, done: step 2. Step 3 of 3, in progress: step 3. 2 of 3 done.',
      );
      assert.equal(planSpoken(entries('pending'), entries('pending')), null);
      assert.match(planSpoken(entries('pending'), entries('pending', 'pending'))!, /^Plan changed, 2 steps/);
    });

    it('is bounded, whatever the model wrote', () => {
      const long = [{ content: 'word '.repeat(10_000), priority: '', status: 'pending' }];
      assert.ok(planSpoken(null, long)!.length <= 600);
    });
  });
});
