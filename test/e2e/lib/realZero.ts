// The real Zero in a real VS Code: the scripted model server started for a suite, and Zero's config for
// code-server's runs pointing at it. Register it BEFORE useVSCode in the describe, and pass its `env` and
// `settings` to useVSCode: its `before` fills them in (mocha runs hooks in the order they were added), so
// the server, and every `zero` it spawns, read this suite's own config and nothing of the user's.
//
//   const real = useRealZero();
//   const vs = useVSCode({ name: 'ui-real-chat', env: real.env, settings: real.settings });
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MODEL_ID, startModelServer, type ListedModel, type ModelServer } from '../../fixtures/model-server/server';
import { findRealZero } from '../../real-zero/lib/realZero';
import { scriptedConfig, scriptedProvider, writeZeroConfig } from '../../support/scriptedProvider';

/** Variables through which Zero would read a real provider or key (its resolver merges them). */
const LEAKY =
  /^(OPENAI_|ANTHROPIC_|GEMINI_|GOOGLE_|OPENROUTER_|XAI_|GROQ_|DEEPSEEK_|MISTRAL_|AZURE_|ZERO_PROVIDER|ZERO_MODEL|ZERO_API)/;

export interface RealZeroSuite {
  /** Why the suite skips, or undefined when a real Zero is there. Known at registration. */
  readonly skipReason: string | undefined;
  readonly bin: string;
  /** For useVSCode's `env`: filled in by this suite's `before`. */
  readonly env: Record<string, string | undefined>;
  /** For useVSCode's `settings`: `zero.path` is the real Zero. */
  readonly settings: Record<string, unknown>;
  server(): ModelServer;
  /** The second provider's server, when the suite asked for one (`second`). */
  secondServer(): ModelServer;
}

/**
 * `models`: more entries for the provider's model list (e.g. one with reasoning efforts). `second`: a
 * second provider of that name in Zero's config, on a model server of its own with these models.
 */
export function useRealZero(
  options: { models?: readonly ListedModel[]; second?: { name: string; models: readonly ListedModel[] } } = {},
): RealZeroSuite {
  const found = findRealZero();
  const env: Record<string, string | undefined> = {};
  const settings: Record<string, unknown> = {};
  let server: ModelServer | undefined;
  let second: ModelServer | undefined;
  let configHome: string | undefined;
  const suite: RealZeroSuite = {
    skipReason: 'skip' in found ? found.skip : undefined,
    bin: 'bin' in found ? found.bin : '',
    env,
    settings,
    server: () => {
      if (!server) throw new Error('the model server is not running');
      return server;
    },
    secondServer: () => {
      if (!second) throw new Error('no second model server: pass `second`');
      return second;
    },
  };
  if ('bin' in found) settings['zero.path'] = found.bin;

  before(async function () {
    if (suite.skipReason) {
      console.log(`skipped: no real Zero (${suite.skipReason})`);
      this.skip();
    }
    server = await startModelServer(options.models ? { models: options.models } : {});
    configHome = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-real-ui-'));
    const config = scriptedConfig(server.baseURL);
    if (options.second) {
      second = await startModelServer({ models: options.second.models });
      config.providers.push(
        scriptedProvider(second.baseURL, options.second.name, options.second.models[0]?.id ?? MODEL_ID),
      );
    }
    writeZeroConfig(configHome, config);
    for (const key of Object.keys(process.env)) if (LEAKY.test(key)) env[key] = undefined;
    env.XDG_CONFIG_HOME = configHome;
  });

  after(async () => {
    await server?.close();
    await second?.close();
    if (configHome) fs.rmSync(configHome, { recursive: true, force: true });
  });
  return suite;
}
