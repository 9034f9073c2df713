/**
 * Zero's own slash commands: user commands (`.zero/commands/<name>.md` in the project,
 * `<config>/zero/commands/<name>.md` for the user) and installed skills, expanded into the prompt
 * exactly as Zero's TUI does (internal/usercommands Expand, internal/tui skillInvocationPrompt).
 * Pure, so the webview and the tests use the same expansion.
 */

export interface ZeroCommand {
  /** The `/name`, lowercased. */
  readonly name: string;
  readonly description: string;
  readonly kind: 'command' | 'skill';
  /** A command's template, or a skill's body (SKILL.md without frontmatter, trimmed). */
  readonly template: string;
  /** From the repository's `.zero/commands` (untrusted text). */
  readonly project?: boolean;
}

/**
 * Names Zero's TUI resolves as its own commands before any user command or skill
 * (internal/tui/commands.go commandDefinitions, with aliases): a file of that name never runs there.
 */
export const ZERO_BUILTIN_NAMES: ReadonlySet<string> = new Set(
  (
    'provider model stt-model voice plan permissions ps stop sandbox-setup tools skills context image add-dir ' +
    'clear new btw search find mcp mcp-status resume sessions rename spec init compact transcript rewind undo ' +
    'effort fast style selfcorrect sc turns profile retry edit copy export loop goal help pets pet doctor health ' +
    'config debug debug-mode theme exit quit'
  ).split(' '),
);

/** Zero's validCommandName: lowercase letters, digits and hyphens. */
export function validCommandName(name: string): boolean {
  return /^[a-z0-9-]+$/.test(name);
}

/** Zero's skillSlashName: lowercased; '' when the name cannot be typed as `/name`. */
export function skillSlashName(name: string): string {
  const n = name.trim().toLowerCase();
  return /^[a-z0-9._-]+$/.test(n) ? n : '';
}

/** A command file's text → its command (Zero's parseCommand): optional `---` frontmatter, then the template. */
export function parseCommandFile(name: string, raw: string, project: boolean): ZeroCommand {
  let body = raw.replaceAll('\r\n', '\n');
  let description = '';
  const fm = splitFrontmatter(body);
  if (fm) {
    body = fm.body;
    description = frontmatterValue(fm.front, 'description');
  }
  return {
    name,
    description: menuDescription(description) || `User command: /${name}`,
    kind: 'command',
    template: body.trim(),
    project,
  };
}

/** Longest description the menu shows (a repository writes it): one line, cut with an ellipsis. */
export const MAX_DESCRIPTION = 200;

/** A description as the menu shows it, as text: whitespace runs and control characters become one space. */
export function menuDescription(text: string): string {
  const line = text.replace(/[\s\p{Cc}]+/gu, ' ').trim();
  return line.length > MAX_DESCRIPTION ? `${line.slice(0, MAX_DESCRIPTION - 1)}…` : line;
}

function splitFrontmatter(text: string): { front: string; body: string } | null {
  if (!text.startsWith('---\n')) return null;
  const lines = text.split('\n');
  for (let i = 1; i < lines.length; i++) {
    if (lines[i]!.trim() === '---') return { front: lines.slice(1, i).join('\n'), body: lines.slice(i + 1).join('\n') };
  }
  return null;
}

function frontmatterValue(front: string, key: string): string {
  const prefix = `${key.toLowerCase()}:`;
  for (const line of front.split('\n')) {
    const t = line.trim();
    if (t.toLowerCase().startsWith(prefix)) return trimQuotes(t.slice(prefix.length).trim());
  }
  return '';
}

function trimQuotes(s: string): string {
  return s.replace(/^["']+/, '').replace(/["']+$/, '');
}

/**
 * A SKILL.md's body as Zero's skills.parseSkill reads it: after a closed `---` frontmatter, else the
 * whole file; trimmed. `name:` in the frontmatter names the skill (Zero lists it; the body is ours to read).
 */
export function skillBody(raw: string): string {
  const fm = splitFrontmatter(raw.replaceAll('\r\n', '\n'));
  return (fm ? fm.body : raw).trim();
}

/** Zero's usercommands.Expand: `$ARGUMENTS`, `$1`..`$9`, `$$`; no `$` at all appends the args. */
export function expandTemplate(template: string, rawArgs: string): string {
  const args = rawArgs.trim();
  const positional = args === '' ? [] : args.split(/\s+/);
  if (!template.includes('$')) return args === '' ? template : `${template}\n\n${args}`;
  const chars = [...template];
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c !== '$' || i === chars.length - 1) {
      out += c;
      continue;
    }
    const next = chars[i + 1]!;
    if (next === '$') {
      out += '$';
      i++;
    } else if (next >= '1' && next <= '9') {
      out += positional[next.charCodeAt(0) - 49] ?? '';
      i++;
    } else if (chars.slice(i + 1, i + 10).join('') === 'ARGUMENTS') {
      out += args;
      i += 9;
    } else out += '$';
  }
  return out;
}

/** Zero's bareSkillInvocationNote (internal/tui/skill_commands.go), appended to a skill invoked without text. */
export const BARE_SKILL_NOTE =
  'The user invoked this skill directly without providing a request. ' +
  'If these instructions need a target or details that are not already clear from the conversation ' +
  '(which pull request, file, branch, topic, …), ask for them first — do not guess or pick one yourself. ' +
  'If the instructions are self-contained, proceed.';

/** What the model receives for `/name args`: the expanded template, or the skill body then the request. */
export function expandZeroCommand(cmd: ZeroCommand, rawArgs: string): string {
  if (cmd.kind === 'command') return expandTemplate(cmd.template, rawArgs);
  const args = rawArgs.trim();
  return `${cmd.template.trim()}\n\n${args || BARE_SKILL_NOTE}`;
}
