/**
 * Build the argv for one `zero exec` run from plain settings (docs/zero-exec.md §1, §9.1, §10, §14).
 *
 * The prompt never goes in argv: it goes on stdin as stream-json input. That keeps user text away
 * from flag parsing (`help`, `--resume <word>`) and away from any shell.
 */
import * as os from 'node:os';
import * as path from 'node:path';
import { expandHome } from '../binary/findZero';
import { sessionTitleArg } from '../sessions/sessionTitle';

export interface ExecArgsOptions {
  /** Workspace folder; becomes `--cwd`. Must be absolute. */
  readonly cwd: string;
  /** Continue this session (`--resume=<id>`). Unset = new session. */
  readonly resumeSessionId?: string;
  /** `--model`. Empty = Zero's default. */
  readonly model?: string;
  /** `--reasoning-effort=<effort>` (low, medium, high, xhigh…: what the model lists). Empty = the model's default. */
  readonly reasoningEffort?: string;
  /** Names the session this run creates (`--session-title=`); ignored when resuming, as Zero ignores it then. */
  readonly sessionTitle?: string;
  /** `--permission-mode`: plan, auto, ask, unsafe, spec-draft, member (and Zero's aliases). Empty = unset. */
  readonly permissionMode?: string;
  /** `--auto`: low | medium | high. Empty = unset. Passed beside a mode too: medium and high give Zero's subagents. */
  readonly autonomy?: string;
  /** `--plan`. */
  readonly plan?: boolean;
  /** `--use-spec`: Zero drafts a spec and stops for review (a new session; no --no-completion-gate, which Zero refuses with it). */
  readonly useSpec?: boolean;
  /** Each becomes `--add-dir <dir>`. Must be absolute; a leading `~` is expanded. */
  readonly addDirs?: readonly string[];
  /** `--skip-permissions-unsafe`, only when exactly `true`. */
  readonly skipPermissionsUnsafe?: boolean;
  /** An isolated chat's worktree: `--worktree=<name> --worktree-dir=<dir>` (docs/zero-exec.md §21). Not with plan. */
  readonly worktree?: { readonly name: string; readonly dir: string };
  /** `--max-turns=<n>` (the TUI's `/turns`): 1 to MAX_TURNS. Unset = Zero's config. */
  readonly maxTurns?: number;
  /** `--self-correct` (the TUI's `/selfcorrect on`). Zero refuses it beside `--use-spec`. */
  readonly selfCorrect?: boolean;
  /** `--exec-profile=<name>` (the TUI's `/profile`): balanced, fast or thorough. */
  readonly execProfile?: string;
  /** Appended last, after validation. */
  readonly extraArgs?: readonly string[];
  /** For tests: which path rules apply. Defaults to the current platform. */
  readonly platform?: NodeJS.Platform;
  /** For tests: what `~` expands to. Defaults to the user's home. */
  readonly homedir?: string;
}

export interface ExecArgs {
  readonly args: string[];
  /** Allowed but worth telling the user about (unsafe modes, ignored values). */
  readonly warnings: string[];
}

