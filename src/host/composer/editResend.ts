/**
 * Edit and resend the last message with Zero's own rewind: `zero sessions rewind <id> --sequence
 * <n> --exclude-target` drops that turn's user message (found by its time window, turnMessage.ts)
 * and everything after it from the session (and restores the files Zero changed since), so the edited message continues the session as if the old
 * one had never been sent. `--fork=` cannot help: it copies the whole session, old answer included.
 */
import * as vscode from 'vscode';
import type { Chat } from '../../conversation/model';
import { readSessionEvents, sessionsRoot } from '../../zero/sessions/checkpoints';
import { findZero, mergeEnv } from '../../zero';
import { rewindSession } from '../../zero/sessions/rewind';
import { turnUserMessage } from '../../zero/exec/turnMessage';
import type { ChatController } from '../../chats/chatController';
import { readSettings } from '../workspace/settings';

/**
 * Rewinds the session to before `turnId` (which must be the chat's last turn). False: do not send.
 * `releaseAcp`: for an ACP chat, makes `zero acp` drop its in-memory copy of the session (false: it
 * cannot now), so the edited message is answered from the rewound history.
 */
export async function rewindForEdit(
  controller: ChatController,
  turnId: string,
  log: vscode.LogOutputChannel,
  releaseAcp: (chat: Chat) => Promise<boolean>,
): Promise<boolean> {
  const chat = controller.focus.workingChat;
  const last = chat.turns[chat.turns.length - 1];
  if (!last || last.id !== turnId || controller.runs.isBusy(chat.id)) {
    void vscode.window.showWarningMessage('Only the last message can be edited, once Zero has finished with it.');
    return false;
  }
  // The message never reached a session (e.g. Zero was not found): nothing to rewind.
  if (!chat.sessionId || !last.run.sessionId) return true;
  const ok = 'Rewind and Resend';
  const acp = chat.transport === 'acp';
  const files = acp
    ? 'Over ACP Zero keeps no checkpoints, so files it changed are not restored.'
    : 'Files Zero changed since then are restored.';
  const picked = await vscode.window.showWarningMessage(
    'Edit and resend your last message?',
    {
      modal: true,
      detail: `Zero rewinds its session to before that message (zero sessions rewind): its answer leaves Zero's context. ${files} Then the edited message is sent.`,
    },
    ok,
  );
  if (picked !== ok) return false;
  if (acp && !(await releaseAcp(chat))) {
    void vscode.window.showWarningMessage(
      "Zero is answering in another ACP chat. Edit this message once it has finished: zero acp must reload this chat's session after the rewind.",
    );
    return false;
  }
  const settings = readSettings();
  const found = findZero({ configuredPath: settings.path });
  if (!found.ok) {
    void vscode.window.showErrorMessage(`Cannot rewind: ${found.reason}`);
    return false;
  }
  try {
    const env = mergeEnv(process.env, settings.env, process.platform === 'win32');
    const events = await readSessionEvents(sessionsRoot(env), last.run.sessionId);
    const message = turnUserMessage(events, last);
    if (!message) {
      // Zero never recorded this message, so its context has nothing of it: resending is enough.
      log.warn(`Zero session ${last.run.sessionId} holds no message of the edited turn; resending without a rewind.`);
      controller.chats.commit(chat.id, [
        {
          type: 'turn_undone',
          turnId,
          summary: "Edited and resent: Zero's session held nothing of this message.",
          at: Date.now(),
        },
      ]);
      return true;
    }
    const report = await rewindSession(found.path, last.run.sessionId, message.sequence, settings.env, {
      excludeTarget: true,
    });
    log.info(
      `Rewound ${last.run.sessionId} before sequence ${message.sequence} to edit the last message: ${report.filesRestored} restored, ${report.filesDeleted} deleted.`,
    );
    const files = report.filesRestored + report.filesDeleted;
    const summary = `Edited and resent: Zero's session was rewound to before this message${files > 0 ? ` (${report.filesRestored} file(s) restored, ${report.filesDeleted} deleted)` : ''}.`;
    controller.chats.commit(chat.id, [{ type: 'turn_undone', turnId, summary, at: Date.now() }]);
    return true;
  } catch (err) {
    void vscode.window.showErrorMessage(`Could not rewind Zero's session: ${(err as Error).message}`);
    return false;
  }
}
