// Small DOM helpers. Text is always set through textContent: trace data is untrusted.

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else e.setAttribute(k, v);
  }
  if (text !== undefined) e.textContent = text;
  return e;
}

/** querySelector that reports a readable error instead of a null dereference later. */
export function $(selector: string, root: ParentNode = document): HTMLElement {
  const e = root.querySelector(selector);
  if (!(e instanceof HTMLElement)) throw new Error(`page structure: missing ${selector}`);
  return e;
}

export function clear(e: Element): void {
  while (e.firstChild) e.removeChild(e.firstChild);
}

const NON_TEXT_INPUTS = new Set(['file', 'button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'image']);

/** True when keys typed now go into a text field (so W/A/S/D must not steer the timeline). */
export function isTyping(target: EventTarget | null): boolean {
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement || (target instanceof HTMLElement && target.isContentEditable);
}
