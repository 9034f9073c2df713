// The parts of bench/webview.ts, each printing its table: streams of each size into an empty chat (with
// reopening the finished answer), then the stream cost against chat length, opening and scrolling a long chat.
import type { Browser, Page } from 'playwright-core';
import { type BenchItem, charsOf, longChatTurns, snapshotOf, turn } from './benchChat';
import { f0, f1, line, type Measured, ratioText } from './benchReport';
import { reopen, scrollRun, snapshotFilled } from './snapshotRuns';
import { measure, streamOf } from './streamMeasure';
import {
  BATCH,
  BUDGET_MS,
  CHAT_TURNS,
  PARTS,
  RENDERERS,
  REPEAT,
  SCROLL_PX,
  SCROLL_TURN_CHARS,
  SIZES,
} from './webviewOptions';

/** Each size streamed by every renderer, REPEAT rounds; then the finished answer reopened from a snapshot. */
export async function streamParts(browser: Browser, base: string): Promise<void> {
  for (const mb of PARTS.includes('stream') ? SIZES : []) {
    const { text, deltas, batches } = streamOf(mb, 42);
    console.log(
      `\n== ${(text.length / 1e6).toFixed(2)} MB answer: ${deltas.length} deltas, ${batches.length} batches of ${BATCH} (one per frame)`,
    );
    console.log(
      `  ${'renderer'.padEnd(19)} ${'total'.padStart(10)} ${'busy CPU'.padStart(10)} ${'frame CPU p50/p95'.padStart(20)} ${'longest task'.padStart(11)}  heap at end`,
    );
    // Renderers take turns, REPEAT times: the ratios are per round (the machine's load drifts), then their median.
    const ratios: Record<'smd' | 'naive', Record<'busyCpu' | 'frameP95' | 'heap' | 'mem', number[]>> = {
      smd: { busyCpu: [], frameP95: [], heap: [], mem: [] },
      naive: { busyCpu: [], frameP95: [], heap: [], mem: [] },
    };
    for (let round = 0; round < REPEAT; round++) {
      const results: Record<string, Measured> = {};
      for (const r of RENDERERS) {
        const setup =
          r.key === 'webview'
            ? async (p: Page): Promise<void> => {
                await p.evaluate((m) => window.postMessage(m, '*'), snapshotOf([turn('turn-1', [], false)]));
                await p.evaluate(() => new Promise<void>((res) => requestAnimationFrame(() => res())));
              }
            : async (): Promise<void> => {};
        const budget = r.key === 'naive' ? BUDGET_MS : Math.max(BUDGET_MS, 75_000 * mb);
        results[r.key] = await measure(browser, `${base}${r.url}`, r.selector, batches, setup, budget);
        console.log(line(r.name, results[r.key], text.length / 1e6));
      }
      const w = results.webview;
      for (const k of ['smd', 'naive'] as const) {
        const o = results[k];
        if (!w || w.failed !== undefined || !o || o.failed !== undefined || o.outcome !== 'done') continue;
        for (const f of ['busyCpu', 'frameP95', 'heap'] as const) ratios[k][f].push(w[f] / o[f]);
        if (w.mem && o.mem) ratios[k].mem.push(w.mem / o.mem);
      }
    }
    if (RENDERERS.some((r) => r.key === 'webview')) {
      for (const [k, name] of [
        ['smd', 'streaming-markdown'],
        ['naive', 'naive re-render   '],
      ] as const) {
        const x = ratios[k];
        console.log(
          `  webview / ${name}: busy CPU ${ratioText(x.busyCpu)}, frame p95 ${ratioText(x.frameP95)}, heap ${ratioText(x.heap)}, renderer memory ${ratioText(x.mem)}`,
        );
      }
    }
    if (RENDERERS.some((r) => r.key === 'webview')) {
      const item: BenchItem = { kind: 'text', text, answer: true, closed: true };
      const rr = await reopen(browser, `${base}/webview`, snapshotOf([turn('turn-1', [item], true)]));
      if (rr.failed !== undefined) console.log(`  reopen: FAILED: ${rr.failed}`);
      else {
        console.log(
          `  reopen (snapshot of the finished answer): first frame ${f0(rr.first)} ms, idle fill finished ${rr.filled === null ? 'NOT within budget' : `${f0(rr.filled)} ms`}, ` +
            `longest task ${f1(rr.longest)} ms, busy CPU ${f0(rr.busyCpu)} ms, heap ${f1(rr.heap)} MB`,
        );
      }
    }
  }
}

