// Measuring a turn's files reads each checkpoint once per turn and each file's blob once (not the
// whole checkpoint once per file), and measures at most MEASURE_MAX_FILES files: bytes read are
// bounded by what the turn changed, whatever the number of files. Bytes are asserted, not time.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type * as vscode from 'vscode';
import type { ReviewFile } from '../../../src/conversation/model';
import type { ChatAction } from '../../../src/conversation/actions';
import {
  MEASURE_MAX_FILES,
  rowLabel,
  TOO_MANY_WORDS,
  turnReviewRows,
} from '../../../src/conversation/review/reviewList';
import type { ChatController } from '../../../src/chats/chatController';
import { measureFiles, readLeft, TurnReview } from '../../../src/host/review/turnReview';
import { writeCheckpointedTurn } from '../support/checkpointFixture';
import { countingReadsAsync } from '../support/countingReads';

const log = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
} as unknown as vscode.LogOutputChannel;

describe("measuring a turn's files: bytes read", function () {
  let dir: string;
  let xdg: string | undefined;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-measure-reads-'));
    xdg = process.env.XDG_DATA_HOME;
  });
  afterEach(() => {
    if (xdg === undefined) delete process.env.XDG_DATA_HOME;
    else process.env.XDG_DATA_HOME = xdg;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('40 files of 100 KB in one checkpoint: each blob and each file read once, the events once', async function () {
    const t = writeCheckpointedTurn(dir, 40, 100_000);
    process.env.XDG_DATA_HOME = t.dataHome;
    const events = fs.statSync(path.join(t.dataHome, 'zero', 'sessions', 'bench-session', 'events.jsonl')).size;
    const r = await countingReadsAsync(dir, () => {
      const left = t.paths.map((p) => ({ path: p, after: readLeft(path.join(t.workspace, p)) }));
      return measureFiles(t.chat, t.turn, left, log);
    });
    assert.equal(r.value.length, 40);
    assert.ok(
      r.value.every((f) => f.change === 'modified' && f.added === 1 && f.removed === 1),
      JSON.stringify(r.value[0]),
    );
    // 40 blobs + 40 files as the turn left them + events.jsonl once (the old path read 40 × 40 blobs).
    assert.ok(r.bytes <= 80 * 100_000 + events, `read ${r.bytes} bytes`);
    assert.equal(r.files, 81);
  });

  it(`past ${MEASURE_MAX_FILES} files the rest are listed without counts, not read, and the footer says so`, async function () {
    const n = MEASURE_MAX_FILES + 50;
    const t = writeCheckpointedTurn(dir, n, 1000);
    process.env.XDG_DATA_HOME = t.dataHome;
    let recorded: readonly ReviewFile[] = [];
    const controller = {
      chats: {
        wholeChat: (id: string) => (id === t.chat.id ? t.chat : undefined),
        commit: (_chat: string, actions: readonly ChatAction[]) => {
          for (const a of actions) if (a.type === 'turn_review') recorded = a.files;
        },
      },
      runs: { onDidEndRun: () => ({ dispose: () => undefined }) },
    } as unknown as ChatController;
    const review = new TurnReview({ controller, folder: () => t.workspace, log });
    const r = await countingReadsAsync(dir, () => review.measureTurn(t.chat.id, t.turn.id));
    review.dispose();
    assert.equal(recorded.length, n);
    assert.ok(recorded.slice(0, MEASURE_MAX_FILES).every((f) => f.added === 1 && !f.tooMany));
    const beyond = recorded.slice(MEASURE_MAX_FILES);
    assert.ok(
      beyond.every((f) => f.tooMany === true && f.unmeasured === true && f.added === null && f.afterSha256 === null),
    );
    assert.equal(r.files, 2 * MEASURE_MAX_FILES + 1, 'only the measured files and their blobs, plus the events once');
    const events = fs.statSync(path.join(t.dataHome, 'zero', 'sessions', 'bench-session', 'events.jsonl')).size;
    assert.ok(r.bytes <= 2 * MEASURE_MAX_FILES * 1000 + events, `read ${r.bytes} bytes`);
    const rows = turnReviewRows({ ...t.turn, review: recorded });
    assert.equal(rowLabel(rows[MEASURE_MAX_FILES]!), TOO_MANY_WORDS);
    assert.equal(rowLabel(rows[0]!), '+1 −1');
  });
});
