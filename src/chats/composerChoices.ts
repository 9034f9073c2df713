/**
 * Where the composer's mode and model choices come from. Exec: Zero's permission modes and
 * `zero models --json`. Another transport (ACP: the session's modes and config options) plugs in
 * its own source with the same shape.
 */
import type { ModelInfo } from '../conversation/readouts/contextMeter';
import type { AcpSessionInfo } from '../conversation/model';
import type { ModeChoice } from '../messages/protocol';
import type { ZeroCommand } from '../conversation/prompts/zeroCommands';
import { listModelChoices } from '../zero/config/models';
import { listProviders, providerEnv, type ProviderChoices } from '../zero/config/providers';
import { listLogins, loginText } from '../zero/binary/authStatus';
import { listSkills, loadUserCommands, mergeZeroCommands, userConfigDir } from '../zero/config/userCommands';
import { execModeDescription } from './modeDescriptions';

export interface ComposerChoices {
  modes(): readonly ModeChoice[];
  /**
   * The models, and a note when they are not the provider's own (a fallback list). Rejects with
   * words when no list can be had; the picker then offers the default only.
   */
  models(provider?: string): Promise<{ readonly models: readonly ModelInfo[]; readonly note: string | null }>;
  /** Zero's providers and the one a run without a choice uses (exec: `zero providers list|current`). */
  providers?(): Promise<ProviderChoices>;
  /** Zero's user commands and skills for the `/` menu; none in an untrusted workspace. */
  commands?(): Promise<readonly ZeroCommand[]>;
}

/** Where Zero's `/` commands are read: the folder runs start in, when the workspace is trusted. */
export interface CommandSource {
  readonly folder: () => string | null;
  readonly trusted: () => boolean;
}

/**
 * `zero exec`: --permission-mode values (docs/zero-exec.md §9.1), each described with what the autonomy
 * level beside it (`zero.autonomy`, passed as `--auto`) changes, and the provider's models.
 */
export function execChoices(
  binary: () => string | null,
  env: () => Readonly<Record<string, string>>,
  autonomy: () => string = () => '',
  source?: CommandSource,
): ComposerChoices {
  return {
    modes: () =>
      (
        [
          { id: 'auto', label: 'Auto', dangerous: false },
          { id: 'ask', label: 'Ask', dangerous: false },
          { id: 'plan', label: 'Plan (read-only)', dangerous: false },
          { id: 'unsafe', label: 'Unsafe (asks each time)', dangerous: true },
        ] as const
      ).map((m) => ({ ...m, description: execModeDescription(m.id, autonomy()) })),
    models: async (provider) => {
      const path = binary();
      if (!path) throw new Error('Zero CLI not found');
      // Another provider's models: the same command, with that provider picked as its runs pick it.
      return listModelChoices(path, { ...env(), ...providerEnv(provider) });
    },
    providers: async () => {
      const path = binary();
      if (!path) throw new Error('Zero CLI not found');
      const listed = await listProviders(path, env());
      if (listed.providers.length > 0) return listed;
      // No provider: the banner offers zero setup, and says what logins Zero has (none, usually).
      const logins = await listLogins(path, env()).catch(() => []);
      return { ...listed, logins: logins.map(loginText) };
    },
    commands: async () => {
      // Project commands and skills are the repository's and Zero's: nothing before trust.
      if (!source?.trusted()) return [];
      const merged = { ...process.env, ...env() };
      const folder = source.folder();
      const commands = await loadUserCommands({
        workspaceRoot: folder,
        configDir: userConfigDir(merged),
        includeProject: true,
      });
      const path = binary();
      const skills = path ? await listSkills(path, env(), folder ?? undefined).catch(() => []) : [];
      return mergeZeroCommands(commands, skills);
    },
  };
}

/**
 * The effort a message may carry: one the picked model lists (`zero providers models`). Another is
 * dropped: Zero would swap it for the model's default or send it to a model that refuses it.
 */
export function allowedEffort(
  models: readonly ModelInfo[],
  model: string | undefined,
  effort: string | undefined,
): string | undefined {
  if (!model || !effort) return undefined;
  return models.find((m) => m.id === model)?.reasoningEfforts?.includes(effort) ? effort : undefined;
}

/** The modes `zero acp` offers every session, with Zero's names (docs/zero-acp.md §5): unsafe is refused there. */
const ACP_MODES: readonly ModeChoice[] = [
  { id: 'auto', label: 'Auto', dangerous: false },
  { id: 'ask', label: 'Ask', dangerous: false },
  { id: 'plan', label: 'Plan', dangerous: false },
];

/**
 * `zero acp`: the session's own modes and models once it is open. Before that (`info` without
 * lists: a chat that has not run), Zero's ACP modes and the `zero models` registry, so the header
 * can offer a choice that is applied when the session opens. ACP lists no context windows.
 */
export function acpChoices(
  info: AcpSessionInfo | undefined,
  registry: readonly ModelInfo[],
): { modes: ModeChoice[]; models: ModelInfo[] } {
  return {
    modes:
      info && info.modes.length > 0
        ? info.modes.map((m) => ({ id: m.id, label: m.name || m.id, dangerous: false }))
        : [...ACP_MODES],
    models:
      info && info.models.length > 0
        ? info.models.map((m) => ({ id: m.id, displayName: m.name || m.id, apiModel: '', contextWindow: null }))
        : [...registry],
  };
}
