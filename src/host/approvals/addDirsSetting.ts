/**
 * The folders "Always allow" saved in the user's `zero.addDirs`: add one (only if it passes the
 * same rules the dialog offered) and remove one ("Zero: Manage Approvals"). User settings only:
 * a workspace value is never read (settingsSources.ts), so it is never written either.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { checkGrantFolder, type FolderRules } from '../../approvals/grantFolder';

export function hostFolderRules(): FolderRules {
  const realpath = (p: string): string | null => {
    try {
      return fs.realpathSync.native(p);
    } catch {
      return null;
    }
  };
  return {
    home: os.homedir(),
    path,
    caseInsensitive: process.platform === 'win32' || process.platform === 'darwin',
    realpath,
  };
}

export function savedAddDirs(): string[] {
  const v = vscode.workspace.getConfiguration('zero').inspect<unknown>('addDirs')?.globalValue;
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

export async function rememberAddDir(dir: string, rules: FolderRules = hostFolderRules()): Promise<void> {
  const check = checkGrantFolder(dir, rules);
  if (!check.ok) throw new Error(`Not saving ${dir} in "zero.addDirs": ${check.reason}`);
  const dirs = savedAddDirs();
  if (!dirs.includes(check.folder)) {
    await vscode.workspace
      .getConfiguration('zero')
      .update('addDirs', [...dirs, check.folder], vscode.ConfigurationTarget.Global);
  }
  void vscode.window.showInformationMessage(
    `Zero may now read and write in ${check.folder} in every run (saved in "zero.addDirs" in your user settings). Revoke it with "Zero: Manage Approvals".`,
  );
}

export async function forgetAddDir(dir: string): Promise<void> {
  const dirs = savedAddDirs();
  await vscode.workspace.getConfiguration('zero').update(
    'addDirs',
    dirs.filter((d) => d !== dir),
    vscode.ConfigurationTarget.Global,
  );
}
