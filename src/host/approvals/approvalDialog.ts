/** The modal for one permission request: thin, the decisions live in approvals/policy. */
import * as vscode from 'vscode';
import { describeExecApproval } from '../../approvals/execApprovalText';
import { pickTarget, type Choice, type Classified } from '../../approvals/policy';
import { oneLine } from '../../approvals/visibleText';
import type { PermissionItem } from '../../conversation/model';
import type { ApprovalDetails } from './approvalDetails';

const LABELS: Record<Choice, string> = { 'allow-once': 'Allow once', 'always-allow': 'Always allow', deny: 'Deny' };

const SHOW_DETAILS = 'Show details…';

/** Esc, Cancel or closing the dialog count as Deny. When the detail is cut, "Show details…" opens all of it and asks again. */
export async function askApproval(
  item: PermissionItem,
  cls: Classified,
  args: unknown,
  details: ApprovalDetails,
): Promise<Choice> {
  const text = describeExecApproval(item, cls, args);
  const more = text.cut ? [SHOW_DETAILS] : [];
  const detail = text.cut
    ? `${text.detail}\n\nSome of it is cut here: "${SHOW_DETAILS}" opens all of it.`
    : text.detail;
  for (;;) {
    if (cls.choices.length <= 1) {
      const picked = await vscode.window.showWarningMessage(
        `Zero's ${item.name} call cannot be approved from VS Code`,
        { modal: true, detail },
        ...more,
      );
      if (picked !== SHOW_DETAILS) return 'deny';
    } else {
      const buttons = cls.choices.map((c) => LABELS[c]);
      const picked = await vscode.window.showWarningMessage(
        `Allow Zero to use ${item.name}?`,
        { modal: true, detail },
        ...buttons,
        ...more,
      );
      if (picked !== SHOW_DETAILS) return cls.choices.find((c) => LABELS[c] === picked) ?? 'deny';
    }
    // Zero has already refused the call: nothing waits on the answer, so reading takes as long as it takes.
    await details.untilRead(
      item.name,
      text.full,
      'Your answer is still to give: Zero stopped at this call, and the chat asks it to retry once you allow it.',
    );
  }
}

/** A second, explicit warning before a turn runs in unsafe mode. */
export async function confirmUnsafe(item: PermissionItem, args: unknown): Promise<boolean> {
  const target = oneLine(item.block?.path ?? pickTarget(args) ?? item.name).text;
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
