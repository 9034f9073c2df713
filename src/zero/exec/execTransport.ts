/**
 * The `zero exec` transport: one process per turn, stream-json in and out (docs/zero-exec.md §4-§7).
 * Permission requests arrive after Zero has refused the call, so approvals do not block here.
 */
import { actionFromDecoded, type ChatAction } from '../../conversation/actions';
import {
  failedTurn,
  type Transport,
  type TransportCapabilities,
  type TurnEnd,
  type TurnHandle,
  type TurnListener,
  type TurnRequest,
  type TransportLog,
} from '../../conversation/transport';
import { InputError, promptInput } from '../../protocol/input';
import type { ErrorEvent } from '../../protocol/events';
import { latencyMark, latencyOn } from '../../protocol/latencyMarks';
import { EXEC_CAPABILITIES } from './execCapabilities';
import { explainExit } from './exitReason';
import { StderrLogCap } from '../process/stderrLog';
import { startZeroRun, type RunExit } from '../process/zeroProcess';
import { planRun } from './runPlan';
import { argsForLog } from '../sessions/sessionTitle';
import type { ZeroSettings } from '../config/settingsSources';

export interface ExecTransportDeps {
  settings(): ZeroSettings;
  otherFolders(): readonly string[];
  trusted(): boolean;
  readonly log: TransportLog;
  /** The chat store's backlog (ChatStore.backlog): a run stops reading Zero's output while it is behind. */
  backpressure?(): Promise<void> | undefined;
}

export class ExecTransport implements Transport {
  readonly id = 'exec';
  readonly capabilities: TransportCapabilities = EXEC_CAPABILITIES;

  constructor(private readonly deps: ExecTransportDeps) {}

  startTurn(req: TurnRequest, listener: TurnListener): TurnHandle {
    const { log } = this.deps;
    const settings = this.deps.settings();
    const el = req.elevation ?? {};
    const planned = planRun({
      settings,
      folder: req.cwd,
      otherFolders: this.deps.otherFolders(),
      sessionId: req.sessionId,
      trusted: this.deps.trusted(),
      elevation: { ...(el.addDirs ? { addDirs: el.addDirs } : {}), ...(el.unsafe ? { unsafe: true } : {}) },
      ...(req.choice ? { choice: req.choice } : {}),
      ...(req.title !== undefined ? { sessionTitle: req.title } : {}),
      ...(req.worktree ? { worktree: req.worktree } : {}),
    });
    if (!planned.ok) {
      return failedTurn(planned.problem, planned.kind === 'binary' ? { path: null, problem: planned.problem } : null);
    }
    let input: string;
    try {
      input = promptInput(req.prompt, req.images);
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      return failedTurn(err.message, null);
    }
    const plan = { ...planned.plan, env: { ...planned.plan.env, ...el.env } };
    for (const w of plan.warnings) log.warn(w);
    // Never log env values or the prompt: they can hold secrets.
    log.info(
      `Starting: ${plan.binary} ${argsForLog(plan.args).join(' ')} (env keys: ${Object.keys(plan.env).join(', ') || 'none'})`,
    );
    const cwd = req.cwd!;
    let lastError: ErrorEvent | null = null;
    // Set by Stop: Zero answers our signal with `error{interrupted}`, which is no error to show (the turn says Stopped).
    let stopping = false;
    const stderrLog = new StderrLogCap((text) => log.append(text));
    const run = startZeroRun({
      binary: plan.binary,
      args: plan.args,
      cwd,
      env: plan.env,
      input,
      maxLineBytes: settings.maxLineMB * 1024 * 1024,
      onDecoded: (items) => {
        if (latencyOn() && items.some((d) => d.kind === 'event' && d.event.type === 'text'))
          latencyMark('text-decoded');
        const actions: ChatAction[] = [];
        for (const d of items) {
          if (stopping && d.kind === 'event' && d.event.type === 'error' && d.event.code === 'interrupted') {
            log.info(`Zero after Stop: ${d.event.message ?? 'interrupted'}`);
            continue;
          }
          if (d.kind === 'event' && d.event.type === 'error') lastError = d.event;
          if (d.kind === 'problem')
            log.warn(`Protocol problem: ${d.problem.reason} (line ${d.problem.line}: ${d.problem.excerpt})`);
          actions.push(actionFromDecoded(d));
        }
        listener.actions(actions);
      },
      onStderr: (text) => {
        stderrLog.push(text);
        // Zero drops images for a model it does not know to see them, and says so only on stderr (docs/zero-exec.md §7).
        const ignored = /Model (\S+) does not support image input; ignoring (\d+) image\(s\)\./.exec(text);
        if (ignored) {
          const n = ignored[2] === '1' ? 'image' : 'images';
          listener.actions([
            {
              type: 'notice',
              code: 'images-ignored',
              message: `The model ${ignored[1]} cannot see images: Zero ignored ${ignored[2]} ${n} sent with this message. ${ignored[2] === '1' ? 'It is' : 'They are'} back in the message box: pick a model with image input and send again, or remove ${ignored[2] === '1' ? 'it' : 'them'}.`,
            },
          ]);
        }
      },
      ...(this.deps.backpressure ? { backpressure: () => this.deps.backpressure?.() } : {}),
      onCallbackError: (err) => log.error(`Internal error while reading Zero's output: ${String(err)}`),
    });
    latencyMark('zero-asked');
    const ended = run.exited.then((exit) => {
      stderrLog.end();
      return endOf(exit, plan.binary, cwd, lastError, log);
    });
    return {
      ended,
      stop: () => {
        stopping = true;
        return run.stop();
      },
      // Zero already refused the call; the approval takes effect in a follow-up turn.
      answerApproval: () => undefined,
      dispose: () => run.dispose(),
    };
  }

  dispose(): void {
    // Nothing lives across turns.
  }
}

function endOf(exit: RunExit, binary: string, cwd: string, lastError: ErrorEvent | null, log: TransportLog): TurnEnd {
  const why = explainExit(exit, {
    binary,
    cwd,
    ...(lastError
      ? {
          error: {
            ...(lastError.code ? { code: lastError.code } : {}),
            ...(lastError.message ? { message: lastError.message } : {}),
          },
        }
      : {}),
  });
  log.info(
    `Run ended: ${why.kind} (exit ${exit.code ?? exit.signal ?? 'none'}${exit.sawRunEnd ? '' : ', no run_end'})`,
  );
  const binaryProblem =
    why.kind === 'not-found' || why.kind === 'not-executable' ? { path: binary, problem: why.message } : null;
  return {
    action: {
      type: 'process_exited',
      code: exit.code,
      signal: exit.signal,
      spawnFailed: exit.spawnError !== undefined,
      explanation: why.kind === 'success' ? null : why.message,
      stderrTail: exit.stderrTail.trim() || null,
      at: Date.now(),
      ...(exit.stopRequested ? { stopped: true } : {}),
    },
    stopped: exit.stopRequested,
    notStarted: false,
    binaryProblem,
  };
}
