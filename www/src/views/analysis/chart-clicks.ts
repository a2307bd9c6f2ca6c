// Clicks on an analysis chart's bars: a step bar zooms the timeline to that step, a histogram bin
// to the longest launch in it. The chart's SVG (drawn by the core, inline in the page) carries one
// invisible `rect[data-bar]` per bar (with its value as `<title>`); the chart data carries each
// bar's time range (`ranges_ps` of step bars, `bin_ranges_ps` of a histogram), in the engine's ps
// (the clock of slice starts).

/** The parts of the engine's chart data this module reads. */
export interface ClickableChart {
  kind: string;
  /** Step bars: `[start_ps, end_ps]` per step. */
  ranges_ps?: Array<[number, number]>;
  /** Histogram: per bin, `[start_ps, end_ps]` of its longest slice, or null for an empty bin. */
  bin_ranges_ps?: Array<[number, number] | null>;
}

/** The time range `[t0, t1]` a click on bar `bar` of `chart` zooms to; null when it has none. */
export function barRange(chart: ClickableChart, bar: number): [number, number] | null {
  const r = chart.kind === 'steps' ? chart.ranges_ps?.[bar] : chart.kind === 'histogram' ? chart.bin_ranges_ps?.[bar] : undefined;
  if (!r || !Number.isFinite(r[0]) || !Number.isFinite(r[1]) || r[1] < r[0]) return null;
  return [r[0], r[1]];
}

/**
 * Makes the bars of `svg` that have a time range zoom the timeline: a click (or Enter / Space on
 * the focused bar) calls `zoomTo(t0, t1)`. Such bars get `data-zoom="true"`, a pointer cursor and
 * a keyboard stop. Returns how many bars zoom.
 */
export function installChartClicks(svg: SVGSVGElement, chart: ClickableChart, zoomTo: (t0: number, t1: number) => void): number {
  let zoomable = 0;
  for (const rect of Array.from(svg.querySelectorAll<SVGRectElement>('rect[data-bar]'))) {
    const range = barRange(chart, Number(rect.dataset.bar));
    if (!range) continue;
    zoomable++;
    rect.dataset.zoom = 'true';
    rect.setAttribute('tabindex', '0');
    rect.setAttribute('role', 'button');
    rect.style.cursor = 'pointer';
    const title = rect.querySelector('title');
    if (title) title.textContent = `${title.textContent ?? ''}\nClick to show it in the timeline`;
  }
  const target = (e: Event): [number, number] | null => {
    const rect = (e.target as Element | null)?.closest<SVGRectElement>('rect[data-zoom]');
    return rect ? barRange(chart, Number(rect.dataset.bar)) : null;
  };
  svg.addEventListener('click', (e) => {
    const r = target(e);
    if (r) zoomTo(r[0], r[1]);
  });
  svg.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const r = target(e);
    if (!r) return;
    e.preventDefault();
    zoomTo(r[0], r[1]);
  });
  return zoomable;
}
