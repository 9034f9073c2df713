// replayRun(): a saved `zero exec` run through the reducer, the one replay the transcript CLI's summary and Markdown
// share (src/conversation/export/summary.ts, src/cli/transcript.ts).
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { markdownOf } from '../../../../src/cli/transcript';
import { replayRun, summarizeRun } from '../../../../src/conversation';
import type { Decoded } from '../../../../src/protocol/decoded';
import { ZeroEventReader } from '../../../../src/protocol/eventStream';

const transcript = (name: string): Decoded[] => {
  const reader = new ZeroEventReader();
  const bytes = new Uint8Array(readFileSync(path.join(__dirname, '../../../fixtures/transcripts', name)));
  return [...reader.push(bytes), ...reader.end()];
};

describe('replayRun', () => {
  it('makes a chat of one turn that ends as the run did', () => {
    const chat = replayRun(transcript('success-tools.jsonl'));
    assert.equal(chat.turns.length, 1);
    const [turn] = chat.turns;
    assert.equal(turn!.status, 'success');
    assert.equal(turn!.exitCode, 0);
    assert.equal(turn!.finalText, 'Done: I wrote `notes.txt` ✅.');
    assert.equal(turn!.usage.totalTokens, 150 + 320);
    assert.ok(turn!.items.some((i) => i.kind === 'tool'));
    assert.equal(chat.sessionId, 'zero_20260701141533_1782915333020551766_1');
  });

  it('ends a run without run_end only when the exit code is known', () => {
    assert.ok(['starting', 'running'].includes(replayRun(transcript('crash.jsonl')).turns[0]!.status));
    assert.ok(['starting', 'running'].includes(replayRun(transcript('crash.jsonl'), null).turns[0]!.status));
    const crashed = replayRun(transcript('crash.jsonl'), 1).turns[0]!;
    assert.equal(crashed.status, 'crashed');
    assert.equal(crashed.exitCode, 1);
  });

  it('is what the summary and the Markdown read: the same turn', () => {
    const lines = transcript('success-tools.jsonl');
    const turn = replayRun(lines).turns[0]!;
    const summary = summarizeRun(lines);
    assert.equal(summary.finalText, turn.finalText);
    assert.equal(summary.runStatus, turn.status);
    assert.deepEqual(summary.usage, turn.usage);
    assert.match(markdownOf(lines, null), /^# New chat\n/);
    assert.ok(markdownOf(lines, null).includes(turn.finalText!));
  });

  it('the summary reads its lines once: a generator gives what an array does', () => {
    const lines = transcript('success-tools.jsonl');
    function* once(): Generator<Decoded> {
      yield* lines;
    }
    assert.deepEqual(summarizeRun(once(), 0), summarizeRun(lines, 0));
    assert.ok(summarizeRun(once()).streamedText.length > 0);
  });
});
