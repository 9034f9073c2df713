// Turns cut off mid-run (a killed Zero, a reload, a stopped extension host): nothing stays running, each
// open tool call gets an outcome, and the footer's Resume says what it would send, or why it is not offered.
import { strict as assert } from 'node:assert';
import { currentTurn, newChat, reduceChat, type Chat, type ChatAction } from '../../../src/conversation';
import { RESUME_TEXT, resumeOffer, unsentText } from '../../../src/conversation/cutOff';
import type { ToolItem, Turn } from '../../../src/conversation/model';
import { RUNNING_STATUSES } from '../../../src/conversation/model';
import { readChat } from '../../../src/conversation/chatSchema';
import { zeroEvent } from '../../support/builders';
const start = (turnId: string, prompt = 'fix it', transport?: 'acp'): ChatAction => ({
  type: 'turn_started',
  turnId,
  prompt,
  origin: 'prompt',
  at: 1000,
  ...(transport ? { transport } : {}),
});
const exited = (extra: Partial<Extract<ChatAction, { type: 'process_exited' }>> = {}): ChatAction => ({
  type: 'process_exited',
  code: null,
  signal: 'SIGKILL',
  spawnFailed: false,
  explanation: 'Zero was killed by SIGKILL before finishing the run.',
  stderrTail: null,
  at: 2000,
  ...extra,
});
const run = (...actions: ChatAction[]): Chat => actions.reduce(reduceChat, newChat('c1', 0));
const tools = (t: Turn): ToolItem[] => t.items.filter((i): i is ToolItem => i.kind === 'tool');

/** A turn mid-way: a finished read, reasoning and text still streaming, a shell call still running. */
const midTurn = (transport?: 'acp'): ChatAction[] => [
  start('t1', 'fix it', transport),
  zeroEvent({ type: 'run_start', sessionId: 'zero_s1' }),
  zeroEvent({ type: 'tool_call', id: 'call_1', name: 'read_file', args: { path: 'a' } }),
  zeroEvent({ type: 'tool_result', id: 'call_1', name: 'read_file', status: 'ok', output: 'text' }),
  zeroEvent({ type: 'reasoning', delta: 'thinking' }),
  zeroEvent({ type: 'text', delta: 'Running it.' }),
  zeroEvent({ type: 'tool_call', id: 'call_2', name: 'exec_command', args: { cmd: 'sleep 60' } }),
  zeroEvent({ type: 'reasoning', delta: 'still thinking' }),
];

/** What the view would show as busy: nothing may be, once the turn is over. */
function busyParts(t: Turn): string[] {
  const out: string[] = [];
  if (RUNNING_STATUSES.has(t.status)) out.push(`turn ${t.status}`);
  for (const i of t.items) {
    if (i.kind === 'tool' && i.status === 'running') out.push(`tool ${i.key}`);
    if ((i.kind === 'reasoning' || i.kind === 'text') && !i.closed) out.push(`${i.kind} open`);
    if (i.kind === 'permission' && i.acp && i.approval === 'pending') out.push(`question ${i.key}`);
  }
  return out;
}

