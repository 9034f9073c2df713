// The real Zero answers the scripted model at all: the ground every other real-Zero suite stands on.
import * as assert from 'node:assert/strict';
import { execArgs, makeSandbox, runZero, type Sandbox } from './lib/realZero';

describe('real Zero: smoke', () => {
  let sandbox: Sandbox;
  beforeEach(async () => (sandbox = await makeSandbox()));
  afterEach(async () => sandbox.dispose());

  it('zero --version reports the pinned version', async () => {
    const r = await runZero(sandbox, ['--version']);
    assert.equal(r.code, 0);
    assert.match(r.stdout.trim(), /^zero 0\.8\.0$/);
  });

  it('a plain prompt streams the scripted answer and ends in success, asking the model once', async () => {
    const r = await runZero(sandbox, execArgs('hello scenario:plain'));
    assert.equal(r.code, 0, r.stderr);
    const final = r.events.find((e) => e.type === 'final');
    assert.equal(final?.text, 'Hello from the scripted model.');
    assert.deepEqual(r.events.at(-1), { ...r.events.at(-1), type: 'run_end', status: 'success', exitCode: 0 });
    assert.equal(sandbox.server.completions().length, 1);
    const request = sandbox.server.completions()[0].body!;
    assert.equal(request.stream, true);
    assert.equal(request.messages.at(-1)?.content, 'hello scenario:plain');
  });
});
