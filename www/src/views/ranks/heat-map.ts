// The straggler heat map: ranks down, steps across, one inline SVG cell per (rank, step) coloured
// from the smallest to the largest value shown (step time or wait time), with the value written
// in the cell and exact in its `<title>`. A click (or Enter / Space on the focused cell) calls
// `onCell(rank, step)`; a cell without a value (the rank has no such step) is grey and inert.

import { formatDuration } from '../../lib/time';

const SVG = 'http://www.w3.org/2000/svg';
const CELL_W = 64;
const CELL_H = 24;
const LEFT = 64;
const TOP = 22;
/** Room under the cells for the colour legend. */
const LEGEND = 26;

/** The report's heat map: `values[i][j]` is rank `ranks[i]`'s value at step `steps[j]` (ps, or null). */
export interface HeatGrid {
  ranks: readonly number[];
  steps: readonly number[];
  values: ReadonlyArray<ReadonlyArray<number | null>>;
}

function svgEl<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/** The fill of a cell at `f` (0 smallest … 1 largest): pale yellow to deep red. */
function fillAt(f: number): { fill: string; ink: string } {
  const t = Math.min(1, Math.max(0, f));
  const hue = 50 - 50 * t;
  const light = 90 - 50 * t;
  return { fill: `hsl(${hue.toFixed(0)} 85% ${light.toFixed(0)}%)`, ink: light < 58 ? '#ffffff' : '#1f2937' };
}

/**
 * Draws `grid` into `box` as an SVG; `what` names the value in the tooltips ("step time",
 * "wait"). Returns the SVG.
 */
export function drawHeatMap(box: HTMLElement, grid: HeatGrid, what: string, onCell: (rank: number, step: number) => void): SVGSVGElement {
  const width = LEFT + CELL_W * grid.steps.length + 4;
  const height = TOP + CELL_H * grid.ranks.length + LEGEND;
  const svg = svgEl('svg', { width, height, viewBox: `0 0 ${width} ${height}`, class: 'rk-heat', role: 'grid', 'aria-label': `${what} by rank and step` });
  const known = grid.values.flat().filter((v): v is number => typeof v === 'number');
  const lo = known.length > 0 ? Math.min(...known) : 0;
  const hi = known.length > 0 ? Math.max(...known) : 0;
  grid.steps.forEach((step, j) => {
    const t = svgEl('text', { x: LEFT + j * CELL_W + CELL_W / 2, y: TOP - 7, 'text-anchor': 'middle', class: 'rk-heat-label' });
    t.textContent = `#${step}`;
    svg.append(t);
  });
  grid.ranks.forEach((rank, i) => {
    const y = TOP + i * CELL_H;
    const label = svgEl('text', { x: LEFT - 8, y: y + CELL_H / 2 + 4, 'text-anchor': 'end', class: 'rk-heat-label' });
    label.textContent = `rank ${rank}`;
    svg.append(label);
    grid.steps.forEach((step, j) => {
      const v = grid.values[i]?.[j] ?? null;
      const x = LEFT + j * CELL_W;
      const g = svgEl('g', { 'data-testid': 'heat-cell', 'data-rank': rank, 'data-step': step, class: 'rk-heat-cell' });
      const title = svgEl('title', {});
      if (v === null) {
        g.append(svgEl('rect', { x: x + 1, y: y + 1, width: CELL_W - 2, height: CELL_H - 2, class: 'rk-heat-none' }));
        title.textContent = `rank ${rank} has no step #${step}`;
        g.append(title);
        svg.append(g);
        return;
      }
      const { fill, ink } = fillAt(hi > lo ? (v - lo) / (hi - lo) : 0);
      g.append(svgEl('rect', { x: x + 1, y: y + 1, width: CELL_W - 2, height: CELL_H - 2, fill }));
      const text = svgEl('text', { x: x + CELL_W / 2, y: y + CELL_H / 2 + 4, 'text-anchor': 'middle', fill: ink, class: 'rk-heat-value' });
      text.textContent = formatDuration(v);
      title.textContent = `rank ${rank}, step #${step}: ${what} ${v} ps (${formatDuration(v, 6)})\nClick to show it in the timeline`;
      g.append(text, title);
      g.setAttribute('tabindex', '0');
      g.setAttribute('role', 'button');
      g.dataset.zoom = 'true';
      svg.append(g);
    });
  });
  if (known.length > 0) {
    const y = TOP + CELL_H * grid.ranks.length + 6;
    const low = fillAt(0);
    const high = fillAt(1);
    svg.append(svgEl('rect', { x: LEFT + 1, y, width: 12, height: 12, fill: low.fill }));
    const lowText = svgEl('text', { x: LEFT + 18, y: y + 10, class: 'rk-heat-label' });
    lowText.textContent = `shortest ${formatDuration(lo)}`;
    const highX = LEFT + Math.max(2, Math.ceil(grid.steps.length / 2)) * CELL_W;
    svg.append(lowText, svgEl('rect', { x: highX, y, width: 12, height: 12, fill: high.fill }));
    const highText = svgEl('text', { x: highX + 17, y: y + 10, class: 'rk-heat-label' });
    highText.textContent = `longest ${formatDuration(hi)}`;
    svg.append(highText);
  }
  const cellOf = (e: Event): { rank: number; step: number } | null => {
    const g = (e.target as Element | null)?.closest<SVGGElement>('g[data-zoom]');
    return g ? { rank: Number(g.dataset.rank), step: Number(g.dataset.step) } : null;
  };
  svg.addEventListener('click', (e) => {
    const c = cellOf(e);
    if (c) onCell(c.rank, c.step);
  });
  svg.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const c = cellOf(e);
    if (!c) return;
    e.preventDefault();
    onCell(c.rank, c.step);
  });
  box.replaceChildren(svg);
  return svg;
}
