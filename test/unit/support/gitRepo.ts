/** A real git repository in a temp folder, with its first commit, for the worktree tests. */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export interface TempRepo {
  /** The temp folder that holds the repository and anything else the test makes. */
  readonly root: string;
  /** The repository (its main working tree). */
  readonly repo: string;
  /** A base folder for worktrees, outside the repository. */
  readonly worktrees: string;
  git(...args: string[]): string;
  write(rel: string, content: string | Buffer, where?: string): void;
  read(rel: string, where?: string): string | null;
  dispose(): void;
}

const IDENTITY = ['-c', 'user.email=test@example.com', '-c', 'user.name=Test', '-c', 'commit.gpgsign=false'];

export function tempRepo(files: Record<string, string> = { 'README.md': '# Repo\n' }): TempRepo {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'zero-wt-test-')));
  const repo = path.join(root, 'repo');
  const worktrees = path.join(root, 'state', 'zero', 'worktrees');
  fs.mkdirSync(repo, { recursive: true });
  const git = (...args: string[]): string =>
    execFileSync('git', [...IDENTITY, ...args], { cwd: repo, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } });
  const write = (rel: string, content: string | Buffer, where = repo): void => {
    fs.mkdirSync(path.dirname(path.join(where, rel)), { recursive: true });
    fs.writeFileSync(path.join(where, rel), content);
  };
  const read = (rel: string, where = repo): string | null =>
    fs.existsSync(path.join(where, rel)) ? fs.readFileSync(path.join(where, rel), 'utf8') : null;
  git('init', '-q', '-b', 'main');
  for (const [rel, content] of Object.entries(files)) write(rel, content);
  git('add', '-A');
  git('commit', '-qm', 'first');
  return { root, repo, worktrees, git, write, read, dispose: () => fs.rmSync(root, { recursive: true, force: true }) };
}
