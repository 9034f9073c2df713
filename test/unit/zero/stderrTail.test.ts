// StderrTail: the end of a run's stderr kept for its error message.
import * as assert from 'node:assert/strict';
import { StderrTail } from '../../../src/zero/process/stderrTail';

describe('StderrTail', () => {
  it('keeps the last 40 lines', () => {
    const tail = new StderrTail();
    for (let i = 1; i <= 100; i++) tail.push(`line ${i}\n`);
    const lines = tail.text().split('\n');
    assert.equal(lines.length, 40);
    assert.equal(lines[0], 'line 61');
    assert.equal(lines.at(-1), 'line 100');
  });

  it('keeps at most ~8 KB and no partial first line', () => {
    const tail = new StderrTail();
    for (let i = 0; i < 50; i++) tail.push(`${String(i).padStart(3, '0')} ${'x'.repeat(996)}\n`);
    const text = tail.text();
    assert.ok(text.length <= 8192);
    assert.ok(text.split('\n').every((l) => /^\d{3} x{996}$/.test(l)));
    assert.ok(text.endsWith(`049 ${'x'.repeat(996)}`));
  });
});
