/** A Task call as a subagent card: its words from the call's arguments and Zero's output (conversation/subagent.ts). */
import * as assert from 'node:assert/strict';
import type { ToolItem } from '../../../src/conversation/model';
import { subagentCard } from '../../../src/conversation/subagent';

const CHILD = 'specialist_025b14e27ab93d6619e7f8eb';

function task(over: Partial<ToolItem> = {}): ToolItem {
  return {
    kind: 'tool',
    key: 'call_1',
    id: 'call_1',
    name: 'Task',
    args: { name: 'explorer', description: 'Survey the README', prompt: 'Read README.md and report its title.' },
    sideEffect: 'shell',
    status: 'running',
    output: null,
    truncated: false,
    changedFiles: [],
    checkpoint: null,
    summary: null,
    ...over,
  };
}

describe('subagent card (a Task call)', () => {
  it('is only for Task', () => {
    assert.equal(subagentCard({ ...task(), name: 'read_file' }), null);
    assert.notEqual(subagentCard(task()), null);
  });

  it('running: who, what, and that nothing of it streams; it can be opened (the host finds the child)', () => {
    const c = subagentCard(task())!;
    assert.deepEqual(
      [c.specialist, c.description, c.prompt, c.status, c.result, c.childSessionId, c.canOpen, c.background],
      ['explorer', 'Survey the README', 'Read README.md and report its title.', 'running', null, null, true, false],
    );
    assert.equal(c.statusText, 'running: Zero shows nothing of the explorer until it ends');
  });

  it("finished: the child's answer without Zero's session_id line, and the child's session from it", () => {
    const c = subagentCard(
      task({ status: 'ok', output: `session_id: ${CHILD}\nThe explorer found the README's title. SPECIALIST-DONE` }),
    )!;
    assert.deepEqual(
      [c.status, c.statusText, c.result, c.childSessionId, c.canOpen],
      ['done', 'finished', "The explorer found the README's title. SPECIALIST-DONE", CHILD, true],
    );
  });

  it('refused headless (a worker in auto): not started, nothing to open', () => {
    const c = subagentCard(
      task({
        args: { name: 'worker', prompt: 'x' },
        status: 'error',
        output: 'Error: Sandbox approval required for Task: Spawns a Zero specialist sub-agent process.',
      }),
    )!;
    assert.deepEqual([c.specialist, c.status, c.canOpen], ['worker', 'refused', false]);
    assert.equal(c.statusText, 'not started: Zero needs your approval');
  });

  it('failed, background, resumed and cut off', () => {
    assert.equal(
      subagentCard(task({ status: 'error', output: 'Subagent failed (exit 3)\nerrors: boom' }))!.status,
      'failed',
    );
    const bg = subagentCard(
      task({
        args: { name: 'explorer', prompt: 'x', run_in_background: true },
        status: 'ok',
        output: `Task launched in background.\ntask_id: ${CHILD}\npid: 42\nspecialist: explorer`,
      }),
    )!;
    assert.deepEqual([bg.status, bg.background, bg.childSessionId], ['background', true, CHILD]);
    const resumed = subagentCard(task({ args: { resume: CHILD, prompt: 'again' } }))!;
    assert.deepEqual(
      [resumed.specialist, resumed.resumes, resumed.childSessionId],
      ['resumed specialist', CHILD, CHILD],
    );
    const cut = subagentCard(task({ settled: { outcome: 'unknown', why: 'Zero stopped while it ran.' } }))!;
    assert.equal(cut.status, 'unknown');
  });

  it('hostile arguments and output: no session id that is not one, bounded words, non-strings ignored', () => {
    const c = subagentCard(
      task({
        args: { name: 7, description: `a\n\nb${'x'.repeat(5000)}`, prompt: ['not', 'text'], resume: '../../etc' },
        status: 'ok',
        output: 'session_id: ../../../home/user/.ssh\nowned',
      }),
    )!;
    assert.deepEqual([c.specialist, c.resumes, c.childSessionId, c.prompt], ['specialist', null, null, null]);
    assert.ok(c.description!.startsWith('a b') && c.description!.length <= 200);
    assert.equal(subagentCard(task({ args: 'raw' }))!.specialist, 'specialist');
    assert.ok(subagentCard(task({ status: 'ok', output: 'y'.repeat(300_000) }))!.result!.length <= 200_000);
  });
});
