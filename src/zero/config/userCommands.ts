/**
 * Loads what Zero offers as `/name` besides its builtins: user commands from
 * `<workspace>/.zero/commands` and `<userConfigDir>/zero/commands` (internal/usercommands Load:
 * project wins a clash), and the installed skills (`zero skills list --json` names them and their
 * SKILL.md; it prints no content, so the body is read from that file). The project folder is the
 * repository's: read only when asked (a trusted workspace), bounded, never through a symlink.
 */
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  menuDescription,
  parseCommandFile,
  skillBody,
  skillSlashName,
  validCommandName,
  ZERO_BUILTIN_NAMES,
  type ZeroCommand,
} from '../../conversation/prompts/zeroCommands';
import { runZeroCli } from '../zeroCli';

type Env = Readonly<Record<string, string | undefined>>;

/** Bounds on what a folder may add to the menu (a repository chooses its project folder). */
export const MAX_COMMAND_FILES = 100;
export const MAX_COMMAND_BYTES = 64 * 1024;
export const MAX_SKILLS = 100;
/** All templates together: they travel to the webview with the composer's state. */
export const MAX_TOTAL_BYTES = 1024 * 1024;

/** Go's os.UserConfigDir (Zero's config.UserConfigDir; on macOS Zero uses XDG or ~/.config). */
export function userConfigDir(env: Env, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') return env.APPDATA ?? '';
  const xdg = env.XDG_CONFIG_HOME?.trim();
  if (xdg) return xdg;
  const home = env.HOME || os.homedir();
  return home ? path.join(home, '.config') : '';
}

/** A regular file of at most MAX_COMMAND_BYTES, or null. `follow`: the user's own folders may hold symlinks. */
async function readBounded(file: string, follow: boolean): Promise<string | null> {
  try {
    const stat = follow ? await fs.stat(file) : await fs.lstat(file);
    if (!stat.isFile() || stat.size > MAX_COMMAND_BYTES) return null;
    const text = await fs.readFile(file, 'utf8');
    return text.length > MAX_COMMAND_BYTES ? null : text;
  } catch {
    return null;
  }
}

async function loadDir(dir: string, project: boolean): Promise<ZeroCommand[]> {
  let names: string[];
  try {
    names = (await fs.readdir(dir, { withFileTypes: true }))
      .filter((e) => !e.isDirectory() && path.extname(e.name).toLowerCase() === '.md')
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
  const out: ZeroCommand[] = [];
  for (const file of names.slice(0, MAX_COMMAND_FILES)) {
    const name = file.slice(0, -3).toLowerCase();
    if (!validCommandName(name)) continue;
    // A repository's symlink could point anywhere (~/.ssh/…): its text would go to the model.
    const raw = await readBounded(path.join(dir, file), !project);
    if (raw !== null) out.push(parseCommandFile(name, raw, project));
  }
  return out;
}

/** User commands, project over user, sorted by name; a name Zero's TUI keeps for itself is left out. */
export async function loadUserCommands(opts: {
  readonly workspaceRoot: string | null;
  readonly configDir: string;
  readonly includeProject: boolean;
}): Promise<ZeroCommand[]> {
  const byName = new Map<string, ZeroCommand>();
  if (opts.configDir)
    for (const c of await loadDir(path.join(opts.configDir, 'zero', 'commands'), false)) byName.set(c.name, c);
  if (opts.includeProject && opts.workspaceRoot)
    for (const c of await loadDir(path.join(opts.workspaceRoot, '.zero', 'commands'), true)) byName.set(c.name, c);
  return [...byName.values()].filter((c) => !ZERO_BUILTIN_NAMES.has(c.name)).sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** A skill as `zero skills list --json` names it: its (frontmatter) name, description and SKILL.md. */
export interface ListedSkill {
  readonly name: string;
  readonly description: string;
  readonly path: string;
}

/** `zero skills list --json` → the skills that can be typed as `/name` (Zero's skillSlashName). */
export function parseSkillList(stdout: string): ListedSkill[] {
  let raw: unknown;
  try {
    raw = JSON.parse(stdout);
  } catch {
    throw new Error(`zero skills list --json printed no JSON: ${stdout.trim().slice(0, 200) || '(nothing)'}`);
  }
  const list = (raw as { skills?: unknown })?.skills;
  if (!Array.isArray(list)) throw new Error('zero skills list --json printed no "skills" list.');
  const out: ListedSkill[] = [];
  for (const s of list.slice(0, MAX_SKILLS) as unknown[]) {
    if (typeof s !== 'object' || s === null) continue;
    const { name, description, path: file } = s as Record<string, unknown>;
    if (typeof name !== 'string' || typeof file !== 'string' || !skillSlashName(name)) continue;
    if (!path.isAbsolute(file) || path.basename(file) !== 'SKILL.md') continue;
    out.push({ name, description: typeof description === 'string' ? description : '', path: file });
  }
  return out;
}

/** Each listed skill with its body; one whose SKILL.md is empty, gone or too big is left out. */
export async function readSkills(listed: readonly ListedSkill[]): Promise<ZeroCommand[]> {
  const out: ZeroCommand[] = [];
  for (const s of listed) {
    const raw = await readBounded(s.path, true);
    const body = raw === null ? '' : skillBody(raw);
    if (!body) continue;
    out.push({
      name: skillSlashName(s.name),
      description: menuDescription(s.description) || `Skill: ${s.name}`,
      kind: 'skill',
      template: body,
    });
  }
  return out;
}

export async function listSkills(binary: string, env: Env, cwd?: string): Promise<ZeroCommand[]> {
  const r = await runZeroCli(binary, ['skills', 'list', '--json'], env, 15000, cwd);
  if (r.code !== 0) throw new Error(`zero skills list failed: ${(r.stderr || r.stdout).trim().slice(0, 300)}`);
  return readSkills(parseSkillList(r.stdout));
}

/** Builtins win, then user commands, then skills (Zero's precedence); within MAX_TOTAL_BYTES. */
export function mergeZeroCommands(commands: readonly ZeroCommand[], skills: readonly ZeroCommand[]): ZeroCommand[] {
  const taken = new Set(commands.map((c) => c.name));
  const all = [...commands, ...skills.filter((s) => !taken.has(s.name) && !ZERO_BUILTIN_NAMES.has(s.name))];
  let total = 0;
  return all.filter((c) => (total += c.template.length + c.description.length) <= MAX_TOTAL_BYTES);
}
