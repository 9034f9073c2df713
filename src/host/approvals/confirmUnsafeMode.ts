/**
 * The question before a message goes over ACP in a mode that skips Zero's permission prompts: the
 * same modal, in the same words, as exec's unsafe mode (composerService), asked for every message.
 */
import * as vscode from 'vscode';

export async function confirmUnsafeAcpMode(modeName: string): Promise<boolean> {
  const ok = `Send in ${modeName} mode`;
  const picked = await vscode.window.showWarningMessage(
    `Send this message in ${modeName} mode?`,
    {
      modal: true,
      detail: `Zero's "${modeName}" mode runs with every permission prompt pre-approved: it may run any command, including destructive ones, without asking. This applies to this message only.`,
    },
    ok,
  );
  return picked === ok;
}
