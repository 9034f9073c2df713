/**
 * Open Full Output: what to show for a tool call whose output Zero cut. Zero's saved copy (`spill_path`,
 * checked by spillFile.ts) when it is there; else what Zero kept in its session store (exec: the model's
 * budget of it, storedOutput.ts). Over ACP Zero stores no tool results, so only the saved copy can be shown.
 * The call is looked up in the chat the host keeps (never a path from the view). esbuild.mjs bundles this into
 * dist/fullOutput.js, loaded on first use (src/host/views/fullOutputLoader.ts).
 */
import type { Chat, ToolItem } from '../../conversation/model';
import { readSpillFile, type SpillRead } from '../process/spillFile';

export { spillRoot } from '../process/spillFile';
import { readStoredOutput } from './storedOutput';

export type FullOutput =
  | {
      readonly kind: 'text';
      readonly text: string;
      /** A file name for the editor tab. */
      readonly title: string;
      /** Said beside it: what this text is, when it is not simply the whole output. */
      readonly note: string | null;
      /** The note is a warning (the saved copy was refused). */
      readonly warn: boolean;
    }
  | { readonly kind: 'none'; readonly why: string };

export interface FullOutputPlace {
  /** Zero's spill folder for this user (spillRoot()). */
  readonly spillRoot: string | null;
  /** Zero's sessions folder (sessionsRoot()). */
  readonly sessionsRoot: string;
  readonly uid?: number;
  readonly maxBytes?: number;
}

const mb = (n: number): string => `${Number((n / (1024 * 1024)).toFixed(1))} MB`;

export async function findFullOutput(
  chat: Chat | undefined,
  turnId: string,
  key: string,
  place: FullOutputPlace,
): Promise<FullOutput> {
  const turn = chat?.turns.find((t) => t.id === turnId);
  const tool = turn?.items.find((i): i is ToolItem => i.kind === 'tool' && i.key === key);
  if (!chat || !turn || !tool) return { kind: 'none', why: 'That tool call is no longer in the chat.' };
  const name = fileName(tool);
  let note: string | null = null;
  let warn = false;
  const spill = tool.cut?.spillPath ?? null;
  if (spill !== null) {
    const read: SpillRead = await readSpillFile(spill, place.spillRoot, {
      ...(place.uid !== undefined ? { uid: place.uid } : {}),
      ...(place.maxBytes !== undefined ? { maxBytes: place.maxBytes } : {}),
    });
    if (read.kind === 'ok')
      return {
        kind: 'text',
        text: read.text,
        title: `${name} (full output).txt`,
        note: read.cut
          ? `The full output is ${mb(read.size)}: this shows its first ${mb(Buffer.byteLength(read.text))}.`
          : null,
        warn: false,
      };
    if (read.kind === 'refused') {
      note = `Not opening ${spill}: ${read.why} Zero saves full output only in its own folder${place.spillRoot ? ` (${place.spillRoot})` : ''}.`;
      warn = true;
    } else {
      note = `Zero's saved copy ${spill} is gone (Zero deletes them after 7 days).`;
    }
  }
  if (turn.transport === 'acp')
    return {
      kind: 'none',
      why: `${note ? `${note} ` : ''}Zero's ACP server keeps no tool output in its session, so only what the card shows is left.`,
    };
  const sessionId = turn.run.sessionId ?? chat.sessionId ?? '';
  if (tool.id === null)
    return { kind: 'none', why: `${note ? `${note} ` : ''}Zero gave this call no id to find it by.` };
  const stored = await readStoredOutput(place.sessionsRoot, sessionId, tool.id, turn.startedAt);
  if (stored.kind === 'missing') return { kind: 'none', why: `${note ? `${note} ` : ''}${stored.why}` };
  const kept =
    tool.cut?.forModel && tool.cut.keptBytes !== null && tool.cut.rawBytes !== null
      ? `This is what Zero kept in its session: the ${tool.cut.keptBytes.toLocaleString('en-US')} of ${tool.cut.rawBytes.toLocaleString('en-US')} bytes the model got.`
      : tool.cut?.forModel
        ? 'This is what Zero kept in its session: what the model got.'
        : null;
  const words = [note, kept].filter((w): w is string => w !== null).join(' ');
  return { kind: 'text', text: stored.output, title: `${name} (as Zero kept it).txt`, note: words || null, warn };
}

/** `exec_command call_1`, in characters safe for a file name. */
function fileName(t: ToolItem): string {
  return `${t.name} ${t.id ?? t.key}`.replace(/[^\w.-]+/g, '-').slice(0, 120);
}
