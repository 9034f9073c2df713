/** The scheme of a turn's before-content in its Diff (`zero-before:`, turnDiffs.ts), on its own so the hunk room can name it cheaply. */
export const BEFORE_SCHEME = 'zero-before';
