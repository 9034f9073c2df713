/**
 * A mode an agent offers over ACP whose id or name says it skips permission prompts. Zero 0.8 refuses
 * `unsafe` over ACP, but a later Zero (or another agent on the same path) may offer one: the chat then
 * asks the user before every message sent in it, as exec does for `--permission-mode unsafe`. Pure.
 */

/** Zero's own spellings (`unsafe`, `high`: src/host/settingsSources meansUnsafe) and the ones other agents use. */
const UNSAFE_WORDS =
  /(^|[^a-z])(unsafe|high|yolo|bypass\w*|danger\w*|skip[-_ ]?permissions?|full[-_ ]?access|no[-_ ]?prompts?|trust[-_ ]?all)($|[^a-z])/;

export function meansUnsafeMode(mode: { readonly id: string; readonly name?: string | null }): boolean {
  return [mode.id, mode.name ?? ''].some((s) => UNSAFE_WORDS.test(s.trim().toLowerCase()));
}
