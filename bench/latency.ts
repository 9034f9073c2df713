/**
 * Latency of a message with the real Zero and the scripted model at zero delay, in a real VS Code
 * (code-server + Chromium), on exec and on ACP:
 *   - Send → first word: from the Enter keydown in the chat view to Zero's first words drawn (in the turn's first
 *     text block; it is styled as the answer once Zero's final event says it is, "answer drawn");
 *   - Send → end of turn: to the turn's status drawn;
 *   - the extension's share: what the same message costs without the extension, run directly
 *     (exec: `zero exec` spawned as from a shell, later messages with --resume as the chat does; ACP: a
 *     bare SDK client on a running `zero acp`),
 *     subtracted from the end-of-turn time;
 *   - the platform's floor: a bare extension's bare webview in the same window (bench/latencyProbe/),
 *     its Enter to its host and its host's answer back, so the share can say which milliseconds are VS Code's.
 * Both ends of each on-screen figure are read with the webview's own clock (performance.now in the
 * chat document), so the browser driver's latency is not in them. Medians over RUNS (default 9)
 * after one warm-up; the range follows in brackets.
 *
 *   npm run bench:latency [-- --runs 15] [-- --transport exec]
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Readable, Writable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk';
import type { Frame } from 'playwright-core';
import { MODEL_ID } from '../test/fixtures/model-server/server';
import { startModelServerProcess, type ServerProcess } from './lib/modelServerProcess';
import { chatWebviewFrame } from '../test/e2e/lib/axe';
import { launchBrowserFor, openWorkbench } from '../test/e2e/lib/browser';
import { startCodeServer, type CodeServer } from '../test/e2e/lib/codeServer';
import { openZeroView } from '../test/e2e/lib/workbench';
import { messageBox } from '../test/e2e/lib/userFlows';
import { findRealZero } from '../test/real-zero/lib/realZero';
import { LATENCY_STAGES, type LatencyRecord } from '../src/protocol/latencyMarks';
import { promptInput } from '../src/protocol/input';
import { buildProbe, installProbe, measureFloor, type FloorSample } from './lib/latencyFloor';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const RUNS = Number(arg('runs') ?? 9);
const TRANSPORTS = (arg('transport') ?? 'exec,acp').split(',') as ('exec' | 'acp')[];
const PROMPT = 'scenario:plain latency';

interface Sample {
  first: number;
  /** Zero alone (exec): its first stdout bytes. */
  firstOutput?: number;
  end: number;
  /** The same words drawn as the answer (after Zero's final event). */
  answer?: number;
  /** Each stage's time after Enter (ms), host's and webview's (screen runs only). */
  stages?: Partial<Record<Stage, number>>;
}

/** The path of a message, in order: Enter, the host's marks (src/protocol/latencyMarks.ts), the webview's. */
const STAGES = [...LATENCY_STAGES, 'webview-received', 'text-drawn', 'final-received', 'drawn'] as const;
type Stage = (typeof STAGES)[number];
const STAGE_LABEL: Record<Stage, string> = {
  'host-received': 'Enter → send message at the host',
  'turn-started': '→ turn in the chat',
  'zero-asked': '→ zero exec spawned / session/prompt sent',
  'first-output': "→ Zero's first stdout bytes / first ACP update",
  'text-read': "→ Zero's first words read",
  'text-decoded': '→ decoded',
  'text-reduced': '→ reduced into the chat',
  'text-posted': '→ posted to the view',
  'webview-received': '→ received in the view',
  'text-drawn': '→ drawn (as text)',
  'final-received': "→ Zero's final event received in the view",
  drawn: '→ drawn as the answer',
};

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (xs: number[]): string =>
  `${median(xs).toFixed(0)} ms [${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}]`;

/** Zero's config in a folder of its own, pointing at the scripted model. */
function zeroConfig(server: ServerProcess): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-latency-'));
  fs.mkdirSync(path.join(dir, 'zero'));
  const provider = {
    name: 'scripted',
    provider_kind: 'openai-compatible',
    baseURL: server.baseURL,
    apiKey: 'sk-bench',
    model: MODEL_ID,
  };
  fs.writeFileSync(
    path.join(dir, 'zero', 'config.json'),
    JSON.stringify({ activeProvider: 'scripted', providers: [provider] }),
  );
  return dir;
}

