/**
 * A tool call's output as Zero kept it in its session store: the `tool_result` event of `events.jsonl`
 * (`{toolCallId, name, status, output, meta, truncated?}`, internal/cli/exec.go). That is what the model
 * saw (for a cut output, Zero's budget of it, e.g. 40,000 of 60,914 bytes), never more than the stream's
 * 10 KiB copy less. Read line by line, so a long session costs no more memory than its longest line; each
 * line is untrusted (parsed, skipped when unreadable), the output clamped.
 */
import { createReadStream } from 'node:fs';
import * as path from 'node:path';
import * as readline from 'node:readline';
import { validSessionId } from '../sessions/checkpoints';

export type StoredRead =
  | { readonly kind: 'ok'; readonly output: string; readonly truncated: boolean; readonly cut: boolean }
  | { readonly kind: 'missing'; readonly why: string };

/** More than any tool result Zero stores (its budgets are tens of KB). */
export const MAX_STORED_OUTPUT = 16 * 1024 * 1024;

/**
 * The output of the first result for `toolCallId` recorded at or after `since` (ms; Zero stores seconds, and
 * call ids can repeat across turns), in session `sessionId` under `root` (sessionsRoot()).
 */
export async function readStoredOutput(
  root: string,
  sessionId: string,
  toolCallId: string,
  since: number,
  maxChars = MAX_STORED_OUTPUT,
): Promise<StoredRead> {
  if (!validSessionId(sessionId)) return { kind: 'missing', why: 'The chat has no Zero session to read it from.' };
  const file = path.join(root, sessionId, 'events.jsonl');
  const from = Math.floor(since / 1000) * 1000;
  const needle = JSON.stringify(toolCallId);
  const stream = createReadStream(file, { encoding: 'utf8' });
  const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      // Cheap first: only lines naming the id are parsed.
      if (!line.includes(needle) || !line.includes('"tool_result"')) continue;
      const found = resultOf(line, toolCallId, from);
      if (!found) continue;
      const output = found.output.slice(0, maxChars);
      return { kind: 'ok', output, truncated: found.truncated, cut: output.length < found.output.length };
    }
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
    return {
      kind: 'missing',
      why: missing
        ? "Zero's session record was not found."
        : `Zero's session record could not be read (${String((err as Error).message).slice(0, 200)}).`,
    };
  } finally {
    lines.close();
    stream.destroy();
  }
  return { kind: 'missing', why: "Zero's session record holds no result for this call." };
}

function resultOf(line: string, id: string, from: number): { output: string; truncated: boolean } | null {
  let e: unknown;
  try {
    e = JSON.parse(line);
  } catch {
    return null;
  }
  if (!isObject(e) || e.type !== 'tool_result' || !isObject(e.payload)) return null;
  const p = e.payload;
  if (p.toolCallId !== id) return null;
  const at = typeof e.createdAt === 'string' ? Date.parse(e.createdAt) : NaN;
  if (at < from) return null;
  return { output: typeof p.output === 'string' ? p.output : '', truncated: p.truncated === true };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