/** Settings that would break the run or the protocol. `problems` lists each one in words. */
export class SettingsError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid Zero settings:\n- ${problems.join('\n- ')}`);
    this.name = 'SettingsError';
  }
}

/** Zero's own accepted values (`exec_tools.go:75-116`). */
const PERMISSION_MODES = new Set([
  'plan',
  'spec-draft',
  'spec_draft',
  'auto',
  'member',
  'member-auto',
  'member_auto',
  'ask',
  'unsafe',
  'high',
]);
const AUTONOMY_LEVELS = new Set(['low', 'medium', 'high']);
/** internal/config/resolver.go MaxTurnsCeiling (Zero's `/turns` bound; exec itself takes any positive number). */
export const MAX_TURNS = 500;
/** internal/execprofile Names(). */
const EXEC_PROFILES = new Set(['balanced', 'fast', 'thorough']);
/** Zero's efforts are lower-case words (modelregistry/models.go: none, minimal, low … xhigh, max, ultra). */
const EFFORT = /^[a-z][a-z0-9_-]{0,31}$/;
/** `internal/worktrees/worktrees.go` worktreeNamePattern. */
export const WORKTREE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,80}$/;
/** `sessions/store.go:238`. */
const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/**
 * Flags in extraArgs that would break the protocol: output/input format, where the prompt comes
 * from, which session and folder the run uses, or that print help instead of running. Matched by
 * name whatever the spelling: one or two dashes, `=value`, or (for the short ones) a value glued on
 * (`-otext`, `-C/dir`, `-ijson`, `-p…`). Zero 0.8 rejects the glued form as an unknown flag and Go's
 * `flag` package would read `--o`/`-o=` as `-o` (docs/zero-exec.md §1); either way the chat would break,
 * so they are refused here with a reason instead.
 */
const FORBIDDEN_EXTRA: ReadonlyArray<[ReadonlySet<string>, string]> = [
  [new Set(['o', 'output-format']), 'the output format is fixed to stream-json'],
  [new Set(['i', 'input-format']), 'the input format is fixed to stream-json'],
  [new Set(['p', 'prompt']), 'the prompt is sent on stdin'],
  [new Set(['f', 'file']), 'the prompt is sent on stdin; --file would replace it'],
  [new Set(['resume']), 'the session is chosen by the chat'],
  [new Set(['C', 'cwd']), 'the folder is chosen by the extension'],
  [new Set(['h', 'help']), 'it makes Zero print help instead of running'],
  [new Set(['list-tools']), 'it lists tools instead of running the prompt'],
];
/** Short flags whose value can be glued on: `-otext`. */
const GLUED_SHORT = /^-([oipfCh])(?!-)./;

/** Why an extra argument is refused, or null. */
export function forbiddenExtraArg(arg: string): string | null {
  if (arg === '--') return 'it would turn the rest of the arguments into prompt text';
  if (arg === 'help') return 'it makes Zero print help instead of running';
  const m = /^--?([^=-][^=]*)(?:=.*)?$/s.exec(arg);
  const glued = GLUED_SHORT.exec(arg);
  for (const [names, why] of FORBIDDEN_EXTRA) {
    if (m && names.has(m[1]!)) return why;
    if (glued && names.has(glued[1]!)) return why;
  }
  return null;
}

export function buildExecArgs(opts: ExecArgsOptions): ExecArgs {
  const win = (opts.platform ?? process.platform) === 'win32';
  const isAbsolute = win ? path.win32.isAbsolute : path.posix.isAbsolute;
  const problems: string[] = [];
  const warnings: string[] = [];

  if (typeof opts.cwd !== 'string' || opts.cwd.trim() === '') problems.push('No workspace folder to run Zero in.');
  else if (!isAbsolute(opts.cwd)) problems.push(`The workspace folder must be an absolute path; got "${opts.cwd}".`);
  const args = [
    'exec',
    '-o',
    'stream-json',
    '-i',
    'stream-json',
    '--no-notify',
    opts.useSpec === true ? '--use-spec' : '--no-completion-gate',
    '--cwd',
    opts.cwd,
  ];

  const resuming = opts.resumeSessionId !== undefined;
  if (resuming) {
    const id = opts.resumeSessionId ?? '';
    // A bare `--resume=` would pick the latest session of ANY workspace (§10): never send it.
    if (!SESSION_ID.test(id)) problems.push(`Session id "${id}" is not a valid Zero session id.`);
    args.push(`--resume=${id}`);
  } else if (opts.sessionTitle !== undefined) {
    const title = sessionTitleArg(opts.sessionTitle);
    if (title) args.push(title);
  }

  const model = str(opts.model, 'zero.model', problems);
  if (model) {
    if (model.startsWith('-')) problems.push(`Model "${model}" looks like a flag; a model name cannot start with "-".`);
    else if (/[\s\p{Cc}]/u.test(model)) problems.push(`Model "${model}" contains spaces or control characters.`);
    args.push('--model', model);
  }

  // The `=` form: Zero checks a separate value against low, medium and high only (exec_parse.go
  // nextFlagValue), while a model can list xhigh or minimal; the inline value is taken as it is.
  const effort = str(opts.reasoningEffort, 'reasoning effort', problems)?.toLowerCase();
  if (effort) {
    if (!EFFORT.test(effort)) problems.push(`Reasoning effort "${effort}" is not a word Zero knows.`);
    args.push(`--reasoning-effort=${effort}`);
  }

  // Zero lower-cases both values before checking them.
  const mode = str(opts.permissionMode, 'zero.permissionMode', problems)?.toLowerCase();
  if (mode) {
    if (!PERMISSION_MODES.has(mode)) {
      problems.push(`Invalid permission mode "${mode}". Expected plan, auto, ask, unsafe, spec-draft or member.`);
    } else if (mode === 'unsafe' || mode === 'high') {
      warnings.push('Permission mode "unsafe": Zero may run destructive commands without asking.');
    } else if (mode.startsWith('member')) {
      warnings.push('Permission mode "member" is meant for Zero\'s own swarm members.');
    }
    args.push('--permission-mode', mode);
  }

  const autonomy = str(opts.autonomy, 'zero.autonomy', problems)?.toLowerCase();
  if (autonomy) {
    if (!AUTONOMY_LEVELS.has(autonomy))
      problems.push(`Invalid autonomy level "${autonomy}". Expected low, medium, or high.`);
    // Beside a mode, --auto decides no permission (the mode does) but still which subagent tools Zero
    // registers and which MCP grants match (docs/zero-exec.md §9.1): nothing to warn about.
    else if (!mode && autonomy === 'high')
      warnings.push('Autonomy "high" runs Zero in unsafe mode: it may run destructive commands without asking.');
    args.push('--auto', autonomy);
  }

  // Zero rejects these combinations itself (exec_parse.go:455-475); say so before spawning.
  const planMode = opts.plan === true || mode === 'plan';
  if (opts.plan === true) {
    if (mode && mode !== 'plan') problems.push(`Plan mode cannot be combined with permission mode "${mode}".`);
    args.push('--plan');
  }
  if (planMode && opts.skipPermissionsUnsafe === true)
    problems.push('Plan mode cannot be combined with skipping permissions.');
  // Zero refuses these beside --use-spec (exec_parse.go:432-462).
  if (opts.useSpec === true) {
    if (resuming) problems.push('Spec mode starts a new Zero session: it cannot continue one.');
    if (planMode) problems.push('Spec mode cannot be combined with plan mode.');
    for (const arg of opts.extraArgs ?? [])
      if (/^--(self-correct|no-completion-gate|fork)(=.*)?$/.test(String(arg)))
        problems.push(`Extra argument "${String(arg)}" cannot be combined with spec mode.`);
  }

  // The Run options menu's flags, in the inline form Zero's parser takes (exec_parse.go).
  if (opts.maxTurns !== undefined) {
    if (!Number.isInteger(opts.maxTurns) || opts.maxTurns < 1 || opts.maxTurns > MAX_TURNS)
      problems.push(`Max turns must be a whole number from 1 to ${MAX_TURNS}; got ${String(opts.maxTurns)}.`);
    else args.push(`--max-turns=${opts.maxTurns}`);
  }
  if (opts.selfCorrect === true) {
    if (opts.useSpec === true) problems.push('Self-correct cannot be combined with spec mode.');
    args.push('--self-correct');
  }
  if (opts.execProfile !== undefined) {
    if (!EXEC_PROFILES.has(opts.execProfile)) problems.push(`Unknown execution profile "${opts.execProfile}".`);
    else args.push(`--exec-profile=${opts.execProfile}`);
  }

  const wt = opts.worktree;
  if (wt) {
    if (!WORKTREE_NAME.test(wt.name)) problems.push(`Worktree name "${wt.name}" is not a name Zero takes.`);
    if (!isAbsolute(wt.dir)) problems.push(`The worktree folder must be an absolute path; got "${wt.dir}".`);
    // Zero makes (or reuses) the worktree before the mode applies, so it refuses the pair (exec_parse.go).
    if (planMode) problems.push('Plan mode cannot run in a worktree made by Zero: run it in the worktree folder.');
    // The inline forms: a separate name that starts with "-" would be read as no name (§21).
    args.push(`--worktree=${wt.name}`, `--worktree-dir=${wt.dir}`);
  }

  const seen = new Set<string>();
  for (const raw of opts.addDirs ?? []) {
    if (typeof raw !== 'string' || raw.trim() === '') {
      problems.push('An additional folder (--add-dir) is empty.');
      continue;
    }
    const dir = expandHome(raw.trim(), opts.homedir ?? os.homedir(), win);
    // Zero would resolve a relative folder against its own cwd, which is rarely what was meant.
    if (!isAbsolute(dir)) {
      problems.push(`Additional folder "${raw}" must be an absolute path.`);
      continue;
    }
    if (seen.has(dir)) continue;
    seen.add(dir);
    args.push('--add-dir', dir);
  }

  if (opts.skipPermissionsUnsafe === true) {
    if (mode && mode !== 'unsafe' && mode !== 'high') {
      warnings.push(`Skipping permissions has no effect: the permission mode "${mode}" wins.`);
    } else {
      warnings.push('Permissions are skipped (unsafe): Zero may run any command without asking.');
    }
    args.push('--skip-permissions-unsafe');
  }

  const extra = opts.extraArgs ?? [];
  extra.forEach((arg, i) => {
    if (typeof arg !== 'string') {
      problems.push(`Extra argument #${i + 1} is not a string.`);
      return;
    }
    const why = forbiddenExtraArg(arg);
    if (why) problems.push(`Extra argument "${arg}" is not allowed: ${why}.`);
    if (/^--(fork|init-session-id)(=.*)?$/.test(arg) && resuming) {
      problems.push(`Extra argument "${arg}" cannot be used when continuing a session.`);
    }
    if (/^(-w|--worktree)(=.*)?$/.test(arg) && planMode)
      problems.push(`Extra argument "${arg}" cannot be combined with plan mode.`);
    if (/^(-w|--worktree|--worktree-dir|--fork)(=.*)?$/.test(arg) && wt)
      problems.push(`Extra argument "${arg}" cannot be used in an isolated chat: the chat chose its worktree.`);
    if (arg === '--skip-permissions-unsafe' && opts.skipPermissionsUnsafe !== true) {
      warnings.push('Extra arguments skip permissions (unsafe): Zero may run any command without asking.');
    }
  });
  args.push(...extra.filter((a): a is string => typeof a === 'string'));

  if (problems.length > 0) throw new SettingsError(problems);
  return { args, warnings };
}

/** Trimmed string setting, or undefined when unset/empty; a non-string is a problem. */
function str(value: unknown, name: string, problems: string[]): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    problems.push(`"${name}" must be a string.`);
    return undefined;
  }
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}
