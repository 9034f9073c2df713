/**
 * The chat core (ChatController) as the tests build it: chats stored in `dir`, every chat's turns on
 * `transport` (a FakeTransport unless given), a trusted workspace at /work/project, a RecordingLog.
 * Any other part of ChatsEnv can be given too; it replaces the default.
 */
import { ChatController } from '../../src/chats/chatController';
import type { ChatsEnv } from '../../src/chats/chatsEnv';
import type { Transport } from '../../src/conversation/transport';
import { ChatStore } from '../../src/storage/chatStore';
import { RecordingLog } from '../unit/shim/vscode';
import { FakeTransport } from '../unit/support/fakeTransport';

interface CoreParts extends Partial<ChatsEnv> {
  /** The transport of every chat; ignored when `transportFor` is given. */
  readonly transport?: Transport;
}

/** Where the chats live: a ChatStore in `dir`, or a store of the test's own (e.g. one it reopens). */
export type ChatCoreOptions = CoreParts & ({ readonly dir: string } | { readonly store: ChatStore });

export function chatCore(options: ChatCoreOptions): ChatController {
  const { transport, dir, store, ...env } = options as CoreParts & { dir?: string; store?: ChatStore };
  const runsOn = transport ?? new FakeTransport();
  return new ChatController(store ?? new ChatStore(dir!, () => undefined), {
    folder: () => '/work/project',
    trusted: () => true,
    transportFor: () => runsOn,
    log: new RecordingLog(),
    ...env,
  });
}