describe('turns cut off', () => {
  it('Zero killed on exec: the turn is cut off, nothing runs, the open call is unknown until Zero’s record is read', () => {
    const t = currentTurn(run(...midTurn(), exited()))!;
    assert.deepEqual(busyParts(t), []);
    assert.deepEqual(t.cutOff, { cause: 'zero-exited', sessionId: 'zero_s1', checked: false });
    assert.equal(t.explanation, 'Zero was killed by SIGKILL before finishing the run.');
    assert.deepEqual(
      tools(t).map((i) => [i.key, i.status, i.settled?.outcome]),
      [
        ['call_1', 'ok', undefined],
        ['call_2', 'unknown', 'unknown'],
      ],
    );
    assert.match(tools(t)[1]!.settled!.why, /Zero stopped while this call ran.*not been read yet/);
  });

  it('a Stop is not a cut-off: no Resume, but a call left open is settled too', () => {
    const t = currentTurn(run(...midTurn(), exited({ stopped: true, signal: null, code: 130 })))!;
    assert.equal(t.cutOff, undefined);
    assert.deepEqual(busyParts(t), []);
    assert.equal(tools(t)[1]!.settled?.why, 'The run ended before Zero reported the result of this call.');
    assert.equal(resumeOffer(t), null);
  });

  it('Zero’s ordinary end (run_end) is not a cut-off either', () => {
    const t = currentTurn(
      run(start('t1'), zeroEvent({ type: 'run_end', status: 'error', exitCode: 3 }), exited({ code: 3, signal: null })),
    )!;
    assert.equal(t.cutOff, undefined);
  });

  it('a reload: cut-off with the host’s words, the queued messages kept for Resume', () => {
    const t = currentTurn(
      run(...midTurn(), { type: 'run_cut_off', at: 3000, cause: 'reload', unsent: ['and then this', '  '] }),
    )!;
    assert.deepEqual(busyParts(t), []);
    assert.equal(t.status, 'cut-off');
    assert.equal(t.endedAt, 3000);
    assert.match(t.explanation!, /window was reloaded or closed while Zero worked/);
    assert.deepEqual(t.cutOff, { cause: 'reload', sessionId: 'zero_s1', checked: false, unsent: ['and then this'] });
    assert.match(tools(t)[1]!.settled!.why, /window was reloaded while this call ran/);
    assert.equal(unsentText(t), 'Your queued message was not sent; Resume puts it in the message box.');
    assert.deepEqual(resumeOffer(t), { ok: true, message: `${RESUME_TEXT}\n\nand then this` });
  });

  it('a chat saved before causes (no cause) counts as a reload; the stopped host says so', () => {
    assert.equal(currentTurn(run(...midTurn(), { type: 'run_cut_off', at: 3 }))!.cutOff?.cause, 'reload');
    const t = currentTurn(run(...midTurn(), { type: 'run_cut_off', at: 3, cause: 'host-stopped' }))!;
    assert.match(t.explanation!, /extension host stopped while Zero worked/);
    assert.match(tools(t)[1]!.settled!.why, /extension host stopped while this call ran/);
  });

  it('Zero’s record applied: finished, failed and unknown, by tool-call id, clamped; the turn is then checked', () => {
    const huge = 'x'.repeat(100_000);
    const chat = run(
      start('t1'),
      zeroEvent({ type: 'run_start', sessionId: 'zero_s1' }),
      zeroEvent({ type: 'tool_call', id: 'a', name: 'read_file', args: {} }),
      zeroEvent({ type: 'tool_call', id: 'b', name: 'exec_command', args: {} }),
      zeroEvent({ type: 'tool_call', id: 'c', name: 'exec_command', args: {} }),
      { type: 'run_cut_off', at: 3, cause: 'host-stopped' },
      {
        type: 'tools_recovered',
        turnId: 't1',
        tools: [
          { id: 'a', outcome: 'finished', why: 'recorded ok', output: huge },
          { id: 'b', outcome: 'failed', why: 'recorded error', output: 'exit 3' },
          { id: 'c', outcome: 'unknown', why: 'recorded the call, no result' },
          { id: 'nope', outcome: 'finished', why: 'not a call of this turn' },
        ],
      },
    );
    const t = currentTurn(chat)!;
    assert.deepEqual(
      tools(t).map((i) => [i.id, i.status, i.settled?.outcome, i.settled?.why]),
      [
        ['a', 'ok', 'finished', 'recorded ok'],
        ['b', 'error', 'failed', 'recorded error'],
        ['c', 'unknown', 'unknown', 'recorded the call, no result'],
      ],
    );
    assert.equal(tools(t)[0]!.output!.length, 16 * 1024);
    assert.equal(tools(t)[0]!.truncated, true, 'a clamped output says it was cut');
    assert.equal(t.cutOff?.checked, true);
  });

  it('Zero’s record never overrides what the stream showed', () => {
    const chat = run(...midTurn(), exited(), {
      type: 'tools_recovered',
      turnId: 't1',
      tools: [{ id: 'call_1', outcome: 'failed', why: 'stale' }],
    });
    assert.deepEqual(tools(currentTurn(chat)!)[0]!.settled, undefined);
    assert.equal(tools(currentTurn(chat)!)[0]!.status, 'ok');
  });

  it('ACP: a dying zero acp cuts the turn off; its open question is cancelled; there is nothing to read', () => {
    const chat = run(
      ...midTurn('acp'),
      {
        type: 'acp_permission',
        toolCallId: 'call_3',
        name: 'exec_command',
        title: 'rm',
        toolKind: 'execute',
        rawInput: null,
        options: [{ optionId: 'allow', name: 'Allow', kind: 'allow_once' }],
      },
      {
        type: 'acp_turn_ended',
        status: 'crashed',
        explanation: 'zero acp was killed by SIGKILL during this turn.',
        stderrTail: null,
        at: 2000,
        crashed: true,
      },
    );
    const t = currentTurn(chat)!;
    assert.deepEqual(busyParts(t), []);
    assert.deepEqual(t.cutOff, { cause: 'zero-exited', sessionId: 'zero_s1', checked: true });
    assert.match(tools(t)[1]!.settled!.why, /Over ACP Zero saves a turn only once it ends/);
    const question = t.items.find((i) => i.kind === 'permission');
    assert.equal(question?.kind === 'permission' ? question.approval : '', 'cancelled');
    // Zero never saved the message over ACP: Resume says it again.
    const offer = resumeOffer(t);
    assert.ok(offer?.ok);
    assert.equal(
      offer.message,
      `${RESUME_TEXT} Zero stopped before it saved my last message, so here it is again:\n\nfix it`,
    );
  });

  it('ACP turns that end normally still settle calls left open (cancelled by Zero)', () => {
    const t = currentTurn(
      run(...midTurn('acp'), {
        type: 'acp_turn_ended',
        status: 'interrupted',
        explanation: 'Stopped.',
        stderrTail: null,
        at: 2000,
      }),
    )!;
    assert.equal(t.cutOff, undefined);
    assert.deepEqual(busyParts(t), []);
  });

  it('no session yet: no Resume, and the footer says why', () => {
    const t = currentTurn(run(start('t1'), exited()))!;
    assert.deepEqual(t.cutOff, { cause: 'zero-exited', sessionId: null, checked: true });
    const offer = resumeOffer(t);
    assert.ok(offer && !offer.ok);
    assert.match(offer.why, /Resume is not offered: Zero was stopped before it opened a session/);
  });

  it('a later turn killed before its run_start: Resume repeats the message (Zero never stored it)', () => {
    const chat = run(
      start('t0'),
      zeroEvent({ type: 'run_start', sessionId: 'zero_s1' }),
      zeroEvent({ type: 'run_end', status: 'success', exitCode: 0 }),
      exited({ code: 0, signal: null, explanation: null }),
      start('t1', 'second message'),
      exited(),
    );
    const offer = resumeOffer(currentTurn(chat)!);
    assert.ok(offer?.ok);
    assert.match(offer.message, /here it is again:\n\nsecond message$/);
  });

  it('a cut-off chat reads back from disk as it was saved (the schema knows the new fields)', () => {
    const chat = run(...midTurn(), { type: 'run_cut_off', at: 3, cause: 'reload', unsent: ['later'] });
    const back = readChat(JSON.parse(JSON.stringify(chat)));
    assert.ok(back.ok);
    assert.deepEqual(back.chat, chat);
    const bad = JSON.parse(JSON.stringify(chat)) as { turns: { cutOff: { cause: string } }[] };
    bad.turns[0]!.cutOff.cause = 'gremlins';
    assert.equal(readChat(bad).ok, false);
  });
});
