/**
 * `zero acp` 0.8 ignores session/new's additionalDirectories (tested on the real Zero), and its only
 * other write roots come from Zero's own user config (`sandbox.additionalWriteRoots`), which has no
 * path override: the extension could only point XDG_CONFIG_HOME elsewhere, which also moves Zero's
 * credentials, grants and MCP config. So it does not widen ACP's roots; it says so, once per chat.
 */

/** The notice for an ACP chat's first turn when extra folders are set; null when there are none. */
export function acpExtraFoldersNotice(dirs: readonly string[]): string | null {
  if (dirs.length === 0) return null;
  return (
    `Extra folders do not apply over ACP (zero acp ignores them): ${dirs.join(', ')}. ` +
    'Zero asks before writing there. To let ACP chats write there, use the exec transport, or add the folders to ' +
    '"sandbox": {"additionalWriteRoots": [...]} in Zero\'s own user config (~/.config/zero/config.json).'
  );
}
