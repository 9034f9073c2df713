/** The Zero CLI boundary, plain Node: find the binary, build argv, run it, stop it, explain the exit. */
export { findZero, expandHome, type FindZeroOptions, type FindZeroResult, type PathInfo } from './findZero';
export { buildExecArgs, SettingsError, type ExecArgs, type ExecArgsOptions } from './execArgs';
export { killTree, signalGroup, type KillTreeDeps } from './killTree';
export {
  startZeroRun,
  mergeEnv,
  StderrTail,
  type RunExit,
  type SpawnError,
  type ZeroRun,
  type ZeroRunOptions,
} from './zeroProcess';
export { explainExit, type ExitExplanation, type ExitKind, type ExplainExitOptions } from './exitReason';
export { probeVersion, type ZeroVersion } from './probeVersion';
export * from './grants';
