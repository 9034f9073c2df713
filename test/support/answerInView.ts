/**
 * How the long-answer tests read what a reader sees (webview in Chromium, and the UI in code-server):
 * the sections whose heading is in view, and the pages in view that are not drawn.
 */

export interface AnswerInView {
  /** Section numbers whose heading is drawn, visible and inside the viewport, top to bottom. */
  headings: number[];
  /** Pages of the answer inside the viewport that are not drawn (a stand-in), by index. */
  standIns: number[];
  scrollTop: number;
  atBottom: boolean;
}

/**
 * Runs in the page (pass it to `evaluate` with the scroller): reads only what is in view, the
 * pages' boxes first, then the headings of the pages in view (reading a box inside a page the
 * browser skips would lay it out, which a reader never does). Self-contained: it is sent as text.
 */
export function answerInView(scroller: HTMLElement, pageSelector: string): AnswerInView {
  const view = scroller.getBoundingClientRect();
  const headings: number[] = [];
  const standIns: number[] = [];
  const pages = Array.from(scroller.querySelectorAll<HTMLElement>(pageSelector));
  for (let i = 0; i < pages.length; i++) {
    const r = pages[i]!.getBoundingClientRect();
    if (r.bottom < view.top || r.top > view.bottom) continue;
    // A stand-in in view, even one of 0 px, is a hole in the answer.
    if (!pages[i]!.querySelector(':scope > .md-block')) standIns.push(i);
    for (const h of Array.from(pages[i]!.querySelectorAll<HTMLElement>('h3'))) {
      const m = /^Section (\d+)$/.exec(h.textContent ?? '');
      const hr = h.getBoundingClientRect();
      if (
        m &&
        hr.height > 0 &&
        hr.bottom > view.top &&
        hr.top < view.bottom &&
        h.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true })
      )
        headings.push(Number(m[1]));
    }
  }
  return {
    headings,
    standIns,
    scrollTop: scroller.scrollTop,
    atBottom: scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 2,
  };
}

/**
 * What is in view once the view has drawn after a scroll: the scroll position holds still and no
 * page in view is a stand-in, or, past `timeout`, what is there then. Unlike `until` it never
 * fails: the test's assertion names the stand-ins it finds.
 */
export async function settledView(
  read: () => Promise<AnswerInView>,
  drawn: () => Promise<void>,
  timeout: number,
): Promise<AnswerInView> {
  const end = Date.now() + timeout;
  let last = await read();
  for (;;) {
    await drawn();
    const now = await read();
    const still = now.scrollTop === last.scrollTop;
    last = now;
    if ((still && now.standIns.length === 0) || Date.now() > end) return now;
  }
}
