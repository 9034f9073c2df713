/**
 * A turn that failed because the conversation no longer fits the model's window, in Zero's words
 * (internal/errhint ContextOverflow needles) or the provider's. Over ACP this is where a long chat
 * ends: zero acp replays the whole history every turn and never compacts (agent.go leaves the
 * context window unset), while exec compacts the same session.
 */
const NEEDLES = ['context length', 'context window', 'maximum context', 'context_length_exceeded', 'too many tokens', 'prompt is too long', 'reduce the length'];

export function isContextLimit(text: string | null | undefined): boolean {
  const t = (text ?? '').toLowerCase();
  return NEEDLES.some((n) => t.includes(n));
}

/** What the chat says under such an ACP turn. */
export function contextLimitNotice(): string {
  return (
    'This ACP chat has outgrown the model\'s context window: zero acp sends the whole conversation every turn and never compacts it. ' +
    'To go on, start a new chat on the exec transport (Zero compacts long exec sessions), or continue this same Zero session with Continue in Terminal.'
  );
}
