import * as assert from 'node:assert/strict';
import { explainExit } from '../../../src/zero/exec/exitReason';
import type { RunExit } from '../../../src/zero/process/zeroProcess';

function exit(partial: Partial<RunExit>): RunExit {
  return {
    code: null,
    signal: null,
    sawRunEnd: false,
    stderrTail: '',
    stopRequested: false,
    outcome: 'crashed',
    ...partial,
  };
}
const ended = (code: number, status: string, extra: Partial<RunExit> = {}): RunExit =>
  exit({ code, sawRunEnd: true, runEndExitCode: code, runEndStatus: status, ...extra });

describe('explainExit', () => {
  it('maps the run_end exit codes', () => {
    assert.equal(explainExit(ended(0, 'success')).kind, 'success');
    assert.equal(explainExit(ended(2, 'error')).kind, 'usage');
    assert.equal(explainExit(ended(3, 'error')).kind, 'provider');
    assert.equal(explainExit(ended(4, 'incomplete')).kind, 'incomplete');
    assert.equal(explainExit(ended(130, 'interrupted')).kind, 'interrupted');
    assert.equal(explainExit(ended(7, 'weird')).kind, 'unknown');
  });

  it('uses the stream error message when there is one', () => {
    const e = explainExit(ended(3, 'error'), {
      error: { code: 'provider_error', message: 'rate limit error: slow down' },
    });
    assert.equal(e.message, 'The model provider failed: rate limit error: slow down');
    assert.equal(e.exitCode, 3);
    assert.match(explainExit(ended(3, 'error'), { error: { code: 'mcp_error' } }).message, /MCP server/);
  });

  it('prefers run_end over the process exit code', () => {
    assert.equal(explainExit(ended(0, 'success', { code: 1 })).kind, 'success');
  });

  it('says "Stopped." when the user stopped the run', () => {
    assert.equal(explainExit(ended(130, 'interrupted', { stopRequested: true })).message, 'Stopped.');
    const killed = explainExit(exit({ signal: 'SIGKILL', stopRequested: true }));
    assert.deepEqual([killed.kind, killed.message], ['interrupted', 'Stopped.']);
  });

  it('calls exit 1 without run_end a crash and points at the log', () => {
    const e = explainExit(exit({ code: 1, stderrTail: 'zero crashed: boom\n' }));
    assert.equal(e.kind, 'crash');
    assert.equal(
      e.message,
      'Zero stopped without finishing the run (exit 1, no run_end): it probably crashed. See the Zero output log.',
    );
    assert.equal(e.detail, 'zero crashed: boom');
  });

  it('names an unexpected signal', () => {
    const e = explainExit(exit({ signal: 'SIGKILL' }));
    assert.equal(e.kind, 'signal');
    assert.match(e.message, /SIGKILL/);
  });

  it('explains a flag error that only reached stderr', () => {
    const e = explainExit(exit({ code: 2, stderrTail: '[zero] unknown exec flag "--bogus"' }));
    assert.equal(e.kind, 'usage');
    assert.match(e.message, /unknown exec flag "--bogus"/);
  });

  it('blames a help flag for exit 0 without run_end only when stdout was plain text and no events', () => {
    const help = explainExit(exit({ code: 0, stdout: { events: 0, nonJsonLines: 12 } }));
    assert.equal(help.kind, 'usage');
    assert.match(help.message, /help or version flag in "zero\.extraArgs"/);
  });

  it('says a run stopped short, not "help flag", when events streamed before exit 0 without run_end', () => {
    const e = explainExit(exit({ code: 0, stdout: { events: 3, nonJsonLines: 0 } }));
    assert.equal(e.kind, 'incomplete');
    assert.match(e.message, /before finishing the run/);
    assert.doesNotMatch(e.message, /help|extraArgs/);
    // Stray text next to real events is still not help output.
    assert.doesNotMatch(
      explainExit(exit({ code: 0, stdout: { events: 3, nonJsonLines: 2 } })).message,
      /help|extraArgs/,
    );
  });

  it('exit 0 with no output at all names neither help nor a cut-short answer', () => {
    const e = explainExit(exit({ code: 0, stdout: { events: 0, nonJsonLines: 0 } }));
    assert.match(e.message, /without any output/);
    assert.doesNotMatch(e.message, /extraArgs/);
  });

  it('explains spawn errors', () => {
    const notFound = explainExit(
      exit({ spawnError: { code: 'ENOENT', message: 'spawn /x/zero ENOENT', target: 'binary' } }),
      { binary: '/x/zero' },
    );
    assert.deepEqual(
      [notFound.kind, notFound.message.startsWith('Zero CLI not found at /x/zero')],
      ['not-found', true],
    );
    const notExec = explainExit(exit({ spawnError: { code: 'EACCES', message: 'spawn EACCES', target: 'binary' } }), {
      binary: '/x/zero',
    });
    assert.deepEqual([notExec.kind, notExec.message.startsWith('/x/zero is not executable')], ['not-executable', true]);
    const noCwd = explainExit(exit({ spawnError: { code: 'ENOENT', message: 'spawn ENOENT', target: 'cwd' } }), {
      cwd: '/gone',
    });
    assert.equal(noCwd.kind, 'usage');
    assert.match(noCwd.message, /\/gone does not exist/);
    assert.equal(
      explainExit(exit({ spawnError: { code: 'E2BIG', message: 'too big', target: 'binary' } })).kind,
      'unknown',
    );
  });

  it('treats other codes without run_end as a crash', () => {
    const e = explainExit(exit({ code: 137 }));
    assert.equal(e.kind, 'crash');
    assert.match(e.message, /exit 137, no run_end/);
  });
});
