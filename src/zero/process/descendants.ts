/**
 * Linux: every process a run started, including those that left its process group (`setsid`,
 * daemons) and were reparented to init, so that none outlives the run.
 *
 * Two nets, no cgroups needed:
 * - the run's environment carries a random marker that children inherit; at kill time every
 *   process whose environment holds it is ours, even one that was never seen while its parent lived;
 * - while the run lives, /proc is polled for new processes whose parent is the leader or one we
 *   already track (this catches a child that scrubbed its environment).
 * Each process is remembered with its start time, and is only killed while the pid still has that
 * start time, so a reused pid is never hit. Elsewhere (macOS, Windows) this tracks nothing and the
 * process group / taskkill /T do the work.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The environment variable that marks a run's processes. */
export const RUN_MARKER_ENV = 'ZERO_VSCODE_RUN';

export interface ProcStat {
  readonly pid: number;
  readonly ppid: number;
  /** Clock ticks after boot (field 22 of /proc/<pid>/stat): with the pid, names one process. */
  readonly start: string;
}

/** Parse `/proc/<pid>/stat`; the command name may hold spaces and parentheses. */
export function parseStat(text: string): ProcStat | undefined {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) return undefined;
  const pid = Number(text.slice(0, open).trim());
  // After ")": state(3) ppid(4) … starttime(22).
  const fields = text.slice(close + 2).split(' ');
  const ppid = Number(fields[1]);
  const start = fields[19];
  if (!Number.isInteger(pid) || !Number.isInteger(ppid) || !start) return undefined;
  return { pid, ppid, start };
}

export interface DescendantsOptions {
  /** Default /proc. */
  readonly procRoot?: string;
  /** How often to look for new processes while the run lives. Default 250 ms. */
  readonly pollMs?: number;
  readonly kill?: (pid: number, signal: NodeJS.Signals) => void;
  /** The process that owns the run (default: this one); it and its ancestors are never touched. */
  readonly self?: number;
}

export class Descendants {
  /** pid → start time of every process known to be ours. */
  private readonly ours = new Map<number, string>();
  /** `pid:start` of processes looked at and found not ours, so their environment is read once. */
  private readonly foreign = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  /** This process and its ancestors: never ours, whatever a bug or a forged environment says (see protectedPids). */
  private ancestry: ReadonlySet<number> | undefined;
  /** The leader's start time, once seen: its pid may be reused after it is reaped. */
  private leaderStart: string | undefined;
  private readonly procRoot: string;
  private readonly kill: (pid: number, signal: NodeJS.Signals) => void;
  private readonly marker: Buffer;

  constructor(
    private readonly leader: number,
    markerValue: string,
    private readonly opts: DescendantsOptions = {},
  ) {
    this.procRoot = opts.procRoot ?? '/proc';
    this.kill = opts.kill ?? process.kill.bind(process);
    this.marker = Buffer.from(`${RUN_MARKER_ENV}=${markerValue}\0`);
  }

  /**
   * Read at the first look, not when the run is spawned: a file read per ancestor, 1-2 ms on the way from Send
   * to Zero (npm run bench:latency), and nothing looks before the first poll or the kill.
   */
  private get protectedPids(): ReadonlySet<number> {
    return (this.ancestry ??= ancestors(this.procRoot, this.opts.self ?? process.pid));
  }

  /** Whether this platform can be tracked this way. */
  static supported(procRoot = '/proc'): boolean {
    return process.platform === 'linux' && fs.existsSync(path.join(procRoot, 'self', 'stat'));
  }

  /** Poll while the run lives. */
  watch(): void {
    if (this.timer) return;
    this.scan();
    this.timer = setInterval(() => this.scan(), this.opts.pollMs ?? 250);
    this.timer.unref();
  }

  unwatch(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Pids currently known to be ours (for tests and logs). */
  known(): readonly number[] {
    return [...this.ours.keys()];
  }

  /** Look once for processes that are ours. `full`: read the environment of every process again. */
  scan(full = false): void {
    const table = this.table();
    this.leaderStart ??= table.get(this.leader)?.start;
    // A parent counts only while the very process we recorded still has that pid (never an
    // unknown or vanished one: that would adopt init's children and everything under them).
    const isOursNow = (pid: number): boolean => {
      const start = table.get(pid)?.start;
      if (start === undefined) return false;
      return pid === this.leader ? start === this.leaderStart : this.ours.get(pid) === start;
    };
    // Parents before children is not guaranteed by pid order: repeat until nothing new is found.
    for (let grew = true; grew;) {
      grew = false;
      for (const p of table.values()) {
        if (p.pid === this.leader || p.pid <= 1 || this.protectedPids.has(p.pid) || this.ours.get(p.pid) === p.start)
          continue;
        const id = `${p.pid}:${p.start}`;
        const childOfOurs = isOursNow(p.ppid);
        if (!childOfOurs && !full && this.foreign.has(id)) continue;
        if (childOfOurs || this.hasMarker(p.pid)) {
          this.ours.set(p.pid, p.start);
          this.foreign.delete(id);
          grew = true;
        } else {
          this.foreign.add(id);
        }
      }
    }
  }

  /**
   * SIGKILL every process of ours that is still alive (never the leader: the caller owns it),
   * looking again after each round for what was forked meanwhile. Returns how many were signalled.
   */
  killAll(): number {
    this.unwatch();
    const killed = new Set<string>();
    for (let round = 0; round < 5; round++) {
      this.scan(round === 0);
      const table = this.table();
      let hit = 0;
      for (const [pid, start] of this.ours) {
        const id = `${pid}:${start}`;
        // Only the very process we recorded: a pid with another start time is someone else's now.
        if (killed.has(id) || table.get(pid)?.start !== start || pid <= 1 || this.protectedPids.has(pid)) continue;
        killed.add(id);
        try {
          this.kill(pid, 'SIGKILL');
          hit++;
        } catch {
          // Gone meanwhile.
        }
      }
      if (hit === 0) break;
    }
    return killed.size;
  }

  private table(): Map<number, ProcStat> {
    const table = new Map<number, ProcStat>();
    let names: string[];
    try {
      names = fs.readdirSync(this.procRoot);
    } catch {
      return table;
    }
    for (const name of names) {
      if (!/^\d+$/.test(name)) continue;
      const pid = Number(name);
      try {
        const stat = parseStat(fs.readFileSync(path.join(this.procRoot, name, 'stat'), 'utf8'));
        if (stat) table.set(pid, stat);
      } catch {
        // Gone meanwhile.
      }
    }
    return table;
  }

  private hasMarker(pid: number): boolean {
    try {
      return fs.readFileSync(path.join(this.procRoot, String(pid), 'environ')).includes(this.marker);
    } catch {
      // Another user's process, or gone.
      return false;
    }
  }
}

/** `pid` and its ancestors up to init. */
function ancestors(procRoot: string, pid: number): Set<number> {
  const seen = new Set<number>();
  for (let p = pid; p > 1 && !seen.has(p);) {
    seen.add(p);
    try {
      p = parseStat(fs.readFileSync(path.join(procRoot, String(p), 'stat'), 'utf8'))?.ppid ?? 0;
    } catch {
      break;
    }
  }
  return seen;
}
