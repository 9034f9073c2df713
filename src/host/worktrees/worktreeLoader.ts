/**
 * Isolated chats' git side, service and view (worktrees.bundle.ts), loaded when an isolated chat first
 * needs them. In the extension bundle this `require` becomes `require('./worktrees.js')` (esbuild.mjs);
 * everything else imports those modules for types only, except src/worktrees/isolatedTransport.ts,
 * which every chat's turn passes.
 */
import { lazy } from '../../lifecycle/lazy';
import type * as Worktrees from './worktrees.bundle';

export const loadWorktrees = /* @__PURE__ */ lazy(() => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require at first use is the point
  const bundle = require('./worktrees.bundle') as typeof Worktrees;
  bundle.useHostGit();
  return bundle;
});
