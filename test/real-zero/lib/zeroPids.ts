// The real Zero processes this test process started, by pid (read from /proc: Linux), so a test can kill
// exactly its own Zero mid-turn, as a crash or the OOM killer would, and check what is left of its tools.
import * as fs from 'node:fs';

/** Live children of this process running `bin <sub>` (`exec` or `acp`). */
export function zeroPids(bin: string, sub: 'exec' | 'acp'): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z' || Number(ppid) !== process.pid) continue;
      const argv = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (argv[0] === bin && argv[1] === sub) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** Processes (any parent) whose working folder is `cwd` and whose argv is `argv`: a tool Zero left behind. */
export function leftIn(cwd: string, argv: readonly string[]): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readlinkSync(`/proc/${entry}/cwd`) !== cwd) continue;
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      const got = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean);
      if (got.length === argv.length && got.every((a, i) => a === argv[i])) out.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return out;
}
