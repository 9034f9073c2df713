/** The modal for one permission request: thin, the decisions live in approvals/policy. */
import * as vscode from 'vscode';
import { pickTarget, type Choice, type Classified } from '../approvals/policy';
import type { PermissionItem } from '../conversation/model';

const LABELS: Record<Choice, string> = { 'allow-once': 'Allow once', 'always-allow': 'Always allow', deny: 'Deny' };

/** Esc, Cancel or closing the dialog count as Deny. */
export async function askApproval(item: PermissionItem, cls: Classified, args: unknown): Promise<Choice> {
  const detail = describe(item, cls, args);
  if (cls.choices.length <= 1) {
    await vscode.window.showWarningMessage(`Zero's ${item.name} call cannot be approved from VS Code`, { modal: true, detail });
    return 'deny';
  }
  const buttons = cls.choices.map((c) => LABELS[c]);
  const picked = await vscode.window.showWarningMessage(`Allow Zero to use ${item.name}?`, { modal: true, detail }, ...buttons);
  return cls.choices.find((c) => LABELS[c] === picked) ?? 'deny';
}

/** A second, explicit warning before a turn runs in unsafe mode. */
export async function confirmUnsafe(item: PermissionItem, args: unknown): Promise<boolean> {
  const target = item.block?.path ?? pickTarget(args) ?? item.name;
  const ok = 'Run once in unsafe mode';
  const picked = await vscode.window.showWarningMessage(
    'Run Zero once in unsafe mode?',
    {
      modal: true,
      detail: `To allow "${target}", Zero must rerun this task with permissions skipped. During that one run it may run any command, including destructive ones, without asking.`,
    },
    ok,
  );
  return picked === ok;
}

/** "Always allow" outside the workspace: the exact folder to save, narrowest first (the default). */
export async function pickGrantFolder(file: string, choices: readonly string[]): Promise<string | undefined> {
  const items = choices.map((folder, i) => ({
    label: folder,
    description: i === 0 ? 'the folder of the file (narrowest)' : `${i} level${i === 1 ? '' : 's'} up`,
  }));
  const picked = await vscode.window.showQuickPick(items, {
    title: `Always allow Zero to write in which folder? (for ${file})`,
    placeHolder: 'Saved in "zero.addDirs" in your user settings; Zero may read and write everything in it. Esc = Deny.',
    ignoreFocusOut: true,
  });
  return picked?.label;
}

export function describe(item: PermissionItem, cls: Classified, args: unknown): string {
  const lines: string[] = [];
  const target = pickTarget(args);
  if (target) lines.push(`What: ${target}`);
  if (item.block?.path && item.block.path !== target) lines.push(`Path: ${item.block.path}`);
  if (item.sideEffect) lines.push(`Side effect: ${item.sideEffect}`);
  if (item.risk?.level) lines.push(`Risk: ${item.risk.level}${item.risk.categories?.length ? ` (${item.risk.categories.join(', ')})` : ''}`);
  if (item.block?.code) lines.push(`Sandbox block: ${item.block.code}`);
  if (item.reason) lines.push(`Reason: ${item.reason}`);
  lines.push('');
  lines.push('Zero has already refused this call (headless runs cannot wait). If you allow it, Zero retries it in a follow-up run when the current run ends.');
  if (cls.note) lines.push('', cls.note);
  return lines.join('\n');
}
