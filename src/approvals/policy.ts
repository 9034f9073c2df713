/**
 * Which permission requests can be approved from the editor, and how an approval is made to take
 * effect (docs/zero-exec.md §9.3, §15). Pure: the dialog and the processes live elsewhere.
 *
 * Headless `zero exec` has already refused the call when `permission_request` arrives, so an
 * approval only works through a follow-up run on the same session with the narrowest elevation
 * Zero offers for that kind of request.
 */
import type { PermissionItem } from '../conversation/model';
import { checkGrantFolder, coversFile, folderChoices, type FolderRules } from './grantFolder';
import { oneLine } from './visibleText';

export type RequestClass =
  /** A prompt-gated tool (web_fetch, MCP, shell without a native sandbox…): a grant lets it run. */
  | 'tool-prompt'
  /** A file write outside the workspace: only `--add-dir` widens the file tools' scope. */
  | 'outside-workspace'
  /** Shell that needs the network: no per-call approval exists in exec. */
  | 'shell-network'
  /** Destructive or escalated shell: only one unsafe turn can allow it. */
  | 'dangerous-shell'
  /** A hard deny by the sandbox (a decision, not a question). */
  | 'hard-deny'
  /** A persistent deny grant matched: revoking the grant is the only way. */
  | 'persistent-deny'
  /** Allowed or pre-granted: an audit row. */
  | 'info';

export type Choice = 'allow-once' | 'always-allow' | 'deny';

export interface Classified {
  readonly cls: RequestClass;
  /** The buttons that can work for this request, in dialog order. */
  readonly choices: readonly Choice[];
  /** Said in the dialog when something cannot be approved here, or needs care. */
  readonly note: string | null;
}

const NETWORK_REASON = 'network access requires approval';
const SHELL_TOOLS = new Set(['bash', 'exec_command', 'shell', 'write_stdin']);

/** `rules` decide which folders an outside-workspace write may open up (grantFolder.ts). */
export function classify(p: PermissionItem, rules: FolderRules): Classified {
  const blockCode = p.block?.code ?? null;
  if (p.event !== 'permission_request') {
    if (p.action === 'deny') {
      return blockCode === 'persistent_deny'
        ? {
            cls: 'persistent-deny',
            choices: [],
            note: `A persistent deny grant for ${p.name} matched. Revoke it with "Zero: Manage Approvals" if you want Zero to use ${p.name} again.`,
          }
        : { cls: 'hard-deny', choices: [], note: 'The sandbox blocks this outright; it cannot be approved.' };
    }
    return { cls: 'info', choices: [], note: null };
  }
  if (blockCode === 'outside_workspace' && p.block?.path) {
    const folders = folderChoices(p.block.path, rules);
    if (!folders.ok) {
      return {
        cls: 'outside-workspace',
        choices: ['deny'],
        note: `${folders.reason} VS Code does not grant that. Move the file into the workspace, or add a narrower folder to "zero.addDirs" in your user settings.`,
      };
    }
    const [deepest] = folders.choices;
    return {
      cls: 'outside-workspace',
      choices: ['allow-once', 'always-allow', 'deny'],
      note: `Allow once: Zero may read and write in ${deepest} for one follow-up run. Always allow: you choose ${deepest} or one of its parent folders next, and it is saved in "zero.addDirs" in your user settings (revoke it in "Zero: Manage Approvals").`,
    };
  }
  const shell = p.sideEffect === 'shell' || SHELL_TOOLS.has(p.name);
  const network = p.reason === NETWORK_REASON || (shell && (p.risk?.categories ?? []).includes('network'));
  if (shell && network) {
    return {
      cls: 'shell-network',
      choices: ['deny'],
      note: 'Zero cannot approve network access for a single shell command in headless runs. To allow it, set "sandbox": {"network": "allow"} in your global Zero config (~/.config/zero/config.json), or run this task in the Zero terminal UI.',
    };
  }
  // Destructive commands and escalation requests (whose reason is the model's justification).
  if (shell && p.reason) {
    return {
      cls: 'dangerous-shell',
      choices: ['allow-once', 'deny'],
      note: 'Allowing this reruns the task once in unsafe mode: Zero may run any command without asking during that one run.',
    };
  }
  if (p.permissionGranted === true) return { cls: 'info', choices: [], note: null };
  const broad = shell
    ? `A grant for ${p.name} allows every ${p.name} command, and without a native sandbox (bubblewrap) Zero may still refuse shell commands.`
    : null;
  return { cls: 'tool-prompt', choices: ['allow-once', 'always-allow', 'deny'], note: broad };
}

