// Review of a turn's files loads on first need (reviewLoader.ts): the stand-in activation builds measures the
// first turn that changed files when its run ends, as TurnReview does, and a run that changed nothing loads nothing.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type * as vscode from 'vscode';
import type { ChatController } from '../../../src/chats/chatController';
import type { RunEnded } from '../../../src/chats/turnRunner';
import type { ChatAction } from '../../../src/conversation/actions';
import type { ReviewFile } from '../../../src/conversation/model';
import { Emitter } from '../../../src/lifecycle/emitter';
import { LazyTurnReview } from '../../../src/host/review/reviewLoader';
import { writeCheckpointedTurn } from '../support/checkpointFixture';
import { until } from '../../support/until';

const log = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
} as unknown as vscode.LogOutputChannel;

describe("review of a turn's files, loaded on first need", () => {
  let dir: string;
  let xdg: string | undefined;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-review-lazy-'));
    xdg = process.env.XDG_DATA_HOME;
  });
  afterEach(() => {
    if (xdg === undefined) delete process.env.XDG_DATA_HOME;
    else process.env.XDG_DATA_HOME = xdg;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('measures the files of a turn that changed some when its run ends, and every later one', async () => {
    const t = writeCheckpointedTurn(dir, 3, 500);
    process.env.XDG_DATA_HOME = t.dataHome;
    const ended = new Emitter<RunEnded>();
    const recorded: (readonly ReviewFile[])[] = [];
    const controller = {
      chats: {
        heldChat: (id: string) => (id === t.chat.id ? t.chat : undefined),
        wholeChat: (id: string) => (id === t.chat.id ? t.chat : undefined),
        commit: (_chat: string, actions: readonly ChatAction[]) => {
          for (const a of actions) if (a.type === 'turn_review') recorded.push(a.files);
        },
      },
      runs: { onDidEndRun: ended.event, isBusy: () => false },
    } as unknown as ChatController;
    const review = new LazyTurnReview({ controller, folder: () => t.workspace, log });
    ended.fire({ chatId: t.chat.id, turnId: 'no-such-turn' } as RunEnded);
    assert.equal(recorded.length, 0, 'a run with no changed files measures nothing');
    ended.fire({ chatId: t.chat.id, turnId: t.turn.id } as RunEnded);
    await until(() => recorded.length > 0, 'the turn is measured');
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(recorded.length, 1, 'measured once, not twice');
    assert.deepEqual(
      recorded[0]!.map((f) => [f.path, f.change, f.added, f.removed]),
      t.paths.map((p) => [p, 'modified', 1, 1]),
    );
    ended.fire({ chatId: t.chat.id, turnId: t.turn.id } as RunEnded);
    await until(() => recorded.length > 1, 'the next run end is measured');
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(recorded.length, 2, 'the loaded review measures the next run end itself, once');
    review.dispose();
  });
});
