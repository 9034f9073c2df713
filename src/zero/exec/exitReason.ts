/**
 * Turn how a run ended into words a user understands (docs/zero-exec.md §5, §6).
 *
 * `run_end` is authoritative when it arrived; without it only the exit code or signal is left,
 * and exit 1 without `run_end` means Zero crashed (§1, §4).
 */
import type { RunExit } from '../process/zeroProcess';

export type ExitKind =
  | 'success'
  | 'usage'
  | 'provider'
  | 'incomplete'
  | 'interrupted'
  | 'crash'
  | 'not-found'
  | 'not-executable'
  | 'signal'
  | 'unknown';

export interface ExitExplanation {
  readonly kind: ExitKind;
  /** One or two sentences for the chat or a notification. */
  readonly message: string;
  /** The exit code that decided it (run_end's when present), if any. */
  readonly exitCode: number | null;
  /** The stderr tail, when it helps explain a failure. */
  readonly detail?: string;
}

export interface ExplainExitOptions {
  /** The binary that was run, for "not found at …". */
  readonly binary?: string;
  /** The working folder, for "folder does not exist". */
  readonly cwd?: string;
  /** The stream's `error` event, if one came: its message is the most precise reason. */
  readonly error?: { readonly code?: string; readonly message?: string };
}

const LOG_HINT = 'See the Zero output log.';

export function explainExit(exit: RunExit, opts: ExplainExitOptions = {}): ExitExplanation {
  const binary = opts.binary ?? 'the configured path';
  const detail = exit.stderrTail.trim() || undefined;
  const withDetail = (e: ExitExplanation): ExitExplanation => (detail && e.kind !== 'success' ? { ...e, detail } : e);

  if (exit.spawnError) {
    const { code, message, target } = exit.spawnError;
    if (target === 'cwd') {
      const folder = opts.cwd ? `the folder ${opts.cwd}` : 'its working folder';
      return {
        kind: 'usage',
        exitCode: null,
        message: `Zero could not start: ${folder} does not exist or is not a folder.`,
      };
    }
    switch (code) {
      case 'ENOENT':
        return {
          kind: 'not-found',
          exitCode: null,
          message: `Zero CLI not found at ${binary}. Install Zero, or set "zero.path" to the zero executable.`,
        };
      case 'EACCES':
      case 'EPERM':
        return {
          kind: 'not-executable',
          exitCode: null,
          message: `${binary} is not executable. Check its permissions (chmod +x), or set "zero.path" to the zero executable.`,
        };
      case 'EISDIR':
        return {
          kind: 'not-executable',
          exitCode: null,
          message: `${binary} is a folder, not the zero executable. Set "zero.path" to the zero executable.`,
        };
      case 'ENOEXEC':
        return {
          kind: 'not-executable',
          exitCode: null,
          message: `${binary} is not a program this system can run. Set "zero.path" to the zero executable.`,
        };
      default:
        return { kind: 'unknown', exitCode: null, message: `Zero could not start (${code}): ${message}` };
    }
  }

  const reason = opts.error?.message?.trim();
  const because = (text: string): string => (reason ? `${text}: ${reason}` : `${text}.`);

  if (exit.sawRunEnd) {
    const code = exit.runEndExitCode ?? exit.code;
    switch (code) {
      case 0:
        return { kind: 'success', exitCode: 0, message: 'Zero finished.' };
      case 2:
        return withDetail({ kind: 'usage', exitCode: 2, message: because('Zero rejected the request (usage error)') });
      case 3:
        return withDetail({ kind: 'provider', exitCode: 3, message: because(providerText(opts.error?.code)) });
      case 4:
        return withDetail({
          kind: 'incomplete',
          exitCode: 4,
          message: because('Zero stopped before completing the task'),
        });
      case 130:
        return {
          kind: 'interrupted',
          exitCode: 130,
          message: exit.stopRequested ? 'Stopped.' : 'Zero was interrupted.',
        };
      default:
        return withDetail({
          kind: 'unknown',
          exitCode: code,
          message: because(`Zero ended with exit code ${code} (status "${exit.runEndStatus ?? '?'}")`),
        });
    }
  }

  // No run_end from here on: the process's own code or signal is all we have.
  if (exit.stopRequested) {
    return { kind: 'interrupted', exitCode: exit.code, message: 'Stopped.' };
  }
  if (exit.signal) {
    const oom = exit.signal === 'SIGKILL' ? ' (perhaps by the system, out of memory)' : '';
    return withDetail({
      kind: 'signal',
      exitCode: null,
      message: `Zero was killed by ${exit.signal}${oom} before finishing the run. ${LOG_HINT}`,
    });
  }
  switch (exit.code) {
    case 1:
      return withDetail({
        kind: 'crash',
        exitCode: 1,
        message: `Zero stopped without finishing the run (exit 1, no run_end): it probably crashed. ${LOG_HINT}`,
      });
    case 0:
      return withDetail(cleanExitWithoutRunEnd(exit));
    case 2:
      // Flag errors before `-o stream-json` go to stderr only (§6.1).
      return withDetail({
        kind: 'usage',
        exitCode: 2,
        message: because(`Zero rejected its arguments (usage error)${lastLine(detail)}`),
      });
    case 3:
      return withDetail({ kind: 'provider', exitCode: 3, message: because(providerText(opts.error?.code)) });
    case 130:
      return { kind: 'interrupted', exitCode: 130, message: 'Zero was interrupted.' };
    case null:
      return withDetail({
        kind: 'unknown',
        exitCode: null,
        message: `Zero ended without an exit code or run_end. ${LOG_HINT}`,
      });
    default:
      return withDetail({
        kind: 'crash',
        exitCode: exit.code,
        message: `Zero stopped without finishing the run (exit ${exit.code}, no run_end): it probably crashed. ${LOG_HINT}`,
      });
  }
}

/**
 * Exit 0 without `run_end`. Only plain-text stdout and no events looks like help output (a help
 * flag in extraArgs); events followed by a clean exit mean the run stopped short of its end.
 */
function cleanExitWithoutRunEnd(exit: RunExit): ExitExplanation {
  const events = exit.stdout?.events ?? 0;
  const text = exit.stdout?.nonJsonLines ?? 0;
  if (events > 0) {
    return {
      kind: 'incomplete',
      exitCode: 0,
      message: `Zero exited (exit 0) before finishing the run: no run_end came after its output, so the answer may be cut short. ${LOG_HINT}`,
    };
  }
  if (text > 0) {
    return {
      kind: 'usage',
      exitCode: 0,
      message: `Zero printed text instead of running the prompt (exit 0, no stream-json output): a help or version flag in "zero.extraArgs"? ${LOG_HINT}`,
    };
  }
  return { kind: 'unknown', exitCode: 0, message: `Zero exited without any output (exit 0, no run_end). ${LOG_HINT}` };
}

/** Exit 3 covers more than the model provider (§5). */
function providerText(errorCode: string | undefined): string {
  switch (errorCode) {
    case 'sandbox_error':
      return 'Zero could not set up its sandbox';
    case 'mcp_error':
      return 'Zero could not start an MCP server';
    case 'specialist_error':
      return 'Zero could not set up a specialist';
    default:
      return 'The model provider failed';
  }
}

function lastLine(text: string | undefined): string {
  const line = text
    ?.split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .pop();
  return line ? ` — ${line.slice(0, 300)}` : '';
}