/** What a follow-up run needs so exactly the approved calls can succeed. */
export interface Elevation {
  /** Tools to grant in a temporary grants file (allow once). */
  readonly onceTools: readonly string[];
  /** Tools to grant persistently through Zero itself (always allow). */
  readonly alwaysTools: readonly { readonly tool: string; readonly path?: string }[];
  /** `--add-dir` folders for this run only. */
  readonly addDirs: readonly string[];
  /** Folders to remember in the `zero.addDirs` setting. */
  readonly rememberDirs: readonly string[];
  /** One unsafe run (destructive/escalated shell approved once). */
  readonly unsafeOnce: boolean;
}

export interface Approved {
  readonly item: PermissionItem;
  readonly choice: Exclude<Choice, 'deny'>;
  /** The tool call's arguments, for the retry message. */
  readonly args: unknown;
  /** Always allow outside the workspace: the folder the user chose to save. */
  readonly folder?: string;
}

export function elevationFor(approved: readonly Approved[], rules: FolderRules): Elevation {
  const once = new Set<string>();
  const always = new Map<string, { tool: string; path?: string }>();
  const addDirs = new Set<string>();
  const remember = new Set<string>();
  let unsafeOnce = false;
  for (const a of approved) {
    const { cls } = classify(a.item, rules);
    if (cls === 'outside-workspace' && a.item.block?.path) {
      // Never wider than what the dialog offered: the file's folder, or a chosen parent below home/root.
      const file = a.item.block.path;
      const folders = folderChoices(file, rules);
      if (!folders.ok) continue;
      const chosen = a.choice === 'always-allow' && a.folder !== undefined ? checkGrantFolder(a.folder, rules) : null;
      if (chosen?.ok && coversFile(chosen.folder, file, rules)) {
        addDirs.add(chosen.folder);
        remember.add(chosen.folder);
      } else {
        addDirs.add(folders.choices[0]!);
      }
    } else if (cls === 'tool-prompt') {
      if (a.choice === 'always-allow') always.set(a.item.name, { tool: a.item.name });
      else once.add(a.item.name);
    } else if (cls === 'dangerous-shell') {
      unsafeOnce = true;
    }
  }
  for (const t of always.keys()) once.delete(t);
  return {
    onceTools: [...once],
    alwaysTools: [...always.values()],
    addDirs: [...addDirs],
    rememberDirs: [...remember],
    unsafeOnce,
  };
}

/** The short input that tells the agent what the user approved and asks it to retry. */
export function retryPrompt(approved: readonly Approved[]): string {
  const lines = approved.map((a) => `- ${a.item.name}${describeTarget(a)}`);
  return [
    'The user approved these tool calls that were refused earlier in this session:',
    ...lines,
    'Retry them now and continue the task.',
  ].join('\n');
}

function describeTarget(a: Approved): string {
  const target = a.item.block?.path ?? pickTarget(a.args);
  // One line for the model too: a multi-line command would read as more list entries.
  return target ? ` (${oneLine(target).text})` : '';
}

/** The command, URL or path a call was about, from its arguments: whole, as Zero received it (callers format it). */
export function pickTarget(args: unknown): string | null {
  if (typeof args === 'string') return args;
  if (!args || typeof args !== 'object') return null;
  const o = args as Record<string, unknown>;
  for (const k of ['command', 'cmd', 'url', 'query', 'path', 'file', 'file_path']) {
    const v = o[k];
    if (typeof v === 'string' && v !== '') return v;
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v.map(argvWord).join(' ');
  }
  return null;
}

/** An argv word as a shell would need it, so ['rm', 'a b'] never reads as `rm a b`. */
function argvWord(w: string): string {
  return /^[\w@%+=:,./-]+$/.test(w) ? w : JSON.stringify(w);
}
