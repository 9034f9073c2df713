/**
 * The History list (chats by date, Zero's terminal sessions, rename) and Continue in Terminal: bundled into
 * dist/history.js and required when first used (historyLoader.ts), not at activation.
 */
export { renameChat, showHistory } from './historyPicker';
export { continueInTerminal } from './continueInTerminal';
