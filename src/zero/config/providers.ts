/**
 * Zero's configured providers, for the composer's Provider picker.
 *
 * `zero providers list --json` prints `{"providers":[ProviderSnapshot…]}` and `zero providers current
 * --json` prints `{"provider": ProviderSnapshot | null}` (internal/cli/command_center.go runProviders,
 * zerocommands.ProviderSnapshot: name, providerKind, baseUrl, model, apiModel, active, apiKeySet,
 * oauthLogin, status, message). A run picks one with the environment variable `ZERO_PROVIDER`
 * (internal/config/resolver.go ActiveProviderEnv), read for that process only, so a chat's choice
 * never changes Zero's config for the terminal or the other chats.
 *
 * The names come from Zero's config, which a user (or a tool they ran) wrote: a name goes into a
 * run's environment only when it is a plain name, and never into argv.
 */
import { runZeroCli } from '../zeroCli';

type Env = Readonly<Record<string, string | undefined>>;

/** internal/config/resolver.go ActiveProviderEnv. */
export const PROVIDER_ENV = 'ZERO_PROVIDER';

export interface ZeroProvider {
  readonly name: string;
  /** openai-compatible, anthropic, …; '' when Zero lists none. */
  readonly kind: string;
  /** The profile's default model; '' when none. */
  readonly model: string;
  /** Zero's config makes it the active one (what a run without a choice uses). */
  readonly active: boolean;
  /** A key or a stored login is there; false: a run with it fails until `zero setup` or `zero auth login`. */
  readonly credentials: boolean;
  /** Zero's own word on the profile ("ok", or a problem), and its message. */
  readonly status: string;
  readonly message: string;
}

export interface ProviderChoices {
  readonly providers: readonly ZeroProvider[];
  /** With no provider at all: the logins Zero has stored (`zero auth status --json`), in words. */
  readonly logins?: readonly string[];
  /** The one a run without a choice uses: `zero providers current`; null when none is configured. */
  readonly current: string | null;
}

/** Letters, digits, dot, dash and underscore, at most 64, not starting with a dash or a dot. */
const PLAIN = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,63}$/;

/** A name that may go into `ZERO_PROVIDER`: nothing a shell, a terminal or Zero's flag parser would read as more. */
export function isPlainProviderName(name: unknown): name is string {
  return typeof name === 'string' && PLAIN.test(name);
}

/** The environment that makes one run use `provider`; nothing for no choice or a name that is not plain. */
export function providerEnv(provider: string | undefined): Record<string, string> {
  return provider && isPlainProviderName(provider) ? { [PROVIDER_ENV]: provider } : {};
}

export function parseProviderList(stdout: string): ZeroProvider[] {
  const raw = parseJson(stdout, 'zero providers list --json');
  if (!isRecord(raw) || !Array.isArray(raw.providers))
    throw new Error('zero providers list --json printed no "providers" list.');
  const out: ZeroProvider[] = [];
  for (const p of raw.providers) {
    const provider = toProvider(p);
    if (provider && !out.some((o) => o.name === provider.name)) out.push(provider);
  }
  return out;
}

/** The active provider's name, or null when Zero has none (`{"provider": null}`). */
export function parseCurrentProvider(stdout: string): string | null {
  const raw = parseJson(stdout, 'zero providers current --json');
  if (!isRecord(raw) || !('provider' in raw))
    throw new Error('zero providers current --json printed no "provider" field.');
  return toProvider(raw.provider)?.name ?? null;
}

/** Both lists at once (each is a Zero process); `env` is the settings' environment, without a chat's choice. */
export async function listProviders(binary: string, env: Env = {}, timeoutMs = 15_000): Promise<ProviderChoices> {
  const [list, current] = await Promise.all([
    runZeroCli(binary, ['providers', 'list', '--json'], env, timeoutMs),
    runZeroCli(binary, ['providers', 'current', '--json'], env, timeoutMs),
  ]);
  if (list.code !== 0)
    throw new Error(
      `zero providers list --json failed (exit ${list.code ?? 'none'}): ${(list.stderr || list.stdout).trim().slice(0, 200) || 'no message'}`,
    );
  const providers = parseProviderList(list.stdout);
  // `current` fails (exit 3) when ZERO_PROVIDER in the settings names no profile: then the list's own flag says.
  let name: string | null = null;
  if (current.code === 0) name = parseCurrentProvider(current.stdout);
  else name = providers.find((p) => p.active)?.name ?? null;
  return { providers, current: name };
}

function toProvider(p: unknown): ZeroProvider | null {
  if (!isRecord(p) || typeof p.name !== 'string' || p.name.trim() === '') return null;
  return {
    name: p.name,
    kind: str(p.providerKind),
    model: str(p.model),
    active: p.active === true,
    credentials: p.apiKeySet === true || p.oauthLogin === true,
    status: str(p.status),
    message: str(p.message),
  };
}

function parseJson(stdout: string, what: string): unknown {
  try {
    return JSON.parse(stdout);
  } catch {
    throw new Error(`${what} printed no JSON: ${stdout.trim().slice(0, 200) || '(nothing)'}`);
  }
}

function str(v: unknown): string {
  return typeof v === 'string' ? v.slice(0, 500) : '';
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
