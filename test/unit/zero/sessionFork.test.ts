// Writing a fork of a Zero session up to a point (sessionFork.ts), on a store laid out as Zero 0.8.0
// writes it (metadata.json, events.jsonl with Go's field order and escapes, checkpoints/blobs). The
// real-Zero test (test/real-zero/sessionFork.test.ts) checks that Zero reads it and that it equals
// Zero's own --fork copy.
import * as assert from 'node:assert/strict';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  readForkSource,
  removeSessionFork,
  SessionForkError,
  writeSessionFork,
} from '../../../src/zero/sessions/fork/sessionFork';

const PARENT = 'zero_20260101120000_1767268800000000000_1';
const sha = (s: string): string => crypto.createHash('sha256').update(s).digest('hex');
const BEFORE_A = 'a before\n';
const BEFORE_B = 'b before\n';

function line(seq: number, type: string, payload?: string, session = PARENT): string {
  const head = `{"id":"${session}:${seq}","sessionId":"${session}","sequence":${seq},"type":"${type}","createdAt":"2026-01-01T12:00:0${seq % 10}Z"`;
  return payload === undefined ? `${head}}` : `${head},"payload":${payload}}`;
}

const LINES = [
  line(1, 'message', '{"content":"one \\u003cb\\u003e","role":"user"}'),
  line(2, 'provider_usage', '{"completionTokens":2,"promptTokens":5,"totalTokens":7}'),
  line(3, 'tool_call', '{"arguments":"{\\"path\\":\\"a.txt\\"}","id":"call_1","name":"write_file"}'),
  line(
    4,
    'session_checkpoint',
    `{"files":[{"blob":"${sha(BEFORE_A)}","bytes":9,"mode":420,"path":"a.txt"}],"tool":"write_file"}`,
  ),
  line(5, 'tool_result', '{"meta":{"0":"z","a":"y"},"name":"write_file","status":"ok","toolCallId":"call_1"}'),
  line(6, 'message', '{"content":"done","role":"assistant"}'),
  line(7, 'message', '{"content":"two","role":"user"}'),
  line(8, 'session_checkpoint', `{"files":[{"blob":"${sha(BEFORE_B)}","path":"b.txt"}],"tool":"write_file"}`),
  line(9, 'message', '{"content":"done again","role":"assistant"}'),
];

