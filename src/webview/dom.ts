/** Tiny DOM builders. Text always goes in as `textContent`, never as HTML. */

type Child = Node | string | null | undefined | false;

export interface Props {
  readonly class?: string;
  readonly text?: string;
  readonly title?: string;
  readonly attrs?: Readonly<Record<string, string>>;
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (props.class) el.className = props.class;
  if (props.title) el.title = props.title;
  if (props.attrs) for (const [k, v] of Object.entries(props.attrs)) el.setAttribute(k, v);
  if (props.text !== undefined) el.textContent = props.text;
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

/** A real `<button type="button">` with a visible label (its accessible name) and a click handler. */
export function button(label: string, onClick: (ev: MouseEvent) => void, props: Props = {}): HTMLButtonElement {
  const b = h('button', { ...props, text: label });
  b.type = 'button';
  b.addEventListener('click', onClick);
  return b;
}

/** Writes only when the text changed: the header is updated on every streamed frame. */
export function setText(el: HTMLElement, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}
