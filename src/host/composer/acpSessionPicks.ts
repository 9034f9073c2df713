/** The header's mode and model pickers of an ACP chat: recorded in the chat, sent to its `zero acp` session. */
import * as vscode from 'vscode';
import type { AcpTransport } from '../../acp/acpTransport';

type SessionPicks = Pick<AcpTransport, 'setMode' | 'setModel'>;
import type { ChatController } from '../../chats/chatController';
import type { ChatAction } from '../../conversation/actions';
import { restrictedModeAllows } from '../workspace/restrictedMode';

export interface AcpSessionPicks {
  setAcpMode(mode: string): Promise<void>;
  setAcpModel(model: string): Promise<void>;
}

export function acpSessionPicks(controller: ChatController, acp: SessionPicks): AcpSessionPicks {
  const failed = (what: string) => (err: unknown) =>
    void vscode.window.showWarningMessage(`Zero did not switch to ${what}: ${String((err as Error)?.message ?? err)}`);
  return {
    async setAcpMode(mode) {
      const chat = controller.focus.workingChat;
      if (!restrictedModeAllows(mode)) return;
      const record = (a: ChatAction): void => controller.chats.commit(chat.id, [a]);
      await acp.setMode(chat, mode, record).catch(failed(mode));
    },
    async setAcpModel(model) {
      const chat = controller.focus.workingChat;
      controller.chats.commit(chat.id, [{ type: 'acp_model', model }]);
      await acp.setModel(chat, model).catch(failed(model));
    },
  };
}
