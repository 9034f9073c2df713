/** Editor handlers for a ChatWebviewBinding under test: no composer, no editor. */
import type { ChatController } from '../../../src/chats/chatController';
import type { EditorHandlers } from '../../../src/host/views/chatWebviewBinding';

/** `send` sends the text as it is, `mentionQuery` finds nothing; any other editor message goes to `other`. */
export function plainEditor(
  controller: ChatController,
  other: (type: string) => void = () => undefined,
): EditorHandlers {
  const o = (msg: { type: string }): void => other(msg.type);
  return {
    send: (msg, view) => controller.send(msg.text, {}, view.chatId),
    mentionQuery: (msg, view) => view.reply({ type: 'mentionResults', requestId: msg.requestId, items: [] }),
    copy: o,
    insertAtCursor: o,
    openFile: o,
    showHistory: o,
    reviewApproval: o,
    manageApprovals: o,
    fixBinary: o,
    diagnose: o,
    trustWorkspace: o,
    chooseFolder: o,
    openDiff: o,
    undoTurn: o,
    openToolOutput: o,
    openSubagent: o,
    forkTurn: o,
    reviewFile: o,
    setTransport: o,
    setWorktree: o,
    worktree: o,
    setAcpMode: o,
    setAcpModel: o,
    setCurrentFile: o,
    providerModels: o,
    setupZero: o,
    exportChat: o,
    zeroInTerminal: o,
    spec: o,
  };
}
