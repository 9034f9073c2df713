/**
 * Show Chat History: the chats of this workspace and the Zero sessions started in a terminal
 * here, grouped by date. Typing filters by title (VS Code's own filter) and, after a pause, by
 * what was said (prompts and answers): those chats stay listed with an excerpt. Each row has
 * Rename, Copy Session ID, Continue in Terminal and Delete buttons as they apply.
 */
import * as vscode from 'vscode';
import { activityWords } from '../../conversation/readouts/chatActivity';
import { dateGroup } from '../../conversation/readouts/historyGroups';
import type { ChatSummary } from '../../messages/protocol';
import { listSessions, resumableHere, type ZeroSession } from '../../zero';
import type { ChatController } from '../../chats/chatController';
import { continueInTerminal } from './continueInTerminal';
import { readSettings } from '../workspace/settings';
import { activeFolder } from '../workspace/workspaceFolders';

const SEARCH_DELAY_MS = 200;

type Entry =
  | { readonly kind: 'chat'; readonly chat: ChatSummary }
  | { readonly kind: 'session'; readonly session: ZeroSession }
  | { readonly kind: 'notice'; readonly problem: string };

interface Item extends vscode.QuickPickItem {
  readonly entry?: Entry;
}

const buttons = {
  rename: { iconPath: new vscode.ThemeIcon('edit'), tooltip: 'Rename chat' },
  copy: { iconPath: new vscode.ThemeIcon('copy'), tooltip: 'Copy session ID' },
  terminal: { iconPath: new vscode.ThemeIcon('terminal'), tooltip: 'Continue in Terminal' },
  delete: { iconPath: new vscode.ThemeIcon('trash'), tooltip: 'Delete chat' },
  tab: { iconPath: new vscode.ThemeIcon('link-external'), tooltip: 'Open in Editor' },
} satisfies Record<string, vscode.QuickInputButton>;

/** Where the picked chat opens (default: the sidebar), and the rows' "Open in Editor" (a tab of its own). */
export interface HistoryOpeners {
  readonly open?: (chatId: string) => unknown;
  readonly openInTab?: (chatId: string) => unknown;
}

export async function showHistory(controller: ChatController, openers: HistoryOpeners = {}): Promise<void> {
  const folder = activeFolder();
  const pick = vscode.window.createQuickPick<Item>();
  pick.placeholder = 'Search chats by title or by what was said; Zero sessions from the terminal are marked';
  pick.matchOnDescription = false;
  pick.keepScrollPosition = true;
  let sessions: readonly ZeroSession[] | null = null;
  let sessionsProblem: string | null = null;
  const hits = new Map<string, string | null>();
  let searched = '';
  let timer: NodeJS.Timeout | undefined;

  const render = (): void => {
    const chats = controller.viewState().history;
    // A deleted chat's session stays in Zero's store: it is not offered again as a terminal session.
    const known = new Set([
      ...chats.flatMap((c) => (c.sessionId ? [c.sessionId] : [])),
      ...controller.chats.hiddenSessions(),
    ]);
    const terminal = sessions && folder ? resumableHere(sessions, folder, known) : [];
    const entries: { readonly at: number; readonly entry: Entry }[] = [
      ...chats.map((chat) => ({ at: chat.updatedAt, entry: { kind: 'chat', chat } as const })),
      ...terminal.map((session) => ({ at: session.updatedAt, entry: { kind: 'session', session } as const })),
    ].sort((a, b) => b.at - a.at);
    const now = Date.now();
    const items: Item[] = [];
    let group = '';
    for (const { at, entry } of entries) {
      const g = dateGroup(at, now);
      if (g !== group) items.push({ label: g, kind: vscode.QuickPickItemKind.Separator });
      group = g;
      if (entry.kind === 'chat') items.push(chatItem(entry.chat, hits, searched));
      else if (entry.kind === 'session') items.push(sessionItem(entry.session));
    }
    if (sessionsProblem)
      items.push({
        label: '$(warning) Terminal sessions are not listed',
        detail: sessionsProblem,
        alwaysShow: true,
        entry: { kind: 'notice', problem: sessionsProblem },
      });
    pick.items = items;
  };

  pick.onDidChangeValue((value) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      searched = value;
      hits.clear();
      render();
      if (!value.trim()) return;
      pick.busy = true;
      let pending: NodeJS.Timeout | undefined;
      void controller.historySearch
        .search(value, controller.viewState().history, (hit) => {
          hits.set(hit.id, hit.excerpt);
          pending ??= setTimeout(() => {
            pending = undefined;
            render();
          }, 50);
        })
        .then((finished) => {
          if (!finished) return;
          if (pending) clearTimeout(pending);
          render();
          pick.busy = false;
        });
    }, SEARCH_DELAY_MS);
  });

  pick.onDidTriggerItemButton(async (e) => {
    const entry = e.item.entry;
    if (!entry || entry.kind === 'notice') return;
    const sessionId = entry.kind === 'chat' ? entry.chat.sessionId : entry.session.sessionId;
    const title = entry.kind === 'chat' ? entry.chat.title : entry.session.title;
    if (e.button === buttons.copy && sessionId) {
      await vscode.env.clipboard.writeText(sessionId);
      void vscode.window.showInformationMessage(`Copied the Zero session ID ${sessionId}.`);
    } else if (e.button === buttons.terminal && sessionId) {
      pick.hide();
      continueInTerminal(sessionId, title, folder);
    } else if (e.button === buttons.delete && entry.kind === 'chat') {
      controller.deleteChat(entry.chat.id);
      render();
    } else if (e.button === buttons.tab && entry.kind === 'chat') {
      pick.hide();
      void openers.openInTab?.(entry.chat.id);
    } else if (e.button === buttons.rename && entry.kind === 'chat') {
      pick.hide();
      await renameChat(controller, entry.chat.id, entry.chat.title);
    }
  });
  pick.onDidAccept(() => {
    const entry = pick.selectedItems[0]?.entry;
    if (!entry) return;
    if (entry.kind === 'notice') {
      void vscode.commands.executeCommand('zero.showLog');
    } else if (entry.kind === 'chat') {
      if (openers.open) void openers.open(entry.chat.id);
      else controller.openChat(entry.chat.id);
    } else {
      controller.focus.continueSession(entry.session.sessionId, entry.session.title);
      void vscode.commands.executeCommand('zero.focus');
    }
    pick.hide();
  });
  pick.onDidHide(() => {
    if (timer) clearTimeout(timer);
    controller.historySearch.cancel();
    pick.dispose();
  });

  render();
  pick.show();
  const binary = controller.view.binary.path;
  if (!binary || !folder) return;
  pick.busy = true;
  const listed = await listSessions(binary, readSettings().env);
  if (listed.ok) sessions = listed.sessions;
  else sessionsProblem = listed.problem;
  pick.busy = false;
  render();
}

