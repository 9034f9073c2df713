/**
 * Runs git for isolated chats: spawned with an argument array (never a shell), in the C locale so its
 * words can be read, never prompting, bounded in output and time. Plain Node.
 *
 * git is the absolute path findGit.ts resolves (never a bare name a repository could shadow), and
 * none runs in Restricted Mode. Every run has git's hooks and fsmonitor off: the agent writes the
 * worktree and may write the repository's config and hooks, and what it wrote must not run when the
 * extension reads its work.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { findGit, type FindGitResult } from './findGit';

/** What a git step made, or why it did not (said to the user). */
export type Made<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly why: string };

export interface GitResult {
  readonly code: number | null;
  readonly stdout: Buffer;
  readonly stderr: string;
}

export interface GitOptions {
  /** Written to stdin, which is then closed. */
  readonly input?: string | Buffer;
  /** More environment (e.g. GIT_INDEX_FILE); never logged. */
  readonly env?: Readonly<Record<string, string>>;
  /** Stop reading past this many stdout bytes (the run then fails). */
  readonly maxBytes?: number;
  readonly timeoutMs?: number;
}

/** A git command that failed: its own words (stderr), or how it ended. */
export class GitError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly code: number | null,
    readonly stderr: string,
  ) {
    super(stderr.trim() || `git ${args[0] ?? ''} exited with code ${code ?? 'none'}`);
    this.name = 'GitError';
  }
}

export interface GitSetup {
  /** The user's `git.path` (never a workspace's), read at each resolution. */
  readonly gitPath?: () => unknown;
  readonly trusted?: () => boolean;
}

export const RESTRICTED_NO_GIT = 'Restricted Mode: git does not run until you trust this workspace.';

let setup: GitSetup = {};
let resolved: { key: string; found: FindGitResult & { ok: true } } | null = null;

/** The host's settings and Workspace Trust (src/host/worktrees/worktreeLoader.ts); plain Node runs without. Returns the previous setup. */
export function configureGit(s: GitSetup): GitSetup {
  const previous = setup;
  setup = s;
  resolved = null;
  return previous;
}

/** The git to run, found once per `git.path` and PATH (a change of either finds it again). */
export function resolveGit(): FindGitResult {
  const configured = setup.gitPath?.();
  const key = JSON.stringify([configured ?? null, process.env.PATH ?? '', process.env.PATHEXT ?? '']);
  if (resolved?.key === key) return resolved.found;
  const found = findGit({ configured });
  // A git not found is looked for again next time: the user may install it meanwhile.
  resolved = found.ok ? { key, found } : null;
  return found;
}

/** Why no git may run now (Restricted Mode, or none found), or null. */
export function gitProblem(): string | null {
  if (setup.trusted && !setup.trusted()) return RESTRICTED_NO_GIT;
  const found = resolveGit();
  return found.ok ? null : found.reason;
}

let noHooks: string | null = null;

/** An empty folder of ours for core.hooksPath; made again if anything was put in it. */
function emptyHooksDir(): string {
  try {
    if (noHooks && fs.lstatSync(noHooks).isDirectory() && fs.readdirSync(noHooks).length === 0) return noHooks;
  } catch {
    // Gone: make another.
  }
  const made = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-vscode-no-git-hooks-'));
  if (noHooks === null) process.once('exit', () => removeEmpty(noHooks));
  noHooks = made;
  return made;
}

function removeEmpty(dir: string | null): void {
  try {
    if (dir) fs.rmdirSync(dir);
  } catch {
    // Not empty, or gone: left as it is.
  }
}

/** Before the subcommand: no hook and no fsmonitor command runs, whatever the repository's config says. */
export function hardened(args: readonly string[]): string[] {
  return ['-c', 'core.fsmonitor=false', '-c', `core.hooksPath=${emptyHooksDir()}`, ...args];
}

const MAX_BYTES = 64 * 1024 * 1024;
const STDERR_MAX = 16 * 1024;

export function git(cwd: string, args: readonly string[], options: GitOptions = {}): Promise<GitResult> {
  const refused = (stderr: string): Promise<GitResult> =>
    Promise.resolve({ code: null, stdout: Buffer.alloc(0), stderr });
  if (setup.trusted && !setup.trusted()) return refused(RESTRICTED_NO_GIT);
  const bin = resolveGit();
  if (!bin.ok) return refused(bin.reason);
  let argv: string[];
  try {
    argv = hardened(args);
  } catch (err) {
    return refused(`git was not run: no empty folder for its hooks could be made (${(err as Error).message})`);
  }
  return new Promise((resolve) => {
    const max = options.maxBytes ?? MAX_BYTES;
    const child = spawn(bin.path, argv, {
      cwd,
      shell: false,
      windowsHide: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C', LANG: 'C', GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', ...options.env },
    });
    const out: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let over = false;
    let done = false;
    const finish = (code: number | null, extra = ''): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out), stderr: stderr + extra });
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(null, `\ngit ${args[0] ?? ''} took longer than ${Math.round((options.timeoutMs ?? 60_000) / 1000)} s`);
    }, options.timeoutMs ?? 60_000);
    child.stdout.on('data', (c: Buffer) => {
      if (over) return;
      size += c.length;
      if (size > max) {
        over = true;
        child.kill('SIGKILL');
        return;
      }
      out.push(c);
    });
    child.stderr.on('data', (c: Buffer) => {
      if (stderr.length < STDERR_MAX) stderr += c.toString('utf8');
    });
    child.on('error', (err) => {
      resolved = null;
      finish(null, `git (${bin.path}) could not start: ${err.message}`);
    });
    child.on('close', (code) =>
      finish(over ? null : code, over ? `\ngit ${args[0] ?? ''} wrote more than ${max} bytes` : ''),
    );
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}

/** stdout of a git command that must succeed, trimmed; else a GitError. */
export async function gitText(cwd: string, args: readonly string[], options: GitOptions = {}): Promise<string> {
  const r = await git(cwd, args, options);
  if (r.code !== 0) throw new GitError(args, r.code, r.stderr);
  return r.stdout.toString('utf8').trim();
}

/** The NUL-separated fields of a `-z` output (the last, empty one dropped). */
export function zFields(out: Buffer): string[] {
  const fields = out.toString('utf8').split('\0');
  if (fields[fields.length - 1] === '') fields.pop();
  return fields;
}
