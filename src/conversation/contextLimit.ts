/**
 * A turn that failed because the conversation no longer fits the model's window, in Zero's words
 * (internal/errhint ContextOverflow needles) or the provider's. Over ACP this is where a long chat
 * ends: zero acp replays the whole history every turn and never compacts (agent.go leaves the
 * context window unset), while exec compacts the same session.
 */
const NEEDLES = [
  'context length',
  'context window',
  'maximum context',
  'context_length_exceeded',
  'too many tokens',
  'prompt is too long',
  'reduce the length',
];

export function isContextLimit(text: string | null | undefined): boolean {
  const t = (text ?? '').toLowerCase();
  return NEEDLES.some((n) => t.includes(n));
}

/** What the chat says under such an ACP turn (its card offers Continue on exec, webview/transcript/notice.ts). */
export function contextLimitNotice(): string {
  return (
    "This ACP chat has outgrown the model's context window: zero acp sends the whole conversation every turn and never compacts it. " +
    'Continue on exec goes on with this same Zero session over zero exec, which gives the model the conversation so far in short; Continue in Terminal does the same in a terminal.'
  );
}

/** The notice code of that card, and of the line that says the chat went on over exec. */
export const CONTEXT_LIMIT_CODE = 'acp-context-limit';
export const CONTINUED_ON_EXEC_CODE = 'continued-on-exec';

/**
 * What the chat says once it went on over exec. `zero exec --resume` folds the session into the prompt
 * as its latest 80 messages, each cut to 500 characters (docs/zero-acp.md §10); a refused ACP prompt
 * was never stored (agent.go persists a turn only when it ran).
 */
export function continuedOnExecNotice(sessionId: string): string {
  return (
    `This chat now runs on exec: your next message continues Zero session ${sessionId} with zero exec --resume, which gives the model the conversation so far in short. ` +
    'Zero did not keep the message that did not fit: send it again. Mode and model are picked under the message box from now on.'
  );
}