describe('sessionFork: a fork of a Zero session up to a point', () => {
  let root: string;
  const parentDir = (): string => path.join(root, PARENT);
  const read = (id: string, file: string): string => fs.readFileSync(path.join(root, id, file), 'utf8');
  const parentFiles = (): Record<string, string> =>
    Object.fromEntries(
      fs
        .readdirSync(parentDir(), { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => {
          const p = path.join(d.parentPath, d.name);
          return [path.relative(parentDir(), p), fs.readFileSync(p, 'utf8')];
        }),
    );

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-fork-'));
    fs.mkdirSync(path.join(parentDir(), 'checkpoints', 'blobs'), { recursive: true });
    fs.writeFileSync(
      path.join(parentDir(), 'metadata.json'),
      `${JSON.stringify(
        {
          sessionId: PARENT,
          title: 'Fix the <b> tag',
          cwd: '/work/project',
          modelId: 'scripted-1',
          provider: 'scripted',
          createdAt: '2026-01-01T12:00:00Z',
          updatedAt: '2026-01-01T12:00:09Z',
          eventCount: 9,
          lastEventType: 'message',
        },
        null,
        2,
      )}\n`,
    );
    fs.writeFileSync(path.join(parentDir(), 'events.jsonl'), LINES.map((l) => `${l}\n`).join(''));
    fs.writeFileSync(path.join(parentDir(), 'checkpoints', 'blobs', sha(BEFORE_A)), BEFORE_A);
    fs.writeFileSync(path.join(parentDir(), 'checkpoints', 'blobs', sha(BEFORE_B)), BEFORE_B);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it("copies the events up to the point as Zero's fork does: no usage, renumbered, payloads as written, then the marker", async () => {
    const before = parentFiles();
    const source = await readForkSource(root, PARENT);
    assert.equal(source.events.length, 9);
    const now = new Date(Date.UTC(2026, 0, 2, 8, 30, 15, 250));
    const fork = await writeSessionFork(root, source, 6, { title: 'Fix the <b> tag (fork)', now, id: 'zero_fork_1' });
    assert.deepEqual(
      [fork.copied, fork.lastSequence, [...fork.sequences]],
      [
        5,
        6,
        [
          [1, 1],
          [3, 2],
          [4, 3],
          [5, 4],
          [6, 5],
        ],
      ],
    );
    const lines = read('zero_fork_1', 'events.jsonl').split('\n');
    assert.equal(lines.pop(), '', 'every line ends in a newline');
    const expected = [1, 3, 4, 5, 6].map((old, i) =>
      LINES[old - 1]!.replaceAll(`${PARENT}:${old}`, `zero_fork_1:${i + 1}`)
        .replace(`"sessionId":"${PARENT}"`, '"sessionId":"zero_fork_1"')
        .replace(`"sequence":${old},`, `"sequence":${i + 1},`),
    );
    assert.deepEqual(
      lines.slice(0, 5),
      expected,
      'each copied line is the original but for its id, session and sequence',
    );
    assert.equal(
      lines[5],
      `{"id":"zero_fork_1:6","sessionId":"zero_fork_1","sequence":6,"type":"session_fork","createdAt":"2026-01-02T08:30:15Z","payload":{"copiedEventCount":5,"forkedFromEventId":"${PARENT}:6","forkedFromSequence":6,"parentEventCount":9,"parentSessionId":"${PARENT}"}}`,
    );
    assert.equal(
      read('zero_fork_1', 'metadata.json'),
      `${JSON.stringify(
        {
          sessionId: 'zero_fork_1',
          sessionKind: 'fork',
          title: 'Fix the \u003cb\u003e tag (fork)',
          cwd: '/work/project',
          modelId: 'scripted-1',
          provider: 'scripted',
          parentSessionId: PARENT,
          rootSessionId: PARENT,
          forkedFromEventId: `${PARENT}:6`,
          forkedFromSequence: 6,
          createdAt: '2026-01-02T08:30:15Z',
          updatedAt: '2026-01-02T08:30:15Z',
          eventCount: 6,
          lastEventType: 'session_fork',
        },
        null,
        2,
      ).replace('<b>', '\\u003cb\\u003e')}\n`,
      "Go's field order, indent and escapes",
    );
    assert.deepEqual(
      fs.readdirSync(path.join(root, 'zero_fork_1', 'checkpoints', 'blobs')),
      [sha(BEFORE_A)],
      'only the blobs the copy names',
    );
    assert.deepEqual(parentFiles(), before, 'the parent is only read');
    assert.equal((fs.statSync(path.join(root, 'zero_fork_1')).mode & 0o777).toString(8), '700');
    assert.equal((fs.statSync(path.join(root, 'zero_fork_1', 'events.jsonl')).mode & 0o777).toString(8), '600');
  });

  it("a fork of a fork keeps the root; an id is Zero's shape when none is given", async () => {
    const meta = JSON.parse(fs.readFileSync(path.join(parentDir(), 'metadata.json'), 'utf8'));
    fs.writeFileSync(
      path.join(parentDir(), 'metadata.json'),
      JSON.stringify({ ...meta, sessionKind: 'fork', rootSessionId: 'zero_root_1', parentSessionId: 'zero_root_1' }),
    );
    const fork = await writeSessionFork(root, await readForkSource(root, PARENT), 9, { title: 't' });
    assert.match(fork.sessionId, /^zero_\d{14}_\d+_1$/);
    const written = JSON.parse(read(fork.sessionId, 'metadata.json'));
    assert.deepEqual([written.rootSessionId, written.parentSessionId], ['zero_root_1', PARENT]);
  });

  it('a torn last line is dropped as Zero drops it; a bad line elsewhere is refused and nothing is written', async () => {
    fs.appendFileSync(path.join(parentDir(), 'events.jsonl'), '{"id":"torn');
    assert.equal((await readForkSource(root, PARENT)).events.length, 9);
    const lines = [...LINES];
    lines[3] = '{not json';
    fs.writeFileSync(path.join(parentDir(), 'events.jsonl'), lines.map((l) => `${l}\n`).join(''));
    await assert.rejects(readForkSource(root, PARENT), /unreadable event at line 4/);
    assert.deepEqual(fs.readdirSync(root), [PARENT]);
  });

  it('refuses an id that is not a session id, and a point with nothing before it', async () => {
    await assert.rejects(readForkSource(root, '../etc'), SessionForkError);
    const source = await readForkSource(root, PARENT);
    await assert.rejects(
      writeSessionFork(root, source, 0, { title: 't', id: 'zero_fork_2' }),
      /nothing of the session/,
    );
    await assert.rejects(writeSessionFork(root, source, 3, { title: 't', id: '../x' }), /Invalid Zero session id/);
    assert.deepEqual(fs.readdirSync(root), [PARENT]);
  });

  it('an existing session of that id is never written over; a write that fails leaves nothing behind', async () => {
    const source = await readForkSource(root, PARENT);
    await assert.rejects(
      writeSessionFork(root, source, 3, { title: 't', id: PARENT }),
      /Cannot make the forked session/,
    );
    assert.equal(fs.readFileSync(path.join(parentDir(), 'events.jsonl'), 'utf8'), LINES.map((l) => `${l}\n`).join(''));
    // A blob that cannot be read (a folder in its place): the half-written fork is removed.
    fs.rmSync(path.join(parentDir(), 'checkpoints', 'blobs', sha(BEFORE_A)));
    fs.mkdirSync(path.join(parentDir(), 'checkpoints', 'blobs', sha(BEFORE_A)));
    await assert.rejects(writeSessionFork(root, source, 6, { title: 't', id: 'zero_fork_3' }), SessionForkError);
    assert.equal(fs.existsSync(path.join(root, 'zero_fork_3')), false);
  });

  it('a blob the parent no longer has is left out, as Zero leaves it out; removeSessionFork removes a fork', async () => {
    fs.rmSync(path.join(parentDir(), 'checkpoints', 'blobs', sha(BEFORE_A)));
    const fork = await writeSessionFork(root, await readForkSource(root, PARENT), 6, { title: 't', id: 'zero_fork_4' });
    assert.deepEqual(fs.readdirSync(path.join(root, fork.sessionId, 'checkpoints', 'blobs')), []);
    await removeSessionFork(root, fork.sessionId);
    assert.deepEqual(fs.readdirSync(root), [PARENT]);
  });
});
