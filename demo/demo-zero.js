'use strict';
// The demo `zero` for `npm start`: the fake zero from test/fixtures (stream-json writer, sessions,
// checkpoints and rewind, sandbox and grants) with one scenario, the demo agent (agent.js), that
// answers like a real Zero run over the demo workspace. Never shipped: the VSIX is an allow-list.
const { register } = require('../test/fixtures/fake-zero/scenarios');
const { demoAgent } = require('./agent');

register('demo', demoAgent);
process.env.FAKE_ZERO_SCENARIO = 'demo'; // every prompt goes to the demo agent
process.env.FAKE_ZERO_LABEL = 'demo'; // `zero --version` → "zero 0.8.0+demo": the chat shows DEMO
process.env.FAKE_ZERO_WRITE = '1'; // its edits are real, so Diff and Undo have something to show
// A little pacing, so the answer streams in as a model's would (FAKE_ZERO_DELAY_MS=0 for tests).
if (!process.env.FAKE_ZERO_DELAY_MS) process.env.FAKE_ZERO_DELAY_MS = '30';

require('../test/fixtures/fake-zero/fake-zero.js');
