// Shows an analysis chart: the engine draws it as SVG in its worker (crate/src/charts, text sized
// by estimate, trace text escaped) and returns it with its data in the `chart` analysis document.
// The SVG goes into the page inline, so that its bars' `<title>`s show their values on hover and a
// click on a step bar or histogram bin zooms the timeline (chart-clicks.ts).

import type { ChartDoc } from '../../engine/engine';
import { type ClickableChart, installChartClicks } from './chart-clicks';

/**
 * Shows `doc` (the engine's `chart` analysis document) in `box`, labelled `alt`; bars with a time
 * range call `zoomTo(t0, t1)` (ps, the clock of slice starts) when clicked.
 */
export function drawChart(box: HTMLElement, doc: unknown, alt: string, zoomTo: (t0: number, t1: number) => void): Promise<void> {
  const { svg, width, height, chart } = doc as ChartDoc;
  const parsed = new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;
  if (!(parsed instanceof SVGSVGElement)) {
    box.replaceChildren(Object.assign(document.createElement('p'), { className: 'an-empty', textContent: `${alt}: the chart could not be shown` }));
    return Promise.resolve();
  }
  const el = document.importNode(parsed, true);
  el.classList.add('an-chart');
  el.setAttribute('role', 'img');
  el.setAttribute('aria-label', alt);
  el.setAttribute('width', String(width));
  el.setAttribute('height', String(height));
  installChartClicks(el, chart as ClickableChart, zoomTo);
  box.replaceChildren(el);
  return Promise.resolve();
}
