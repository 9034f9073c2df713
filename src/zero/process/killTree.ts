/**
 * Kill a process and everything it started.
 *
 * Zero may be an npm launcher that starts the real binary, and Zero starts shell tools; killing
 * only the direct child would orphan them. On POSIX the child is spawned `detached`, so it leads
 * its own process group and `kill(-pid)` reaches the whole tree. Windows has no groups:
 * `taskkill /T` walks the tree.
 */
import { nodeChildProcess } from './nodeOnDemand';

export interface KillTreeDeps {
  readonly platform?: NodeJS.Platform;
  readonly kill?: (pid: number, signal: NodeJS.Signals | 0) => void;
  /** Runs `taskkill` with these args and resolves when it exits. */
  readonly taskkill?: (args: readonly string[]) => Promise<void>;
}

/**
 * Send `signal` to the process group led by `pid`, falling back to `pid` alone when there is no
 * such group (the child was not spawned detached). On Windows every signal is a forced tree kill:
 * Windows cannot deliver SIGINT/SIGTERM to a console child anyway (docs/zero-exec.md §6.5).
 * Never throws; resolves once the signal is sent (Windows: once taskkill has finished).
 */
export async function killTree(
  pid: number,
  signal: NodeJS.Signals = 'SIGKILL',
  deps: KillTreeDeps = {},
): Promise<void> {
  if (!Number.isInteger(pid) || pid <= 0) return;
  const platform = deps.platform ?? process.platform;
  if (platform === 'win32') {
    await (deps.taskkill ?? runTaskkill)(['/pid', String(pid), '/T', '/F']);
    return;
  }
  const kill = deps.kill ?? process.kill.bind(process);
  if (signalGroup(pid, signal, kill)) return;
  try {
    kill(pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * POSIX only: signal the group led by `pid`. Returns false if no such group exists. Safe to use
 * after the leader has exited: Linux and macOS do not reuse a pid while its group is alive.
 */
export function signalGroup(
  pid: number,
  signal: NodeJS.Signals | 0,
  kill: (pid: number, signal: NodeJS.Signals | 0) => void = process.kill.bind(process),
): boolean {
  try {
    kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Windows' own taskkill.exe by its absolute path: spawned by the bare name, Windows looks in the
 * current folder before PATH, and the extension host's may be the workspace (`code .`), where a
 * repository could ship a taskkill.exe that would run each time a Zero run is stopped.
 */
export function taskkillPath(env: NodeJS.ProcessEnv = process.env): string {
  const root = env.SystemRoot ?? env.SYSTEMROOT ?? env.windir;
  const usable = root !== undefined && /^[A-Za-z]:\\[^;"]*$/.test(root) && !root.split('\\').includes('..');
  return `${usable ? root.replace(/\\+$/, '') : 'C:\\Windows'}\\System32\\taskkill.exe`;
}

function runTaskkill(args: readonly string[]): Promise<void> {
  return new Promise((resolve) => {
    try {
      const child = nodeChildProcess().spawn(taskkillPath(), [...args], {
        shell: false,
        windowsHide: true,
        stdio: 'ignore',
      });
      child.on('error', () => resolve());
      child.on('exit', () => resolve());
    } catch {
      resolve();
    }
  });
}
