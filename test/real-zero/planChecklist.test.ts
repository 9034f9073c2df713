// The plan checklist against the real Zero 0.8.0: on exec, through the extension's own exec path, the
// model's three update_plan calls become one checklist for the turn, updated in place, whose last state is
// what Zero kept (its result text); over ACP, Zero's own plan updates draw the same checklist, and both
// stand for the update_plan cards (the view does not draw them beside it).
import * as assert from 'node:assert/strict';
import type { PlanItem, Turn } from '../../src/conversation/model';
import { shownAsPlan } from '../../src/conversation/planChecklist';
import { newChat, reduceChat } from '../../src/conversation/reducer';
import { PLAN_ANSWER, PLAN_STEPS } from '../fixtures/model-server/cardScenarios';
import { closeRealAcp, openRealAcp, toolsOf, type AcpChat } from './lib/acpChat';
import { answer, chatTurn, problems, tools } from './lib/execChat';
import { makeSandbox, type Sandbox } from './lib/realZero';
import type { ZeroAcp } from '../../src/acp/zeroAcp';

const plansOf = (turn: Turn): PlanItem[] => turn.items.filter((i): i is PlanItem => i.kind === 'plan');
const statuses = (p: PlanItem | undefined): string[] => (p?.entries ?? []).map((e) => e.status);

describe('real Zero: the plan checklist', () => {
  describe('exec', () => {
    let sandbox: Sandbox;
    beforeEach(async () => (sandbox = await makeSandbox()));
    afterEach(async () => sandbox.dispose());

    it('three update_plan calls: one checklist, replaced in place at each accepted call, ending all done', async () => {
      const { turn, actions } = await chatTurn(sandbox, 'Plan and do it scenario:plan');
      assert.deepEqual(problems(turn), []);
      assert.equal(turn.status, 'success');
      assert.equal(answer(turn), PLAN_ANSWER);
      const calls = tools(turn);
      assert.deepEqual(
        calls.map((t) => [t.name, t.status]),
        [
          ['update_plan', 'ok'],
          ['update_plan', 'ok'],
          ['update_plan', 'ok'],
        ],
      );
      assert.ok(calls.every(shownAsPlan), 'the checklist stands for every card');
      // One checklist, right after the first call, holding the last plan Zero kept.
      assert.equal(plansOf(turn).length, 1);
      const kinds = turn.items.map((i) => i.kind);
      assert.equal(kinds.indexOf('plan'), kinds.indexOf('tool') + 1);
      const [plan] = plansOf(turn);
      assert.deepEqual(
        plan!.entries.map((e) => e.content),
        PLAN_STEPS,
      );
      assert.deepEqual(statuses(plan), ['completed', 'completed', 'completed']);
      assert.match(calls[2]!.output ?? '', /^Current Plan:\n1\. \[completed\] Inspect the workspace layout/);
      // Replayed action by action (as the view does), the checklist goes through each plan Zero accepted.
      const seen: string[][] = [];
      let replay = reduceChat(newChat('c', 0), {
        type: 'turn_started',
        turnId: 't',
        prompt: 'p',
        origin: 'prompt',
        at: 1,
      });
      for (const a of actions) {
        replay = reduceChat(replay, a);
        const p = plansOf(replay.turns[0]!)[0];
        if (p && statuses(p).join() !== seen.at(-1)?.join()) seen.push(statuses(p));
      }
      assert.deepEqual(seen, [
        ['completed', 'in_progress', 'pending'],
        ['completed', 'completed', 'in_progress'],
        ['completed', 'completed', 'completed'],
      ]);
      // Four model requests: three plans and the answer (the extension passes --no-completion-gate).
      assert.equal(sandbox.server.completions().length, 4);
    });
  });

  describe('ACP', () => {
    let sandbox: Sandbox;
    let zero: ZeroAcp;
    let chat: AcpChat;
    beforeEach(async () => ({ sandbox, zero, chat } = await openRealAcp()));
    afterEach(async () => closeRealAcp(zero, sandbox));

    it("Zero's plan updates draw the same checklist; the update_plan cards are ones it stands for", async () => {
      const turn = await chat.turn('Plan and do it scenario:plan');
      assert.equal(turn.status, 'success');
      assert.equal(plansOf(turn).length, 1);
      assert.deepEqual(statuses(plansOf(turn)[0]), ['completed', 'completed', 'completed']);
      const calls = toolsOf(turn);
      assert.deepEqual(
        calls.map((t) => [t.name, t.status]),
        [
          ['update_plan', 'ok'],
          ['update_plan', 'ok'],
          ['update_plan', 'ok'],
        ],
      );
      assert.ok(calls.every(shownAsPlan), 'none is drawn beside the checklist');
    });
  });
});
