/**
 * What measuring a turn's files costs as the run ends (src/host/review/turnReview.ts): a turn that
 * changed FILES files of FILE_KB KB each through one checkpoint (one apply_patch), as Zero leaves
 * it on disk (test/unit/support/checkpointFixture.ts).
 *
 *   npm run bench:review     (FILES=40, FILE_KB=100, RUNS=7; tsx bench/review.ts)
 *
 * "before" is the old path: for each file, the whole checkpoint read (events.jsonl and every
 * blob of the checkpoint, each hashed); "after" is measureFiles(): the events read once and only
 * each file's own blob. Both also read the files as the turn left them. Bytes read are counted
 * (test/unit/support/countingReads.ts); times are medians of RUNS (the OS file cache is warm).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import '../test/unit/shim/register';
import type * as vscode from 'vscode';
import { writeCheckpointedTurn } from '../test/unit/support/checkpointFixture';
import { countingReadsAsync } from '../test/unit/support/countingReads';
import { sameChangedPath } from '../src/conversation/review/turnChanges';
import type { ReviewFile } from '../src/conversation/model';
import { measure, measureFiles, readLeft } from '../src/host/review/turnReview';
import { readCheckpoint, sessionsRoot } from '../src/zero/sessions/checkpoints';

const FILES = Number(process.env.FILES ?? 40);
const FILE_KB = Number(process.env.FILE_KB ?? 100);
const RUNS = Number(process.env.RUNS ?? 7);
const log = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
} as unknown as vscode.LogOutputChannel;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-bench-review-'));
  try {
    const t = writeCheckpointedTurn(dir, FILES, FILE_KB * 1000);
    process.env.XDG_DATA_HOME = t.dataHome;
    const root = sessionsRoot(process.env);
    const left = () => t.paths.map((p) => ({ path: p, after: readLeft(path.join(t.workspace, p)) }));

    /** The old path: every file read the whole checkpoint (all its blobs, hashed). */
    const before = async (): Promise<ReviewFile[]> => {
      const out: ReviewFile[] = [];
      for (const l of left()) {
        const cp = await readCheckpoint(root, t.turn.run.sessionId!, 2);
        const entry = cp!.files.find((f) => sameChangedPath(f.path, l.path))!;
        const m = measure(
          l.path,
          { kind: 'content', content: entry.content!, mode: entry.mode, session: 's', sequence: 2, path: entry.path },
          l.after,
        );
        if (m) out.push(m);
      }
      return out;
    };
    const after = (): Promise<ReviewFile[]> => measureFiles(t.chat, t.turn, left(), log);

    console.log(`${FILES} files of ${FILE_KB} KB changed in one checkpoint; median of ${RUNS} runs`);
    for (const [label, fn] of [
      ['before (checkpoint per file)', before],
      ['after (measureFiles)', after],
    ] as const) {
      const times: number[] = [];
      let bytes = 0;
      let files = 0;
      let measured = 0;
      for (let r = 0; r < RUNS; r++) {
        const t0 = performance.now();
        const c = await countingReadsAsync(dir, fn);
        times.push(performance.now() - t0);
        ({ bytes, files } = c);
        measured = c.value.length;
      }
      console.log(
        `  ${label.padEnd(30)} ${median(times).toFixed(1).padStart(7)} ms, read ${(bytes / 1e6).toFixed(1).padStart(6)} MB in ${files} reads, ${measured} files measured`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
