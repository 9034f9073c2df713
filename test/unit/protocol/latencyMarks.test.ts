import assert from 'node:assert/strict';
import {
  LATENCY_STAGES,
  latencyChunk,
  latencyMark,
  latencyOn,
  setLatencySink,
  type LatencyRecord,
} from '../../../src/protocol/latencyMarks';

describe('latency marks', () => {
  afterEach(() => setLatencySink(null));

  it('are off until a sink is installed: nothing is recorded or handed on', () => {
    assert.equal(latencyOn(), false);
    for (const stage of LATENCY_STAGES) latencyMark(stage);
    latencyChunk();
    const got: LatencyRecord[] = [];
    setLatencySink((r) => got.push(r));
    latencyMark('text-posted'); // nothing was asked of Zero in this record
    assert.deepEqual(got, []);
  });

  it('hand on one record per message, each stage the first time it is reached, in order', () => {
    const got: LatencyRecord[] = [];
    setLatencySink((r) => got.push(r));
    assert.equal(latencyOn(), true);
    latencyMark('host-received');
    latencyMark('turn-started');
    latencyMark('zero-asked');
    latencyChunk(); // run_start
    latencyChunk(); // the first words
    latencyMark('text-decoded');
    latencyMark('text-decoded');
    latencyMark('text-reduced');
    latencyMark('text-posted');
    latencyMark('text-posted'); // later posts of the same message add nothing
    assert.equal(got.length, 1);
    const r = got[0]!;
    assert.deepEqual(Object.keys(r).sort(), [...LATENCY_STAGES].sort());
    const times = LATENCY_STAGES.map((s) => r[s]!);
    assert.deepEqual(
      times,
      [...times].sort((a, b) => a - b),
      JSON.stringify(r),
    );
    assert.ok(r['first-output']! < r['text-read']!, 'text-read is the chunk the words came in, not the first one');
    // Epoch milliseconds, as the webview's own marks are taken.
    assert.ok(Math.abs(r['host-received']! - Date.now()) < 1000);
    // The next message starts a record of its own.
    latencyMark('host-received');
    latencyMark('zero-asked');
    latencyMark('text-posted');
    assert.equal(got.length, 2);
    assert.deepEqual(Object.keys(got[1]!).sort(), ['host-received', 'text-posted', 'zero-asked']);
  });

  it('ignore what Zero sends before it is asked (an ACP session replaying its words)', () => {
    const got: LatencyRecord[] = [];
    setLatencySink((r) => got.push(r));
    latencyMark('host-received');
    latencyMark('first-output');
    latencyMark('text-read');
    latencyChunk();
    latencyMark('zero-asked');
    latencyMark('text-posted');
    assert.deepEqual(Object.keys(got[0]!).sort(), ['host-received', 'text-posted', 'zero-asked']);
  });
});
