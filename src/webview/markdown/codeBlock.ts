/** Fenced code in answers: a toolbar with the language and "Copy" / "Insert at Cursor". */

/**
 * Wrap each `<pre><code>` of a sanitised fragment; the buttons are handled by `links.ts`. Code and
 * wide tables scroll sideways, so each is a tab stop (keyboard users scroll with the arrow keys).
 */
export function decorateCodeBlocks(root: DocumentFragment | Element): void {
  for (const pre of Array.from(root.querySelectorAll('pre'))) {
    const code = pre.querySelector('code');
    if (!code) continue;
    code.classList.add('hljs');
    const lang = /(?:^|\s)language-([\w+#.-]+)/.exec(code.className)?.[1] ?? '';
    const block = document.createElement('div');
    block.className = 'code-block';
    // A named group: "Code block, ts" in a screen reader's list of the answer's parts.
    block.setAttribute('role', 'group');
    block.setAttribute('aria-label', lang ? `Code block, ${lang}` : 'Code block');
    const bar = document.createElement('div');
    bar.className = 'code-toolbar';
    const label = document.createElement('span');
    label.className = 'code-lang';
    label.textContent = lang;
    label.setAttribute('aria-hidden', 'true');
    bar.append(
      label,
      tool('Copy', 'copy', 'Copy code'),
      tool('Insert at Cursor', 'insert', 'Insert code at the cursor in the editor'),
    );
    pre.tabIndex = 0;
    pre.replaceWith(block);
    block.append(bar, pre);
  }
  for (const table of Array.from(root.querySelectorAll('table'))) table.tabIndex = 0;
}

function tool(label: string, action: string, title: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'code-action';
  b.textContent = label;
  b.title = title;
  b.dataset.codeAction = action;
  return b;
}
