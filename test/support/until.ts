// The one polling helper of every suite (unit, real-Zero, extension host, UI, webview).

/** What a failed wait names: a phrase, or one built when it fails (e.g. with the last error seen). */
export type What = string | (() => string);

/**
 * Polls `check` until it returns a truthy value and resolves with that value, or fails after `ms`
 * naming `what`. The first checks come quickly (1, 2, 4 … ms) and later ones every 25 ms, so fast
 * fakes are not slowed and slow real processes are not polled hard. A check that throws fails the
 * wait at once; `eventually` (test/e2e/lib/userFlows.ts) is the one that tolerates throws.
 */
export async function until<T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  what: What,
  ms = 10_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (let pause = 1; ; pause = Math.min(pause * 2, 25)) {
    const checked = check();
    // A plain value is not awaited, so a check that holds at once resolves as soon as it can.
    const value = checked instanceof Promise ? await checked : checked;
    if (value) return value;
    if (Date.now() > end)
      throw new Error(`timed out after ${ms} ms waiting until ${typeof what === 'string' ? what : what()}`);
    await new Promise((r) => setTimeout(r, pause));
  }
}
