/**
 * The ACP SDK (2.x, its stable ACP v1 entry point), loaded when an ACP chat first starts rather
 * than at activation. The SDK builds hundreds of zod schemas at module load (with zod's classic
 * API), which would otherwise cost every window, ACP or not, its size and load time.
 *
 * In the extension bundle this `require` becomes `require('./acp.js')`: esbuild.mjs bundles
 * the SDK alone into dist/acp.js (its bundle table) and points the extension at it. Only the SDK is in that file,
 * never our modules, so no class or state of ours exists twice; what crosses between the two
 * bundles is plain data, callbacks and the Web streams of the child's stdio.
 * Everything else in src/ imports the SDK for types only (`import type`), which esbuild drops.
 */
import type * as Sdk from '@agentclientprotocol/sdk';
import { lazy } from '../lifecycle/lazy';

/** The SDK, dist/acp.js in the extension (the `acp` bundle in esbuild.mjs). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a require at first use is the point
export const loadAcp = /* @__PURE__ */ lazy(() => require('@agentclientprotocol/sdk') as typeof Sdk);
