/**
 * The transports, host side: exec and ACP, each a stand-in that loads the real one with its first turn, and each
 * wrapped so that an isolated chat's turns run in its worktree. A chat runs on the transport it started with; one
 * that has not run yet uses `zero.transport`.
 */
import * as vscode from 'vscode';
import { LazyAcpTransport } from '../../acp/acpLoader';
import type { AcpExit } from '../../acp/acpProcess';
import { chatTransport, type Chat } from '../../conversation/model';
import type { Transport } from '../../conversation/transport';
import { LazyExecTransport } from '../../zero/exec/execLoader';
import type { AcpPermissionDialogs } from '../approvals/acpPermissionDialog';
import { confirmUnsafeAcpMode } from '../approvals/confirmUnsafeMode';
import type { ChatLookup } from '../ports';
import { isolating } from '../worktrees/isolatedChats';
import { defaultTransport, readSettings } from '../workspace/settings';
import { otherFolders } from '../workspace/workspaceFolders';

export interface TransportsDeps {
  /** The controller's chats (a port: the controller is built on these transports). */
  readonly chats: ChatLookup;
  /** ACP's permission requests, answered in the approvals room's dialogs. */
  readonly dialogs: AcpPermissionDialogs;
  /** How far the chat store is behind: exec reads Zero's output no faster than it is saved. */
  readonly backlog: () => Promise<void> | undefined;
  readonly log: vscode.LogOutputChannel;
  /** This extension's version, which `zero acp` is told. */
  readonly version: string;
}

export function installTransports(d: TransportsDeps) {
  const trusted = (): boolean => vscode.workspace.isTrusted;
  const chat = (id: string): Chat | undefined => d.chats.wholeChat(id);
  const exec = new LazyExecTransport({
    settings: readSettings,
    otherFolders,
    trusted,
    log: d.log,
    backpressure: d.backlog,
  });
  const acp = new LazyAcpTransport({
    settings: readSettings,
    otherFolders,
    trusted,
    chat,
    ask: (request, signal, again) => d.dialogs.ask(request, signal, again),
    confirmUnsafe: (mode) => confirmUnsafeAcpMode(mode.name || mode.id),
    onIdleCrash: sayAcpCrashed,
    log: d.log,
    version: d.version,
  });
  const isolatedExec: Transport = isolating(exec, chat, trusted);
  const isolatedAcp: Transport = isolating(acp, chat, trusted);
  return {
    exec,
    acp,
    transportFor: (c: Chat): Transport => (chatTransport(c, defaultTransport()) === 'acp' ? isolatedAcp : isolatedExec),
  };
}

/** `zero acp` went while no turn ran: nothing in a chat says so, and the next message starts it again. */
function sayAcpCrashed(exit: AcpExit): void {
  const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code ?? 'unknown'}`;
  void vscode.window.showWarningMessage(
    `Zero (zero acp) ${how}. Your ACP chats are kept; the next message starts it again and continues the session.`,
  );
}
