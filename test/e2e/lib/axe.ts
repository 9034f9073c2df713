// axe-core inside the chat webview. The webview's CSP admits only its own nonce'd script, so
// axe.min.js is not added as a <script>: its source is evaluated in the frame through the DevTools
// protocol, which the CSP does not govern.
import * as fs from 'node:fs';
import type { Frame, Page } from 'playwright-core';
import { CHAT_WEBVIEW_IFRAME } from './workbench';

/** WCAG 2.1 level A and AA rules. */
export const WCAG21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

export interface AxeNode {
  readonly target: string[];
  readonly html: string;
  readonly failureSummary?: string;
}

export interface AxeViolation {
  readonly id: string;
  readonly impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  readonly help: string;
  readonly helpUrl: string;
  readonly nodes: AxeNode[];
}

/** The chat view's own document (the Frame behind chatFrame's FrameLocator), for evaluate(). */
export async function chatWebviewFrame(page: Page, timeout = 60_000): Promise<Frame> {
  const outer = await page.locator(CHAT_WEBVIEW_IFRAME).elementHandle({ timeout });
  const outerFrame = await outer?.contentFrame();
  if (!outerFrame) throw new Error('the chat webview iframe has no frame');
  const inner = await outerFrame.locator('#active-frame').elementHandle({ timeout });
  const frame = await inner?.contentFrame();
  if (!frame) throw new Error('the chat webview has no #active-frame');
  return frame;
}

let source: string | undefined;

/** Runs axe on the frame's document with the given tags; returns the violations. */
export async function runAxe(frame: Frame, tags: readonly string[] = WCAG21_AA_TAGS): Promise<AxeViolation[]> {
  source ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  const loaded = await frame.evaluate('typeof window.axe');
  if (loaded !== 'object') await frame.evaluate(`${source}\n;void 0`);
  // A string, not a function: tsx would wrap a function's helpers in names the frame does not have.
  const run = `window.axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(tags)} }, resultTypes: ['violations'] })
    .then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String), html: n.html, failureSummary: n.failureSummary })) })))`;
  return (await frame.evaluate(run)) as AxeViolation[];
}

/** Violations a user would be blocked by: impact serious or critical. */
export function seriousViolations(violations: readonly AxeViolation[]): AxeViolation[] {
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Every node of every violation, with the rule, the element and axe's explanation. */
export function describeViolations(violations: readonly AxeViolation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.map(
        (n) =>
          `    ${n.target.join(' ')}\n      ${n.html.slice(0, 300)}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
      );
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes.join('\n')}`;
    })
    .join('\n');
}
