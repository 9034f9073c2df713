/**
 * Zero's spec review commands (internal/cli/spec.go): `zero spec approve|reject <target> --json`,
 * where the target is the draft session id (unique) or the spec id (`<date>-<slug>`, which another
 * workspace's spec can share). And the implementation prompt `spec approve` stores in its `spec-impl`
 * session, which the chat sends as its next message (docs/zero-exec.md §25).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readSessionEvents, validSessionId } from '../sessions/checkpoints';
import { runZeroCli } from '../zeroCli';
import { outcomeFromCli, validSpecId, type SpecOutcome, type SpecReview } from '../../conversation/specReview';

type Env = Readonly<Record<string, string | undefined>>;

export type SpecDecision = 'approve' | 'reject';

export type SpecCliResult =
  { readonly ok: true; readonly outcome: SpecOutcome } | { readonly ok: false; readonly problem: string };

/** The argv for a decision, or null when the spec names no target Zero could take safely. */
export function specDecisionArgs(spec: SpecReview, decision: SpecDecision, note: string): string[] | null {
  const draft = spec.draftSessionId;
  const target = draft && validSessionId(draft) ? draft : validSpecId(spec.specId) ? spec.specId : null;
  if (!target || target === 'help') return null;
  const flag = decision === 'approve' ? '--comment' : '--reason';
  // The inline form: a note that starts with "-" is still the note.
  return ['spec', decision, target, ...(note.trim() ? [`${flag}=${note.trim()}`] : []), '--json'];
}

export async function decideSpec(
  binary: string,
  spec: SpecReview,
  decision: SpecDecision,
  note: string,
  env: Env,
  cwd: string | undefined,
  now = Date.now,
): Promise<SpecCliResult> {
  const args = specDecisionArgs(spec, decision, note);
  if (!args) return { ok: false, problem: `The spec id ${JSON.stringify(spec.specId)} is not one Zero makes.` };
  const r = await runZeroCli(binary, args, env, 30_000, cwd);
  const said = (r.stderr || r.stdout).trim().replace(/^\[zero\]\s*/, '');
  if (r.code !== 0) return { ok: false, problem: said || `zero spec ${decision} exited with ${String(r.code)}` };
  const outcome = outcomeFromCli(r.stdout, note, now());
  return outcome ? { ok: true, outcome } : { ok: false, problem: `zero spec ${decision} printed no result: ${said}` };
}

/** The first user message of Zero's `spec-impl` session: "Implement the following approved spec: …". */
export async function readImplementationPrompt(root: string, implSessionId: string): Promise<string | null> {
  if (!validSessionId(implSessionId)) return null;
  const events = await readSessionEvents(root, implSessionId);
  for (const e of events) {
    const p = e.payload as { role?: unknown; content?: unknown } | null;
    if (e.type === 'message' && p?.role === 'user' && typeof p.content === 'string') return p.content;
  }
  return null;
}

/** The spec file's real path when it is a file inside `<folder>/.zero/specs/` (symlinks resolved), else null. */
export function specFileInside(folder: string, filePath: string): string | null {
  try {
    const dir = fs.realpathSync(path.join(folder, '.zero', 'specs'));
    const real = fs.realpathSync(path.resolve(folder, filePath));
    const rel = path.relative(dir, real);
    if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return null;
    return fs.statSync(real).isFile() ? real : null;
  } catch {
    return null;
  }
}
