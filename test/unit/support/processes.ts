/** Process checks for tests that start real child processes (the fake zero and its children). */
import * as fs from 'node:fs';

export function isGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Gone, or a zombie waiting for a reaper that may never come (init in some containers). */
export function isDead(pid: number): boolean {
  if (isGone(pid)) return true;
  try {
    return /^\d+ \(.*\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}
