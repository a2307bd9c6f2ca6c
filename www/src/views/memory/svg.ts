// An SVG document drawn by the engine (plotters, trace text escaped there) as an element of the
// page: parsed as XML, never as HTML, and imported inline, as the analysis charts are, so the
// page's Content-Security-Policy (no inline scripts or styles) holds and the chart's `<title>`s
// show on hover.

/** `svg` parsed into an `<svg>` element sized `width` × `height` and labelled `label`; null when it is not SVG. */
export function svgElement(svg: string, label: string, width: number, height: number): SVGSVGElement | null {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const root = doc.documentElement;
  if (!(root instanceof SVGSVGElement) || doc.querySelector('parsererror')) return null;
  // Nothing that runs or loads: the engine never writes these, so any is dropped rather than trusted.
  for (const bad of Array.from(root.querySelectorAll('script, foreignObject, iframe, image, use'))) bad.remove();
  const el = document.importNode(root, true);
  el.classList.add('an-chart');
  el.setAttribute('role', 'img');
  el.setAttribute('aria-label', label);
  el.setAttribute('width', String(width));
  el.setAttribute('height', String(height));
  return el;
}

/** A paragraph for a chart that could not be drawn, saying why. */
export function chartProblem(text: string): HTMLElement {
  const p = document.createElement('p');
  p.className = 'an-message';
  p.textContent = text;
  return p;
}

/** The message of an engine error (or anything thrown). */
export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