/** Asks for the chat's new name and applies it. */
export async function renameChat(controller: ChatController, chatId: string, title: string): Promise<void> {
  const name = await vscode.window.showInputBox({
    title: 'Rename Zero chat',
    value: title,
    // Zero 0.8 has no command that renames a session (docs/zero-exec.md §20): say so rather than imply it.
    prompt: "The name shown in the chat header and the history. Zero's own session keeps its first title.",
    validateInput: (v) => (v.trim() ? null : 'A name cannot be empty.'),
  });
  if (name === undefined) return;
  if (!controller.chats.renameChat(chatId, name))
    void vscode.window.showWarningMessage('That chat could not be renamed: it is no longer in the history.');
}

function chatItem(chat: ChatSummary, hits: ReadonlyMap<string, string | null>, query: string): Item {
  const found = hits.has(chat.id);
  const excerpt = hits.get(chat.id);
  return {
    label: chat.title || 'Untitled chat',
    // What the chat is doing now (running, waiting for approval, finished and unread) comes first.
    description: [
      chat.activity ? activityWords(chat.activity) : '',
      `${chat.turns} turn${chat.turns === 1 ? '' : 's'}`,
      when(chat.updatedAt),
    ]
      .filter(Boolean)
      .join(' · '),
    // A chat found by what was said stays listed whatever VS Code's title filter thinks.
    ...(found
      ? { alwaysShow: true, detail: excerpt ? `$(search) ${excerpt}` : `$(search) "${query.trim()}" in the title` }
      : {}),
    buttons: chat.sessionId
      ? [buttons.tab, buttons.rename, buttons.copy, buttons.terminal, buttons.delete]
      : [buttons.tab, buttons.rename, buttons.delete],
    entry: { kind: 'chat', chat },
  };
}

function sessionItem(session: ZeroSession): Item {
  return {
    label: `$(terminal) ${session.title || session.sessionId}`,
    description: `terminal session · ${when(session.updatedAt)}`,
    detail: 'Started outside VS Code. Open it to continue it here.',
    buttons: [buttons.copy, buttons.terminal],
    entry: { kind: 'session', session },
  };
}

function when(at: number): string {
  return at > 0 ? new Date(at).toLocaleString() : 'unknown time';
}