/** Arms timers in the chat document: Enter in the message box, then the next turn's first words, answer and status. */
const ARM = `(() => {
  const w = window;
  w.__lat = { sent: 0, first: 0, answer: 0, end: 0, sentAt: 0, receivedAt: 0, textAt: 0, finalAt: 0, drawnAt: 0 };
  const at = () => performance.timeOrigin + performance.now();
  // The host's first post holding the answer's words (capture: before the view's own listener draws it).
  const onMessage = (e) => {
    const acts = e.data && e.data.type === 'actions' ? e.data.actions : null;
    if (w.__lat.sent && !w.__lat.receivedAt && acts && acts.some((a) => a.type === 'event' && a.event.type === 'text')) w.__lat.receivedAt = at();
    if (w.__lat.sent && !w.__lat.finalAt && acts && acts.some((a) => (a.type === 'event' && a.event.type === 'final') || a.type === 'acp_turn_ended')) {
      w.__lat.finalAt = at();
      window.removeEventListener('message', onMessage, true);
    }
  };
  window.addEventListener('message', onMessage, true);
  const turnsBefore = document.querySelectorAll('section.transcript article.turn').length;
  const box = document.querySelector('textarea');
  box.addEventListener('keydown', (e) => { if (e.key === 'Enter' && !e.shiftKey && !w.__lat.sent) { w.__lat.sent = performance.now(); w.__lat.sentAt = at(); } }, { capture: true, once: true });
  const check = () => {
    const turns = document.querySelectorAll('section.transcript article.turn');
    const turn = turns.length > turnsBefore ? turns[turns.length - 1] : null;
    if (!turn || !w.__lat.sent) return;
    const answer = turn.querySelector('.text-block.answer');
    const text = turn.querySelector('.text-block');
    if (!w.__lat.first && text && text.textContent.trim()) { w.__lat.first = performance.now(); w.__lat.textAt = at(); }
    if (!w.__lat.answer && answer && answer.textContent.trim()) { w.__lat.answer = performance.now(); w.__lat.drawnAt = at(); }
    if (!w.__lat.end && turn.querySelector('.turn-footer .turn-status')) { w.__lat.end = performance.now(); obs.disconnect(); }
  };
  const obs = new MutationObserver(check);
  obs.observe(document.body, { subtree: true, childList: true, characterData: true });
})()`;

async function onScreen(
  transport: 'exec' | 'acp',
  bin: string,
): Promise<{ samples: Sample[]; floor: FloorSample[]; asTheChat: Sample[] }> {
  const server = await startModelServerProcess();
  const config = zeroConfig(server);
  const probe = buildProbe();
  const marksFile = path.join(config, 'latency-marks.jsonl');
  const cs = await startCodeServer({
    name: `bench-latency-${transport}`,
    settings: { 'zero.path': bin, 'zero.transport': transport, 'zero.notifications': false },
    env: {
      XDG_CONFIG_HOME: config,
      ZERO_VSCODE_LATENCY_MARKS: marksFile,
      OPENAI_API_KEY: undefined,
      ANTHROPIC_API_KEY: undefined,
      GEMINI_API_KEY: undefined,
    },
  });
  const browser = await launchBrowserFor(cs);
  const samples: Sample[] = [];
  let floor: FloorSample[] = [];
  let asTheChat: Sample[] = [];
  try {
    // Installed beside Zero's (the workbench takes one development extension): read when the window opens.
    installProbe(probe, cs.dirs.extensions);
    await openWorkbench(browser.page, cs);
    const chat = await openZeroView(browser.page);
    await messageBox(chat).waitFor({ timeout: 90_000 });
    const frame: Frame = await chatWebviewFrame(browser.page);
    for (let i = 0; i <= RUNS; i++) {
      await messageBox(chat).fill(`${PROMPT} ${i}`);
      await frame.evaluate(ARM);
      await messageBox(chat).press('Enter');
      const t = await pollTimes(frame);
      const host = await hostMarks(marksFile, i + 1);
      const stages: Partial<Record<Stage, number>> = {};
      for (const s of LATENCY_STAGES) if (host[s] !== undefined) stages[s] = host[s] - t.sentAt;
      if (t.receivedAt) stages['webview-received'] = t.receivedAt - t.sentAt;
      if (t.textAt) stages['text-drawn'] = t.textAt - t.sentAt;
      if (t.finalAt) stages['final-received'] = t.finalAt - t.sentAt;
      stages.drawn = t.drawnAt - t.sentAt;
      // run 0 warms up
      if (i > 0) samples.push({ first: t.first - t.sent, answer: t.answer - t.sent, end: t.end - t.sent, stages });
    }
    // The same window, after the chat's turns: nothing else runs meanwhile.
    if (transport === 'exec') asTheChat = await execAsTheChat(bin, cs);
    floor = await measureFloor(browser.page, RUNS);
  } finally {
    await browser.close();
    await cs.stop();
    await server.close();
    fs.rmSync(config, { recursive: true, force: true });
    fs.rmSync(probe, { recursive: true, force: true });
  }
  return { samples, floor, asTheChat };
}

interface ScreenTimes {
  sent: number;
  first: number;
  answer: number;
  end: number;
  /** The same moments on the epoch clock (timeOrigin + now), which the host's marks use too. */
  sentAt: number;
  receivedAt: number;
  textAt: number;
  finalAt: number;
  drawnAt: number;
}

