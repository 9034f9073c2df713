// Zero's checkpoints read from disk (src/zero/sessions/checkpoints.ts) and undone through `zero sessions
// rewind` (src/zero/sessions/rewind.ts), against sessions the fake zero really wrote (it stores them as
// internal/sessions/checkpoint.go does).
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  checkpointsFrom,
  CheckpointError,
  readBlob,
  readCheckpoint,
  readSessionEvents,
  sessionsRoot,
  validSessionId,
} from '../../../src/zero/sessions/checkpoints';
import { rewindSession, RewindError } from '../../../src/zero/sessions/rewind';

const FAKE = path.resolve(__dirname, '../../fixtures/fake-zero/zero');
const NOTE = path.join('notes', 'fake-zero.md');
const WRITTEN = '# Notes\n\nWritten by the fake zero.\n';

let dir: string;
let workspace: string;
let env: Record<string, string>;

/** One `zero exec` of a scenario in the workspace; returns the checkpoint sequences it streamed. */
function exec(prompt: string, args: string[] = [], extraEnv: Record<string, string> = {}): number[] {
  const r = spawnSync(
    process.execPath,
    [FAKE, 'exec', '-o', 'stream-json', '--no-notify', '--cwd', workspace, ...args, '--', prompt],
    {
      env: { ...process.env, ...env, ...extraEnv },
      encoding: 'utf8',
    },
  );
  assert.equal(r.status, 0, r.stderr);
  return r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .filter((e) => e.type === 'checkpoint')
    .map((e) => e.checkpoint.sequence as number);
}

const root = (): string => sessionsRoot(env);
const note = (): string => fs.readFileSync(path.join(workspace, NOTE), 'utf8');

