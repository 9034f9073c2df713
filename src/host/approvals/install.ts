/**
 * The approvals room: the modals for Zero's permission requests (exec's after the fact, ACP's while Zero waits),
 * the service that applies the user's answers, the rules "Always allow" stored, and Manage Approvals.
 */
import * as vscode from 'vscode';
import { ApprovalRules } from '../../chats/approvalRules';
import { RulesReader } from '../../zero/grants/grantRules';
import type { RoomContext, RoomHandlers } from '../room';
import { readSettings } from '../workspace/settings';
import { AcpPermissionDialogs } from './acpPermissionDialog';
import { hostFolderRules, rememberAddDir } from './addDirsSetting';
import { ApprovalDetails } from './approvalDetails';
import { askApproval, confirmUnsafe, pickGrantFolder } from './approvalDialog';
import { ApprovalService } from './approvalService';
import { manageApprovals } from './manageApprovals';

/** The dialogs, made before the transports: ACP asks through them. `disposables`: for composition.ts to order. */
export function approvalDialogs() {
  const details = new ApprovalDetails();
  const acp = new AcpPermissionDialogs(details);
  return { details, acp, disposables: [acp, details] };
}

export function installApprovals({ controller, log }: RoomContext, dialogs: { readonly details: ApprovalDetails }) {
  const binary = (): string | null => controller.view.binary.path;
  // The cards say which rule "Always allow" stored and why Zero asks again (exec here; ACP in AcpTransport).
  const rules = new ApprovalRules({
    controller,
    rules: new RulesReader(() => {
      const path = binary();
      return path ? { binary: path, env: readSettings().env } : null;
    }),
    log,
  });
  const service = new ApprovalService({
    controller,
    ui: {
      ask: (item, cls, args) => askApproval(item, cls, args, dialogs.details),
      confirmUnsafe,
      pickFolder: pickGrantFolder,
    },
    binary,
    env: () => readSettings().env,
    rememberDir: (dir) => rememberAddDir(dir),
    folderRules: hostFolderRules(),
    log,
    rules,
  });
  return {
    service,
    handlers: {
      reviewApproval: async (msg) => service.review(msg.turnId, msg.key),
      manageApprovals: () => vscode.commands.executeCommand('zero.manageApprovals'),
    } satisfies RoomHandlers,
    commands: [
      vscode.commands.registerCommand('zero.manageApprovals', () => manageApprovals(binary(), readSettings().env, log)),
    ],
    disposables: [rules, service],
  };
}
