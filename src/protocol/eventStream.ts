/** Zero's stdout bytes → decoded events: the framer and `decodeLine` in one object. */
import { decodeLine } from './decode';
import type { Decoded } from './decoded';
import { DEFAULT_MAX_LINE_BYTES, JsonlFramer, type FramedLine, type JsonlFramerOptions } from './framer';

export class ZeroEventReader {
  private readonly framer: JsonlFramer;
  private readonly maxLineBytes: number;

  constructor(options: JsonlFramerOptions = {}) {
    this.maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    this.framer = new JsonlFramer({ maxLineBytes: this.maxLineBytes });
  }

  /** Decodes the lines this chunk completes. Do not reuse the chunk's buffer afterwards. */
  push(chunk: Uint8Array): Decoded[] {
    return this.decodeAll(this.framer.push(chunk));
  }

  /** Decodes a last line that had no LF. Call once, at EOF. */
  end(): Decoded[] {
    return this.decodeAll(this.framer.end());
  }

  private decodeAll(lines: readonly FramedLine[]): Decoded[] {
    const out = new Array<Decoded>(lines.length);
    for (let i = 0; i < lines.length; i++) {
      const framed = lines[i]!;
      out[i] =
        framed.kind === 'line'
          ? decodeLine(framed.text, framed.line)
          : {
              kind: 'problem',
              problem: {
                line: framed.line,
                excerpt: framed.excerpt,
                reason: `line ${framed.line} is ${formatSize(framed.bytes)}, over the ${formatSize(this.maxLineBytes)} limit; skipped`,
              },
            };
    }
    return out;
  }
}

/** "70.2 MB", "64 MB", "12 KB", "100 bytes": binary units, as the limit is set in MiB. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}
