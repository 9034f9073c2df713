/**
 * The Zero CLI boundary, plain Node: find the binary, its version, models, sessions and grants. Running a turn
 * (argv, the process, its exit: execTransport.ts and what it imports) loads with the first exec turn (execLoader.ts).
 */
export { findZero, expandHome, type FindZeroOptions, type FindZeroResult, type PathInfo } from './binary/findZero';
export { mergeEnv } from './process/mergeEnv';
export { StderrTail } from './process/stderrTail';
export { probeVersion, type ZeroVersion } from './binary/probeVersion';
export { checkZeroVersion, parseZeroVersion, MIN_ZERO_VERSION, type VersionVerdict } from './binary/zeroVersion';
export * from './grants/grants';
export { runZeroCli, type CliResult } from './zeroCli';
export {
  listModelChoices,
  listModels,
  parseModelList,
  parseProviderModels,
  type ModelChoices,
  type ZeroModel,
} from './config/models';
export {
  isSessionId,
  listSessions,
  parseSessionsList,
  resumableHere,
  SESSION_ID,
  type SessionsOutcome,
  type ZeroSession,
} from './sessions/sessionsList';
