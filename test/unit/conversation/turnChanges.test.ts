// Which files a turn changed and which checkpoint holds their state before it (pure), then the whole
// path in plain Node: the fake zero's real stream → the reducer → the turn's checkpoint → the blob →
// Zero's rewind restores the file.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  actionFromDecoded,
  currentTurn,
  newChat,
  reduceChat,
  type ChatAction,
  type Turn,
} from '../../../src/conversation';
import {
  changedFiles,
  checkpointFor,
  firstCheckpointSequence,
  normalizeChangedPath,
  recordedDuringTurn,
  turnCheckpoints,
  turnFileChanges,
} from '../../../src/conversation/review/turnChanges';
import { decodeLine } from '../../../src/protocol';
import { readCheckpoint, sessionsRoot } from '../../../src/zero/sessions/checkpoints';
import { rewindSession } from '../../../src/zero/sessions/rewind';
import { zeroEvent } from '../../support/builders';
import { useTempDir } from '../../support/tempDir';

const call = (id: string, name: string, args: unknown = {}): ChatAction =>
  zeroEvent({ type: 'tool_call', id, name, args, sideEffect: 'write' });
const checkpoint = (sequence: number, tool: string, files: string[]): ChatAction =>
  zeroEvent({ type: 'checkpoint', checkpoint: { sequence, tool, files } });
const result = (id: string, name: string, changed?: string[]): ChatAction =>
  zeroEvent({
    type: 'tool_result',
    id,
    name,
    status: 'ok',
    truncated: false,
    ...(changed ? { changedFiles: changed } : {}),
  });

function turnOf(...actions: ChatAction[]): Turn {
  const chat = [
    { type: 'turn_started', turnId: 't1', prompt: 'p', origin: 'prompt', at: 10_000 } as ChatAction,
    zeroEvent({ type: 'run_start', sessionId: 's1' }),
    ...actions,
  ].reduce(reduceChat, newChat('c1', 0));
  return currentTurn(chat)!;
}

describe('turn changes (pure)', () => {
  const turn = turnOf(
    call('a', 'write_file'),
    checkpoint(7, 'write_file', ['src/a.ts']),
    result('a', 'write_file', ['src/a.ts']),
    call('b', 'apply_patch'),
    checkpoint(11, 'apply_patch', ['src/a.ts', 'docs\\b.md']),
    result('b', 'apply_patch', ['src/a.ts', 'docs/b.md']),
    call('c', 'exec_command'),
    result('c', 'exec_command', ['./build/out.js', '/extra/root/x.txt']),
  );

  it('lists each changed file once: checkpoint files and changedFiles, relative or absolute as Zero gave them', () => {
    assert.deepEqual(changedFiles(turn), ['src/a.ts', 'docs/b.md', 'build/out.js', '/extra/root/x.txt']);
    assert.deepEqual(turnFileChanges(turn), [
      { path: 'src/a.ts', checkpoint: 7 },
      { path: 'docs/b.md', checkpoint: 11 },
      { path: 'build/out.js', checkpoint: null },
      { path: '/extra/root/x.txt', checkpoint: null },
    ]);
    assert.equal(normalizeChangedPath('.\\a\\b.ts'), 'a/b.ts');
  });

  it('a file written twice diffs against the earliest checkpoint of the turn; undo starts at the first', () => {
    assert.deepEqual(
      turnCheckpoints(turn).map((c) => c.sequence),
      [7, 11],
    );
    assert.equal(firstCheckpointSequence(turn), 7);
    assert.equal(checkpointFor(turn, 'src/a.ts'), 7);
    assert.equal(checkpointFor(turn, 'docs/b.md'), 11);
    assert.equal(checkpointFor(turn, 'docs\\b.md'), 11);
    assert.equal(checkpointFor(turn, 'build/out.js'), null, 'a shell command leaves no checkpoint');
    assert.equal(firstCheckpointSequence(turnOf(call('r', 'read_file'), result('r', 'read_file'))), null);
  });

  it("a checkpoint recorded outside the turn (a reused sequence after a rewind) is not the turn's", () => {
    const ended = { ...turn, startedAt: 100_000, endedAt: 160_000 };
    assert.equal(recordedDuringTurn(99_000, ended, 0), true, 'Zero stores whole seconds');
    assert.equal(recordedDuringTurn(161_000, ended, 0), true);
    assert.equal(recordedDuringTurn(90_000, ended, 0), false);
    assert.equal(recordedDuringTurn(200_000, ended, 0), false);
    assert.equal(recordedDuringTurn(200_000, { ...ended, endedAt: null }, 200_500), true, 'a running turn ends now');
    assert.equal(recordedDuringTurn(null, ended, 0), true, 'unknown time: trust the sequence');
  });
});

describe('turn changes with the fake zero (stream → turn → checkpoint → rewind)', function () {
  this.timeout(20_000);
  const FAKE = path.resolve(__dirname, '../../fixtures/fake-zero/zero');

  const dir = useTempDir('zero-turnchanges-');

  it('the turn built from the stream finds the before-content, and undo restores the file', async () => {
    const ws = path.join(dir(), 'ws');
    const file = path.join(ws, 'notes', 'fake-zero.md');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'before the turn\n');
    const env = {
      XDG_DATA_HOME: path.join(dir(), 'data'),
      ZERO_SANDBOX_GRANTS_PATH: path.join(dir(), 'g.json'),
      FAKE_ZERO_WRITE: '1',
    };
    const started = Date.now();
    const r = spawnSync(process.execPath, [FAKE, 'exec', '-o', 'stream-json', '--cwd', ws, '--', 'scenario:tools'], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
    const actions = r.stdout
      .trim()
      .split('\n')
      .map((l, i) => actionFromDecoded(decodeLine(l, i + 1)));
    const chat = [
      { type: 'turn_started', turnId: 't1', prompt: 'scenario:tools', origin: 'prompt', at: started } as ChatAction,
      ...actions,
    ].reduce(reduceChat, newChat('c', 0));
    const turn = currentTurn(chat)!;
    assert.equal(turn.status, 'success');
    assert.deepEqual(changedFiles(turn), ['notes/fake-zero.md']);
    const sequence = checkpointFor(turn, 'notes/fake-zero.md')!;
    assert.equal(sequence, firstCheckpointSequence(turn));

    const cp = await readCheckpoint(sessionsRoot(env), chat.sessionId!, sequence);
    assert.equal(cp?.files[0]?.content?.toString(), 'before the turn\n');
    assert.ok(recordedDuringTurn(cp!.createdAt, turn, Date.now()));
    assert.notEqual(fs.readFileSync(file, 'utf8'), 'before the turn\n');

    const report = await rewindSession(FAKE, chat.sessionId!, sequence, env, { excludeTarget: true });
    assert.equal(report.filesRestored, 1);
    assert.equal(fs.readFileSync(file, 'utf8'), 'before the turn\n');
  });
});
