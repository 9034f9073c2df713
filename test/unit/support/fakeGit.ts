/** A `git` that notes each run, for the tests of which git runs and when. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findGit } from '../../../src/worktrees/findGit';

/** The machine's git, found before any test puts a fake one on PATH. */
const real = findGit();

/** An executable `git` in `dir` that notes each run (its arguments) in `marker`, then runs the real git, or fails. */
export function fakeGit(dir: string, marker: string, passThrough = true): string {
  assert.ok(real.ok, 'these tests need git');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'git');
  const then = passThrough ? `exec '${real.path}' "$@"` : 'exit 3';
  fs.writeFileSync(file, `#!/bin/sh\necho "$*" >> '${marker}'\n${then}\n`, { mode: 0o755 });
  return file;
}

/** The runs `marker` noted, one a line. */
export const runs = (marker: string): string[] =>
  fs.existsSync(marker) ? fs.readFileSync(marker, 'utf8').split('\n').filter(Boolean) : [];
