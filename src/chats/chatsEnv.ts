/** What the chat core needs from the editor, injected so tests can drive it. Each part takes the Pick it uses. */
import type { ChatAction } from '../conversation/actions';
import type { Chat, TransportKind, Turn } from '../conversation/model';
import type { Transport, TransportLog } from '../conversation/transport';

export interface ChatsEnv {
  folder(): string | null;
  trusted(): boolean;
  /** `zero.transport`: what a new chat uses. */
  defaultTransport?(): TransportKind;
  /** The run output budget in characters (`zero.maxRunOutputMB`); absent: unlimited. */
  outputLimit?(): number;
  /** The transport a chat's turns run on. */
  transportFor(chat: Chat): Transport;
  /** What Zero recorded of a cut-off turn's open tool calls (turnRecovery.ts); absent: they stay unknown. */
  readCutOff?(chat: Chat, turn: Turn): Promise<ChatAction>;
  readonly log: TransportLog;
}
