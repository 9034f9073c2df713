/**
 * The Zero output channel, with its `error` and `warn` lines also kept in a LogRing for Zero:
 * Diagnose (an output channel cannot be read back). Everything else goes straight to the channel.
 */
import type * as vscode from 'vscode';
import type { LogRing } from '../../diagnose/logRing';

export function recordProblems(log: vscode.LogOutputChannel, ring: LogRing): vscode.LogOutputChannel {
  return new Proxy(log, {
    get(target, prop) {
      if (prop === 'error' || prop === 'warn') {
        const write = target[prop].bind(target) as (message: unknown, ...args: unknown[]) => void;
        return (message: unknown, ...args: unknown[]): void => {
          ring.push(prop, message, ...args);
          write(message, ...args);
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
