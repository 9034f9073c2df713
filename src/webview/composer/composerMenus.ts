/**
 * What the text before the caret opens in the composer: `/word` at the start opens the command
 * menu, `@word` after a space opens the mention picker. Pure, so the composer only wires events.
 */
import { mentionLabel, parseRangeMention, type MentionRef } from '../../conversation/prompts/composerPrompt';
import type { MentionCandidate } from '../../messages/protocol';
import type { MenuItem } from './completionMenu';
import { allSlashCommands, type SlashCommand } from './slashCommands';

export type Pick =
  | (MenuItem & { readonly kind: 'mention'; readonly ref: MentionRef })
  | (MenuItem & { readonly kind: 'slash'; readonly command: SlashCommand });

/** The `@query` being typed, as offsets into the text. */
export interface MentionToken {
  readonly start: number;
  readonly end: number;
  readonly query: string;
}

export type MenuTrigger =
  | { readonly kind: 'slash'; readonly items: readonly Pick[] }
  | { readonly kind: 'mention'; readonly token: MentionToken }
  | { readonly kind: 'none' };

const SPECIAL: ReadonlyArray<{ readonly word: string; readonly ref: MentionRef; readonly detail: string }> = [
  { word: 'problems', ref: { kind: 'problems' }, detail: 'the current diagnostics' },
  { word: 'selection', ref: { kind: 'selection' }, detail: 'the editor selection' },
];

export function menuTrigger(value: string, caret: number): MenuTrigger {
  const before = value.slice(0, caret);
  const slash = /^\/([a-z0-9._-]*)$/i.exec(before);
  if (slash && caret === value.length) {
    const items = allSlashCommands()
      .filter((c) => c.name.startsWith(slash[1]!.toLowerCase()))
      .map((c): Pick => ({
        kind: 'slash',
        id: c.name,
        label: `/${c.name}`,
        detail: c.detail,
        command: c,
      }));
    return items.length > 0 ? { kind: 'slash', items } : { kind: 'none' };
  }
  const at = /(?:^|\s)@([^\s@]*)$/.exec(before);
  if (!at) return { kind: 'none' };
  const query = at[1]!;
  return { kind: 'mention', token: { start: caret - query.length - 1, end: caret, query } };
}

/** The picker's rows for a query: the special words it prefixes, then the host's file matches. */
export function mentionPicks(query: string, items: readonly MentionCandidate[]): Pick[] {
  const range = /#L(\d+)(?:-L?(\d+))?$/.exec(query);
  const special = SPECIAL.filter((s) => s.word.startsWith(query.toLowerCase())).map((s): Pick => ({
    kind: 'mention',
    id: `@${s.word}`,
    label: `@${s.word}`,
    detail: s.detail,
    ref: s.ref,
  }));
  const files = items.map((c): Pick => {
    const ref: MentionRef =
      c.kind === 'folder'
        ? { kind: 'folder', path: c.path }
        : (range && parseRangeMention(`${c.path}${range[0]}`)) || { kind: 'file', path: c.path };
    return {
      kind: 'mention',
      id: c.path,
      label: c.path,
      detail:
        ref.kind === 'range' ? mentionLabel(ref).slice(c.path.length) : c.kind === 'folder' ? 'folder' : undefined,
      positions: c.positions,
      ref,
    };
  });
  return [...special, ...files];
}
