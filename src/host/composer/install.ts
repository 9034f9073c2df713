/**
 * The composer room: what the user writes and sends (mentions, the current file, images, the mode, model and
 * provider picks), the header's transport and ACP session pickers, and Zero's setup when no provider is set.
 */
import * as vscode from 'vscode';
import type { LazyAcpTransport } from '../../acp/acpLoader';
import { execChoices } from '../../chats/composerChoices';
import type { RoomContext, RoomHandlers } from '../room';
import { defaultTransport, readSettings } from '../workspace/settings';
import { activeFolder } from '../workspace/workspaceFolders';
import { acpSessionPicks } from './acpSessionPicks';
import { ComposerService } from './composerService';
import { SETUP_COMMAND } from './setupInTerminal';

export function installComposer(
  { controller, log, extension }: RoomContext,
  acp: Pick<LazyAcpTransport, 'releaseSession' | 'setMode' | 'setModel'>,
) {
  const trusted = (): boolean => vscode.workspace.isTrusted;
  const service = new ComposerService({
    controller,
    state: extension.workspaceState,
    folder: activeFolder,
    choices: execChoices(
      () => controller.view.binary.path,
      () => readSettings().env,
      () => readSettings().autonomy,
      { folder: activeFolder, trusted },
    ),
    defaultTransport,
    releaseAcpSession: (chat) => acp.releaseSession(chat),
    log,
  });
  const picks = acpSessionPicks(controller, acp);
  return {
    service,
    handlers: {
      send: (msg) =>
        service.send(msg.text, msg.options).catch((err: unknown) => log.error(`Sending failed: ${String(err)}`)),
      mentionQuery: (msg, view) =>
        service.search(msg.query).then(
          (items) => view.reply({ type: 'mentionResults', requestId: msg.requestId, items }),
          (err: unknown) => log.error(`@-mention search failed: ${String(err)}`),
        ),
      setCurrentFile: (msg) => service.setCurrentFile(msg.on),
      providerModels: (msg) => service.loadProviderModels(msg.provider),
      setupZero: () => vscode.commands.executeCommand(SETUP_COMMAND),
      setTransport: (msg) => controller.runs.setTransport(controller.focus.workingChatId, msg.transport),
      setAcpMode: (msg) => picks.setAcpMode(msg.mode),
      setAcpModel: (msg) => picks.setAcpModel(msg.model),
    } satisfies RoomHandlers,
    // The composer registers its own command (Zero's setup in a terminal): it reads the lists again after.
    commands: [],
    disposables: [service],
  };
}
