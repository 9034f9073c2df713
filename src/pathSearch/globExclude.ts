/**
 * `files.exclude` / `search.exclude` globs as one test, for paths the file watcher reports after
 * the first index (which `workspace.findFiles` filtered itself). Covers the glob forms those
 * settings use: `**`, `*`, `?`, `{a,b}`, `[abc]`. A folder pattern excludes everything below it. Pure.
 */
export function excludeMatcher(globs: readonly string[]): (relPath: string) => boolean {
  const res = globs.map(globToRegExp);
  return (relPath) => {
    const parts = relPath.split('/');
    // The path itself and each folder above it.
    for (let i = parts.length; i > 0; i--) {
      const prefix = parts.slice(0, i).join('/');
      if (res.some((re) => re.test(prefix))) return true;
    }
    return false;
  };
}

export function globToRegExp(glob: string): RegExp {
  let re = '';
  let depth = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        const slash = glob[i + 2] === '/';
        re += slash ? '(?:.*/)?' : '.*';
        i += slash ? 2 : 1;
      } else re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else if (c === '{') {
      depth++;
      re += '(?:';
    } else if (c === '}' && depth > 0) {
      depth--;
      re += ')';
    } else if (c === ',' && depth > 0) re += '|';
    else if (c === '[') {
      const end = glob.indexOf(']', i + 1);
      if (end < 0) re += '\\[';
      else {
        re += `[${glob
          .slice(i + 1, end)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')}]`;
        i = end;
      }
    } else re += /[.+^$()|\\]/.test(c) ? `\\${c}` : c;
  }
  return new RegExp(`^${re}$`);
}
