/**
 * Loaded by .mocharc.json: `require('vscode')` in plain-Node unit tests gets ./vscode.ts.
 * Only the bare module name is redirected; nothing else changes.
 */
import { Module } from 'node:module';
import * as path from 'node:path';

const shimPath = path.join(__dirname, 'vscode.ts');
type Resolve = (request: string, ...rest: unknown[]) => string;
const mod = Module as unknown as { _resolveFilename: Resolve };
const original = mod._resolveFilename;
mod._resolveFilename = function (request: string, ...rest: unknown[]): string {
  return original.call(this, request === 'vscode' ? shimPath : request, ...rest);
};
