/** The composer's slash commands. An unknown `/word` is not a command: it is sent as text. */

export type SlashName = 'new' | 'plan' | 'ask' | 'auto' | 'model' | 'undo' | 'export' | 'history' | 'clear' | 'help';

export const SLASH_COMMANDS: ReadonlyArray<{ readonly name: SlashName; readonly detail: string }> = [
  { name: 'new', detail: 'Start a new chat' },
  { name: 'plan', detail: 'Plan mode (read-only); with text: send it in plan mode' },
  { name: 'ask', detail: 'Ask mode; with text: send it in ask mode' },
  { name: 'auto', detail: 'Auto mode; with text: send it in auto mode' },
  { name: 'model', detail: 'Choose the model' },
  { name: 'undo', detail: "Undo the last turn's file changes" },
  { name: 'export', detail: 'Export this chat as Markdown' },
  { name: 'history', detail: 'Open a saved chat' },
  { name: 'clear', detail: 'Clear the message box, chips and images' },
  { name: 'help', detail: 'What the composer can do' },
];

/** `/plan fix it` → { name: 'plan', rest: 'fix it' }; null when the text is not a known command. */
export function parseSlash(text: string): { name: SlashName; rest: string } | null {
  const m = /^\/([a-z]+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!m) return null;
  const cmd = SLASH_COMMANDS.find((c) => c.name === m[1]);
  return cmd ? { name: cmd.name, rest: (m[2] ?? '').trim() } : null;
}

export function helpText(transport: 'exec' | 'acp'): string {
  return [
    'Type @ to mention a file or folder (add #L12-40 for lines), @problems for the current diagnostics, @selection for the editor selection.',
    'Paste, drop or attach PNG, JPEG, GIF or WebP images (10 MiB each).',
    transport === 'acp'
      ? "This chat runs on ACP: mode and model belong to Zero's session and are set in the header; /plan, /ask and /auto switch it."
      : 'Mode and model apply to each message you send. Unsafe asks every time.',
    `Commands: ${SLASH_COMMANDS.map((c) => `/${c.name}`).join(' ')}.`,
  ].join('\n');
}
