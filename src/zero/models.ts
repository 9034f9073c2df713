/**
 * `zero models --json`: Zero's model registry (internal/cli/command_center.go runModels, shape
 * zerocommands.ModelSnapshot): `{"models":[{id, displayName, provider, apiModel, status,
 * contextWindow, maxOutputTokens, capabilities[], reasoningEfforts?, description?}]}`.
 * Tolerant: unknown fields are ignored, a malformed entry is skipped, never guessed.
 */
import { runZeroCli } from './grants';

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
    const window = typeof m.contextWindow === 'number' && Number.isFinite(m.contextWindow) && m.contextWindow > 0 ? m.contextWindow : null;
    out.push({
      id: m.id,
      displayName: typeof m.displayName === 'string' && m.displayName ? m.displayName : m.id,
      provider: typeof m.provider === 'string' ? m.provider : '',
      apiModel: typeof m.apiModel === 'string' ? m.apiModel : '',
      status: typeof m.status === 'string' ? m.status : '',
      contextWindow: window,
      vision: Array.isArray(m.capabilities) && m.capabilities.includes('vision'),
    });
  }
  return out;
}

export async function listModels(binary: string, env: Env = {}, timeoutMs = 15_000): Promise<ZeroModel[]> {
  const r = await runZeroCli(binary, ['models', '--json'], env, timeoutMs);
  if (r.code !== 0) throw new Error(`zero models --json failed (exit ${r.code ?? 'none'}): ${(r.stderr || r.stdout).trim().slice(0, 300) || 'no message'}`);
  return parseModelList(r.stdout);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
