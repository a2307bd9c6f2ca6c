// Draws a laid-out HLO graph as SVG (positions come from the Rust layout) and serialises it for
// download. Text goes through textContent only.

import { CLASS_COLORS, type GraphViewData, measuredText } from './types';

const NS = 'http://www.w3.org/2000/svg';

function svgEl<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/** Margin around the drawing, px (node positions are offset by it). */
export const PAD = 20;

/** Fills `root` (a <g>) with the clusters, edges and nodes of `g`; returns the drawing's size. */
export function drawGraph(root: SVGGElement, g: GraphViewData, selected: number | null): { w: number; h: number } {
  while (root.firstChild) root.removeChild(root.firstChild);
  // Expanded fusions: a rounded box around their members.
  for (const f of g.expanded) {
    const members = g.nodes.filter((n) => n.group === f);
    if (members.length === 0) continue;
    const x0 = Math.min(...members.map((n) => n.x)) - 8;
    const y0 = Math.min(...members.map((n) => n.y)) - 18;
    const x1 = Math.max(...members.map((n) => n.x + n.w)) + 8;
    const y1 = Math.max(...members.map((n) => n.y + n.h)) + 8;
    const c = svgEl('g', { class: 'hlo-cluster' });
    c.appendChild(
      svgEl('rect', { x: x0 + PAD, y: y0 + PAD, width: x1 - x0, height: y1 - y0, rx: 8, fill: '#ffebee', stroke: '#b71c1c', 'stroke-dasharray': '4 3' }),
    );
    const t = svgEl('text', { x: x0 + PAD + 6, y: y0 + PAD + 12, 'font-size': 10, fill: '#b71c1c' });
    t.textContent = f;
    c.appendChild(t);
    root.appendChild(c);
  }
  const defs = svgEl('defs', {});
  const marker = svgEl('marker', { id: 'hlo-arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' });
  marker.appendChild(svgEl('path', { d: 'M0,0 L10,5 L0,10 z', fill: '#616161' }));
  defs.appendChild(marker);
  root.appendChild(defs);
  for (const e of g.edges) {
    const pts = e.points.map(([x, y]) => [x + PAD, y + PAD] as const);
    const first = pts[0];
    if (!first || pts.length < 2) continue;
    let d = `M${first[0]},${first[1]}`;
    let [px, py] = first;
    for (const [x, y] of pts.slice(1)) {
      const my = (py + y) / 2;
      d += ` C${px},${my} ${x},${my} ${x},${y}`;
      [px, py] = [x, y];
    }
    root.appendChild(
      svgEl('path', {
        d,
        fill: 'none',
        stroke: e.control ? '#9e9e9e' : '#616161',
        'stroke-width': 1.2,
        'stroke-dasharray': e.control ? '3 3' : 'none',
        'marker-end': 'url(#hlo-arrow)',
      }),
    );
  }
  g.nodes.forEach((n, k) => {
    const [fill, stroke] = CLASS_COLORS[n.class] ?? ['#ffffff', '#9e9e9e'];
    const center = g.center === k;
    const node = svgEl('g', { class: 'hlo-node', 'data-index': k, 'data-name': n.name, tabindex: 0 });
    node.appendChild(
      svgEl('rect', {
        x: n.x + PAD,
        y: n.y + PAD,
        width: n.w,
        height: n.h,
        rx: 4,
        fill: center ? '#b71c1c' : fill,
        stroke: selected === k ? '#1976d2' : stroke,
        'stroke-width': selected === k ? 3 : 1.2,
        'stroke-dasharray': n.boundary ? '4 2' : 'none',
      }),
    );
    const color = center ? '#ffffff' : '#212121';
    const t1 = svgEl('text', { x: n.x + PAD + n.w / 2, y: n.y + PAD + 15, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 'bold', fill: color });
    t1.textContent = clip(n.name);
    const t2 = svgEl('text', { x: n.x + PAD + n.w / 2, y: n.y + PAD + 29, 'text-anchor': 'middle', 'font-size': 10, fill: color });
    t2.textContent = clip(n.label);
    const title = svgEl('title', {});
    title.textContent =
      `${n.text}\n${n.op_name ? `op_name: ${n.op_name}\n` : ''}${n.source ? `source: ${n.source}\n` : ''}${n.measured ? `measured: ${measuredText(n.measured)}` : ''}`.trimEnd();
    node.append(title, t1, t2);
    root.appendChild(node);
  });
  return { w: g.width + 2 * PAD, h: g.height + 2 * PAD };
}

function clip(s: string): string {
  return s.length > 40 ? `${s.slice(0, 39)}…` : s;
}

/** A standalone SVG document of the drawing. */
export function svgText(root: SVGGElement, size: { w: number; h: number }): string {
  const svg = svgEl('svg', { xmlns: NS, width: size.w, height: size.h, viewBox: `0 0 ${size.w} ${size.h}`, 'font-family': 'sans-serif' });
  svg.appendChild(root.cloneNode(true));
  (svg.firstChild as SVGGElement).removeAttribute('transform');
  return new XMLSerializer().serializeToString(svg);
}
