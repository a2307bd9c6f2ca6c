// The time axis above the tracks and the grid lines behind them, at "nice" steps.

import { formatPreciseTime, formatTick, niceStep, tickDecimals } from '../../lib/time';
import { canvasColors } from '../../lib/theme';
import { AXIS_H, FONT } from './constants';
import type { Viewport } from './viewport';

/**
 * Draws the axis on `actx` and the grid lines on `ctx` (`height` tall), for `viewport` on a
 * canvas `width` wide; times are labelled from `base` (the profile's start).
 */
export function paintAxis(
  actx: CanvasRenderingContext2D,
  ctx: CanvasRenderingContext2D,
  width: number,
  height: number,
  viewport: Viewport,
  base: number,
): void {
  const { t0, t1 } = viewport;
  const span = t1 - t0;
  const step = niceStep(span, Math.max(2, Math.floor(width / 110)));
  const first = Math.ceil((t0 - base) / step) * step;
  const scale = width / span;
  const colors = canvasColors();
  actx.font = FONT;
  actx.textBaseline = 'middle';
  actx.fillStyle = colors.axisBand;
  actx.fillRect(0, 0, width, AXIS_H);
  actx.fillStyle = colors.axisLine;
  actx.fillRect(0, AXIS_H - 1, width, 1);
  // Labels in the unit of the visible times when a few decimals suffice ("4.1061 s"); deeper
  // than that, the first tick carries the full time and the others an offset from it ("+20 ns").
  const magnitude = Math.max(Math.abs(t0 - base), Math.abs(t1 - base));
  const relative = tickDecimals(step, magnitude) > 4;
  let i = 0;
  for (let rel = first; rel <= t1 - base + step * 0.001; rel += step, i++) {
    const x = Math.round((rel + base - t0) * scale) + 0.5;
    ctx.fillStyle = colors.grid;
    ctx.fillRect(x - 0.5, 0, 1, height);
    actx.fillStyle = colors.axisTick;
    actx.fillRect(x - 0.5, AXIS_H - 8, 1, 8);
    const label = !relative ? formatTick(rel, step, magnitude) : i === 0 ? formatPreciseTime(rel) : `+${formatTick(rel - first, step, step)}`;
    actx.fillStyle = colors.axisText;
    if (x + 4 < width - 20) actx.fillText(label, x + 4, AXIS_H / 2 - 2);
    if (i > 1000) break;
  }
}
