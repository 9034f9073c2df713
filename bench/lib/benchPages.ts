// The pages `npm run bench:webview` serves: the chat view's page setup (CSP with a nonce, the theme's
// variables, a fake acquireVsCodeApi) around either the real webview bundle or the baselines.
import * as esbuild from 'esbuild';

const NONCE = 'YmVuY2gtbm9uY2U=';

/** What the pages keep on `window`: the fake API's posts, and what the driver hands over. */
export interface BenchWindow {
  __posted: unknown[];
  __batches: unknown[][] | null;
  __snap: unknown;
}

/** Also defines `__name`: tsx compiles the functions handed to page.evaluate with that helper, which the page lacks. */
export const FAKE_API = `(() => {
  window.__name = (f) => f;
  window.__posted = [];
  window.acquireVsCodeApi = () => ({ postMessage: (m) => window.__posted.push(m), getState: () => undefined, setState: () => {} });
})();`;

export const THEME = `:root { --vscode-font-family: sans-serif; --vscode-font-size: 13px; --vscode-editor-font-family: monospace;
  --vscode-foreground: #cccccc; --vscode-sideBar-background: #181818; --vscode-editor-background: #1f1f1f;
  --vscode-input-background: #313131; --vscode-button-background: #0078d4; --vscode-button-foreground: #fff; }
#out { white-space: normal; margin: 0; padding: 0 8px; height: 100vh; overflow: auto; }
pre#out { white-space: pre-wrap; }`;

export function page(script: string): string {
  const csp = `default-src 'none'; style-src 'self'; img-src 'self' data:; script-src 'nonce-${NONCE}'`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<link rel="stylesheet" href="/theme.css"><link rel="stylesheet" href="/chat.css"><title>bench</title></head>
<body class="vscode-dark"><div id="app"></div><script nonce="${NONCE}" src="/${script}"></script></body></html>`;
}

/** A browser bundle of `entry` (unminified when profiling, for readable function names). */
export async function bundle(entry: string, minify: boolean): Promise<string> {
  const r = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    minify,
    write: false,
    legalComments: 'none',
  });
  return r.outputFiles[0]!.text;
}
