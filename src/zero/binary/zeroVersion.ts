/**
 * Is this Zero new enough? `zero --version` prints one record, `zero <version>` (a banner comes
 * before it only on a terminal, and we read it through a pipe). The extension relies on Zero 0.8:
 * stream-json schema 2, `--permission-mode`, `--no-completion-gate`, `zero sandbox grants`
 * (docs/zero-exec.md §17). A build whose version we cannot read (a source build says `dev`) may
 * still work, so it is allowed with a warning; an older release is refused with the reason.
 */
export const MIN_ZERO_VERSION = [0, 8, 0] as const;
const MIN_TEXT = `${MIN_ZERO_VERSION[0]}.${MIN_ZERO_VERSION[1]}`;

export type VersionVerdict =
  | { readonly kind: 'ok'; readonly version: string }
  | { readonly kind: 'old'; readonly version: string; readonly message: string }
  | { readonly kind: 'unknown'; readonly message: string };

/** `zero 0.8.1`, `zero v1.2`, `zero 0.9.0-rc.1+demo` → [major, minor, patch] and the spelled version. */
export function parseZeroVersion(
  text: string,
): { readonly parts: readonly [number, number, number]; readonly version: string } | null {
  const m = /^\s*zero\s+v?(\d{1,6})\.(\d{1,6})(?:\.(\d{1,6}))?([-+][0-9A-Za-z.+-]*)?\s*$/im.exec(text);
  if (!m) return null;
  const parts = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)] as const;
  return { parts, version: `${m[1]}.${m[2]}${m[3] !== undefined ? `.${m[3]}` : ''}${m[4] ?? ''}` };
}

/** `text` is what `zero --version` printed, or null when it did not answer. */
export function checkZeroVersion(text: string | null): VersionVerdict {
  const parsed = text === null ? null : parseZeroVersion(text);
  if (!parsed) {
    const shown = text === null ? 'did not answer' : `answered ${JSON.stringify(text.trim().slice(0, 80))}`;
    return {
      kind: 'unknown',
      message: `Could not tell which Zero version this is (\`zero --version\` ${shown}). Zero for VS Code needs Zero ${MIN_TEXT} or newer; it will try anyway.`,
    };
  }
  const { parts, version } = parsed;
  for (let i = 0; i < 3; i++) {
    if (parts[i]! > MIN_ZERO_VERSION[i]!) break;
    if (parts[i]! < MIN_ZERO_VERSION[i]!) {
      return {
        kind: 'old',
        version,
        message: `Zero ${version} is too old: Zero for VS Code needs Zero ${MIN_TEXT} or newer. Update Zero, or set "zero.path" to a newer one.`,
      };
    }
  }
  return { kind: 'ok', version };
}
