/** `zero --version`, to show which Zero runs and to recognise the demo fake. Never through a shell. */
import { crossSpawn } from '../process/nodeOnDemand';

export interface ZeroVersion {
  readonly text: string;
  /** The fake demo `zero` shipped with our tests (used by `npm start` when no real one exists). */
  readonly demo: boolean;
}

export function probeVersion(binary: string, timeoutMs = 5000): Promise<ZeroVersion | null> {
  return new Promise((resolve) => {
    let out = '';
    let settled = false;
    const done = (v: ZeroVersion | null): void => {
      if (!settled) {
        settled = true;
        resolve(v);
      }
    };
    try {
      const child = crossSpawn(binary, ['--version'], {
        shell: false,
        windowsHide: true,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        done(null);
      }, timeoutMs);
      child.stdout?.on('data', (d: Buffer) => {
        if (out.length < 4096) out += d.toString('utf8');
      });
      child.on('error', () => done(null));
      child.on('close', (code) => {
        clearTimeout(timer);
        // The `zero <version>` record; on a terminal a banner would come first (not through a pipe, but be safe).
        const lines = out.trim().split(/\r?\n/);
        const text = (lines.find((l) => /^\s*zero\s/i.test(l)) ?? lines[0] ?? '').trim();
        done(code === 0 && text ? { text, demo: /\b(fake|demo)\b/i.test(text) } : null);
      });
    } catch {
      done(null);
    }
  });
}
