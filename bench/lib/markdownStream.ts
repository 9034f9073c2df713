// Deterministic, realistic markdown for the webview benchmark, and its cut into deltas.

export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'the a function returns value when request handler cache config module test build server client ' +
  'error retry timeout user data file path import export async await promise stream buffer parse render update ' +
  'state reducer action event listener queue worker process signal option default schema type interface class'
).split(' ');

/** About `bytes` characters of answer-like markdown (headings, paragraphs, lists, tables, fences), ending with `end`. */
export function markdown(bytes: number, rand: () => number, end: string): string {
  const pick = <T>(a: readonly T[]): T => a[Math.floor(rand() * a.length)];
  const words = (n: number): string => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const sentence = (): string => {
    const s = words(6 + Math.floor(rand() * 14));
    const deco = rand();
    const extra =
      deco < 0.2
        ? ` \`${pick(WORDS)}.${pick(WORDS)}()\``
        : deco < 0.3
          ? ` **${words(2)}**`
          : deco < 0.35
            ? ` see [docs](https://example.com/${pick(WORDS)})`
            : deco < 0.4
              ? ` in \`src/${pick(WORDS)}.ts:${1 + Math.floor(rand() * 300)}\``
              : '';
    return s[0]!.toUpperCase() + s.slice(1) + extra + '.';
  };
  const paragraph = (): string => Array.from({ length: 2 + Math.floor(rand() * 4) }, sentence).join(' ');
  const code = (): string => {
    const lang = pick(['ts', 'python', 'bash', 'json', 'ts']);
    const n = 6 + Math.floor(rand() * 20);
    const lines: string[] = [];
    for (let i = 0; i < n; i++) {
      if (lang === 'ts')
        lines.push(
          `  ${pick(['const', 'let', 'return', 'await', 'if (x)'])} ${pick(WORDS)}${i} = ${pick(WORDS)}(${JSON.stringify(pick(WORDS))}, ${i}); // ${words(3)}`,
        );
      else if (lang === 'python')
        lines.push(`    ${pick(WORDS)}_${i} = ${pick(WORDS)}(${i}, "${pick(WORDS)}")  # ${words(3)}`);
      else if (lang === 'bash')
        lines.push(`${pick(['npm run', 'git', 'ls -la', 'grep -rn'])} ${pick(WORDS)} --${pick(WORDS)}=${i}`);
      else lines.push(`  "${pick(WORDS)}${i}": ${rand() < 0.5 ? i : JSON.stringify(words(2))},`);
    }
    const head =
      lang === 'ts'
        ? ['export async function run() {']
        : lang === 'python'
          ? ['def run():']
          : lang === 'json'
            ? ['{']
            : [];
    const tail = lang === 'ts' ? ['}'] : lang === 'json' ? ['  "end": true', '}'] : [];
    return ['```' + lang, ...head, ...lines, ...tail, '```'].join('\n');
  };
  const list = (ordered: boolean): string =>
    Array.from({ length: 3 + Math.floor(rand() * 5) }, (_, i) => `${ordered ? `${i + 1}.` : '-'} ${sentence()}`).join(
      '\n',
    );
  const table = (): string => {
    const rows = ['| File | Change | Lines |', '|:---|:---|---:|'];
    for (let i = 0; i < 3 + Math.floor(rand() * 4); i++)
      rows.push(`| \`src/${pick(WORDS)}.ts\` | ${words(4)} | ${Math.floor(rand() * 200)} |`);
    return rows.join('\n');
  };
  const out: string[] = [];
  let size = 0;
  let section = 0;
  while (size < bytes) {
    const blocks = [`## ${++section}. ${words(3)}`, paragraph()];
    const r = rand();
    if (r < 0.35) blocks.push(code(), paragraph());
    else if (r < 0.6) blocks.push(list(rand() < 0.5), paragraph());
    else if (r < 0.7) blocks.push(table());
    else if (r < 0.8) blocks.push(`> ${sentence()}`, paragraph());
    else blocks.push(paragraph(), list(false), code());
    const text = blocks.join('\n\n') + '\n\n';
    out.push(text);
    size += text.length;
  }
  return out.join('') + `Done. ${end}\n`;
}

/** Cut into exactly `n` deltas at random points (some tiny, some long, like a tokenizer's bursts). */
export function deltasOf(text: string, n: number, rand: () => number): string[] {
  const cuts = new Set<number>();
  while (cuts.size < n - 1) cuts.add(1 + Math.floor(rand() * (text.length - 1)));
  const sorted = [...cuts].sort((a, b) => a - b);
  const out: string[] = [];
  let prev = 0;
  for (const c of sorted) {
    out.push(text.slice(prev, c));
    prev = c;
  }
  out.push(text.slice(prev));
  return out;
}