/** The host's marks of message `n` (1-based): the file has a line per message once its first words were posted. */
async function hostMarks(file: string, n: number): Promise<LatencyRecord> {
  const until = Date.now() + 10_000;
  for (;;) {
    const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
    if (lines.length >= n) return JSON.parse(lines[n - 1]!) as LatencyRecord;
    if (Date.now() > until) throw new Error(`the host wrote ${lines.length} latency records, not ${n}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function pollTimes(frame: Frame): Promise<ScreenTimes> {
  const until = Date.now() + 60_000;
  for (;;) {
    const t = (await frame.evaluate('window.__lat')) as ScreenTimes;
    if (t.end && t.first && t.answer) return t;
    if (Date.now() > until) throw new Error(`the turn did not end on screen: ${JSON.stringify(t)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** One `zero exec` of `prompt`, timed from the spawn call: its first stdout bytes, first words and exit. */
async function timeExec(
  bin: string,
  args: readonly string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; stdin?: string },
): Promise<Sample & { session: string }> {
  const t0 = performance.now();
  let first = 0;
  let output = 0;
  let session = '';
  const child = spawn(bin, [...args], {
    cwd: opts.cwd,
    env: opts.env,
    stdio: [opts.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'ignore'],
  });
  if (opts.stdin !== undefined) child.stdin?.end(opts.stdin);
  child.stdout!.on('data', (d: Buffer) => {
    output ||= performance.now();
    if (!first && d.includes('"type":"text"')) first = performance.now();
    session ||= /"sessionId":"([^"]+)"/.exec(d.toString())?.[1] ?? '';
  });
  await new Promise((r) => child.on('close', r));
  return { first: first - t0, firstOutput: output - t0, end: performance.now() - t0, session };
}

/** The same message straight to `zero exec`, as a shell would run it: first text line and exit. */
async function directExec(bin: string): Promise<Sample[]> {
  const server = await startModelServerProcess();
  const config = zeroConfig(server);
  const ws = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-latency-ws-'));
  const samples: Sample[] = [];
  try {
    let session = '';
    for (let i = 0; i <= RUNS; i++) {
      // Later messages continue the session, as the chat does (--resume).
      const resume = session ? [`--resume=${session}`] : [];
      const t = await timeExec(
        bin,
        ['exec', '-o', 'stream-json', '--no-notify', '--no-completion-gate', ...resume, '--', `${PROMPT} ${i}`],
        { cwd: ws, env: { ...process.env, XDG_CONFIG_HOME: config, XDG_DATA_HOME: path.join(ws, '.data') } },
      );
      session ||= t.session;
      if (i > 0) samples.push(t);
    }
  } finally {
    await server.close();
    fs.rmSync(config, { recursive: true, force: true });
    fs.rmSync(ws, { recursive: true, force: true });
  }
  return samples;
}

/**
 * Zero as the chat runs it (its argv, stdin and the server's environment), spawned from the bench while the
 * window idles: what Zero alone costs there, without the extension's work beside it.
 */
async function execAsTheChat(bin: string, cs: CodeServer): Promise<Sample[]> {
  const samples: Sample[] = [];
  let session = '';
  for (let i = 0; i <= RUNS; i++) {
    const resume = session ? [`--resume=${session}`] : [];
    const args = ['exec', '-o', 'stream-json', '-i', 'stream-json', '--no-notify', '--no-completion-gate'];
    const t = await timeExec(bin, [...args, '--cwd', cs.dirs.workspace, ...resume, '--auto', 'medium'], {
      cwd: cs.dirs.workspace,
      env: cs.env,
      stdin: promptInput(`${PROMPT} alone ${i}`),
    });
    session ||= t.session;
    if (i > 0) samples.push(t);
  }
  return samples;
}

/** The same message to a running `zero acp` from a bare SDK client: first chunk and the prompt's reply. */
async function directAcp(bin: string): Promise<Sample[]> {
  const server = await startModelServerProcess();
  const config = zeroConfig(server);
  const ws = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-latency-ws-'));
  const child = spawn(bin, ['acp'], {
    cwd: ws,
    env: { ...process.env, XDG_CONFIG_HOME: config, XDG_DATA_HOME: path.join(ws, '.data') },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  let onChunk: (() => void) | undefined;
  const stream = acp.ndJsonStream(
    Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
    Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
  );
  const conn = acp
    .client()
    .onRequest('session/request_permission', () => ({ outcome: { outcome: 'cancelled' } }))
    .onNotification('session/update', ({ params }) => {
      if (params.update.sessionUpdate === 'agent_message_chunk') onChunk?.();
    })
    .connect(stream).agent;
  const samples: Sample[] = [];
  try {
    await conn.request('initialize', { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: {} });
    const { sessionId } = await conn.request('session/new', { cwd: ws, mcpServers: [] });
    for (let i = 0; i <= RUNS; i++) {
      const t0 = performance.now();
      let first = 0;
      onChunk = () => (first ||= performance.now());
      await conn.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: `${PROMPT} ${i}` }] });
      if (i > 0) samples.push({ first: first - t0, end: performance.now() - t0 });
    }
  } finally {
    child.kill('SIGKILL');
    await server.close();
    fs.rmSync(config, { recursive: true, force: true });
    fs.rmSync(ws, { recursive: true, force: true });
  }
  return samples;
}

