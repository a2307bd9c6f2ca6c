// Canvas drawing of counter tracks as filled step charts (min/max per pixel
// column, scaled to the visible values of each track, with a small axis) and flow arrows.

import { COUNTER_ENTRY, COUNTER_HEADER } from '../engine/engine';
import { canvasColors } from '../lib/theme';

const PALETTE = ['#2563eb', '#059669', '#d97706', '#7c3aed', '#db2777', '#0891b2', '#65a30d', '#dc2626'];
const AXIS_FONT = '10px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

// The formats of Number.prototype.toLocaleString('en-US', ...), made once: toLocaleString
// builds a new formatter per call, which costs more than the rest of a counter track's axis.
const INTEGER_FORMAT = new Intl.NumberFormat('en-US');
const DECIMAL_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

/** A counter value for labels: integers with thousands separators, others with 4 significant digits. */
export function formatValue(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  const a = Math.abs(v);
  if (a >= 1e15 || (a > 0 && a < 1e-3)) return v.toExponential(3);
  if (Number.isInteger(v)) return INTEGER_FORMAT.format(v);
  return DECIMAL_FORMAT.format(Number(v.toPrecision(4)));
}

/** One track of a counter render list: its entries are slots [from, to); lo and hi are exact. */
export interface CounterTrackEntries {
  track: number;
  from: number;
  to: number;
  /** Minimum and maximum of the track's values in view (NaN ignored). */
  lo: number;
  hi: number;
}

/**
 * The tracks of a counter render list (engine.ts RenderResult.counters): reads each header's four
 * f64 through a Float64Array view of the same buffer (headers start at even slots).
 */
export function counterTracksOf(c: Float32Array): CounterTrackEntries[] {
  const list = c.byteOffset % 8 === 0 ? c : c.slice();
  const f64 = new Float64Array(list.buffer, list.byteOffset, list.length >> 1);
  const out: CounterTrackEntries[] = [];
  let h = 0;
  while (h + COUNTER_HEADER <= list.length) {
    const k = h >> 1;
    const from = h + COUNTER_HEADER;
    const to = Math.min(list.length, from + f64[k + 1]! * COUNTER_ENTRY);
    out.push({ track: f64[k]!, from, to, lo: f64[k + 2]!, hi: f64[k + 3]! });
    h = to;
  }
  return out;
}

export interface CounterTrackDraw {
  /** Render list and this track's part of it. */
  entries: Float32Array;
  part: CounterTrackEntries;
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
  const { from, to } = d.part;
  let { lo, hi } = d.part;
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return;
  if (lo > 0) lo = 0;
  if (hi <= lo) hi = lo + (lo === 0 ? 1 : Math.abs(lo));
  const pad = 3;
  const y = (v: number): number => d.top + pad + (1 - (v - lo) / (hi - lo)) * (d.height - 2 * pad);
  const base = y(Math.max(lo, Math.min(hi, 0)));
  const color = PALETTE[Math.abs(d.colorKey) % PALETTE.length]!;
  const xOf = (x: number): number => (x < 0 ? -1 : d.a * x + d.b);

  // The step line: each column starts at its first sample; the value holds until the next column.
  // A column whose value equals the one before adds no corner (the line runs on straight), so
  // it adds no vertex: same shape, shorter paths.
  ctx.beginPath();
  let started = false;
  let prevV = 0;
  let lastX = -1;
  for (let i = from; i < to; i += COUNTER_ENTRY) {
    const x = Math.max(-1, Math.min(d.width + 1, xOf(c[i]!)));
    const last = c[i + 3]!;
    if (!started) {
      ctx.moveTo(x, base);
      ctx.lineTo(x, y(last));
      started = true;
    } else if (last !== prevV) {
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
  for (let i = from; i < to; i += COUNTER_ENTRY) {
    const x = Math.max(-1, Math.min(d.width + 1, xOf(c[i]!)));
    const last = c[i + 3]!;
    if (!started) ctx.moveTo(x, y(last));
    else if (last !== prevV) {
      ctx.lineTo(x, y(prevV));
      ctx.lineTo(x, y(last));
    }
    started = true;
    prevV = last;
  }
  ctx.lineTo(stop, y(prevV));
  ctx.strokeStyle = color;
  // 1 px: at devicePixelRatio 1 Skia draws it as a hairline; a wider line is first stroked into
  // a polygon of the whole path, several times slower to rasterise (1.25 px was).
  ctx.lineWidth = 1;
  ctx.stroke();
  // One path for all the bars: a fill per column would cost a canvas call per pixel.
  ctx.fillStyle = color;
  ctx.beginPath();
  for (let i = from; i < to; i += COUNTER_ENTRY) {
    // Only columns whose samples differ (one sample, or equal ones, is the line alone).
    if (!(c[i + 2]! > c[i + 1]!)) continue;
    const x = xOf(c[i]!);
    const y0 = y(c[i + 2]!);
    const y1 = y(c[i + 1]!);
    ctx.rect(Math.floor(x), y0, 1, Math.max(1, y1 - y0));
  }
  ctx.fill();

  // Axis: the scale's top and bottom.
  ctx.font = AXIS_FONT;
  ctx.textBaseline = 'top';
  const colors = canvasColors();
  ctx.fillStyle = colors.counterText;
  ctx.fillText(formatValue(hi), 4, d.top + 1);
  ctx.textBaseline = 'bottom';
  ctx.fillText(formatValue(lo), 4, d.top + d.height);
  ctx.fillStyle = colors.counterTick;
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
  const colors = canvasColors();
  for (const f of arrows) {
    if ((f.x0 < -2000 && f.x1 < -2000) || (f.x0 > width + 2000 && f.x1 > width + 2000)) continue;
    if ((f.y0 < -2000 && f.y1 < -2000) || (f.y0 > height + 2000 && f.y1 > height + 2000)) continue;
    const dx = Math.max(20, Math.abs(f.x1 - f.x0) / 2);
    ctx.strokeStyle = f.strong ? colors.flowStrong : colors.flow;
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
