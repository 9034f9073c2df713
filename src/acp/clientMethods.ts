/**
 * The client methods this client told the agent it does not serve (initialize: no fs, no terminal).
 * The SDK answers a missing handler with success (`{}` for fs/write_text_file), so an agent would
 * believe its write happened: each one answers JSON-RPC -32601 (method not found) instead.
 */
import type { Client } from '@agentclientprotocol/sdk';
import { acpSdk } from './sdk';

type Unserved = Pick<Client, 'readTextFile' | 'writeTextFile' | 'createTerminal' | 'terminalOutput' | 'releaseTerminal' | 'waitForTerminalExit' | 'killTerminal'>;

const refuse = (method: string) => async (): Promise<never> => {
  throw acpSdk().RequestError.methodNotFound(method); // the SDK's own class: it turns it into the JSON-RPC error
};

export const UNSERVED_CLIENT_METHODS: Unserved = {
  readTextFile: refuse('fs/read_text_file'),
  writeTextFile: refuse('fs/write_text_file'),
  createTerminal: refuse('terminal/create'),
  terminalOutput: refuse('terminal/output'),
  releaseTerminal: refuse('terminal/release'),
  waitForTerminalExit: refuse('terminal/wait_for_exit'),
  killTerminal: refuse('terminal/kill'),
};
