// Files stay small (STYLE: nothing over ~400 lines without a reason): counts the non-blank lines of every
// source, test, bench, script and fixture file (as `grep -cv '^\s*$'` does) and names the ones over the limit.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export const MAX_NON_BLANK_LINES = 400;

/** The kinds of file checked; documentation and data (.md, .json, .jsonl) are not. */
const CHECKED = /\.(ts|mjs|cjs|js|css)$/;
/** Built, installed or generated: never checked, tracked or not. */
const SKIPPED = /(^|\/)(node_modules|dist|out|\.e2e|\.vscode-test)\//;

export interface LongFile {
  readonly file: string;
  readonly lines: number;
}

export function nonBlankLines(text: string): number {
  return text.split('\n').filter((line) => /\S/.test(line)).length;
}

/** The repository's tracked files (git ls-files); outside a git checkout (an exported tree), every file under `root`. */
export function trackedFiles(root: string): string[] {
  try {
    return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\0')
      .filter((f) => f !== '' && fs.existsSync(path.join(root, f)));
  } catch {
    return fs
      .readdirSync(root, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .filter((f) => !f.startsWith('.git/'));
  }
}

/** The checked files among `files` (relative to `root`) with more than `max` non-blank lines, longest first. */
export function longFiles(root: string, files: readonly string[], max = MAX_NON_BLANK_LINES): LongFile[] {
  return files
    .filter((f) => CHECKED.test(f) && !SKIPPED.test(f))
    .map((file) => ({ file, lines: nonBlankLines(fs.readFileSync(path.join(root, file), 'utf8')) }))
    .filter((f) => f.lines > max)
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
}
