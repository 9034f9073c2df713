// What the real Zero 0.8.0 printed (test/real-zero/diagnose.test.ts runs the same commands): `zero doctor --json`
// with the scripted provider and with none, cut to the checks the diagnose report reads (its language-server
// list is long and unread), and `zero providers models --json`.
export const DOCTOR_CONFIGURED = JSON.stringify({
  generatedAt: '2026-12-02T01:37:39Z',
  ok: true,
  checks: [
    {
      id: 'runtime.go',
      label: 'Go runtime',
      status: 'pass',
      message: 'Zero Go runtime is available (go).',
      details: { runtime: 'go' },
    },
    {
      id: 'config.files',
      label: 'Config files',
      status: 'pass',
      message: 'Zero config file inputs are available for inspection.',
      details: { userConfigPath: '/tmp/zero-real-bMvwmQ/config/zero/config.json' },
    },
    {
      id: 'config.validation',
      label: 'Config validation',
      status: 'pass',
      message: 'Zero config files parsed and validated successfully.',
    },
    {
      id: 'provider.config',
      label: 'Provider config',
      status: 'pass',
      message: 'Provider config loaded for scripted.',
      details: {
        baseURL: 'http://127.0.0.1:40705/v1',
        credentialConfigured: 'set',
        model: 'scripted-1',
        name: 'scripted',
        provider: 'openai-compatible',
      },
    },
    {
      id: 'provider.model',
      label: 'Provider model',
      status: 'warn',
      message:
        'Custom openai-compatible model was not found in the Zero registry; runtime will pass it through to the configured provider. Run `zero doctor --connectivity` to validate the endpoint and auth.',
      details: { model: 'scripted-1', provider: 'scripted' },
    },
    {
      id: 'provider.connectivity',
      label: 'Provider connectivity',
      status: 'warn',
      message: 'Connectivity probe skipped. Run `zero doctor --connectivity` to probe the provider endpoint.',
      details: { baseURL: 'http://127.0.0.1:40705/v1' },
    },
    {
      id: 'sandbox.backend',
      label: 'Sandbox backend',
      status: 'warn',
      message: 'Native sandbox backend unavailable on linux: Linux sandbox helper is not available.',
      details: {
        backend: 'unavailable',
        downgradeReason: 'Linux sandbox helper is not available',
        platform: 'linux',
        supportLevel: 'unavailable',
      },
    },
    {
      id: 'lsp.servers',
      label: 'LSP servers',
      status: 'warn',
      message: '3 language server(s) missing from PATH; affected files degrade to text-only edits.',
      details: { present: { 'rust-analyzer': 'on PATH' } },
    },
  ],
});

export const DOCTOR_NO_PROVIDER = JSON.stringify({
  generatedAt: '2026-12-02T01:37:03Z',
  ok: false,
  checks: [
    {
      id: 'runtime.go',
      label: 'Go runtime',
      status: 'pass',
      message: 'Zero Go runtime is available (go).',
      details: { runtime: 'go' },
    },
    {
      id: 'config.files',
      label: 'Config files',
      status: 'warn',
      message: 'No explicit Zero config files were inspected.',
    },
    {
      id: 'provider.config',
      label: 'Provider config',
      status: 'fail',
      message: 'No LLM provider is configured.',
      details: { help: 'Set a provider in config or environment.' },
    },
    {
      id: 'provider.model',
      label: 'Provider model',
      status: 'warn',
      message: 'Model validity was skipped because provider config is unavailable.',
    },
    {
      id: 'sandbox.backend',
      label: 'Sandbox backend',
      status: 'warn',
      message: 'Native sandbox backend unavailable on linux: Linux sandbox helper is not available.',
      details: { backend: 'unavailable', platform: 'linux', supportLevel: 'unavailable' },
    },
  ],
});

export const PROVIDER_MODELS = JSON.stringify(
  { count: 1, models: [{ id: 'scripted-1' }], provider: 'scripted' },
  null,
  2,
);

/** `zero providers models --json` without a provider: exit 3, this on stderr. */
export const NO_ACTIVE_PROVIDER = '[zero] no active provider configured\n';
