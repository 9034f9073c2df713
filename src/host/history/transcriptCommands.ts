/** "Open Transcript…" (a saved stream-json run, read-only) and "Export Chat as Markdown". */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { actionFromDecoded } from '../../conversation/actions';
import { chatToMarkdown } from '../../conversation/export/chatMarkdown';
import type { Chat } from '../../conversation/model';
import { newChat, reduceChat } from '../../conversation/reducer';
import { ZeroEventReader } from '../../protocol/eventStream';
import type { ChatController } from '../../chats/chatController';

/** A transcript file as a one-turn chat, with the same reader and reducer as live runs. */
export function transcriptChat(file: string, bytes: Uint8Array): Chat {
  const reader = new ZeroEventReader();
  let chat = reduceChat(
    newChat(`transcript-${path.basename(file)}`, Date.now(), `Transcript: ${path.basename(file)}`),
    {
      type: 'turn_started',
      turnId: 'transcript',
      prompt: '',
      origin: 'prompt',
      at: Date.now(),
    },
  );
  for (const d of [...reader.push(bytes), ...reader.end()]) chat = reduceChat(chat, actionFromDecoded(d));
  return { ...chat, title: `Transcript: ${path.basename(file)}` };
}

export function registerTranscriptCommands(
  controller: ChatController,
  reveal: () => Promise<void>,
): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('zero.openTranscript', async (uri?: vscode.Uri) => {
      const target =
        uri instanceof vscode.Uri
          ? uri
          : (
              await vscode.window.showOpenDialog({
                canSelectMany: false,
                filters: { 'Zero stream-json': ['jsonl', 'json', 'log'] },
                title: 'Open a Zero stream-json transcript',
              })
            )?.[0];
      if (!target) return;
      let bytes: Uint8Array;
      try {
        bytes = await vscode.workspace.fs.readFile(target);
      } catch (err) {
        void vscode.window.showErrorMessage(`Cannot read ${target.fsPath}: ${(err as Error).message}`);
        return;
      }
      controller.focus.openTranscript(transcriptChat(target.fsPath, bytes));
      await reveal();
    }),
    vscode.commands.registerCommand('zero.exportMarkdown', async () => {
      const chat = controller.focus.workingChatWhole;
      if (chat.turns.length === 0) {
        void vscode.window.showInformationMessage('This chat is empty: nothing to export.');
        return;
      }
      const name = `${
        chat.title
          .replace(/[^\w.-]+/g, '-')
          .replace(/^-+|-+$/g, '')
          .slice(0, 60) || 'zero-chat'
      }.md`;
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
      const target = await vscode.window.showSaveDialog({
        filters: { Markdown: ['md'] },
        ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, name) } : {}),
      });
      if (!target) return;
      await vscode.workspace.fs.writeFile(target, Buffer.from(chatToMarkdown(chat), 'utf8'));
      void vscode.window.showInformationMessage(`Exported the chat to ${vscode.workspace.asRelativePath(target)}.`);
    }),
  ];
}
