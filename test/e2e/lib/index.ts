// The real-VS-Code test harness. UI tests: `useVSCode()` in a describe, then the workbench helpers.
export * from './browser';
export * from './buildExtHostSuite';
export * from './codeServer';
export * from './paths';
export * from './useVSCode';
export * from './workbench';
export * from './wait';
