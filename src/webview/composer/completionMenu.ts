/**
 * The popup list under the message box for @-mentions and slash commands. The focus stays in the
 * text box (arrows move, Enter/Tab pick, Esc closes); the box points at the active option with
 * aria-activedescendant so screen readers follow it.
 */
import { h } from '../dom';

export interface MenuItem {
  readonly id: string;
  readonly label: string;
  readonly detail?: string;
  /** Characters of `label` to mark as matched. */
  readonly positions?: readonly number[];
}

let counter = 0;

export class CompletionMenu<T extends MenuItem> {
  readonly el = h('ul', { class: 'completion-menu', attrs: { role: 'listbox' } });
  private items: readonly T[] = [];
  private active = 0;
  private readonly prefix = `menu${++counter}`;

  constructor(
    private readonly input: HTMLTextAreaElement,
    private readonly onPick: (item: T) => void,
  ) {
    this.el.id = `${this.prefix}-list`;
    this.el.hidden = true;
    // Keep the focus in the text box when an option is clicked.
    this.el.addEventListener('mousedown', (ev) => ev.preventDefault());
  }

  get open(): boolean {
    return !this.el.hidden;
  }

  show(items: readonly T[], label: string): void {
    this.items = items;
    this.active = 0;
    this.el.setAttribute('aria-label', label);
    this.render();
  }

  close(): void {
    if (this.el.hidden) return;
    this.el.hidden = true;
    this.items = [];
    this.input.removeAttribute('aria-activedescendant');
    this.input.removeAttribute('aria-controls');
  }

  /** Handles the keys the menu owns while open; true when it did. */
  handleKey(ev: KeyboardEvent): boolean {
    if (!this.open) return false;
    switch (ev.key) {
      case 'ArrowDown':
        this.move(1);
        break;
      case 'ArrowUp':
        this.move(-1);
        break;
      case 'Enter':
      case 'Tab':
        if (ev.shiftKey || ev.isComposing || this.items.length === 0) return false;
        this.pick(this.active);
        break;
      case 'Escape':
        this.close();
        break;
      default:
        return false;
    }
    ev.preventDefault();
    ev.stopPropagation();
    return true;
  }

  private move(by: number): void {
    if (this.items.length === 0) return;
    this.active = (this.active + by + this.items.length) % this.items.length;
    this.render();
  }

  private pick(index: number): void {
    const item = this.items[index];
    this.close();
    if (item) this.onPick(item);
  }

  private render(): void {
    this.el.hidden = false;
    this.input.setAttribute('aria-controls', this.el.id);
    if (this.items.length === 0) {
      this.el.replaceChildren(
        h('li', {
          class: 'completion-empty',
          text: 'No matches',
          attrs: { role: 'option', 'aria-disabled': 'true', 'aria-selected': 'false' },
        }),
      );
      this.input.removeAttribute('aria-activedescendant');
      return;
    }
    this.el.replaceChildren(
      ...this.items.map((item, i) => {
        const li = h(
          'li',
          {
            class: 'completion-item',
            attrs: { role: 'option', id: `${this.prefix}-${i}`, 'aria-selected': String(i === this.active) },
          },
          labelWithMatches(item),
          item.detail ? h('span', { class: 'completion-detail', text: item.detail }) : null,
        );
        li.addEventListener('click', () => this.pick(i));
        return li;
      }),
    );
    this.input.setAttribute('aria-activedescendant', `${this.prefix}-${this.active}`);
    this.el.children[this.active]?.scrollIntoView({ block: 'nearest' });
  }
}

function labelWithMatches(item: MenuItem): HTMLElement {
  const span = h('span', { class: 'completion-label' });
  const marks = new Set(item.positions ?? []);
  if (marks.size === 0) {
    span.textContent = item.label;
    return span;
  }
  let run = '';
  let marked = false;
  const flush = () => {
    if (!run) return;
    span.append(marked ? h('mark', { text: run }) : run);
    run = '';
  };
  for (let i = 0; i < item.label.length; i++) {
    const m = marks.has(i);
    if (m !== marked) {
      flush();
      marked = m;
    }
    run += item.label[i];
  }
  flush();
  return span;
}
