/**
 * The composer's slash commands: one table for the menu, `/help` and what sending one does. An
 * unknown `/word` is not a command: it is sent as text.
 */
import type { Chat, TransportKind } from '../../conversation/model';
import type { WebviewToHost } from '../../messages/protocol';
import { expandZeroCommand, type ZeroCommand } from '../../conversation/prompts/zeroCommands';
import { SPEC_MODE } from '../../conversation/specReview';

/** Zero's ACP server has no spec mode: it offers auto, ask and plan only, and set_mode refuses any other (internal/acp/agent.go:368-380, :468-472). */
export const SPEC_NEEDS_EXEC =
  "Spec mode needs an exec chat: Zero's ACP server (zero acp) has no spec mode. Start a new chat on exec and use /spec there.";

/** Zero's own words after its TUI's /clear (internal/tui/model.go), naming Zero where it says "the agent". */
export const CLEARED_WORDS =
  'Transcript cleared. Zero still has the full session context — use /new to start a fresh session.';

/** The composer's event for the app (app.ts) to clear the transcript from view: `/clear`. */
export const CLEAR_TRANSCRIPT = 'zero-clear-transcript';

/** What a command may do in the composer (the message box has been emptied, unless text came with it). */
export interface SlashTarget {
  readonly transport: TransportKind;
  readonly chat: Chat | null;
  /** The exec picker's mode ('' on ACP): what a plain message would be sent with. */
  readonly mode: string;
  /** To the host. */
  post(msg: WebviewToHost): void;
  /** Sends `text` in `mode`, as Send would; nothing while Zero cannot run (the text stays). */
  send(text: string, mode: string): void;
  /** The exec picker's mode, for the next messages. */
  pickMode(mode: string): void;
  /** The model picker: the composer's on exec, the header's (the session's) on ACP. */
  focusModel(): void;
  /** Empties chips, images, the error and the help too. */
  reset(): void;
  /** Zero's /clear: the turns so far leave the view; Zero's session keeps them. */
  clearTranscript(): void;
  showError(text: string): void;
  showHelp(text: string): void;
}

export interface SlashCommand {
  readonly name: string;
  readonly detail: string;
  /** Takes text (`/plan fix it`); text after any other command makes the whole a message. */
  readonly takesText?: boolean;
  run(target: SlashTarget, rest: string): void;
}

/** `/plan`, `/ask`, `/auto`: on ACP the mode is the session's, so a message switches the chat to it (the header shows it). */
function modeCommand(name: string, detail: string): SlashCommand {
  return {
    name,
    detail,
    takesText: true,
    run: (t, rest) => {
      if (rest) t.send(rest, name);
      else if (t.transport === 'acp') t.post({ type: 'setAcpMode', mode: name });
      else t.pickMode(name);
    },
  };
}

