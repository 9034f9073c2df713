/**
 * The entry of dist/hunks.js: jsdiff and the hunk functions, stateless. The extension reaches it
 * only through hunkEngine() (esbuild.mjs refuses any other value import of these modules).
 */
export { computeHunks, firstChangedLine, hunkHeader, hunkSpoken, hunkSummary, turnHunksNow } from './hunks';
export { planHunkRevert } from './hunkRevert';
