// Lints GitHub Actions workflow files offline: @action-validator/core (WebAssembly, bundled schema)
// parses the YAML, checks it against the workflow JSON schema and resolves `needs:`. A broken workflow
// then fails `npm test` here instead of on the first push or tag.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { validateWorkflow, type ValidationError } from '@action-validator/core';

export interface WorkflowProblem {
  readonly file: string;
  /** `line:column` for YAML errors, the JSON pointer (`/jobs/test/steps/0`) for schema errors. */
  readonly where: string;
  readonly message: string;
}

/** Problems in one workflow's text; empty when it is valid. */
export function lintWorkflow(file: string, text: string): WorkflowProblem[] {
  if (text.trim() === '') return [{ file, where: '', message: 'empty workflow file' }];
  return validateWorkflow(text)
    .errors.flatMap((e) => flatten(e))
    .map((p) => ({ file, ...p }));
}

/** Every `*.yml`/`*.yaml` in a workflows directory, with its problems. */
export function lintWorkflowDir(dir: string): { files: string[]; problems: WorkflowProblem[] } {
  const files = fs
    .readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()
    .map((f) => path.join(dir, f));
  return { files, problems: files.flatMap((f) => lintWorkflow(f, fs.readFileSync(f, 'utf8'))) };
}

type Nested = ValidationError & { states?: Array<{ errors: ValidationError[] }> };

/**
 * A `one_of` error lists, per alternative, why it did not match (a job is a normal job or a reusable
 * workflow call). The alternative with the fewest complaints is the one that was meant: report that.
 */
function flatten(e: Nested): Array<{ where: string; message: string }> {
  if (e.states && e.states.length > 0) {
    const closest = [...e.states].sort((a, b) => count(a.errors) - count(b.errors))[0]!;
    if (closest.errors.length > 0) return closest.errors.flatMap((x) => flatten(x as Nested));
  }
  const loc = 'location' in e && e.location ? `${e.location.line}:${e.location.column}` : '';
  const where = loc || ('path' in e ? e.path : '') || '';
  return [{ where, message: e.detail ? `${e.title}: ${e.detail}` : e.title }];
}

function count(errors: ValidationError[]): number {
  return errors.reduce(
    (n, e) => n + ((e as Nested).states?.length ? Math.min(...(e as Nested).states!.map((s) => count(s.errors))) : 1),
    0,
  );
}

export function formatProblem(p: WorkflowProblem, root = process.cwd()): string {
  return `${path.relative(root, p.file)}${p.where ? ` ${p.where}` : ''}: ${p.message}`;
}
