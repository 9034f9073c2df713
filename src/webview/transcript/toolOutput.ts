/**
 * A tool card's note when Zero cut the output (conversation/toolMeta.ts): how much the tool produced, how
 * much the model got and how much the card shows, with **Open Full Output** (the host opens Zero's saved
 * copy read-only, or what Zero kept in its session).
 */
import type { ToolItem } from '../../conversation/model';
import { utf8Length } from '../../conversation/outputBudget';
import { button, h } from '../dom';
import { post } from '../vscodeApi';

const nf = new Intl.NumberFormat('en-US');
const bytes = (n: number): string => `${nf.format(n)} byte${n === 1 ? '' : 's'}`;

/** What the card says of a cut output, in words. */
export function cutWords(t: ToolItem): string | null {
  const c = t.cut;
  if (!c) return null;
  const shown = t.truncated && t.output ? ` This card shows the first ${bytes(utf8Bytes(t.output))}.` : '';
  if (!c.forModel)
    return `This card shows the first ${bytes(utf8Bytes(t.output ?? ''))}${c.rawBytes !== null ? ` of ${bytes(c.rawBytes)}` : ''}; Zero kept the whole output in its session.`;
  if (c.rawBytes !== null && c.keptBytes !== null)
    return `Zero cut this output: the tool produced ${bytes(c.rawBytes)} and the model got ${nf.format(c.keptBytes)} of them.${shown}`;
  if (c.rawBytes !== null) return `Zero cut this output: the tool produced ${bytes(c.rawBytes)}.${shown}`;
  return `Zero cut what the model saw of this output and saved the whole of it. It said no sizes (over ACP, Zero reports none).${shown}`;
}

/** The note and its button, or null for an output Zero did not cut. */
export function cutSection(turnId: string, t: ToolItem): HTMLElement | null {
  const words = cutWords(t);
  if (!words || !t.cut) return null;
  const open = button('Open Full Output', () => post({ type: 'openToolOutput', turnId, key: t.key }), {
    class: 'secondary small open-full-output',
    title: t.cut.spillPath
      ? `Open the whole output Zero saved (${t.cut.spillPath}), read-only`
      : 'Open the output as Zero kept it in its session, read-only',
  });
  open.setAttribute('aria-label', `Open full output of ${t.name}`);
  return h('div', { class: 'tool-cut' }, h('span', { class: 'tool-cut-words', text: words }), ' ', open);
}

/** Bytes of the card's copy, without the `[truncated]` mark Zero's stream adds to it. */
function utf8Bytes(s: string): number {
  return utf8Length(s.endsWith('\n[truncated]') ? s.slice(0, -'\n[truncated]'.length) : s);
}