describe('checkpoints (Zero session store, written by the fake zero)', function () {
  this.timeout(20_000);

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-checkpoints-'));
    workspace = path.join(dir, 'ws');
    fs.mkdirSync(path.join(workspace, 'notes'), { recursive: true });
    env = {
      XDG_DATA_HOME: path.join(dir, 'data'),
      ZERO_SANDBOX_GRANTS_PATH: path.join(dir, 'grants.json'),
      FAKE_ZERO_WRITE: '1',
    };
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('sessionsRoot follows XDG_DATA_HOME, else HOME/.local/share, like zero', () => {
    assert.equal(sessionsRoot({ XDG_DATA_HOME: '/x/data' }, '/home/u'), path.join('/x/data', 'zero', 'sessions'));
    assert.equal(
      sessionsRoot({ XDG_DATA_HOME: '  ', HOME: '/h' }, '/home/u'),
      path.join('/h', '.local', 'share', 'zero', 'sessions'),
    );
    assert.equal(sessionsRoot({}, '/home/u'), path.join('/home/u', '.local', 'share', 'zero', 'sessions'));
  });

  it('reads the before-content of a file the run overwrote, and the blob matches its sha256', async () => {
    fs.writeFileSync(path.join(workspace, NOTE), 'old notes\n');
    const [sequence] = exec('scenario:tools', ['--init-session-id', 's1']);
    assert.ok(sequence, 'a checkpoint was streamed');
    assert.equal(note(), WRITTEN, 'the fake really wrote the file');
    const cp = await readCheckpoint(root(), 's1', sequence);
    assert.ok(cp);
    assert.equal(cp.tool, 'write_file');
    assert.equal(cp.sequence, sequence);
    assert.ok(cp.createdAt && Math.abs(cp.createdAt - Date.now()) < 60_000);
    const [file] = cp.files;
    assert.equal(file?.path, 'notes/fake-zero.md');
    assert.equal(file?.content?.toString('utf8'), 'old notes\n');
    assert.equal(file?.absent, false);
    assert.equal(file?.skipped, false);
    assert.equal(file?.bytes, 10);
    // The event on disk has zero's shape: {id, sessionId, sequence, type, createdAt, payload}.
    const line = fs
      .readFileSync(path.join(root(), 's1', 'events.jsonl'), 'utf8')
      .split('\n')
      .find((l) => l.includes('"session_checkpoint"'))!;
    const event = JSON.parse(line);
    assert.deepEqual(Object.keys(event), ['id', 'sessionId', 'sequence', 'type', 'createdAt', 'payload']);
    assert.equal(event.id, `s1:${sequence}`);
    const hash = createHash('sha256').update('old notes\n').digest('hex');
    assert.deepEqual(event.payload, {
      tool: 'write_file',
      files: [{ path: 'notes/fake-zero.md', blob: hash, bytes: 10, mode: event.payload.files[0].mode }],
    });
    assert.ok(fs.existsSync(path.join(root(), 's1', 'checkpoints', 'blobs', hash)));
  });

  it("two-files: one checkpoint per write, in Go's field order (path, blob, bytes, mode; a new file only absent)", async () => {
    fs.mkdirSync(path.join(workspace, 'src'));
    fs.writeFileSync(path.join(workspace, 'src', 'app.txt'), 'first line\n', { mode: 0o640 });
    fs.chmodSync(path.join(workspace, 'src', 'app.txt'), 0o640);
    const sequences = exec('scenario:two-files', ['--init-session-id', 's5']);
    assert.equal(sequences.length, 2);
    const lines = fs
      .readFileSync(path.join(root(), 's5', 'events.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l.includes('"session_checkpoint"'));
    const hash = createHash('sha256').update('first line\n').digest('hex');
    assert.match(
      lines[0]!,
      new RegExp(
        `"payload":\\{"tool":"write_file","files":\\[\\{"path":"src/app.txt","blob":"${hash}","bytes":11,"mode":${process.platform === 'win32' ? '\\d+' : 416}\\}\\]\\}\\}$`,
      ),
    );
    assert.match(
      lines[1]!,
      /"payload":\{"tool":"write_file","files":\[\{"path":"notes\/review\.md","absent":true\}\]\}\}$/,
    );
    const [first, second] = await Promise.all(sequences.map((s) => readCheckpoint(root(), 's5', s)));
    assert.equal(first?.files[0]?.content?.toString('utf8'), 'first line\n');
    assert.equal(first?.files[0]?.mode, process.platform === 'win32' ? first?.files[0]?.mode : 0o640);
    assert.equal(second?.files[0]?.absent, true);
  });

  it('a file that did not exist is absent (no content), and other sequences are not checkpoints', async () => {
    const [sequence] = exec('scenario:tools', ['--init-session-id', 's2']);
    const cp = await readCheckpoint(root(), 's2', sequence!);
    assert.deepEqual(
      cp?.files.map((f) => [f.path, f.absent, f.content]),
      [['notes/fake-zero.md', true, null]],
    );
    assert.equal(await readCheckpoint(root(), 's2', 1), null, 'sequence 1 is the user message');
    assert.equal(await readCheckpoint(root(), 's2', 999), null);
    assert.equal(await readCheckpoint(root(), 'no-such-session', 1), null);
  });

  it('a file over the checkpoint size cap is recorded as skipped, with no blob, and rewind leaves it', async () => {
    fs.writeFileSync(path.join(workspace, NOTE), 'too big for the cap\n');
    const [sequence] = exec('scenario:tools', ['--init-session-id', 's7'], { ZERO_CHECKPOINT_MAX_BYTES: '4' });
    const file = (await readCheckpoint(root(), 's7', sequence!))?.files[0];
    assert.deepEqual([file?.skipped, file?.content, file?.bytes], [true, null, 20]);
    const report = await rewindSession(FAKE, 's7', sequence!, env, { excludeTarget: true });
    assert.deepEqual(report.skipped, ['notes/fake-zero.md']);
    assert.equal(note(), WRITTEN);
  });

  it('takes no path from outside: session ids and blob names are validated, tampered blobs are refused', async () => {
    fs.writeFileSync(path.join(workspace, NOTE), 'old notes\n');
    const [sequence] = exec('scenario:tools', ['--init-session-id', 's3']);
    for (const bad of ['../s3', 's3/..', '', '-x', 'a'.repeat(129), 's3\n']) {
      assert.equal(validSessionId(bad), false, bad);
      await assert.rejects(readCheckpoint(root(), bad, sequence!), CheckpointError);
    }
    await assert.rejects(readBlob(root(), 's3', '../../metadata.json'), CheckpointError);
    await assert.rejects(readBlob(root(), 's3', 'A'.repeat(64)), CheckpointError, 'upper-case hex is not a blob name');
    await assert.rejects(readCheckpoint(root(), 's3', 0), CheckpointError);
    const hash = createHash('sha256').update('old notes\n').digest('hex');
    fs.writeFileSync(path.join(root(), 's3', 'checkpoints', 'blobs', hash), 'tampered\n');
    const cp = await readCheckpoint(root(), 's3', sequence!);
    assert.equal(cp?.files[0]?.content, null);
    assert.match(cp?.files[0]?.problem ?? '', /integrity/);
    fs.rmSync(path.join(root(), 's3', 'checkpoints'), { recursive: true });
    assert.match((await readCheckpoint(root(), 's3', sequence!))?.files[0]?.problem ?? '', /no longer has/);
  });

  it('tolerates a torn last line in events.jsonl, as zero does', async () => {
    const [sequence] = exec('scenario:tools', ['--init-session-id', 's4']);
    fs.appendFileSync(path.join(root(), 's4', 'events.jsonl'), '{"id":"s4:99","seq');
    assert.ok((await readSessionEvents(root(), 's4')).length >= sequence!);
    fs.appendFileSync(path.join(root(), 's4', 'events.jsonl'), '\n{}\n');
    await assert.rejects(readSessionEvents(root(), 's4'), /unreadable event/);
  });

  it('events and checkpoint entries of the wrong shape are skipped, the valid ones still read', async () => {
    const dirOf = path.join(root(), 'odd');
    fs.mkdirSync(dirOf, { recursive: true });
    const content = 'before\n';
    const blob = createHash('sha256').update(content).digest('hex');
    fs.mkdirSync(path.join(dirOf, 'checkpoints', 'blobs'), { recursive: true });
    fs.writeFileSync(path.join(dirOf, 'checkpoints', 'blobs', blob), content);
    const lines = [
      { sequence: 'one', type: 1 },
      null,
      [],
      {
        sequence: 2,
        type: 'session_checkpoint',
        createdAt: 7,
        payload: { tool: 'write_file', files: [null, { path: 5 }, { path: 'a.txt', blob }] },
      },
      { sequence: 3, type: 'session_checkpoint', payload: { files: 'nope' } },
    ];
    fs.writeFileSync(path.join(dirOf, 'events.jsonl'), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const events = await readSessionEvents(root(), 'odd');
    assert.deepEqual(
      events.map((e) => [e.sequence, e.createdAt]),
      [
        [2, null],
        [3, null],
      ],
    );
    const cp = await readCheckpoint(root(), 'odd', 2);
    assert.deepEqual(
      cp?.files.map((f) => [f.path, f.content?.toString()]),
      [['a.txt', content]],
    );
    assert.equal(await readCheckpoint(root(), 'odd', 3), null);
  });

  it('rewind --exclude-target restores the file the turn overwrote, drops the checkpoint and is refused for unknown targets', async () => {
    fs.writeFileSync(path.join(workspace, NOTE), 'old notes\n');
    const [sequence] = exec('scenario:tools', ['--init-session-id', 's5']);
    assert.equal(note(), WRITTEN);
    const report = await rewindSession(FAKE, 's5', sequence!, env, { excludeTarget: true });
    assert.deepEqual(report, { targetSequence: sequence! - 1, filesRestored: 1, filesDeleted: 0, skipped: [] });
    assert.equal(note(), 'old notes\n');
    assert.equal(
      await readCheckpoint(root(), 's5', sequence!),
      null,
      'the checkpoint is gone (a session_rewind marker took its number)',
    );
    await assert.rejects(
      rewindSession(FAKE, 's5', 999, env),
      (err: Error) => err instanceof RewindError && /rewind target sequence 999 was not found/.test(err.message),
    );
    await assert.rejects(rewindSession(FAKE, '../s5', 1, env), RewindError);
    await assert.rejects(rewindSession(path.join(dir, 'missing-zero'), 's5', 1, env), /Could not run/);
  });

  it('rewinding to an earlier turn undoes the later turns too, and deletes files that were new', async () => {
    const [first] = exec('scenario:tools', ['--init-session-id', 's6']);
    fs.writeFileSync(path.join(workspace, NOTE), 'edited in between\n');
    const [second] = exec('scenario:tools', ['--resume=s6']);
    assert.ok(second! > first!);
    assert.deepEqual(
      (await checkpointsFrom(root(), 's6', first!)).map((c) => c.sequence),
      [first, second],
    );
    assert.equal((await readCheckpoint(root(), 's6', second!))?.files[0]?.content?.toString(), 'edited in between\n');
    const report = await rewindSession(FAKE, 's6', first!, env, { excludeTarget: true });
    assert.equal(report.filesDeleted, 1, 'the closest checkpoint to the target says "absent"');
    assert.equal(fs.existsSync(path.join(workspace, NOTE)), false);
    assert.deepEqual(await checkpointsFrom(root(), 's6', 1), []);
    assert.deepEqual(fs.readdirSync(path.join(root(), 's6', 'checkpoints', 'blobs')), [], 'orphan blobs are pruned');
  });
});
