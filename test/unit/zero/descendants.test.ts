import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Descendants, parseStat, RUN_MARKER_ENV } from '../../../src/zero/process/descendants';

/** A fake /proc: each process is a folder with `stat` and `environ`; nothing real is ever signalled. */
class FakeProc {
  readonly root = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-proc-'));
  readonly killed: number[] = [];

  add(pid: number, ppid: number, opts: { start?: number; env?: Record<string, string>; comm?: string } = {}): void {
    const dir = path.join(this.root, String(pid));
    fs.mkdirSync(dir, { recursive: true });
    const rest = [
      'S',
      ppid,
      pid,
      pid,
      0,
      -1,
      4194304,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      20,
      0,
      1,
      0,
      opts.start ?? 1000 + pid,
      0,
      0,
    ];
    fs.writeFileSync(path.join(dir, 'stat'), `${pid} (${opts.comm ?? 'proc'}) ${rest.join(' ')}\n`);
    fs.writeFileSync(
      path.join(dir, 'environ'),
      Object.entries(opts.env ?? {})
        .map(([k, v]) => `${k}=${v}\0`)
        .join(''),
    );
  }

  remove(pid: number): void {
    fs.rmSync(path.join(this.root, String(pid)), { recursive: true, force: true });
  }

  tracker(leader: number, marker = 'm1', self = 10): Descendants {
    return new Descendants(leader, marker, {
      procRoot: this.root,
      self,
      kill: (pid) => {
        this.killed.push(pid);
        // A killed process is gone for the next look (its parent or init reaps it).
        this.remove(pid);
      },
    });
  }

  dispose(): void {
    fs.rmSync(this.root, { recursive: true, force: true });
  }
}

describe('Descendants (fake /proc)', () => {
  let proc: FakeProc;
  beforeEach(() => {
    proc = new FakeProc();
    // init, kthreadd, the extension host (10, child of 5), unrelated processes.
    proc.add(1, 0);
    proc.add(2, 0);
    proc.add(5, 1);
    proc.add(10, 5);
    proc.add(300, 1);
    proc.add(301, 300);
  });
  afterEach(() => proc.dispose());

  it('parses stat lines whose command holds spaces and parentheses', () => {
    assert.deepEqual(parseStat('42 (a (weird) name) S 7 42 42 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 98765 0 0'), {
      pid: 42,
      ppid: 7,
      start: '98765',
    });
    assert.equal(parseStat('garbage'), undefined);
  });

  it('kills children, grandchildren and a marked process in another session; never init, unknown parents, or strangers', () => {
    proc.add(100, 10); // the run's leader, a child of the extension host
    proc.add(101, 100); // a tool
    proc.add(102, 101); // its child
    proc.add(103, 1, { env: { [RUN_MARKER_ENV]: 'm1' } }); // setsid + double fork: reparented before anyone saw it
    proc.add(104, 1, { env: { [RUN_MARKER_ENV]: 'other-run' } });
    const t = proc.tracker(100);
    t.scan();
    assert.deepEqual([...t.known()].sort(), [101, 102, 103]);
    t.killAll();
    assert.deepEqual(proc.killed.sort(), [101, 102, 103]);
  });

  it('remembers a child seen while its parent lived, after it was reparented and scrubbed its environment', () => {
    proc.add(100, 10);
    proc.add(110, 100);
    const t = proc.tracker(100);
    t.watch();
    t.unwatch();
    // The leader exits; its child is reparented to init and carries no marker.
    proc.remove(100);
    proc.remove(110);
    proc.add(110, 1, { start: 1110 });
    proc.add(111, 110); // and started a child of its own
    t.killAll();
    assert.deepEqual(proc.killed.sort(), [110, 111]);
  });

  it('does not kill a reused pid (same pid, another start time)', () => {
    proc.add(100, 10);
    proc.add(120, 100);
    const t = proc.tracker(100);
    t.scan();
    proc.remove(120);
    proc.add(120, 1, { start: 999999 });
    t.killAll();
    assert.deepEqual(proc.killed, []);
  });

  it("a reused leader pid does not adopt the new process's children", () => {
    proc.add(100, 10);
    const t = proc.tracker(100);
    t.scan();
    proc.remove(100);
    proc.add(100, 1, { start: 777777 });
    proc.add(130, 100);
    t.killAll();
    assert.deepEqual(proc.killed, []);
  });

  it('never touches itself or its ancestors, even when they carry the marker', () => {
    proc.remove(10);
    proc.add(10, 5, { env: { [RUN_MARKER_ENV]: 'm1' } });
    proc.remove(5);
    proc.add(5, 1, { env: { [RUN_MARKER_ENV]: 'm1' } });
    proc.add(100, 10);
    const t = proc.tracker(100);
    t.killAll();
    assert.deepEqual(proc.killed, []);
  });

  it('reads nothing while the run is spawned: its ancestors are read at the first look', () => {
    proc.remove(5);
    proc.remove(10);
    proc.add(100, 10);
    const t = proc.tracker(100);
    // Readable only after the spawn: read then, they are still known.
    proc.add(10, 5, { env: { [RUN_MARKER_ENV]: 'm1' } });
    proc.add(5, 1, { env: { [RUN_MARKER_ENV]: 'm1' } });
    t.killAll();
    assert.deepEqual(proc.killed, [], 'the ancestors, marked, are still never touched');
  });

  it('catches a process forked while the kill was under way', () => {
    proc.add(100, 10);
    proc.add(140, 100);
    const t = new Descendants(100, 'm1', {
      procRoot: proc.root,
      self: 10,
      kill: (pid) => {
        proc.killed.push(pid);
        proc.remove(pid);
        // 140 managed to fork just before it died; the orphan keeps the marker.
        if (pid === 140) proc.add(141, 1, { env: { [RUN_MARKER_ENV]: 'm1' } });
      },
    });
    t.killAll();
    assert.deepEqual(proc.killed, [140, 141]);
  });
});
