/** Counts the bytes read from files under a folder while a function runs (for "reads only the tail" checks). */
import fs from 'node:fs';

/** Bytes read from files under `dir` while `fn` runs (readFileSync, and readSync on fds opened there). */
export function countingReads<T>(dir: string, fn: () => T): { value: T; bytes: number } {
  let bytes = 0;
  const fds = new Set<number>();
  const orig = { readFileSync: fs.readFileSync, readSync: fs.readSync, openSync: fs.openSync };
  const m = fs as unknown as Record<string, unknown>;
  m.readFileSync = (file: unknown, ...rest: unknown[]) => {
    const out = (orig.readFileSync as (...a: unknown[]) => string | Buffer)(file, ...rest);
    if (typeof file === 'string' && file.startsWith(dir)) bytes += Buffer.byteLength(out);
    return out;
  };
  m.openSync = (file: unknown, ...rest: unknown[]) => {
    const fd = (orig.openSync as (...a: unknown[]) => number)(file, ...rest);
    if (String(file).startsWith(dir)) fds.add(fd);
    return fd;
  };
  m.readSync = (fd: number, ...rest: unknown[]) => {
    const n = (orig.readSync as (...a: unknown[]) => number)(fd, ...rest);
    if (fds.has(fd)) bytes += n;
    return n;
  };
  try {
    return { value: fn(), bytes };
  } finally {
    Object.assign(m, orig);
  }
}

/** The same for an async function: also counts `fs.promises.readFile`. Nothing else may read meanwhile. */
export async function countingReadsAsync<T>(
  dir: string,
  fn: () => Promise<T>,
): Promise<{ value: T; bytes: number; files: number }> {
  let bytes = 0;
  let files = 0;
  const origReadFile = fs.promises.readFile;
  const p = fs.promises as unknown as Record<string, unknown>;
  p.readFile = async (file: unknown, ...rest: unknown[]) => {
    const out = await (origReadFile as (...a: unknown[]) => Promise<string | Buffer>)(file, ...rest);
    if (String(file).startsWith(dir)) {
      bytes += Buffer.byteLength(out);
      files += 1;
    }
    return out;
  };
  const m = fs as unknown as Record<string, unknown>;
  const origSync = fs.readFileSync;
  m.readFileSync = (file: unknown, ...rest: unknown[]) => {
    const out = (origSync as (...a: unknown[]) => string | Buffer)(file, ...rest);
    if (String(file).startsWith(dir)) {
      bytes += Buffer.byteLength(out);
      files += 1;
    }
    return out;
  };
  try {
    return { value: await fn(), bytes, files };
  } finally {
    p.readFile = origReadFile;
    m.readFileSync = origSync;
  }
}
