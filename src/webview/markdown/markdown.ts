/**
 * Model output → DOM. markdown-it with raw HTML disabled, highlight.js for fenced code, then
 * DOMPurify before anything reaches the document: model text is untrusted.
 */
import DOMPurify from 'dompurify';
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import cpp from 'highlight.js/lib/languages/cpp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import MarkdownIt from 'markdown-it';
import { decorateCodeBlocks } from './codeBlock';
import { whenIdle } from '../idle';
import { decorateFileLinks } from './links';

const languages = { bash, cpp, css, diff, go, java, javascript, json, python, rust, shell, sql, typescript, xml, yaml };
for (const [name, lang] of Object.entries(languages)) hljs.registerLanguage(name, lang);
hljs.registerAliases(['sh', 'zsh', 'console', 'shellsession'], { languageName: 'bash' });
hljs.registerAliases(['ts', 'tsx', 'mts', 'cts'], { languageName: 'typescript' });
hljs.registerAliases(['js', 'jsx', 'mjs', 'cjs'], { languageName: 'javascript' });
hljs.registerAliases(['html', 'svg', 'vue'], { languageName: 'xml' });
hljs.registerAliases(['py'], { languageName: 'python' });
hljs.registerAliases(['rs'], { languageName: 'rust' });
hljs.registerAliases(['yml'], { languageName: 'yaml' });
hljs.registerAliases(['c', 'h', 'hpp', 'cc'], { languageName: 'cpp' });
hljs.registerAliases(['patch'], { languageName: 'diff' });

/** Off while rendering a code block that is still streaming (see `renderBlocks`). */
let highlighting = true;

const md = new MarkdownIt({
  html: false,
  linkify: true,
  typographer: false,
  highlight(code, lang) {
    const name = lang.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
    if (!highlighting || !name || !hljs.getLanguage(name)) return ''; // markdown-it escapes it; no auto-detection (slow)
    try {
      return hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
    } catch {
      return '';
    }
  },
});
// Only explicit URLs become links: "README.md" is a file, not http://README.md.
md.linkify.set({ fuzzyLink: false, fuzzyEmail: false });

// The CSP forbids style attributes: table alignment becomes a class.
for (const rule of ['th_open', 'td_open'] as const) {
  md.renderer.rules[rule] = (tokens, idx, options, _env, self) => {
    const token = tokens[idx]!;
    const style = String(token.attrGet('style') ?? '');
    if (style) {
      const align = /text-align:\s*(left|center|right)/.exec(style)?.[1];
      token.attrs = (token.attrs ?? []).filter(([k]) => k !== 'style');
      if (align) token.attrJoin('class', `align-${align}`);
    }
    return self.renderToken(tokens, idx, options);
  };
}

// The CSP blocks remote images (and they could track the user): show them as links instead.
md.renderer.rules.image = (tokens, idx) => {
  const token = tokens[idx]!;
  const src = String(token.attrGet('src') ?? '');
  const alt = token.children?.map((c) => c.content).join('') || 'image';
  return `<a href="${md.utils.escapeHtml(src)}" class="image-link">${md.utils.escapeHtml(`Image: ${alt}`)}</a>`;
};

// One instance configured once: a config passed per call is parsed again on every call, and a
// streamed frame calls it. Trusted Types are off (the view does not enforce them, and asking the
// browser the type of every attribute was a tenth of a frame).
const purify = DOMPurify(window);

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    const href = node.getAttribute('href');
    if (href) node.setAttribute('title', href);
    node.removeAttribute('target');
  }
});

purify.setConfig({
  RETURN_DOM_FRAGMENT: true,
  TRUSTED_TYPES_POLICY: null,
  FORBID_TAGS: [
    'style',
    'img',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
  ],
  FORBID_ATTR: ['style', 'id', 'name'],
  // Our own data-* attributes (file links, code actions) are added after sanitising, never taken from the model.
  ALLOW_DATA_ATTR: false,
});

function sanitize(html: string): DocumentFragment {
  return purify.sanitize(html) as unknown as DocumentFragment;
}

/** Untrusted markdown → a sanitised fragment with decorated code blocks and file links. */
export function renderMarkdown(source: string): DocumentFragment {
  return finish(sanitize(md.render(source)));
}

/**
 * Several markdown sources → one `<div class="md-block">` each, with a single sanitiser pass:
 * DOMPurify's parse is the costly part, so a frame's new blocks share it. `streamingTail`: the last
 * source is the unfinished block of a streaming answer, rendered again on every frame: its code is
 * shown unhighlighted, and highlighted once, when the block is finished (highlighting a growing
 * code block on every frame cost more than the rest of the frame).
 */
export function renderBlocks(sources: readonly string[], streamingTail = false): HTMLElement[] {
  if (sources.length === 0) return [];
  const html = sources
    .map((s, i) => `<div class="md-block">${renderHtml(s, !(streamingTail && i === sources.length - 1))}</div>`)
    .join('');
  const blocks = Array.from(finish(sanitize(html)).children) as HTMLElement[];
  if (blocks.length === sources.length) return blocks;
  // Cannot happen with markdown-it's well-formed output; stay correct if it ever does.
  return sources.map((s) => {
    const div = document.createElement('div');
    div.className = 'md-block';
    div.append(renderMarkdown(s));
    return div;
  });
}

function renderHtml(source: string, highlight: boolean): string {
  highlighting = highlight;
  try {
    return md.render(source);
  } finally {
    highlighting = true;
  }
}

/**
 * Compile markdown-it's rules and each highlight.js grammar while the view is idle, one per idle
 * callback: done lazily, the first code block of a stream cost a long task.
 */
export function warmUp(): void {
  const queue = [
    'Warm *up* `x` [a](https://a.b)\n\n- a\n\n| a |\n|---|\n| b |\n',
    ...hljs.listLanguages().map((l) => `\`\`\`${l}\nx = 1\n\`\`\`\n`),
  ];
  const next = () => {
    const source = queue.shift();
    if (source === undefined) return;
    renderBlocks([source]);
    whenIdle(next);
  };
  whenIdle(next);
}

function finish(fragment: DocumentFragment): DocumentFragment {
  decorateCodeBlocks(fragment);
  decorateFileLinks(fragment);
  return fragment;
}
