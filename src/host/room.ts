/**
 * What a room of host/ gives composition.ts: its share of the chat view's messages, its commands and what it
 * owns. composition.ts merges the rooms' handlers with disjoint(), so a message type two rooms claim does not
 * compile, and checks the whole map with `satisfies EditorHandlers`, so a type no room answers does not either.
 */
import type * as vscode from 'vscode';
import type { ChatController } from '../chats/chatController';
import type { ChatViews } from './ports';
import type { EditorHandlers } from './views/chatWebviewBinding';

/** What every room is built on. */
export interface RoomContext {
  readonly controller: ChatController;
  readonly log: vscode.LogOutputChannel;
  readonly extension: Pick<vscode.ExtensionContext, 'extensionUri' | 'workspaceState'>;
  /** The sidebar and the editor tabs: a port, since they are built last, on the rooms' handlers. */
  readonly views: ChatViews;
  /** Gives the extension what a room makes later (a provider registered on first use). */
  register(d: vscode.Disposable): void;
}

/** Some of the chat view's messages, each answered as EditorHandlers says. */
export type RoomHandlers = Partial<EditorHandlers>;

export interface Installed<H extends RoomHandlers = RoomHandlers> {
  /** The chat view's messages this room answers. */
  readonly handlers: H;
  /** Its palette, menu and keybinding commands, registered. */
  readonly commands: readonly vscode.Disposable[];
  /** What it built and owns, disposed with the extension in this order. */
  readonly disposables: readonly vscode.Disposable[];
}

type HandlersOf<T extends readonly Installed[]> = { readonly [I in keyof T]: T[I]['handlers'] };

type KeysOf<T extends readonly object[]> = T[number] extends infer U ? (U extends object ? keyof U : never) : never;

/** The keys that two of `T`'s parts both have. */
export type Shared<T extends readonly object[]> = T extends readonly [
  infer H extends object,
  ...infer R extends readonly object[],
]
  ? (keyof H & KeysOf<R>) | Shared<R>
  : never;

type Merged<T extends readonly object[]> = T extends readonly [infer H, ...infer R extends readonly object[]]
  ? H & Merged<R>
  : unknown;

/**
 * The rooms' handlers in one map. A message type that two rooms answer is a compile error that names it
 * (`handledTwice`): each type is one room's, where a spread would silently keep the last room's handler.
 */
export function disjoint<const T extends readonly Installed[]>(
  ...rooms: T & ([Shared<HandlersOf<T>>] extends [never] ? unknown : { readonly handledTwice: Shared<HandlersOf<T>> })
): Merged<HandlersOf<T>> {
  return Object.assign({}, ...rooms.map((r) => r.handlers)) as Merged<HandlersOf<T>>;
}
