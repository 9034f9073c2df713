import * as assert from 'node:assert/strict';
import { mapUpdate } from '../../../src/acp/mapUpdate';
import { approvalOf, CANCELLED, dismissed, selected } from '../../../src/acp/permissionOptions';
import { endFromStopReason } from '../../../src/acp/stopReason';

const WEB = [
  { optionId: 'allow', name: 'Allow', kind: 'allow_once' as const },
  { optionId: 'allow_for_session', name: 'Allow for this session', kind: 'allow_always' as const },
  { optionId: 'always_allow', name: 'Always allow', kind: 'allow_always' as const },
  { optionId: 'deny', name: 'Reject', kind: 'reject_once' as const },
];

describe('ACP permission answers', () => {
  it("Esc picks Zero's reject option; with none offered (apply_patch) it is cancelled", () => {
    assert.deepEqual(dismissed(WEB), selected('deny'));
    assert.deepEqual(dismissed(WEB.slice(0, 2)), CANCELLED);
  });

  it('records the answer on the card by option kind and id', () => {
    assert.equal(approvalOf(selected('allow'), WEB), 'allowed-once');
    assert.equal(approvalOf(selected('allow_for_session'), WEB), 'allowed-session');
    assert.equal(approvalOf(selected('always_allow'), WEB), 'always-allowed');
    assert.equal(approvalOf(selected('deny'), WEB), 'denied');
    assert.equal(approvalOf(selected('not-offered'), WEB), 'denied');
    assert.equal(approvalOf(CANCELLED, WEB), 'cancelled');
  });
});

describe('ACP updates as chat actions', () => {
  it('message and thought chunks become text and reasoning events', () => {
    const [a] = mapUpdate({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Hi' } }, 'r');
    assert.deepEqual(a, { type: 'event', line: 0, event: { schemaVersion: 2, runId: 'r', type: 'text', delta: 'Hi' } });
    const [b] = mapUpdate({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: 'Hm' } }, 'r');
    assert.equal(b?.type === 'event' && b.event.type, 'reasoning');
  });

  it('tool calls and their results become tool_call / tool_result events; locations are kept apart', () => {
    const [call] = mapUpdate(
      {
        sessionUpdate: 'tool_call',
        toolCallId: 't1',
        title: 'read_file README.md',
        kind: 'read',
        status: 'in_progress',
        rawInput: { path: 'README.md' },
      },
      'r',
    );
    assert.deepEqual(call, {
      type: 'event',
      line: 0,
      event: {
        schemaVersion: 2,
        runId: 'r',
        type: 'tool_call',
        id: 't1',
        name: 'read_file',
        args: { path: 'README.md' },
        sideEffect: 'read',
      },
    });
    const done = mapUpdate(
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 't1',
        status: 'failed',
        content: [{ type: 'content', content: { type: 'text', text: 'nope' } }],
        locations: [{ path: 'a.ts', line: 3 }],
      },
      'r',
    );
    assert.deepEqual(done, [
      {
        type: 'event',
        line: 0,
        event: { schemaVersion: 2, runId: 'r', type: 'tool_result', id: 't1', status: 'error', output: 'nope' },
      },
      { type: 'acp_locations', toolCallId: 't1', paths: ['a.ts:3'] },
    ]);
  });

  it('plan, mode and commands updates become ACP actions', () => {
    assert.deepEqual(
      mapUpdate({ sessionUpdate: 'plan', entries: [{ content: 'x', priority: 'high', status: 'pending' }] }, 'r'),
      [{ type: 'acp_plan', entries: [{ content: 'x', priority: 'high', status: 'pending' }] }],
    );
    assert.deepEqual(mapUpdate({ sessionUpdate: 'current_mode_update', currentModeId: 'plan' }, 'r'), [
      { type: 'acp_mode', mode: 'plan' },
    ]);
    assert.deepEqual(
      mapUpdate(
        { sessionUpdate: 'available_commands_update', availableCommands: [{ name: 'init', description: 'Set up' }] },
        'r',
      ),
      [{ type: 'acp_commands', commands: [{ name: 'init', description: 'Set up' }] }],
    );
  });

  it("stop reasons use the exec footer's statuses", () => {
    assert.equal(endFromStopReason('end_turn', false).status, 'success');
    assert.deepEqual(endFromStopReason('cancelled', true), { status: 'interrupted', explanation: 'Stopped.' });
    assert.equal(endFromStopReason('max_tokens', false).status, 'incomplete');
    assert.equal(endFromStopReason('refusal', false).status, 'error');
  });
});
