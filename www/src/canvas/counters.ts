// Canvas drawing for the counters area: counter tracks as filled step charts (min/max per pixel
// column, scaled to the visible values of each track, with a small axis) and flow arrows.

import { COUNTER_STRIDE } from '../engine/engine';

const PALETTE = ['#2563eb', '#059669', '#d97706', '#7c3aed', '#db2777', '#0891b2', '#65a30d', '#dc2626'];
const AXIS_FONT = '10px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** A counter value for labels: integers with thousands separators, others with 4 significant digits. */
export function formatValue(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  const a = Math.abs(v);
  if (a >= 1e15 || (a > 0 && a < 1e-3)) return v.toExponential(3);
  if (Number.isInteger(v)) return v.toLocaleString('en-US');
  return Number(v.toPrecision(4)).toLocaleString('en-US', { maximumFractionDigits: 6 });
}

export interface CounterTrackDraw {
  /** Render list and the entries of this track: [from, to) in numbers. */
  entries: Float64Array;
  from: number;
  to: number;
  /** Maps render-list x to canvas x: a * x + b. */
  a: number;
  b: number;
  /** Top of the chart area and its height (canvas pixels). */
  top: number;
  height: number;
  width: number;
  /** Canvas x of the trace end: the last value holds until there. */
  endX: number;
  /** Picks the colour. */
  colorKey: number;
}

/**
 * Draws one counter track. The value axis spans the visible minimum and maximum (from 0 when all
 * values are positive), labelled at the top and bottom left.
 */
export function drawCounterTrack(ctx: CanvasRenderingContext2D, d: CounterTrackDraw): void {
  const c = d.entries;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = d.from; i < d.to; i += COUNTER_STRIDE) {
    lo = Math.min(lo, c[i + 2]!);
    hi = Math.max(hi, c[i + 3]!);
  }
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return;
  if (lo > 0) lo = 0;
  if (hi <= lo) hi = lo + (lo === 0 ? 1 : Math.abs(lo));
  const pad = 3;
  const y = (v: number): number => d.top + pad + (1 - (v - lo) / (hi - lo)) * (d.height - 2 * pad);
  const base = y(Math.max(lo, Math.min(hi, 0)));
  const color = PALETTE[Math.abs(d.colorKey) % PALETTE.length]!;
  const xOf = (x: number): number => (x < 0 ? -1 : d.a * x + d.b);

  // The step line: each column starts at its first sample; the value holds until the next column.
  ctx.beginPath();
  let started = false;
  let prevV = 0;
  let lastX = -1;
  for (let i = d.from; i < d.to; i += COUNTER_STRIDE) {
    const x = Math.max(-1, Math.min(d.width + 1, xOf(c[i + 1]!)));
    const last = c[i + 4]!;
    if (!started) {
      ctx.moveTo(x, base);
      ctx.lineTo(x, y(last));
      started = true;
    } else {
      ctx.lineTo(x, y(prevV));
      ctx.lineTo(x, y(last));
    }
    prevV = last;
    lastX = x;
  }
  const stop = Math.max(lastX, Math.min(d.width + 1, d.endX));
  ctx.lineTo(stop, y(prevV));
  ctx.lineTo(stop, base);
  ctx.closePath();
  ctx.globalAlpha = 0.22;
  ctx.fillStyle = color;
  ctx.fill();
  ctx.globalAlpha = 1;

  // Outline, then min/max bars where a column holds several samples.
  ctx.beginPath();
  started = false;
  for (let i = d.from; i < d.to; i += COUNTER_STRIDE) {
    const x = Math.max(-1, Math.min(d.width + 1, xOf(c[i + 1]!)));
    const last = c[i + 4]!;
    if (!started) ctx.moveTo(x, y(last));
    else {
      ctx.lineTo(x, y(prevV));
      ctx.lineTo(x, y(last));
    }
    started = true;
    prevV = last;
  }
  ctx.lineTo(stop, y(prevV));
  ctx.strokeStyle = color;
  ctx.lineWidth = 1.25;
  ctx.stroke();
  // One path for all the bars: a fill per column would cost a canvas call per pixel.
  ctx.fillStyle = color;
  ctx.beginPath();
  for (let i = d.from; i < d.to; i += COUNTER_STRIDE) {
    if (c[i + 6]! < 2) continue;
    const x = xOf(c[i + 1]!);
    const y0 = y(c[i + 3]!);
    const y1 = y(c[i + 2]!);
    ctx.rect(Math.floor(x), y0, 1, Math.max(1, y1 - y0));
  }
  ctx.fill();

  // Axis: the scale's top and bottom.
  ctx.font = AXIS_FONT;
  ctx.textBaseline = 'top';
  ctx.fillStyle = '#475569';
  ctx.fillText(formatValue(hi), 4, d.top + 1);
  ctx.textBaseline = 'bottom';
  ctx.fillText(formatValue(lo), 4, d.top + d.height);
  ctx.fillStyle = '#cbd5e1';
  ctx.fillRect(0, y(hi), 3, 1);
  ctx.fillRect(0, y(lo), 3, 1);
}

/** A flow arrow in canvas pixels. */
export interface FlowArrow {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** The selected slice's own flows are drawn stronger. */
  strong: boolean;
}

/** Draws flow arrows as curves with a head at the destination. */
export function drawFlowArrows(ctx: CanvasRenderingContext2D, arrows: FlowArrow[], width: number, height: number): void {
  for (const f of arrows) {
    if ((f.x0 < -2000 && f.x1 < -2000) || (f.x0 > width + 2000 && f.x1 > width + 2000)) continue;
    if ((f.y0 < -2000 && f.y1 < -2000) || (f.y0 > height + 2000 && f.y1 > height + 2000)) continue;
    const dx = Math.max(20, Math.abs(f.x1 - f.x0) / 2);
    ctx.strokeStyle = f.strong ? '#b91c1c' : 'rgba(71, 85, 105, 0.55)';
    ctx.fillStyle = ctx.strokeStyle;
    ctx.lineWidth = f.strong ? 1.75 : 1;
    ctx.beginPath();
    ctx.moveTo(f.x0, f.y0);
    ctx.bezierCurveTo(f.x0 + dx, f.y0, f.x1 - dx, f.y1, f.x1, f.y1);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(f.x1, f.y1);
    ctx.lineTo(f.x1 - 7, f.y1 - 4);
    ctx.lineTo(f.x1 - 7, f.y1 + 4);
    ctx.closePath();
    ctx.fill();
  }
}
