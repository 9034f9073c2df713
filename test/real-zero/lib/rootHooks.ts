// Before any real-Zero test: find the real Zero (ZERO_REAL_BIN, else scripts/install-zero.sh). Without
// one every test is skipped, with one line saying why, so the suite never passes silently.
import { findRealZero } from './realZero';

export const mochaHooks = {
  beforeAll(this: Mocha.Context) {
    const found = findRealZero();
    if ('skip' in found) {
      console.log(`skipped: no real Zero (${found.skip})`);
      this.skip();
    }
    process.env.ZERO_REAL_BIN = found.bin;
    console.log(`real Zero: ${found.bin}`);
  },
};
