/** The MCP room: Zero: MCP Servers, the servers Zero is configured with and their state. */
import * as vscode from 'vscode';
import type { RoomContext } from '../room';
import { readSettings } from '../workspace/settings';
import { activeFolder } from '../workspace/workspaceFolders';
import { showMcpServers } from './mcpServersPick';

export function installMcp({ controller, log }: RoomContext) {
  return {
    handlers: {},
    commands: [
      vscode.commands.registerCommand('zero.mcpServers', () =>
        showMcpServers({
          binary: controller.view.binary.path,
          env: readSettings().env,
          cwd: activeFolder(),
          trusted: vscode.workspace.isTrusted,
          log,
        }),
      ),
    ],
    disposables: [],
  };
}
