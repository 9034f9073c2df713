/** Zero's stream-json protocol as data: output events, the JSONL reader, the input encoder. */
export * from './events';
export type { Decoded, ProtocolProblem, UnknownEvent } from './decoded';
export { decodeLine, excerptOf, normaliseEvent } from './decode';
export { clampDepth, deeperThan, MAX_JSON_DEPTH, safeStringify, TOO_DEEP_MARKER } from './depth';
export { DEFAULT_MAX_LINE_BYTES, JsonlFramer, type FramedLine, type JsonlFramerOptions } from './framer';
export { ZeroEventReader, formatSize } from './eventStream';
export * from './input';
