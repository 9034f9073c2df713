/**
 * Review by hunk, loaded when a turn's hunks are first needed: jsdiff, the hunk functions
 * (conversation/review/hunks.ts, hunkRevert.ts, hunkFeedback.ts) and the host's hunk review. esbuild.mjs
 * bundles this into dist/hunks.js and points hunkLoader.ts's `require` at it; the rest of the
 * extension imports these modules for types only (the build refuses a value import). One
 * HunkReview lives in it, made by hunkLoader.ts; what crosses is plain data and callbacks.
 */
export { turnHunks } from '../../conversation/review/hunks';
export { hunkActions } from './hunkActions';
export { hunkItem } from './hunkNodes';
export { HunkReview } from './hunkReview';
