/**
 * Clicks inside the chat: markdown links, file references and code-block buttons, by delegation.
 * A click never navigates the webview; http(s) links are left to VS Code, which opens them outside.
 */
import { announce } from '../a11y/announcer';
import { post } from '../vscodeApi';

const KNOWN_EXT = new Set([
  'ts',
  'tsx',
  'js',
  'jsx',
  'mjs',
  'cjs',
  'mts',
  'cts',
  'json',
  'md',
  'py',
  'go',
  'rs',
  'java',
  'kt',
  'c',
  'h',
  'cc',
  'cpp',
  'hpp',
  'cs',
  'rb',
  'php',
  'swift',
  'css',
  'scss',
  'less',
  'html',
  'vue',
  'svelte',
  'yml',
  'yaml',
  'toml',
  'ini',
  'txt',
  'sh',
  'sql',
  'xml',
  'lock',
  'gradle',
  'proto',
  'graphql',
  'env',
  'cfg',
  'conf',
]);
const PATH =
  /^(?:\.{1,2}\/|\/)?(?:[\w@.+-]+\/)*[\w@+-][\w@.+-]*\.([A-Za-z][A-Za-z0-9]{0,7})(?::(\d{1,7}))?(?::\d{1,7})?$/;

export interface FileRef {
  readonly path: string;
  readonly line?: number;
}

/** `src/foo.ts:12` → a file reference; words that merely contain a dot (console.log) are not. */
export function parseFileRef(text: string): FileRef | null {
  const s = text.trim();
  if (s.length > 300 || s.includes('://')) return null;
  const m = PATH.exec(s);
  if (!m) return null;
  const hasDir = s.includes('/');
  const line = m[2] ? Number(m[2]) : undefined;
  if (!hasDir && line === undefined && !KNOWN_EXT.has(m[1]!.toLowerCase())) return null;
  const path = line === undefined ? s : s.slice(0, s.indexOf(`:${m[2]}`));
  return line && line > 0 ? { path, line } : { path };
}

/** Inline code that names a file becomes a link that opens it. */
export function decorateFileLinks(root: DocumentFragment | Element): void {
  for (const code of Array.from(root.querySelectorAll('code'))) {
    if (code.parentElement?.tagName === 'PRE' || code.closest('a')) continue;
    const ref = parseFileRef(code.textContent ?? '');
    if (!ref) continue;
    const a = document.createElement('a');
    a.href = '#';
    a.className = 'file-link';
    a.dataset.path = ref.path;
    if (ref.line) a.dataset.line = String(ref.line);
    a.title = `Open ${ref.path}${ref.line ? `:${ref.line}` : ''}`;
    code.replaceWith(a);
    a.append(code);
  }
}

/** One click handler for the whole view. */
export function installClickHandler(root: HTMLElement): void {
  root.addEventListener('click', (ev) => {
    const target = ev.target instanceof Element ? ev.target : null;
    if (!target) return;
    const action = target.closest<HTMLElement>('[data-code-action]');
    if (action) {
      const code = action.closest('.code-block')?.querySelector('pre code');
      const text = (code?.textContent ?? '').replace(/\n$/, '');
      if (action.dataset.codeAction === 'copy') {
        post({ type: 'copy', text });
        flash(action, 'Copied');
        announce('Code copied to the clipboard');
      } else {
        post({ type: 'insertAtCursor', text });
      }
      return;
    }
    const opener = target.closest<HTMLElement>('[data-path]');
    if (opener) {
      ev.preventDefault();
      openFile(opener.dataset.path!, opener.dataset.line);
      return;
    }
    const a = target.closest('a');
    if (!a) return;
    const href = a.getAttribute('href') ?? '';
    if (/^(https?|mailto):/i.test(href)) return; // VS Code opens these in the browser / mail client
    ev.preventDefault();
    const ref = parseFileRef(safeDecode(href.replace(/^file:\/\//, '').replace(/#L(\d+).*$/, ':$1')));
    if (ref) openFile(ref.path, ref.line === undefined ? undefined : String(ref.line));
  });
}

function safeDecode(s: string): string {
  try {
    return decodeURI(s);
  } catch {
    return s;
  }
}

function openFile(path: string, line: string | undefined): void {
  const n = line ? Number(line) : NaN;
  post(Number.isInteger(n) && n > 0 ? { type: 'openFile', path, line: n } : { type: 'openFile', path });
}

function flash(button: HTMLElement, text: string): void {
  const label = button.dataset.label ?? button.textContent ?? '';
  button.dataset.label = label;
  button.textContent = text;
  setTimeout(() => (button.textContent = label), 1200);
}
