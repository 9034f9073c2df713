/**
 * A subagent's transcript as the Markdown of a read-only editor: what Zero's store holds of the child
 * session (subagentStore.ts), and whether it is still being followed. The text is the model's and the
 * tools': it goes into fenced blocks whose fence is longer than any run of backticks inside, so nothing
 * in it can end the block or become Markdown of its own.
 */
import type { ChildRef, ChildTranscript, TranscriptEntry } from './subagentStore';

export interface TranscriptView {
  /** From the card: who was asked, while the store has nothing yet. */
  readonly specialist: string;
  readonly description: string | null;
  readonly parentSessionId: string;
  readonly toolCallId: string;
  readonly child: ChildRef | null;
  readonly transcript: ChildTranscript | null;
  /** Why there is no transcript (yet), in words. */
  readonly problem: string | null;
  /** The view is re-read as Zero appends to the session. */
  readonly following: boolean;
}

export function transcriptMarkdown(v: TranscriptView): string {
  const name = v.transcript?.agentName || v.child?.specialist || v.specialist;
  const about = v.child?.description || v.description;
  const out: string[] = [`# Subagent ${inline(name)}${about ? `: ${inline(about)}` : ''}`, ''];
  const facts = [
    v.transcript || v.child ? `Session ${code(v.transcript?.sessionId ?? v.child?.childSessionId ?? '')}` : null,
    `child of ${code(v.parentSessionId)}`,
    `started by Task call ${code(v.toolCallId)}`,
    v.child?.background ? 'in the background' : null,
  ].filter(Boolean);
  out.push(`${facts.join(' · ')}`, '', `**Status:** ${status(v)}`, '');
  if (v.problem) out.push(`> ${inline(v.problem)}`, '');
  if (v.transcript?.cut) out.push('> Only the end of a long session is shown.', '');
  for (const e of v.transcript?.entries ?? []) out.push(...entry(e), '');
  if (v.transcript && v.transcript.entries.length === 0) out.push('_Zero has recorded nothing of it yet._', '');
  return out.join('\n');
}

function status(v: TranscriptView): string {
  const stop = v.child?.stopped;
  if (stop) return `${inline(stop.status)}${stop.exitCode !== null ? ` (exit ${stop.exitCode})` : ''}`;
  if (!v.child) return v.following ? 'waiting for Zero to start it (following its parent session)' : 'not started';
  if (v.following)
    return v.child.background
      ? 'running in the background: following its session as Zero records it (Zero records no end for a background subagent whose parent has exited)'
      : "running: following its session as Zero records it (Zero's stream shows nothing of it)";
  return 'no end recorded';
}

function entry(e: TranscriptEntry): string[] {
  switch (e.kind) {
    case 'message':
      return e.role === 'user'
        ? ['## Task given to the subagent', '', ...fenced(assignedTask(e.text), 'text')]
        : e.role === 'assistant'
          ? ['## Subagent', '', ...fenced(e.text, 'text')]
          : [`## ${inline(e.role)}`, '', ...fenced(e.text, 'text')];
    case 'tool_call':
      return [`### Tool call: ${inline(e.name)} ${code(e.id)}`, '', ...fenced(pretty(e.args), 'json')];
    case 'tool_result':
      return [
        `### Tool result: ${inline(e.name)} (${inline(e.status)})${e.truncated ? ', cut short' : ''}`,
        '',
        ...fenced(e.output, 'text'),
      ];
  }
}

/** Of Zero's specialist envelope (internal/specialist/envelope.go), the task the parent wrote; any other text whole. */
function assignedTask(text: string): string {
  if (!text.startsWith('# Specialist Invocation')) return text;
  const m = /\n## Assigned Task\n\n([\s\S]*?)\n\n## Reporting\n/.exec(text);
  return m ? m[1]! : text;
}

function pretty(args: string): string {
  try {
    return JSON.stringify(JSON.parse(args), null, 2);
  } catch {
    return args;
  }
}

/** A fence longer than the longest run of backticks in the text. */
function fenced(text: string, lang: string): string[] {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return [`${fence}${lang}`, text, fence];
}

/** An id as inline code: nothing in it can close the code span or break the line. */
function code(s: string): string {
  return `\`${s.replace(/[`\s]/g, '').slice(0, 200)}\``;
}

/** A word in a heading or a line: no line breaks, no Markdown that could open a link or an HTML tag. */
function inline(s: string): string {
  return s
    .replace(/\s+/g, ' ')
    .replace(/[\\`*[\]<>]/g, (c) => `\\${c}`)
    .trim();
}