export const SLASH_COMMANDS: readonly SlashCommand[] = [
  { name: 'new', detail: 'Start a new chat', run: (t) => t.post({ type: 'newChat' }) },
  modeCommand('plan', 'Plan mode (read-only); with text: send it in plan mode'),
  modeCommand('ask', 'Ask mode; with text: send it in ask mode'),
  modeCommand('auto', 'Auto mode; with text: send it in auto mode'),
  {
    name: 'spec',
    detail: 'Spec mode: Zero drafts a spec of the task for you to approve, then implements it',
    takesText: true,
    run: (t, rest) => {
      if (t.transport === 'acp') t.showError(SPEC_NEEDS_EXEC);
      else if (!rest) t.showError('Type the task after /spec, e.g. /spec add a settings page.');
      else t.send(rest, SPEC_MODE);
    },
  },
  { name: 'model', detail: 'Choose the model', run: (t) => t.focusModel() },
  {
    name: 'undo',
    detail: "Undo the last turn's file changes",
    run: (t) => {
      const turn = t.chat?.turns.findLast(
        (u) => u.items.some((i) => i.kind === 'tool' && i.changedFiles.length > 0) && !u.undone,
      );
      if (turn) t.post({ type: 'undoTurn', turnId: turn.id });
      else t.showError('Nothing to undo: no turn in this chat changed files.');
    },
  },
  { name: 'export', detail: 'Export this chat as Markdown', run: (t) => t.post({ type: 'exportChat' }) },
  { name: 'history', detail: 'Open a saved chat', run: (t) => t.post({ type: 'showHistory' }) },
  {
    name: 'clear',
    detail: 'Clear the transcript from view, as Zero does: Zero keeps the whole session (/new starts afresh)',
    run: (t) => {
      t.reset();
      t.clearTranscript();
    },
  },
  { name: 'help', detail: 'What the composer can do', run: (t) => t.showHelp(helpText(t.transport)) },
  {
    name: 'skills',
    detail: "List Zero's skills; run one with /<skill-name> [request]",
    run: (t) => t.showHelp(skillsText()),
  },
  {
    name: 'init',
    detail: 'Investigate the repository and write AGENTS.md (in Zero’s terminal UI)',
    run: (t) => t.post({ type: 'zeroInTerminal', command: '/init' }),
  },
  {
    name: 'compact',
    detail: 'Compact the session: Zero 0.8 does it in its terminal UI only',
    run: (t) => t.post({ type: 'zeroInTerminal', command: '/compact' }),
  },
];

let skills: readonly ZeroCommand[] = [];

function skillsText(): string {
  if (skills.length === 0)
    return 'No skills installed. Add one with `zero skills add <source>` in a terminal; Zero lists them with `zero skills list`.';
  return ['Skills (run one with /<skill-name> [request]):', ...skills.map((s) => `/${s.name} — ${s.description}`)].join(
    '\n',
  );
}

let zeroCommands: readonly SlashCommand[] = [];

/** Zero's user commands and skills (from the host): sent expanded, as Zero's TUI would send them. */
export function setZeroCommands(list: readonly ZeroCommand[]): void {
  const taken = new Set(SLASH_COMMANDS.map((c) => c.name));
  skills = list.filter((c) => c.kind === 'skill' && !taken.has(c.name));
  zeroCommands = list
    .filter((c) => !taken.has(c.name))
    .map((c) => ({
      name: c.name,
      detail: `${c.kind === 'skill' ? 'Skill' : c.project ? 'Project command' : 'Command'}: ${c.description}`,
      takesText: true,
      run: (t: SlashTarget, rest: string) => t.send(expandZeroCommand(c, rest), t.mode),
    }));
}

/** The extension's commands, then Zero's. */
export function allSlashCommands(): readonly SlashCommand[] {
  return [...SLASH_COMMANDS, ...zeroCommands];
}

/** `/plan fix it` → the plan command and 'fix it'; null when the text is not a command to run. */
export function parseSlash(text: string): { command: SlashCommand; rest: string } | null {
  const m = /^\/([a-z0-9._-]+)(?:\s+([\s\S]*))?$/i.exec(text.trim());
  const name = m?.[1]?.toLowerCase();
  const command = name ? allSlashCommands().find((c) => c.name === name) : undefined;
  const rest = (m?.[2] ?? '').trim();
  return command && (!rest || command.takesText) ? { command, rest } : null;
}

function helpText(transport: TransportKind): string {
  return [
    'Type @ to mention a file or folder (add #L12-40 for lines), @problems for the current diagnostics, @selection for the editor selection.',
    'Paste, drop or attach PNG, JPEG, GIF or WebP images (10 MiB each).',
    transport === 'acp'
      ? "This chat runs on ACP: mode and model belong to Zero's session and are set in the header; /plan, /ask and /auto switch it."
      : 'Mode and model apply to each message you send. Unsafe asks every time.',
    `Commands: ${allSlashCommands()
      .map((c) => `/${c.name}`)
      .join(' ')}.`,
  ].join('\n');
}
