/** Ask / Explain / Fix / Add Selection: the editor selection becomes (part of) a chat message. */
import * as vscode from 'vscode';
import {
  selectionBlock,
  selectionLabel,
  selectionPrompt,
  type SelectionIntent,
} from '../../conversation/prompts/selectionPrompt';
import type { ChatController } from '../../chats/chatController';
import { ASK, ATTACH, EXPLAIN, FIX } from './codeActions';
import { selectionContext } from '../composer/selectionContext';

export function registerSelectionCommands(
  controller: ChatController,
  reveal: () => Promise<void>,
): vscode.Disposable[] {
  const run = (intent: SelectionIntent) => async (): Promise<void> => {
    const ctx = selectionContext();
    if (!ctx) {
      void vscode.window.showInformationMessage('Open a file and select some code first.');
      return;
    }
    if (intent === 'attach') {
      controller.attachments.add(selectionLabel(ctx), ctx.languageId, selectionBlock(ctx));
      await reveal();
      return;
    }
    let words = '';
    if (intent === 'ask') {
      const asked = await vscode.window.showInputBox({
        title: `Ask Zero about ${selectionLabel(ctx)}`,
        placeHolder: 'What do you want to know or change?',
        ignoreFocusOut: true,
      });
      if (asked === undefined) return;
      words = asked;
    }
    await reveal();
    controller.send(selectionPrompt(ctx, intent, words));
  };
  return [
    vscode.commands.registerCommand(ASK, run('ask')),
    vscode.commands.registerCommand(EXPLAIN, run('explain')),
    vscode.commands.registerCommand(FIX, run('fix')),
    vscode.commands.registerCommand(ATTACH, run('attach')),
  ];
}
