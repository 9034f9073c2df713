// The composer's model list from the real Zero: the configured provider's own models (`zero providers
// models --json`, which asks the provider's /models), not the catalogue of every provider that
// `zero models --json` prints; the catalogue only when the provider cannot be asked, with a note.
import * as assert from 'node:assert/strict';
import { listModelChoices } from '../../src/zero/config/models';
import { makeSandbox, realZeroBin, type Sandbox } from './lib/realZero';
import { editZeroConfig } from '../support/scriptedProvider';

describe('real Zero: the models a chat can pick', () => {
  let sandbox: Sandbox;
  beforeEach(async () => (sandbox = await makeSandbox({ modelsFetch: true })));
  afterEach(async () => sandbox.dispose());

  it("lists the provider's own model, asked from its /models endpoint", async () => {
    const { models, note } = await listModelChoices(realZeroBin(), sandbox.env);
    assert.deepEqual(
      models.map((m) => m.id),
      ['scripted-1'],
    );
    assert.equal(note, null);
    assert.ok(
      sandbox.server.requests.some((r) => r.method === 'GET' && r.path === '/v1/models'),
      'Zero asked the provider',
    );
  });

  it("falls back to Zero's catalogue, saying why, when the provider cannot be reached", async () => {
    // The discard port: nothing listens.
    editZeroConfig(sandbox.configHome, (c) => void (c.providers[0]!.baseURL = 'http://127.0.0.1:9/v1'));
    const { models, note } = await listModelChoices(realZeroBin(), sandbox.env);
    assert.ok(models.length > 5 && models.some((m) => m.provider === 'anthropic'), 'the catalogue');
    assert.match(
      note ?? '',
      /^Zero's model catalogue: the provider's own models could not be listed \(zero providers models --json failed \(exit \d+\)/,
    );
  });
});
