/**
 * The scripted model server in a process of its own, for timing: in the bench's process its answers would wait
 * behind the browser driver's traffic (frame.evaluate every 20 ms), and that wait would count as Zero's.
 * Run as a script it starts the server, prints its base URL, and stops when its stdin closes.
 */
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { startModelServer } from '../../test/fixtures/model-server/server';

export interface ServerProcess {
  readonly baseURL: string;
  close(): Promise<void>;
}

export async function startModelServerProcess(): Promise<ServerProcess> {
  const tsx = path.join(__dirname, '..', '..', 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const child = spawn(process.execPath, [tsx, __filename], { stdio: ['pipe', 'pipe', 'inherit'] });
  const baseURL = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = /^(http\S+)\n/m.exec(out);
      if (line) resolve(line[1]!);
    });
    child.on('exit', (code) => reject(new Error(`the model server exited (${code}) before it listened`)));
  });
  return {
    baseURL,
    close: () =>
      new Promise<void>((resolve) => {
        child.on('exit', () => resolve());
        child.stdin.end();
      }),
  };
}

if (require.main === module) {
  void startModelServer().then((server) => {
    process.stdout.write(`${server.baseURL}\n`);
    process.stdin.resume();
    process.stdin.on('end', () => void server.close().then(() => process.exit(0)));
  });
}
