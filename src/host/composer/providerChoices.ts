/**
 * The Provider picker's part of the composer state: Zero's providers in its own order, the current
 * one marked, and the model lists loaded so far. A name that is not plain is listed but not offered:
 * it would never reach a run (providers.ts).
 */
import type { ComposerState, ProviderChoice, ProviderModels } from '../../messages/protocol';
import { isPlainProviderName, type ProviderChoices } from '../../zero/config/providers';

export function providerChoices(
  choices: ProviderChoices,
  problem: string | null,
  models: ReadonlyMap<string, ProviderModels>,
): Pick<ComposerState, 'providers' | 'providersProblem' | 'providerModels' | 'noProvider'> {
  const providers: ProviderChoice[] = choices.providers.map((p) => ({
    name: p.name,
    detail: [p.model, p.kind, p.credentials ? '' : 'no key or login'].filter(Boolean).join(' · '),
    current: p.name === choices.current,
    pickable: isPlainProviderName(p.name),
  }));
  return {
    providers,
    providersProblem: problem,
    // Listed, and empty: Zero has no provider (a failed list is a problem, not "none").
    ...(problem === null && choices.providers.length === 0 && choices.logins
      ? { noProvider: { logins: choices.logins } }
      : {}),
    ...(models.size > 0 ? { providerModels: Object.fromEntries(models) } : {}),
  };
}
