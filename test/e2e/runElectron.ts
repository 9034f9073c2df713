// Runs the same extension-host suite (test/e2e/exthost) under @vscode/test-electron, in a desktop
// VS Code: the one named by ZERO_VSCODE_EXECUTABLE, or the version ZERO_VSCODE_VERSION names
// (`stable`, `1.100.0`…), which test-electron downloads into .vscode-test/ (CI does this). There is
// neither on these machines (code-server is server + web only, and the download needs
// update.code.visualstudio.com), so without both this skips with one clear line and exit code 0.
//
//   ZERO_VSCODE_VERSION=1.100.0 xvfb-run -a npx tsx test/e2e/runElectron.ts     (Linux needs a display)
//   ZERO_VSCODE_EXECUTABLE=/usr/share/code/code npx tsx test/e2e/runElectron.ts
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ExtHostResults } from './exthost/index';

async function main(): Promise<number> {
  const executable = process.env.ZERO_VSCODE_EXECUTABLE;
  const version = process.env.ZERO_VSCODE_VERSION;
  if (!executable && !version) {
    console.log(
      'skipped: @vscode/test-electron needs a desktop VS Code (set ZERO_VSCODE_EXECUTABLE, or ZERO_VSCODE_VERSION to download one); none on this machine',
    );
    return 0;
  }
  // Loaded only when needed, so the skip is instant.
  const { runTests } = await import('@vscode/test-electron');
  const { BASE_SETTINGS, buildDevExtension, buildExtHostSuite, E2E_DIR, REPO_ROOT, RUNS_DIR } = await import('./lib');
  const t0 = Date.now();
  buildDevExtension();
  const index = await buildExtHostSuite();
  const root = path.join(RUNS_DIR, 'electron');
  fs.rmSync(root, { recursive: true, force: true });
  const dirs = {
    userData: path.join(root, 'user-data'),
    extensions: path.join(root, 'extensions'),
    workspace: path.join(root, 'workspace'),
    xdgData: path.join(root, 'xdg-data'),
  };
  for (const d of Object.values(dirs)) fs.mkdirSync(d, { recursive: true });
  fs.mkdirSync(path.join(dirs.userData, 'User'), { recursive: true });
  fs.writeFileSync(path.join(dirs.userData, 'User', 'settings.json'), JSON.stringify(BASE_SETTINGS, null, 2));
  fs.writeFileSync(path.join(dirs.workspace, 'hello.txt'), 'Hello from the Zero e2e workspace.\n');
  const resultsFile = path.resolve(process.env.ZERO_E2E_RESULTS ?? path.join(E2E_DIR, 'electron-results.json'));
  fs.rmSync(resultsFile, { force: true });

  let code = 0;
  try {
    code = await runTests({
      ...(executable ? { vscodeExecutablePath: executable } : { version: version! }),
      extensionDevelopmentPath: REPO_ROOT,
      extensionTestsPath: index,
      extensionTestsEnv: {
        ZERO_E2E_RESULTS: resultsFile,
        XDG_DATA_HOME: dirs.xdgData,
        ZERO_SANDBOX_GRANTS_PATH: path.join(root, 'grants.json'),
        FAKE_ZERO_RECORD: path.join(root, 'zero-record.jsonl'),
      },
      launchArgs: [
        dirs.workspace,
        `--user-data-dir=${dirs.userData}`,
        `--extensions-dir=${dirs.extensions}`,
        '--disable-extensions',
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
        '--disable-gpu',
      ],
    });
  } catch (err) {
    console.error(`electron: ${(err as Error).message}`);
    code = 1;
  }
  const results = fs.existsSync(resultsFile)
    ? (JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as ExtHostResults)
    : undefined;
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (!results) {
    console.log(`electron: no results at ${resultsFile}; 0 passed, 1 failed (${seconds} s)`);
    return 1;
  }
  console.log(
    `electron: ${results.passes} passed, ${results.failures} failed (VS Code ${executable ?? version}, ${seconds} s)`,
  );
  return code === 0 && results.failures === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(`electron: ${err.stack ?? err.message}`);
    process.exit(1);
  },
);
