/** The probe extension's names, for it and for the bench that drives it (which cannot load `vscode`). */
export const PROBE_ID = 'zero-bench.zero-latency-probe';
export const PROBE_COMMAND = 'zeroLatencyProbe.open';
export const PROBE_TITLE = 'Zero Latency Probe: Open';
