// The VSIX is installed once (per VSIX content and code-server binary) into .e2e/vsix-installed/, and
// each server gets a copy of that extensions folder: `code-server --install-extension` costs 1-6 s
// of a 2-core machine, and the UI suite starts a server per describe (docs/testing-in-vscode.md,
// "The VSIX, once").
import { spawnSync } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { E2E_DIR } from './paths';

function runInstall(bin: string, vsix: string, extensionsDir: string, env: Record<string, string>): void {
  const scratch = fs.mkdtempSync(path.join(path.dirname(extensionsDir), 'install-'));
  const config = path.join(scratch, 'code-server.yaml');
  fs.writeFileSync(config, ''); // empty: ~/.config/code-server is never read or written
  const r = spawnSync(
    bin,
    [
      '--config',
      config,
      '--extensions-dir',
      extensionsDir,
      '--user-data-dir',
      path.join(scratch, 'user-data'),
      '--install-extension',
      vsix,
      '--force',
    ],
    { encoding: 'utf8', env, timeout: 120_000 },
  );
  fs.rmSync(scratch, { recursive: true, force: true });
  if (r.status !== 0 || !/successfully installed/i.test(r.stdout + r.stderr)) {
    throw new Error(`installing ${vsix} failed (exit ${r.status}):\n${r.stdout}${r.stderr}`);
  }
}

/**
 * Puts the VSIX, installed, into `extensionsDir` (empty). Returns true when it was installed now,
 * false when an earlier install of the same VSIX was copied.
 */
export function installVsixInto(
  bin: string,
  vsix: string,
  extensionsDir: string,
  env: Record<string, string>,
): boolean {
  if (!fs.existsSync(vsix)) throw new Error(`VSIX not found: ${vsix} (run \`npm run package\`)`);
  const key = crypto.createHash('sha256').update(fs.readFileSync(vsix)).update(bin).digest('hex').slice(0, 16);
  const cacheRoot = path.join(E2E_DIR, 'vsix-installed', key);
  const cached = path.join(cacheRoot, 'extensions');
  let installedNow = false;
  if (!fs.existsSync(path.join(cached, 'extensions.json'))) {
    fs.rmSync(cacheRoot, { recursive: true, force: true });
    fs.mkdirSync(cached, { recursive: true });
    runInstall(bin, vsix, cached, env);
    installedNow = true;
  }
  fs.cpSync(cached, extensionsDir, { recursive: true });
  // extensions.json names each extension's folder by absolute path too: point it at the copy.
  const manifest = path.join(extensionsDir, 'extensions.json');
  fs.writeFileSync(manifest, fs.readFileSync(manifest, 'utf8').split(cached).join(extensionsDir));
  return installedNow;
}
