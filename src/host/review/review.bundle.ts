/**
 * Measuring, keeping and reverting a turn's files, its Diff and Undo (turnReview.ts, turnDiffs.ts): bundled into
 * dist/review.js and required when first needed (reviewLoader.ts), not at activation.
 */
export { TurnReview } from './turnReview';
export { BeforeContent, turnChangeCommands } from './turnDiffs';
