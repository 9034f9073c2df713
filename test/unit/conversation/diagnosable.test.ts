// The turns that offer Diagnose, read from the explanations the host really writes for them.
import * as assert from 'node:assert/strict';
import { endFromCrash, endFromError } from '../../../src/acp/stopReason';
import { AcpProcessGone } from '../../../src/acp/zeroAcp';
import { suggestsDiagnose } from '../../../src/conversation/readouts/diagnosable';
import { explainExit } from '../../../src/zero/exec/exitReason';
import type { RunExit } from '../../../src/zero/process/zeroProcess';

const exit = (over: Partial<RunExit>): RunExit => ({
  code: 3,
  signal: null,
  stopRequested: false,
  sawRunEnd: true,
  runEndExitCode: 3,
  stderrTail: '',
  outcome: 'ended',
  ...over,
});
const spawnFailed = (code: string): RunExit =>
  exit({
    sawRunEnd: false,
    code: null,
    outcome: 'spawn-failed',
    spawnError: { code, message: 'spawn', target: 'binary' },
  });

describe('suggestsDiagnose', () => {
  const setup: [what: string, status: string, explanation: string][] = [
    [
      'exec: the provider failed',
      'error',
      explainExit(exit({}), { error: { code: 'provider_error', message: 'auth error: 401 invalid api key' } }).message,
    ],
    [
      'exec: no provider configured',
      'error',
      explainExit(exit({}), { error: { code: 'provider_error', message: 'No provider configured. Run `zero setup`' } })
        .message,
    ],
    ['exec: the sandbox', 'error', explainExit(exit({}), { error: { code: 'sandbox_error', message: 'x' } }).message],
    ['exec: the binary is gone', 'failed', explainExit(spawnFailed('ENOENT'), { binary: '/usr/bin/zero' }).message],
    [
      'exec: the binary is not executable',
      'failed',
      explainExit(spawnFailed('EACCES'), { binary: '/opt/zero' }).message,
    ],
    ['ACP: credentials refused', 'error', endFromError('auth error: 401 unauthorized').explanation!],
    ['ACP: no provider', 'error', endFromError('provider: no active provider configured').explanation!],
    ['ACP: a provider error', 'error', endFromError('provider error: 500 upstream').explanation!],
    ['ACP: the config', 'error', endFromError('config: invalid JSON').explanation!],
    [
      'ACP: zero acp could not start',
      'failed',
      new AcpProcessGone({
        code: null,
        signal: null,
        spawnError: 'ENOENT: spawn zero',
        stderrTail: '',
        requested: false,
      }).message,
    ],
    ['ACP: zero acp crashed', 'crashed', endFromCrash(2, null).explanation!],
  ];
  for (const [what, status, explanation] of setup) {
    it(`offers Diagnose for ${what}`, () => {
      assert.equal(suggestsDiagnose({ status, explanation }), true, explanation);
    });
  }

  it('not for the task itself, a stop, or a turn that went well', () => {
    const no: [string, string | null][] = [
      ['error', endFromError('rate limit error: 429').explanation],
      ['error', endFromError('provider request error: context length exceeded').explanation],
      ['interrupted', 'Stopped.'],
      ['success', null],
      ['incomplete', explainExit(exit({ runEndExitCode: 4 })).message],
      // Zero's own words in the middle do not count: only the host's fixed start.
      ['error', 'Zero could not run the turn: The model provider failed'],
    ];
    for (const [status, explanation] of no)
      assert.equal(suggestsDiagnose({ status, explanation }), false, explanation ?? status);
  });
});
