// The one main-thread module that loads the Wasm core: plotters measures text through `document`,
// so the counter chart is drawn here (shared/TOOLCHAIN.md), from data the worker prepared. The
// module instantiates on first use only.

import init, { counter_chart_svg } from 'planeview-wasm';

export interface ChartSpec {
  title: string;
  series: Array<{ name: string; points: Array<[number, number]> }>;
  log_y: boolean;
  markers: Array<[number, number]>;
  range_us: [number, number] | null;
  width: number;
  height: number;
}

let ready: Promise<unknown> | null = null;

/** The chart as an SVG document. */
export async function renderChartSvg(spec: ChartSpec): Promise<string> {
  ready ??= init({ module_or_path: new URL('./planeview_bg.wasm', import.meta.url) });
  await ready;
  return counter_chart_svg(JSON.stringify(spec));
}
