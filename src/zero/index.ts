/** The Zero CLI boundary, plain Node: find the binary, build argv, run it, stop it, explain the exit. */
export { findZero, expandHome, type FindZeroOptions, type FindZeroResult, type PathInfo } from './findZero';
export { buildExecArgs, SettingsError, type ExecArgs, type ExecArgsOptions } from './execArgs';
export { killTree, signalGroup, type KillTreeDeps } from './killTree';
export {
  startZeroRun,
  type RunExit,
  type RunOutcome,
  type RunState,
  type SpawnError,
  type ZeroRun,
  type ZeroRunOptions,
} from './zeroProcess';
export { mergeEnv } from './mergeEnv';
export { StderrTail } from './stderrTail';
export { explainExit, type ExitExplanation, type ExitKind, type ExplainExitOptions } from './exitReason';
export { probeVersion, type ZeroVersion } from './probeVersion';
export { checkZeroVersion, parseZeroVersion, MIN_ZERO_VERSION, type VersionVerdict } from './zeroVersion';
export * from './grants';
export {
  listModelChoices,
  listModels,
  parseModelList,
  parseProviderModels,
  type ModelChoices,
  type ZeroModel,
} from './models';
export {
  isSessionId,
  listSessions,
  parseSessionsList,
  resumableHere,
  SESSION_ID,
  type SessionsOutcome,
  type ZeroSession,
} from './sessionsList';
