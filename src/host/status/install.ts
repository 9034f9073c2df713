/** The status room: the status bar item, and the notification when a chat the user cannot see finishes or waits. */
import type { AcpPermissionDialogs } from '../approvals/acpPermissionDialog';
import type { ApprovalService } from '../approvals/approvalService';
import type { RoomContext } from '../room';
import { AttentionNotifier } from './attentionNotifier';
import { ZeroStatusBar } from './statusBar';

export function installStatus(
  { controller, views }: RoomContext,
  approvals: ApprovalService,
  acpDialogs: AcpPermissionDialogs,
) {
  const attention = new AttentionNotifier({
    controller,
    // Its tab or the sidebar, if one shows it; else the sidebar, opened on it.
    show: async (chatId) => {
      const surface = controller.surfaces.showing(chatId)[0];
      if (surface) return surface.reveal();
      await views.showInSidebar(chatId);
    },
  });
  const statusBar = new ZeroStatusBar(controller, approvals, acpDialogs);
  return { statusBar, handlers: {}, commands: [], disposables: [attention, statusBar] };
}
