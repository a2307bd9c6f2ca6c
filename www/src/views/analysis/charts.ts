// Draws chart data from the engine as SVG on the page's main thread (plotters measures text
// through `document`, which a worker lacks). The only main-thread importer of the wasm glue: the
// module is loaded on first use.

import init, { chart_svg } from 'planeview-wasm';

let ready: Promise<unknown> | null = null;

/** Draws `chart` (the engine's chart JSON) into `box` as an image with `alt` text. */
export async function drawChart(box: HTMLElement, chart: unknown, alt: string): Promise<void> {
  ready ??= init({ module_or_path: new URL('./planeview_bg.wasm', import.meta.url) });
  await ready;
  const width = Math.max(360, Math.min(1100, box.clientWidth || 720));
  const height = Math.round(width * 0.45);
  const svg = chart_svg(JSON.stringify(chart), width, height);
  const img = document.createElement('img');
  img.className = 'an-chart';
  img.alt = alt;
  img.width = width;
  img.height = height;
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  box.replaceChildren(img);
}
