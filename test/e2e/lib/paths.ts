// Where things live for the real-VS-Code tests. Everything a run writes goes under `.e2e/` (gitignored).
import * as path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const E2E_DIR = process.env.ZERO_E2E_DIR ?? path.join(REPO_ROOT, '.e2e');
export const SCREENSHOT_DIR = path.join(E2E_DIR, 'screenshots');
export const RUNS_DIR = path.join(E2E_DIR, 'runs');

/** The real Chromium binary; /usr/bin/chromium is a shell wrapper that adds flags (docs/testing-in-vscode.md, "Driving it"). */
export const CHROMIUM = process.env.ZERO_E2E_CHROMIUM ?? '/usr/lib/chromium/chromium';

/** The extension's id, `publisher.name` from package.json. */
export const EXTENSION_ID = 'zero-vscode.zero-vscode';

/** The fake `zero` CLI used by tests (env FAKE_ZERO_SCENARIO picks a scenario). */
export const FAKE_ZERO = path.join(REPO_ROOT, 'test', 'fixtures', 'fake-zero', 'zero');

/** The built extension-host mocha suite (see buildExtHostSuite.ts). */
export const EXTHOST_OUT = path.join(REPO_ROOT, 'out', 'test', 'exthost');
