/**
 * The ACP transport's code (the `zero acp` client, its turns, permissions and session picks), bundled into
 * dist/acpClient.js and required when an ACP chat is first used (acpLoader.ts): a window that never opens
 * one does not compile it. The SDK stays in dist/acp.js (sdk.ts), required when `zero acp` first starts.
 */
export { AcpTransport } from './acpTransport';
