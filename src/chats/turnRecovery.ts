/**
 * After a turn was cut off (conversation/cutOff.ts), reads what Zero recorded of its open tool calls and
 * records it in the chat, once per turn: right after a Zero that died in this window, or when a chat cut
 * off by a reload or a stopped extension host is next loaded (by then that Zero is gone, so its record is
 * final). The reading itself is the host's (ChatsEnv.readCutOff: exec's session store); without it, and
 * for ACP (which records nothing), the calls stay `unknown` with why.
 */
import type { ChatAction } from '../conversation/actions';
import type { Chat, Turn } from '../conversation/model';
import { currentTurn } from '../conversation/reducer';
import type { ChatsEnv } from './chatsEnv';

export interface RecoveryChats {
  /** The chat as held (a big chat's latest turns will do: only its last turn is read). */
  heldChat(chatId: string): Chat | undefined;
  /** Records the reading and saves it now. */
  commit(chatId: string, actions: readonly ChatAction[]): void;
}

export class TurnRecovery {
  /** Turns being read now, so a chat loaded twice meanwhile is read once. */
  private readonly reading = new Set<string>();

  constructor(
    private readonly chats: RecoveryChats,
    private readonly env: Pick<ChatsEnv, 'readCutOff' | 'log'>,
  ) {}

  /** Reads Zero's record when the chat's last turn was cut off and has not been checked yet. */
  check(chatId: string): void {
    const chat = this.chats.heldChat(chatId);
    const turn = chat && currentTurn(chat);
    const read = this.env.readCutOff;
    if (!chat || !turn || !needsCheck(turn) || !read || this.reading.has(turn.id)) return;
    this.reading.add(turn.id);
    read(chat, turn)
      .then((action) => this.chats.commit(chatId, [action]))
      .catch((err: unknown) =>
        this.env.log.error(
          `Could not read what Zero recorded of the cut-off turn: ${err instanceof Error ? err.message : String(err)}`,
        ),
      )
      .finally(() => this.reading.delete(turn.id));
  }
}

function needsCheck(turn: Turn): boolean {
  return turn.cutOff !== undefined && !turn.cutOff.checked && turn.cutOff.sessionId !== null;
}
