/**
 * JSON text written a piece at a time: the same characters `safeStringify` gives, without ever
 * holding them as one string. A 16 MB chat's snapshot used to be the whole string plus its UTF-8
 * buffer at once, and held until written; here the largest piece is PIECE_CHARS, and the pieces
 * are copied into one small reused buffer as they come, so they die young.
 *
 * The walk goes into plain objects and arrays down to WALK_DEPTH (a chat's turns, items and their
 * fields) and stringifies whatever is below whole; long strings are escaped in slices cut between
 * code units that are not a surrogate pair, so each slice escapes exactly as the whole would.
 */
import * as fs from 'node:fs';
import { promises as fsp } from 'node:fs';
import { safeStringify } from '../protocol/depth';

/** Longest piece, in characters (a string longer than this is escaped in slices). */
export const PIECE_CHARS = 64 * 1024;
const WALK_DEPTH = 6;
/** The write buffer: pieces are copied in, and it is written when full. */
const BUFFER_BYTES = 256 * 1024;

/** Text produced again each time it is written: `length` (characters) was measured once. */
export interface JsonText {
  readonly length: number;
  pieces(): Iterable<string>;
}

/**
 * `safeStringify(value) + end`, in pieces. The value must not change afterwards (chats are
 * immutable). Walking it once here measures it; if that throws (too deep for JSON.stringify),
 * the text is safeStringify's whole string, as before.
 */
export function jsonText(value: unknown, end = ''): JsonText {
  let length = end.length;
  try {
    for (const p of jsonPieces(value)) length += p.length;
  } catch {
    const whole = `${safeStringify(value)}${end}`;
    return { length: whole.length, pieces: () => [whole] };
  }
  return { length, pieces: () => withEnd(jsonPieces(value), end) };
}

/** `text` with its first character (an object's `{`) replaced by `head` (which opens the object itself). */
export function reopened(text: JsonText, head: string): JsonText {
  return {
    length: text.length - 1 + head.length,
    *pieces() {
      let first = true;
      for (const p of text.pieces()) {
        yield first ? `${head}${p.slice(1)}` : p;
        first = false;
      }
    },
  };
}

/** What JSON.stringify writes for `value`, in pieces; throws where it would. */
export function* jsonPieces(value: unknown, depth = 0): Generator<string> {
  if (typeof value === 'string') {
    yield* stringPieces(value);
    return;
  }
  if (depth >= WALK_DEPTH || !walkable(value)) {
    yield JSON.stringify(value) ?? 'null';
    return;
  }
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ',';
      const v: unknown = value[i];
      if (skipped(v)) yield 'null';
      else yield* jsonPieces(v, depth + 1);
    }
    yield ']';
    return;
  }
  yield '{';
  let comma = '';
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    if (skipped(v)) continue;
    yield `${comma}${JSON.stringify(key)}:`;
    comma = ',';
    yield* jsonPieces(v, depth + 1);
  }
  yield '}';
}

/** Writes the text to `file` (created or truncated); returns the bytes written. */
export async function writeJsonText(file: string, text: JsonText): Promise<number> {
  const fh = await fsp.open(file, 'w');
  try {
    const buf = Buffer.allocUnsafe(BUFFER_BYTES);
    let off = 0;
    let total = 0;
    const out = async (data: Buffer, len: number): Promise<void> => {
      for (let at = 0; at < len;) at += (await fh.write(data, at, len - at)).bytesWritten;
      total += len;
    };
    for (const p of text.pieces()) {
      const n = Buffer.byteLength(p);
      if (off + n > BUFFER_BYTES && off > 0) {
        await out(buf, off);
        off = 0;
      }
      if (n > BUFFER_BYTES) await out(Buffer.from(p), n);
      else off += buf.write(p, off);
    }
    if (off > 0) await out(buf, off);
    return total;
  } finally {
    await fh.close();
  }
}

/** The same, synchronously (the store's flush at deactivate). */
export function writeJsonTextSync(file: string, text: JsonText): number {
  const fd = fs.openSync(file, 'w');
  try {
    const buf = Buffer.allocUnsafe(BUFFER_BYTES);
    let off = 0;
    let total = 0;
    const out = (data: Buffer, len: number): void => {
      for (let at = 0; at < len;) at += fs.writeSync(fd, data, at, len - at);
      total += len;
    };
    for (const p of text.pieces()) {
      const n = Buffer.byteLength(p);
      if (off + n > BUFFER_BYTES && off > 0) {
        out(buf, off);
        off = 0;
      }
      if (n > BUFFER_BYTES) out(Buffer.from(p), n);
      else off += buf.write(p, off);
    }
    if (off > 0) out(buf, off);
    return total;
  } finally {
    fs.closeSync(fd);
  }
}

function* withEnd(pieces: Iterable<string>, end: string): Generator<string> {
  yield* pieces;
  if (end !== '') yield end;
}

function* stringPieces(s: string): Generator<string> {
  if (s.length <= PIECE_CHARS) {
    yield JSON.stringify(s);
    return;
  }
  yield '"';
  for (let at = 0; at < s.length;) {
    let to = Math.min(s.length, at + PIECE_CHARS);
    const code = s.charCodeAt(to - 1);
    // Never between the halves of a pair: each half alone would be escaped as a lone surrogate.
    if (to < s.length && code >= 0xd800 && code <= 0xdbff) to--;
    yield JSON.stringify(s.slice(at, to)).slice(1, -1);
    at = to;
  }
  yield '"';
}

/** Values JSON.stringify leaves out of an object (and writes as null in an array). */
function skipped(v: unknown): boolean {
  return v === undefined || typeof v === 'function' || typeof v === 'symbol';
}

/** Plain data only: anything with toJSON or another prototype is left to JSON.stringify. */
function walkable(v: unknown): v is object {
  if (typeof v !== 'object' || v === null || typeof (v as { toJSON?: unknown }).toJSON === 'function') return false;
  if (Array.isArray(v)) return true;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}
