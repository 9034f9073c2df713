/**
 * Runs git for isolated chats: spawned with an argument array (never a shell), in the C locale so its
 * words can be read, never prompting, bounded in output and time. Plain Node.
 */
import { spawn } from 'node:child_process';

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

const MAX_BYTES = 64 * 1024 * 1024;
const STDERR_MAX = 16 * 1024;

export function git(cwd: string, args: readonly string[], options: GitOptions = {}): Promise<GitResult> {
  return new Promise((resolve) => {
    const max = options.maxBytes ?? MAX_BYTES;
    const child = spawn('git', args, {
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
    child.on('error', (err) => finish(null, `git could not start: ${err.message}`));
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
