/**
 * Copy across what is not drawn: a selection that spans turns or pages of an answer standing in
 * for their content (windowedList.ts) would copy nothing of them, since their words are hidden
 * (`hidden="until-found"`) and the browser copies rendered text only. On copy, such a selection is
 * copied in pieces: the rendered text between stand-ins as the browser copies it, and each
 * stand-in's own words (its Markdown, or a turn's plain text) in its place.
 */

/** The words of each stand-in (null while it is drawn); weak: a dropped turn's elements go with it. */
const standInWords = new WeakMap<Element, () => string | null>();
let installed = false;

/** `el` (a page of an answer or a turn's placeholder) stands in for content while `words()` is not null. */
export function copyStandIn(el: Element, words: () => string | null): void {
  standInWords.set(el, words);
  if (installed) return;
  installed = true;
  document.addEventListener('copy', onCopy);
}

function onCopy(ev: ClipboardEvent): void {
  const sel = document.getSelection();
  if (!sel || sel.rangeCount !== 1 || !ev.clipboardData || sel.isCollapsed) return;
  const range = sel.getRangeAt(0);
  const standIns: { el: Element; words: string }[] = [];
  const root = range.commonAncestorContainer;
  const scope = root instanceof Element ? root : (root.parentElement ?? document.documentElement);
  // In document order.
  for (const el of Array.from(scope.querySelectorAll('.md-page, .turn-placeholder'))) {
    if (!range.intersectsNode(el)) continue;
    const words = standInWords.get(el)?.() ?? null;
    if (words !== null) standIns.push({ el, words });
  }
  if (standIns.length === 0) return;
  const parts: string[] = [];
  const piece = document.createRange();
  piece.setStart(range.startContainer, range.startOffset);
  for (const { el, words } of standIns) {
    piece.setEndBefore(el);
    parts.push(rendered(sel, piece), words.trim());
    piece.setStartAfter(el);
  }
  piece.setEnd(range.endContainer, range.endOffset);
  parts.push(rendered(sel, piece));
  sel.removeAllRanges();
  sel.addRange(range);
  ev.clipboardData.setData('text/plain', parts.filter((p) => p !== '').join('\n\n'));
  ev.preventDefault();
}

/** The text the browser would copy of `r` (selected for a moment): rendered text, with its line breaks. */
function rendered(sel: Selection, r: Range): string {
  if (r.collapsed) return '';
  sel.removeAllRanges();
  sel.addRange(r.cloneRange());
  return sel.toString().trim();
}
