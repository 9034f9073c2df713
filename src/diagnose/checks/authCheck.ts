/**
 * Zero's providers and logins: the profiles in Zero's config (`zero providers list --json`: name,
 * kind, whether a key or login is there, never the key) and its stored OAuth logins (`zero auth status
 * --json`: present, expired, never the token). No provider at all is what `zero setup` fixes: the
 * chat's banner and this check both say so. ACP chats use the config's active provider (one zero acp
 * process for all of them); exec chats may pick another per chat.
 */
import { loginText, parseAuthStatus } from '../../zero/binary/authStatus';
import { parseProviderList, type ZeroProvider } from '../../zero/config/providers';
import { detail, type CheckOutcome, type Detail } from '../report';
import type { Check } from '../runChecks';
import { firstLines, type ZeroProbes } from '../zeroProbes';

const TIMEOUT_MS = 15_000;

type Listed<T> = { readonly ok: true; readonly items: readonly T[] } | { readonly ok: false; readonly why: string };

export function authCheck(probes: ZeroProbes): Check {
  return {
    id: 'auth',
    title: 'Providers and logins',
    timeoutMs: TIMEOUT_MS + 5_000,
    async run(): Promise<CheckOutcome> {
      const binary = await probes.path();
      if (!binary) return { status: 'skipped', finding: 'No Zero CLI to ask for its providers.', details: [] };
      const [providers, logins] = await Promise.all([
        list(probes, binary, ['providers', 'list', '--json'], parseProviderList),
        list(probes, binary, ['auth', 'status', '--json'], parseAuthStatus),
      ]);
      const details: Detail[] = [];
      if (providers.ok) for (const p of providers.items) details.push(detail(`Provider ${p.name}`, providerText(p)));
      else details.push(detail('zero providers list', providers.why));
      if (logins.ok) {
        for (const l of logins.items) details.push(detail(`Login ${l.key}`, loginText(l)));
        if (logins.items.length === 0) details.push(detail('Logins', 'none stored (zero auth status)'));
      } else details.push(detail('zero auth status', logins.why));
      details.push(
        detail('ACP', "zero acp uses the config's active provider for every ACP chat; exec chats can pick one each."),
      );
      if (!providers.ok) return { status: 'failed', finding: providers.why, details };
      if (providers.items.length === 0)
        return {
          status: 'failed',
          finding: 'Zero has no provider configured: run zero setup (Set Up Zero in Terminal in the chat).',
          details,
        };
      const expired = logins.ok ? logins.items.filter((l) => l.hasToken && l.expired && !l.refreshable) : [];
      const keyless = providers.items.filter((p) => !p.credentials && p.status !== 'ok');
      const active = providers.items.find((p) => p.active)?.name;
      const n = providers.items.length;
      const summary = `${n} provider${n === 1 ? '' : 's'}${active ? `, ${active} active` : ', none active'}`;
      if (expired.length > 0 || keyless.length > 0 || !logins.ok)
        return {
          status: 'warning',
          finding: `${summary}; ${[
            ...expired.map((l) => `the ${l.key} login has expired`),
            ...keyless.map((p) => `${p.name} has no key or login`),
            ...(logins.ok ? [] : ['the logins could not be read']),
          ].join('; ')}.`,
          details,
        };
      return { status: 'ok', finding: `${summary}.`, details };
    },
  };
}

function providerText(p: ZeroProvider): string {
  return [
    p.active ? 'active' : '',
    p.kind,
    p.model ? `model ${p.model}` : '',
    p.credentials ? 'key or login set' : 'no key or login',
    p.status && p.status !== 'ok' ? `${p.status}${p.message ? `: ${p.message}` : ''}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

async function list<T>(
  probes: ZeroProbes,
  binary: string,
  args: readonly string[],
  parse: (stdout: string) => T[],
): Promise<Listed<T>> {
  const what = `zero ${args.join(' ')}`;
  const r = await probes.run(binary, args, TIMEOUT_MS);
  if (r.timedOut) return { ok: false, why: `${what} gave no answer within ${TIMEOUT_MS / 1000} s` };
  if (r.code !== 0)
    return {
      ok: false,
      why: `${what} failed (exit ${r.code ?? 'none'}): ${firstLines(r.stderr || r.stdout) || 'no message'}`,
    };
  try {
    return { ok: true, items: parse(r.stdout) };
  } catch (err) {
    return { ok: false, why: (err as Error).message };
  }
}
