/**
 * `node dist/transcript.js summarize|markdown <file.jsonl | -> [--exit-code N]`
 * Reads a saved `zero exec -o stream-json` run with the extension's own protocol and conversation
 * code, for bug reports and for us.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { chatToMarkdown } from '../conversation/export/chatMarkdown';
import { replayRun } from '../conversation/export/replayRun';
import { summarizeRun } from '../conversation/export/summary';
import type { Decoded } from '../protocol/decoded';
import { ZeroEventReader } from '../protocol/eventStream';

const USAGE = `Usage:
  node dist/transcript.js summarize <file.jsonl | -> [--exit-code N]
  node dist/transcript.js markdown <file.jsonl | -> [--exit-code N]

Reads a stream-json run (as written by \`zero exec -o stream-json\`). "-" reads stdin.
--exit-code N gives the process exit code, for runs that ended without run_end.`;

interface Options {
  command: 'summarize' | 'markdown';
  file: string;
  exitCode: number | null;
}

export function parseArgs(argv: readonly string[]): Options | string {
  const [command, ...rest] = argv;
  if (command !== 'summarize' && command !== 'markdown')
    return command === undefined ? USAGE : `Unknown command "${command}".\n\n${USAGE}`;
  let file: string | undefined;
  let exitCode: number | null = null;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    const inline = a.startsWith('--exit-code=') ? a.slice('--exit-code='.length) : undefined;
    if (a === '--exit-code' || inline !== undefined) {
      const v = inline ?? rest[++i];
      if (v === undefined || !/^-?\d+$/.test(v)) return `--exit-code needs a whole number.\n\n${USAGE}`;
      exitCode = Number(v);
    } else if (a === '-h' || a === '--help') {
      return USAGE;
    } else if (file === undefined) {
      file = a;
    } else {
      return `Unexpected argument "${a}".\n\n${USAGE}`;
    }
  }
  if (file === undefined) return `Missing the transcript file (or - for stdin).\n\n${USAGE}`;
  return { command, file, exitCode };
}

export async function readDecoded(input: Readable): Promise<Decoded[]> {
  const reader = new ZeroEventReader();
  const out: Decoded[] = [];
  for await (const chunk of input) {
    for (const d of reader.push(chunk as Uint8Array)) out.push(d);
  }
  for (const d of reader.end()) out.push(d);
  return out;
}

export function markdownOf(decoded: readonly Decoded[], exitCode: number | null): string {
  return chatToMarkdown(replayRun(decoded, exitCode));
}

async function main(): Promise<number> {
  const opts = parseArgs(process.argv.slice(2));
  if (typeof opts === 'string') {
    const help = opts === USAGE;
    (help ? process.stdout : process.stderr).write(opts + '\n');
    return help ? 0 : 2;
  }
  const input = opts.file === '-' ? process.stdin : createReadStream(opts.file);
  let decoded: Decoded[];
  try {
    decoded = await readDecoded(input);
  } catch (err) {
    process.stderr.write(`Cannot read ${opts.file}: ${(err as Error).message}\n`);
    return 1;
  }
  if (opts.command === 'summarize') {
    process.stdout.write(JSON.stringify(summarizeRun(decoded, opts.exitCode), null, 2) + '\n');
  } else {
    process.stdout.write(markdownOf(decoded, opts.exitCode));
  }
  return 0;
}

if (require.main === module) {
  main().then(
    (code) => (process.exitCode = code),
    (err: unknown) => {
      process.stderr.write(`transcript: ${(err as Error).stack ?? String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
