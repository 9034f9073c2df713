/**
 * The two margins that window a long chat's turns (transcript.ts) and a very long answer's pages
 * (answerPages.ts): within NEAR_MARGIN of the scroller's viewport, above and below, a thing is
 * drawn at once; within FAR_MARGIN it is drawn while the view is idle, ahead of a scroll, so the
 * frames that scroll to it have nothing to draw; beyond FAR_MARGIN a drawn thing may be dropped.
 */
const NEAR_MARGIN = '150% 0px';
const FAR_MARGIN = '400% 0px';

export interface WindowObservers {
  readonly near: IntersectionObserver;
  readonly far: IntersectionObserver;
}

/** An observer for each margin, on `root` (the scrolling container). */
export function windowObservers(
  root: Element,
  onNear: (entries: readonly IntersectionObserverEntry[]) => void,
  onFar: (entries: readonly IntersectionObserverEntry[]) => void,
): WindowObservers {
  return {
    near: new IntersectionObserver((entries) => onNear(entries), { root, rootMargin: NEAR_MARGIN }),
    far: new IntersectionObserver((entries) => onFar(entries), { root, rootMargin: FAR_MARGIN }),
  };
}
