// mergeEnv: the env a run gets.
import * as assert from 'node:assert/strict';
import { mergeEnv } from '../../../src/zero/process/mergeEnv';

describe('mergeEnv', () => {
  it('overrides, removes undefined keys, and is case-insensitive on Windows', () => {
    assert.deepEqual(mergeEnv({ A: '1', B: '2' }, { B: '3', A: undefined, C: '4' }, false), { B: '3', C: '4' });
    assert.deepEqual(mergeEnv({ Path: 'C:\\old' }, { PATH: 'C:\\new' }, true), { PATH: 'C:\\new' });
    assert.deepEqual(mergeEnv({ Path: 'x', PATH: 'y' }, {}, false), { Path: 'x', PATH: 'y' });
  });
});
