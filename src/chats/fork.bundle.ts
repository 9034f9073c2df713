/**
 * What the host loads when a chat is first forked: copying Zero's session up to a turn and making the
 * fork's chat. esbuild.mjs bundles this into dist/fork.js (src/host/history/forkLoader.ts requires it), so no
 * window pays for it at activation. The reducer's part (conversation/forkTurns.ts) stays in the extension.
 */
export { forkChat } from './chatFork';
export { checkSessionFork } from '../zero/sessions/fork/sessionFork';
