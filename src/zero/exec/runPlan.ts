/**
 * Everything a run needs (binary, argv, env) from settings, the folder, the session and trust.
 * Returns words instead of throwing, so the chat can show what is wrong and keep the prompt.
 */
import { buildExecArgs, SettingsError } from './execArgs';
import { findZero } from '../binary/findZero';
import type { ZeroSettings } from '../config/settingsSources';
import type { TurnWorktree } from '../../conversation/transport';
import { SPEC_MODE } from '../../conversation/specReview';
import type { TurnChoice } from '../../conversation/transport';
import { providerEnv } from '../config/providers';

export interface RunPlan {
  readonly binary: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly warnings: readonly string[];
}

export type PlanResult =
  | { readonly ok: true; readonly plan: RunPlan }
  | { readonly ok: false; readonly kind: 'binary' | 'settings'; readonly problem: string };

export interface PlanInput {
  readonly settings: ZeroSettings;
  readonly folder: string | null;
  readonly otherFolders: readonly string[];
  readonly sessionId: string | null;
  /** Restricted Mode: only read-only plan runs (nothing that writes or executes). */
  readonly trusted: boolean;
  /** A follow-up that applies approvals: extra folders, or one unsafe run. */
  readonly elevation?: { readonly addDirs?: readonly string[]; readonly unsafe?: boolean };
  /** Picked in the composer for this one message; each wins over its setting. */
  readonly choice?: TurnChoice;
  /** The chat's title: names the session a run without `sessionId` creates. */
  readonly sessionTitle?: string;
  /** An isolated chat's worktree (docs/zero-exec.md §21). */
  readonly worktree?: TurnWorktree;
}

export function planRun(input: PlanInput): PlanResult {
  const { settings } = input;
  const found = findZero({ configuredPath: settings.path });
  if (!found.ok) return { ok: false, kind: 'binary', problem: found.reason };
  if (!input.folder)
    return { ok: false, kind: 'settings', problem: 'Open a folder first: Zero runs inside a workspace folder.' };
  const addDirs = [
    ...settings.addDirs,
    ...(settings.addWorkspaceFolders ? input.otherFolders : []),
    ...(input.elevation?.addDirs ?? []),
  ];
  // One approved unsafe turn replaces the mode: --permission-mode wins over every other flag (docs/zero-exec.md §9.1).
  // A mode picked for the message replaces the setting. The autonomy level (--auto) goes with any mode: Zero
  // registers its subagent tools (Task…) only at medium or high, and matches MCP grants against it (§9.1).
  const picked = input.choice?.mode?.trim();
  const mode = input.elevation?.unsafe ? 'unsafe' : picked || settings.mode;
  const autonomy = settings.autonomy;
  // Zero refuses -w in plan mode (it would make the worktree before plan applies): a plan turn runs in the folder.
  const wt = input.worktree;
  const planning = !input.trusted || mode.trim().toLowerCase() === 'plan';
  // `/spec`: Zero drafts in a new session of its own, with its own spec-draft permissions (docs/zero-exec.md §25).
  const spec = picked === SPEC_MODE;
  if (spec && !input.trusted)
    return { ok: false, kind: 'settings', problem: 'Spec mode writes the spec file: trust this workspace first.' };
  const choice = input.choice ?? {};
  // The chat's provider, for this run only: Zero reads ZERO_PROVIDER over its config's active one.
  const env = { ...settings.env, ...providerEnv(choice.provider) };
  const run = {
    ...(choice.maxTurns !== undefined ? { maxTurns: choice.maxTurns } : {}),
    ...(choice.execProfile ? { execProfile: choice.execProfile } : {}),
  };
  if (spec) {
    try {
      const { args, warnings } = buildExecArgs({
        cwd: wt ? wt.path : input.folder,
        useSpec: true,
        model: input.choice?.model?.trim() || settings.model,
        ...(input.choice?.effort ? { reasoningEffort: input.choice.effort } : {}),
        ...(input.sessionTitle !== undefined ? { sessionTitle: input.sessionTitle } : {}),
        // Zero drafts a spec without its post-edit loop and refuses --self-correct beside --use-spec.
        ...run,
        extraArgs: settings.extraArgs,
        addDirs,
      });
      const notes = choice.selfCorrect
        ? [...warnings, 'Self-correct does not apply to a spec draft: left out.']
        : warnings;
      return { ok: true, plan: { binary: found.path, args, env, warnings: notes } };
    } catch (err) {
      if (err instanceof SettingsError) return { ok: false, kind: 'settings', problem: err.message };
      throw err;
    }
  }
  try {
    const { args, warnings } = buildExecArgs({
      cwd: wt && planning ? wt.path : input.folder,
      ...(wt && !planning ? { worktree: { name: wt.name, dir: wt.dir } } : {}),
      ...(input.sessionId ? { resumeSessionId: input.sessionId } : {}),
      model: input.choice?.model?.trim() || settings.model,
      ...(input.choice?.effort ? { reasoningEffort: input.choice.effort } : {}),
      ...(input.sessionTitle !== undefined ? { sessionTitle: input.sessionTitle } : {}),
      ...(input.trusted ? { permissionMode: mode, autonomy, extraArgs: settings.extraArgs } : { plan: true }),
      addDirs: input.trusted ? addDirs : [],
      ...run,
      ...(choice.selfCorrect ? { selfCorrect: true } : {}),
    });
    const notes = input.trusted
      ? warnings
      : [...warnings, 'Restricted Mode: Zero runs read-only (plan mode) until you trust this workspace.'];
    return { ok: true, plan: { binary: found.path, args, env, warnings: notes } };
  } catch (err) {
    if (err instanceof SettingsError) return { ok: false, kind: 'settings', problem: err.message };
    throw err;
  }
}
