/** `process.env` with overrides; Windows env names are case-insensitive, so an override replaces `Path` too. */
export function mergeEnv(
  base: NodeJS.ProcessEnv,
  overrides: Readonly<Record<string, string | undefined>> | undefined,
  win: boolean,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base };
  for (const [key, value] of Object.entries(overrides ?? {})) {
    if (win) {
      for (const existing of Object.keys(env)) {
        if (existing.toUpperCase() === key.toUpperCase()) delete env[existing];
      }
    }
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}