/** The time of the stage before `stage` that this sample has (0: Enter). */
function prevOf(s: Sample, stage: Stage): number {
  for (let i = STAGES.indexOf(stage) - 1; i >= 0; i--) {
    const t = s.stages?.[STAGES[i]!];
    if (t !== undefined) return t;
  }
  return 0;
}

async function main(): Promise<void> {
  const found = findRealZero();
  if ('skip' in found) {
    console.log(`bench:latency skipped: no real Zero (${found.skip})`);
    return;
  }
  console.log(`real Zero ${found.bin}; ${RUNS} runs after a warm-up; medians [min–max]`);
  for (const transport of TRANSPORTS) {
    const direct = transport === 'exec' ? await directExec(found.bin) : await directAcp(found.bin);
    const { samples: screen, floor, asTheChat } = await onScreen(transport, found.bin);
    const ends = screen.map((s) => s.end);
    const extension = median(ends) - median(direct.map((s) => s.end));
    console.log(`\n${transport}`);
    console.log(`  Send → first word on screen   ${fmt(screen.map((s) => s.first))}`);
    console.log(`  Send → answer drawn           ${fmt(screen.map((s) => s.answer ?? 0))}`);
    console.log(`  Send → end of turn on screen  ${fmt(ends)}`);
    console.log(
      `  Zero alone (${transport === 'exec' ? 'zero exec from a shell' : 'bare ACP client'}): first word ${fmt(direct.map((s) => s.first))}, end ${fmt(direct.map((s) => s.end))}`,
    );
    console.log(
      `  in the extension, end of turn: ${extension.toFixed(0)} ms of ${median(ends).toFixed(0)} ms (${((100 * extension) / median(ends)).toFixed(0)}%)`,
    );
    const firsts = screen.map((s) => s.first);
    const share = median(firsts) - median(direct.map((s) => s.first));
    console.log(
      `  in the extension, first word: ${share.toFixed(1)} ms of ${median(firsts).toFixed(1)} ms (${((100 * share) / median(firsts)).toFixed(0)}%)`,
    );
    const up = median(floor.map((f) => f.up));
    const down = median(floor.map((f) => f.down));
    console.log(
      `  the platform's floor (a bare webview in the same code-server, ${floor.length} Enter presses): view → host ${fmt(floor.map((f) => f.up))}, host → view ${fmt(floor.map((f) => f.down))}, to the next frame ${fmt(floor.map((f) => f.frame))}`,
    );
    console.log(`  in the extension beyond that floor, first word: ${(share - up - down).toFixed(1)} ms`);
    const span = (from: Stage, to: Stage): number[] =>
      screen.flatMap((s) =>
        s.stages?.[from] !== undefined && s.stages[to] !== undefined ? [s.stages[to] - s.stages[from]] : [],
      );
    if (transport === 'exec')
      console.log(
        `  Zero itself, spawned → first stdout / first words read: in the extension ${fmt(span('zero-asked', 'first-output'))} / ${fmt(span('zero-asked', 'text-read'))}; alone ${fmt(direct.map((s) => s.firstOutput ?? 0))} / ${fmt(direct.map((s) => s.first))}; alone with the chat's argv, stdin and environment, the window idle ${fmt(asTheChat.map((s) => s.firstOutput ?? 0))} / ${fmt(asTheChat.map((s) => s.first))}`,
      );
    console.log('  each stage, median ms after the previous one [median ms after Enter]:');
    for (const stage of STAGES) {
      const xs = screen.flatMap((s) => (s.stages?.[stage] === undefined ? [] : [s.stages[stage]]));
      if (xs.length === 0) continue;
      const step = median(
        screen.flatMap((s) => (s.stages?.[stage] === undefined ? [] : [s.stages[stage] - prevOf(s, stage)])),
      );
      console.log(`    ${STAGE_LABEL[stage].padEnd(48)} ${step.toFixed(1).padStart(7)}  [${median(xs).toFixed(1)}]`);
    }
  }
}

main().then(
  () => process.exit(0),
  (err: Error) => {
    console.error(err.stack ?? err.message);
    process.exit(1);
  },
);
