import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { LogRing } from '../../../src/diagnose/logRing';
import { recordProblems } from '../../../src/host/diagnose/recordingLog';

describe('recordProblems (the output channel that also keeps its errors for Zero: Diagnose)', () => {
  it('passes every line to the channel and keeps only errors and warnings in the ring', () => {
    const written: string[] = [];
    const channel = {
      name: 'Zero',
      info: (m: string) => written.push(`info ${m}`),
      warn: (m: string) => written.push(`warn ${m}`),
      error: (m: string | Error) => written.push(`error ${m instanceof Error ? m.message : m}`),
      show(this: { name: string }) {
        written.push(`show ${this.name}`);
      },
    } as unknown as vscode.LogOutputChannel;
    const ring = new LogRing();
    const log = recordProblems(channel, ring);
    log.info('Using /usr/bin/zero (zero 0.8.0)');
    log.warn('Ignored workspace settings: zero.path');
    log.error(new Error('zero acp exited (code 1)'));
    log.show();
    assert.deepEqual(written, [
      'info Using /usr/bin/zero (zero 0.8.0)',
      'warn Ignored workspace settings: zero.path',
      'error zero acp exited (code 1)',
      'show Zero',
    ]);
    assert.deepEqual(
      ring.lines().map((l) => [l.level, l.text]),
      [
        ['warn', 'Ignored workspace settings: zero.path'],
        ['error', 'Error: zero acp exited (code 1)'],
      ],
    );
    assert.equal(log.name, 'Zero');
  });
});
