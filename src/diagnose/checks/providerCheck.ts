/**
 * The model provider Zero will use and the models it lists: `zero doctor`'s provider checks (its
 * name, kind, base URL, model, and whether a key is configured: never the key) and
 * `zero providers models --json` (the provider's own /models, as the model picker asks it).
 * The base URL can name a company's internal host: the report shows its scheme and "custom host"
 * until the user reveals it on the page (Hidden, report.ts).
 */
import { parseProviderModels } from '../../zero/config/models';
import { detail, type CheckOutcome, type Detail, type Hidden } from '../report';
import type { Check } from '../runChecks';
import { detailText, type DoctorCheck } from '../zeroDoctor';
import { firstLines, type ZeroProbes } from '../zeroProbes';

const MODELS_TIMEOUT_MS = 20_000;
const MAX_MODELS = 50;

type Models = { readonly ok: true; readonly ids: readonly string[] } | { readonly ok: false; readonly why: string };

export function providerCheck(probes: ZeroProbes): Check {
  return {
    id: 'provider',
    title: 'Provider and models',
    timeoutMs: 25_000,
    async run(): Promise<CheckOutcome> {
      const binary = await probes.path();
      if (!binary) return { status: 'skipped', finding: 'No Zero CLI to ask which provider it uses.', details: [] };
      const [doctor, models] = await Promise.all([probes.doctor(), listModels(probes, binary)]);
      const checks = doctor.kind === 'ran' ? doctor.report.checks : [];
      const config = checks.find((c) => c.id === 'provider.config');
      const model = checks.find((c) => c.id === 'provider.model');
      const details = [...providerDetails(config, model), ...modelDetails(models)];
      if (doctor.kind === 'failed') details.push(detail('zero doctor', doctor.problem));
      const hidden = baseUrlHidden(detailText(config, 'baseURL'));
      const outcome = (o: CheckOutcome): CheckOutcome => (hidden.length > 0 ? { ...o, hidden } : o);

      if (config?.status === 'fail') return outcome({ status: 'failed', finding: config.message, details });
      if (model?.status === 'fail') return outcome({ status: 'failed', finding: model.message, details });
      const name = detailText(config, 'name') || detailText(config, 'provider') || 'The provider';
      if (!models.ok)
        return outcome({
          status: config ? 'warning' : 'failed',
          finding: `${name}: its models could not be listed (${models.why}).`,
          details,
        });
      const kind = detailText(config, 'provider');
      const uses = detailText(config, 'model');
      const n = models.ids.length;
      return outcome({
        status: 'ok',
        finding:
          `${name}${kind && kind !== name ? ` (${kind})` : ''}` +
          `${uses ? `, model ${uses}` : ''}: the provider lists ${n} model${n === 1 ? '' : 's'}.`,
        details,
      });
    },
  };
}

async function listModels(probes: ZeroProbes, binary: string): Promise<Models> {
  const r = await probes.run(binary, ['providers', 'models', '--json'], MODELS_TIMEOUT_MS);
  if (r.timedOut)
    return { ok: false, why: `zero providers models --json gave no answer within ${MODELS_TIMEOUT_MS / 1000} s` };
  if (r.code !== 0)
    return {
      ok: false,
      why: `zero providers models --json failed (exit ${r.code ?? 'none'}): ${firstLines(r.stderr || r.stdout) || 'no message'}`,
    };
  try {
    const ids = parseProviderModels(r.stdout, []).map((m) => m.id);
    return ids.length > 0 ? { ok: true, ids } : { ok: false, why: 'the provider listed no models' };
  } catch (err) {
    return { ok: false, why: (err as Error).message };
  }
}

function providerDetails(config: DoctorCheck | undefined, model: DoctorCheck | undefined): Detail[] {
  if (!config) return [];
  const out: Detail[] = [];
  const add = (label: string, key: string): void => {
    const v = detailText(config, key);
    if (v) out.push(detail(label, v));
  };
  add('Provider', 'name');
  add('Kind', 'provider');
  add('Base URL', 'baseURL');
  add('Model', 'model');
  add('API key', 'credentialConfigured');
  out.push(detail('Zero says', config.message));
  if (model && model.status !== 'pass') out.push(detail(`Model check (${model.status})`, model.message));
  return out;
}

export const CUSTOM_HOST = '[custom host]';

/**
 * The base URL shown as `https://[custom host]` (its path too can name things), and its host
 * wherever else it occurs (a models error that names the host): both until the user reveals them.
 */
export function baseUrlHidden(baseURL: string): Hidden[] {
  const url = baseURL.trim();
  if (!url) return [];
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1];
  const out: Hidden[] = [{ text: url, shown: scheme ? `${scheme}://${CUSTOM_HOST}` : CUSTOM_HOST }];
  try {
    const u = new URL(url);
    // A short host (`db`) would mask unrelated words: only the URL itself is hidden then.
    for (const h of new Set([u.host, u.hostname])) if (h.length >= 4) out.push({ text: h, shown: CUSTOM_HOST });
  } catch {
    // Not a URL: hidden whole, as above.
  }
  return out;
}

function modelDetails(models: Models): Detail[] {
  if (!models.ok) return [detail('Models', models.why)];
  const shown = models.ids.slice(0, MAX_MODELS).join('\n');
  const more = models.ids.length > MAX_MODELS ? `\n… and ${models.ids.length - MAX_MODELS} more` : '';
  return [detail(`Models (${models.ids.length})`, `${shown}${more}`)];
}
