/**
 * Zero's config for the real-Zero and UI suites: a provider pointing at the scripted model server
 * (test/fixtures/model-server), written where Zero reads it ($XDG_CONFIG_HOME/zero/config.json).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MODEL_ID } from '../fixtures/model-server/server';

export interface ProviderEntry {
  name: string;
  provider_kind: 'openai-compatible';
  baseURL: string;
  apiKey: string;
  model: string;
}

/** Zero's config.json, as far as the tests read or change it. */
export interface ZeroConfig {
  activeProvider?: string;
  providers: ProviderEntry[];
  [key: string]: unknown;
}

/** A provider entry for a scripted model server at `baseURL` (its key is a dummy Zero passes on). */
export function scriptedProvider(baseURL: string, name = 'scripted', model = MODEL_ID): ProviderEntry {
  return { name, provider_kind: 'openai-compatible', baseURL, apiKey: `sk-${name}-test`, model };
}

/** The config of every real-Zero sandbox: the scripted provider, active; `more` beside it. */
export function scriptedConfig(baseURL: string, more: Record<string, unknown> = {}): ZeroConfig {
  return { activeProvider: 'scripted', providers: [scriptedProvider(baseURL)], ...more };
}

export const zeroConfigFile = (configHome: string): string => path.join(configHome, 'zero', 'config.json');

export function writeZeroConfig(configHome: string, config: ZeroConfig): void {
  fs.mkdirSync(path.join(configHome, 'zero'), { recursive: true });
  fs.writeFileSync(zeroConfigFile(configHome), JSON.stringify(config, null, 2));
}

/** Reads Zero's config under `configHome`, lets `edit` change it, and writes it back. */
export function editZeroConfig(configHome: string, edit: (config: ZeroConfig) => void): void {
  const config = JSON.parse(fs.readFileSync(zeroConfigFile(configHome), 'utf8')) as ZeroConfig;
  edit(config);
  writeZeroConfig(configHome, config);
}
