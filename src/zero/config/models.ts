/**
 * The models a chat can pick. First the configured provider's own (`zero providers models --json`,
 * which asks the provider's model endpoint: `{"provider", "count", "models":[{id, description?,
 * reasoning_efforts?, default_reasoning_effort?}]}`), with what Zero's catalogue knows of each
 * (context window, vision). When the provider cannot be asked, the catalogue, with a note saying so.
 *
 * `zero models --json`: Zero's model registry (internal/cli/command_center.go runModels, shape
 * zerocommands.ModelSnapshot): `{"models":[{id, displayName, provider, apiModel, status,
 * contextWindow, maxOutputTokens, capabilities[], reasoningEfforts?, description?}]}`.
 * Tolerant: unknown fields are ignored, a malformed entry is skipped, never guessed.
 */
import { runZeroCli } from '../zeroCli';

type Env = Readonly<Record<string, string | undefined>>;

export interface ZeroModel {
  readonly id: string;
  readonly displayName: string;
  readonly provider: string;
  readonly apiModel: string;
  /** active, preview or deprecated. */
  readonly status: string;
  /** Max input tokens; null when Zero lists none (0 or missing). */
  readonly contextWindow: number | null;
  readonly vision: boolean;
  /** Efforts for --reasoning-effort, as the provider or the catalogue lists them; empty when none. */
  readonly reasoningEfforts: readonly string[];
}

export interface ModelChoices {
  readonly models: ZeroModel[];
  /** Why these are not the provider's own models, in words; null when they are. */
  readonly note: string | null;
}

export function parseModelList(stdout: string): ZeroModel[] {
  let raw: unknown;
  try {
    raw = JSON.parse(stdout);
  } catch {
    throw new Error(`zero models --json printed no JSON: ${stdout.trim().slice(0, 200) || '(nothing)'}`);
  }
  const list = Array.isArray(raw) ? raw : isRecord(raw) && Array.isArray(raw.models) ? raw.models : null;
  if (!list) throw new Error('zero models --json printed no "models" list.');
  const out: ZeroModel[] = [];
  for (const m of list) {
    if (!isRecord(m) || typeof m.id !== 'string' || m.id.trim() === '') continue;
    const window =
      typeof m.contextWindow === 'number' && Number.isFinite(m.contextWindow) && m.contextWindow > 0
        ? m.contextWindow
        : null;
    out.push({
      id: m.id,
      displayName: typeof m.displayName === 'string' && m.displayName ? m.displayName : m.id,
      provider: typeof m.provider === 'string' ? m.provider : '',
      apiModel: typeof m.apiModel === 'string' ? m.apiModel : '',
      status: typeof m.status === 'string' ? m.status : '',
      contextWindow: window,
      vision: Array.isArray(m.capabilities) && m.capabilities.includes('vision'),
      reasoningEfforts: strings(m.reasoningEfforts),
    });
  }
  return out;
}

/** `zero providers models --json` joined with the catalogue entry of the same id (or api model). */
export function parseProviderModels(stdout: string, catalogue: readonly ZeroModel[]): ZeroModel[] {
  let raw: unknown;
  try {
    raw = JSON.parse(stdout);
  } catch {
    throw new Error(`zero providers models --json printed no JSON: ${stdout.trim().slice(0, 200) || '(nothing)'}`);
  }
  if (!isRecord(raw) || !Array.isArray(raw.models))
    throw new Error('zero providers models --json printed no "models" list.');
  const provider = typeof raw.provider === 'string' ? raw.provider : '';
  const out: ZeroModel[] = [];
  for (const m of raw.models) {
    if (!isRecord(m) || typeof m.id !== 'string' || m.id.trim() === '') continue;
    const known = catalogue.find((c) => c.id === m.id) ?? catalogue.find((c) => c.apiModel === m.id);
    const efforts = strings(m.reasoning_efforts);
    out.push({
      id: m.id,
      displayName: known?.displayName ?? m.id,
      provider: known?.provider ?? provider,
      apiModel: known?.apiModel ?? m.id,
      status: known?.status ?? '',
      contextWindow: known?.contextWindow ?? null,
      vision: known?.vision ?? false,
      reasoningEfforts: efforts.length > 0 ? efforts : (known?.reasoningEfforts ?? []),
    });
  }
  return out;
}

/** The provider's models where Zero can list them, else the catalogue with a note. */
export async function listModelChoices(binary: string, env: Env = {}, timeoutMs = 15_000): Promise<ModelChoices> {
  // Both at once: each is a Zero process (and the provider's /models), and the picker waits for both.
  const [catalogue, r] = await Promise.all([
    listModels(binary, env, timeoutMs).catch(() => [] as ZeroModel[]),
    runZeroCli(binary, ['providers', 'models', '--json'], env, timeoutMs),
  ]);
  let why: string;
  if (r.code === 0) {
    try {
      const models = parseProviderModels(r.stdout, catalogue);
      if (models.length > 0) return { models, note: null };
      why = 'the provider listed no models';
    } catch (err) {
      why = (err as Error).message;
    }
  } else
    why = `zero providers models --json failed (exit ${r.code ?? 'none'}): ${(r.stderr || r.stdout).trim().slice(0, 200) || 'no message'}`;
  if (catalogue.length === 0) throw new Error(why);
  return { models: catalogue, note: `Zero's model catalogue: the provider's own models could not be listed (${why}).` };
}

export async function listModels(binary: string, env: Env = {}, timeoutMs = 15_000): Promise<ZeroModel[]> {
  const r = await runZeroCli(binary, ['models', '--json'], env, timeoutMs);
  if (r.code !== 0)
    throw new Error(
      `zero models --json failed (exit ${r.code ?? 'none'}): ${(r.stderr || r.stdout).trim().slice(0, 300) || 'no message'}`,
    );
  return parseModelList(r.stdout);
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : [];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
