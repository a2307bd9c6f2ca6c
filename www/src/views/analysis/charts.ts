// Shows an analysis chart: the engine draws it as SVG in its worker (crate/src/charts, text sized
// by estimate) and returns it with its data in the `chart` analysis document; this file only puts
// the picture on the page.

import type { ChartDoc } from '../../engine/engine';

/** Shows `doc` (the engine's `chart` analysis document) in `box` as an image with `alt` text. */
export function drawChart(box: HTMLElement, doc: unknown, alt: string): Promise<void> {
  const { svg, width, height } = doc as ChartDoc;
  const img = document.createElement('img');
  img.className = 'an-chart';
  img.alt = alt;
  img.width = width;
  img.height = height;
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  box.replaceChildren(img);
  return Promise.resolve();
}