/** The CHAT_TURNS-turn chat: a stream into it against an empty one, then opening it and scrolling it. */
export async function longChatParts(browser: Browser, base: string): Promise<void> {
  const { text, batches } = streamOf(0.25, 7);
  const old = longChatTurns(CHAT_TURNS, 11);
  const oldChars = charsOf(old);
  const running = turn('turn-new', [], false);
  console.log(
    `\n== stream cost against chat length: a ${(text.length / 1e6).toFixed(2)} MB answer streamed into an empty chat and into a chat of ${CHAT_TURNS} turns (${(oldChars / 1e6).toFixed(1)} MB)`,
  );
  console.log(
    `  ${'renderer, chat'.padEnd(19)} ${'total'.padStart(10)} ${'busy CPU'.padStart(10)} ${'frame CPU p50/p95'.padStart(20)} ${'longest task'.padStart(11)}  heap at end`,
  );
  const split = (r: Measured): string =>
    r.failed !== undefined
      ? ''
      : Object.entries(r.breakdown)
          .map(([k, v]) => `${k} ${f0(v)}`)
          .join(', ');
  for (const r of PARTS.includes('chat') ? RENDERERS : []) {
    const selector = r.key === 'webview' ? '.turn:last-of-type .text-block' : r.selector;
    const empty = await measure(browser, `${base}${r.url}`, selector, batches, async (p) => {
      await snapshotFilled(p, snapshotOf([running]));
    });
    console.log(line(`${r.key}, empty`, empty, text.length / 1e6));
    let filled: number | null = null;
    const long = await measure(browser, `${base}${r.url}`, selector, batches, async (p) => {
      filled = await snapshotFilled(p, snapshotOf([...old, running]));
    });
    console.log(line(`${r.key}, ${CHAT_TURNS} turns`, long, text.length / 1e6));
    // (heap growth in both rows is what the 0.25 MB stream added; the long chat's own heap is in "heap at end")
    console.log(
      `    (the ${CHAT_TURNS}-turn chat was ready ${filled === null ? 'NOT within the budget' : `${(filled / 1000).toFixed(1)} s`} after its snapshot; streaming started then)`,
    );
    console.log(`    main thread, wall ms: empty chat: ${split(empty)}; ${CHAT_TURNS}-turn chat: ${split(long)}`);
    if (empty.failed === undefined && long.failed === undefined) {
      console.log(
        `    ${r.name}: ${CHAT_TURNS}-turn / empty: frame CPU p50 ${(long.frameP50 / empty.frameP50).toFixed(2)}x, p95 ${(long.frameP95 / empty.frameP95).toFixed(2)}x, busy CPU ${(long.busyCpu / empty.busyCpu).toFixed(2)}x`,
      );
    }
  }

  if (PARTS.includes('open'))
    console.log(
      `\n== opening a ${CHAT_TURNS}-turn chat (${(oldChars / 1e6).toFixed(1)} MB): first paint (from the snapshot to the frame that shows it)`,
    );
  if (PARTS.includes('open'))
    console.log(`  ${'renderer'.padEnd(19)} ${'first paint'.padStart(11)} ${'longest task'.padStart(13)}`);
  for (const r of PARTS.includes('open') ? RENDERERS : []) {
    const sr = await scrollRun(
      browser,
      `${base}${r.url}`,
      snapshotOf(old),
      r.key === 'webview' ? '.scroller' : '#out',
      r.key === 'webview' ? 'article.turn' : '#out article',
      false,
    );
    if (sr.failed !== undefined) console.log(`  ${r.name.padEnd(19)} FAILED: ${sr.failed}`);
    else
      console.log(`  ${r.name.padEnd(19)} ${f0(sr.firstPaint).padStart(8)} ms ${f1(sr.openLongest).padStart(10)} ms`);
  }
  const scrolled = longChatTurns(CHAT_TURNS, 13, SCROLL_TURN_CHARS);
  const scrolledChars = charsOf(scrolled);
  if (PARTS.includes('scroll'))
    console.log(
      `\n== scrolling a ${CHAT_TURNS}-turn chat (${(scrolledChars / 1e6).toFixed(1)} MB) from top to bottom at ${SCROLL_PX} px per frame`,
    );
  if (PARTS.includes('scroll'))
    console.log(
      `  ${'renderer'.padEnd(19)} ${'first paint'.padStart(11)} ${'scrolled'.padStart(10)} ${'dropped frames'.padStart(22)} ${'longest frame'.padStart(14)}`,
    );
  for (const r of PARTS.includes('scroll') ? RENDERERS : []) {
    const sr = await scrollRun(
      browser,
      `${base}${r.url}`,
      snapshotOf(scrolled),
      r.key === 'webview' ? '.scroller' : '#out',
      r.key === 'webview' ? 'article.turn' : '#out article',
      true,
    );
    if (sr.failed !== undefined) console.log(`  ${r.name.padEnd(19)} FAILED: ${sr.failed}`);
    else if (sr.height !== undefined) {
      console.log(
        `  ${r.name.padEnd(19)} ${f0(sr.firstPaint).padStart(8)} ms ${(sr.height / 1e6).toFixed(2).padStart(7)} Mpx ${`${sr.dropped}/${sr.expected} = ${((100 * sr.dropped) / sr.expected).toFixed(1)}%`.padStart(22)} ${f1(sr.longestFrame).padStart(11)} ms`,
      );
      console.log(
        `    main thread while scrolling, wall ms: ${Object.entries(sr.breakdown)
          .map(([k, v]) => `${k} ${f0(v)}`)
          .join(', ')}; longest task ${f1(sr.longestTask)} ms`,
      );
    }
  }
}
