/**
 * Fork's copying side (src/chats/fork.bundle.ts), loaded when a chat is first forked. In the extension bundle
 * this `require` becomes `require('./fork.js')` (esbuild.mjs); everything else imports it for types only.
 */
import type * as Fork from '../../chats/fork.bundle';
import { lazy } from '../../lifecycle/lazy';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a require at first use is the point
export const loadFork = /* @__PURE__ */ lazy(() => require('../../chats/fork.bundle') as typeof Fork);
