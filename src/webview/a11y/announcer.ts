/**
 * A polite live region for screen-reader users: Zero started, each finished block of the answer
 * (never token by token), the plan's steps as they change, the model's questions, an approval waiting, an error, Zero
 * finished or stopped. What is already
 * on screen when a snapshot arrives (a reopened chat, a reloaded view) only sets the baseline.
 */
import type { Chat, PermissionItem, PlanEntry, Turn, TurnItem } from '../../conversation/model';
import { planSpoken } from '../../conversation/planChecklist';
import { ASK_TOOL, askFromArgs } from '../../conversation/askUser';
import { ruleLines } from '../../conversation/permissionRules';
import { RUNNING_STATUSES } from '../../conversation/model';
import { currentTurn } from '../../conversation/reducer';
import { resumeOffer } from '../../conversation/cutOff';
import { h } from '../dom';
import { MarkdownBlocks } from '../markdown/incremental';
import { statusLabel } from '../transcript/format';
import { spokenText } from './spokenText';
import { appendedSince } from '../markdown/textGrowth';

type Phase = 'idle' | 'running' | 'ending' | 'done';

/** How much of one text item has been announced. */
interface TextProgress {
  item: TurnItem | null;
  readonly blocks: MarkdownBlocks;
  /** Finished blocks announced so far. */
  said: number;
  tailSaid: boolean;
}

let active: ((text: string) => void) | null = null;

/** Says `text` in the view's live region (e.g. "Copied to the clipboard"). */
export function announce(text: string): void {
  active?.(text);
}

export class Announcer {
  readonly el = h('div', { class: 'sr-only', attrs: { role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' } });
  private last: { chatId: string; turnId: string | null; phase: Phase } | null = null;
  private readonly texts = new Map<number, TextProgress>();
  private readonly approvals = new Set<string>();
  /** Cut-off turns already announced (cutOff). */
  private readonly cutOffSaid = new Set<string>();
  /** Cards whose rule or "asked again" note was said (they arrive after the card, read back from Zero). */
  private readonly ruleNotes = new Set<string>();
  private itemsSeen = 0;
  /** ask_user cards already said. */
  private readonly asked = new Set<string>();
  /** The plan as last said (planSpoken says what changed since). */
  private planSaid: readonly PlanEntry[] | null = null;

  constructor() {
    active = (text) => this.say(text);
  }

  /** Announce what changed in the current turn; `baseline` (a snapshot) only records it. */
  update(chat: Chat, baseline: boolean): void {
    const turn = currentTurn(chat);
    const now = { chatId: chat.id, turnId: turn?.id ?? null, phase: phaseOf(turn) };
    const prev = this.last;
    this.last = now;
    const sameTurn = prev !== null && prev.chatId === now.chatId && prev.turnId === now.turnId;
    if (!sameTurn || baseline) {
      this.texts.clear();
      this.approvals.clear();
      this.ruleNotes.clear();
      this.itemsSeen = 0;
      this.planSaid = null;
      this.asked.clear();
    }
    const quiet = baseline || !prev || prev.chatId !== now.chatId;
    const out: string[] = [];
    if (turn) this.items(turn, quiet ? null : out);
    if (!quiet && turn && !(sameTurn && prev.phase === now.phase)) {
      if (now.phase === 'running') out.unshift('Zero is working…');
      else if (now.phase === 'done') {
        if (turn.status === 'success') out.push('Zero finished');
        else
          out.push(`Zero stopped: ${statusLabel(turn.status).text}${turn.explanation ? `. ${turn.explanation}` : ''}`);
      }
    }
    if (turn) this.cutOff(turn, out, quiet);
    if (out.length) this.say(out.join(' '));
  }

  /**
   * A cut-off turn says so once, also when it is first seen in a snapshot (a reload cut it off, and the
   * reloaded view is the first to show it): what happened, then the way on (Resume, or why there is none).
   */
  private cutOff(turn: Turn, out: string[], quiet: boolean): void {
    const offer = turn.cutOff && !RUNNING_STATUSES.has(turn.status) ? resumeOffer(turn) : null;
    if (!offer || this.cutOffSaid.has(turn.id)) return;
    this.cutOffSaid.add(turn.id);
    if (quiet) out.push(`Zero's last turn was cut off: ${turn.explanation ?? statusLabel(turn.status).text}`);
    out.push(offer.ok ? 'Resume, below the turn, continues the session.' : offer.why);
  }

  say(text: string): void {
    this.el.textContent = text;
  }

  /** Collects what is new in the turn's items into `out` (null: record it silently). */
  private items(turn: Turn, out: string[] | null): void {
    const running = RUNNING_STATUSES.has(turn.status);
    turn.items.forEach((item, i) => {
      if (item.kind === 'text') this.text(i, item, !running, out);
      else if (item.kind === 'permission') {
        if (item.approval === 'pending' && !this.approvals.has(item.key)) {
          this.approvals.add(item.key);
          out?.push(`Zero needs your approval to use ${item.name}.`);
        }
        this.ruleNote(item, out);
      } else if (item.kind === 'tool' && item.name === ASK_TOOL && !this.asked.has(item.key)) {
        const question = askFromArgs(item.args)?.questions[0]?.question;
        if (question) {
          this.asked.add(item.key);
          out?.push(`Zero asks: ${spokenText(question)} Answer in the card.`);
        }
      } else if (item.kind === 'plan') {
        const words = item.entries === this.planSaid ? null : planSpoken(this.planSaid, item.entries);
        this.planSaid = item.entries;
        if (words) out?.push(words);
      } else if (item.kind === 'error' && i >= this.itemsSeen) {
        out?.push(`Error: ${item.message}`);
      }
    });
    this.itemsSeen = turn.items.length;
  }

  /** The rule "Always allow" stored, or why Zero asks again: said once per card, when it arrives. */
  private ruleNote(item: PermissionItem, out: string[] | null): void {
    const lines = ruleLines(item);
    for (const [kind, line] of [
      ['asked', lines.askedAgain],
      ['rule', lines.stored],
    ] as const) {
      const key = `${kind}:${item.key}`;
      if (line === null || this.ruleNotes.has(key)) continue;
      this.ruleNotes.add(key);
      out?.push(line);
    }
  }

  private text(
    index: number,
    item: Extract<TurnItem, { kind: 'text' }>,
    turnEnded: boolean,
    out: string[] | null,
  ): void {
    let p = this.texts.get(index);
    if (!p) {
      p = { item: null, blocks: new MarkdownBlocks(), said: 0, tailSaid: false };
      this.texts.set(index, p);
    }
    if (p.item === item && !(turnEnded && !p.tailSaid)) return;
    const appended = appendedSince(p.item, item);
    p.item = item;
    // Replaced rather than extended (the final text): what was said stands; say nothing again.
    if (!p.blocks.update(item.text, appended)) p.said = p.blocks.blockCount;
    const finished = p.blocks.blocks(p.said);
    p.said = p.blocks.blockCount;
    if ((item.closed || turnEnded) && !p.tailSaid) {
      p.tailSaid = true;
      finished.push(p.blocks.tail);
    }
    if (out)
      for (const block of finished) {
        const words = spokenText(block);
        if (words) out.push(words);
      }
  }
}

/** `ending`: run_end came but the process has not exited yet (its explanation may follow). */
function phaseOf(turn: Turn | undefined): Phase {
  if (!turn) return 'idle';
  if (RUNNING_STATUSES.has(turn.status)) return 'running';
  return turn.endedAt === null ? 'ending' : 'done';
}
