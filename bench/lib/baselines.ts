// The two baselines of `npm run bench:webview`, plus plain text, in the same page setup as the chat
// view: they receive the very same `snapshot` and `actions` messages and keep the view at the bottom
// as a chat does.
//   /smd    streaming-markdown: an append-only streaming renderer (parser_write per batch).
//   /naive  the full re-render most chat views do: markdown-it + DOMPurify + innerHTML of the whole
//           answer, once per batch (one batch per frame).
//   /plain  the floor: the deltas appended to a <pre> as text.
import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';
import * as smd from 'streaming-markdown';

const mode = location.pathname.slice(1);
const root = document.createElement(mode === 'plain' ? 'pre' : 'div');
root.id = 'out';
root.className = mode === 'plain' ? '' : 'markdown';
document.getElementById('app')!.append(root);

const md = new MarkdownIt({ html: false, linkify: true });
// Where the stream goes: the whole page, or the last turn of a chat sent as a `snapshot`.
let target: HTMLElement = root;
let parser: smd.Parser | null = mode === 'smd' ? smd.parser(smd.default_renderer(root)) : null;
let text = '';

/** A snapshot: every turn drawn whole, at once (no windowing), each in its own <article>. */
/** The parts of a `snapshot`'s turns the baselines draw (the same messages the chat view gets). */
interface SnapTurn {
  status: string;
  items: { kind: string; text?: string }[];
}

function snapshot(turns: readonly SnapTurn[]): void {
  root.replaceChildren();
  for (const turn of turns) {
    const article = document.createElement('article');
    article.className = 'turn';
    const words = turn.items
      .filter((i) => i.kind === 'text')
      .map((i) => i.text ?? '')
      .join('\n\n');
    if (mode === 'smd') {
      const p = smd.parser(smd.default_renderer(article));
      smd.parser_write(p, words);
      if (turn.status !== 'running') smd.parser_end(p);
      else parser = p;
    } else if (mode === 'naive') article.innerHTML = DOMPurify.sanitize(md.render(words));
    else article.textContent = words;
    root.append(article);
    target = article;
    text = words;
  }
  root.scrollTop = root.scrollHeight;
}

type Posted =
  | { type: 'snapshot'; state: { chat: { turns: SnapTurn[] } } }
  | { type: 'actions'; actions: { type: string; event?: { type: string; delta?: string } }[] }
  | { type: 'other' };

window.addEventListener('message', (ev: MessageEvent<Posted>) => {
  const m = ev.data;
  if (m.type === 'snapshot') return snapshot(m.state.chat.turns);
  if (m.type !== 'actions') return;
  let s = '';
  for (const a of m.actions) if (a.type === 'event' && a.event?.type === 'text') s += a.event.delta ?? '';
  if (mode === 'smd') smd.parser_write(parser!, s);
  else if (mode === 'naive') {
    text += s;
    target.innerHTML = DOMPurify.sanitize(md.render(text));
  } else target.append(s);
  root.scrollTop = root.scrollHeight;
});
