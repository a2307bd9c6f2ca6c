// Painting a render list: row backgrounds, slice boxes (fillRect batched by colour), search
// outlines and labels (middle-ellipsized), instant markers (one polygon per run,
// canvas/markers.ts), counter charts and the "all flows" arrows. A frame paints in two passes:
// the scrolled rows, then the pinned rows over the top of the canvas. Positions come from the layout; x from the render list's own view,
// mapped to the current one (x' = a·x + b) so an old list is drawn moved while a new one comes.

import { FLOW_STRIDE, INSTANT_STRIDE, SLICE_STRIDE, type RenderResult } from '../../engine/engine';
import { counterTracksOf, drawCounterTrack, drawFlowArrows, type FlowArrow } from '../../canvas/counters';
import { MarkerPath } from '../../canvas/markers';
import { ellipsizeMiddle } from '../../canvas/text';
import { colorForNameId } from '../../lib/color';
import { canvasColors } from '../../lib/theme';
import { ALPHAS, COUNTER_H, LANE_H, TRACK_PAD } from './constants';
import type { TrackLayout } from './layout';
import type { SearchMarks } from './marks';
import type { Viewport } from './viewport';

/** What one frame paints on: the canvas context, its size, the scroll offset and the geometry. */
export interface PaintFrame {
  ctx: CanvasRenderingContext2D;
  width: number;
  height: number;
  /** The body's scroll offset: body y − top = canvas y. */
  top: number;
  layout: TrackLayout;
  viewport: Viewport;
  /** The profile's end, ps (counter charts end there). */
  end: number;
  /** Which rows this pass paints: the pinned ones (drawn last, over the top) or the scrolled ones. */
  pinned: boolean;
}

/** Canvas y of `row`'s top in frame `f`, or null when `f`'s pass does not paint it. */
function rowY(f: PaintFrame, row: { y: number; pinned: boolean }): number | null {
  if (row.pinned !== f.pinned) return null;
  return row.pinned ? row.y : row.y - f.top;
}

/** Group bands and the lines between rows. */
export function paintRows(f: PaintFrame): void {
  const { ctx, width, height } = f;
  const colors = canvasColors();
  for (const r of f.layout.rows) {
    const y = rowY(f, r);
    if (y === null || y + r.h < 0 || y > height) continue;
    if (r.type === 'group' || r.type === 'member') {
      ctx.fillStyle = colors.groupBand;
      ctx.fillRect(0, y, width, r.h);
      ctx.fillStyle = colors.groupLine;
      // A member's header is set apart by a line above it too.
      if (r.type === 'member') ctx.fillRect(0, y, width, 2);
      ctx.fillRect(0, y + r.h - 1, width, 1);
    } else {
      ctx.fillStyle = colors.rowLine;
      ctx.fillRect(0, y + r.h - 1, width, 1);
    }
  }
}

/**
 * The slices, instants and counters of render list `res` on the rows of `f`'s pass (flow arrows
 * are drawn once over both passes by `paintFlowList`).
 */
export function paintList(f: PaintFrame, res: RenderResult, strings: Map<number, string>, marks: SearchMarks): void {
  const { a, b } = f.viewport.xform(res, f.width);
  paintSlices(f, res.slices, a, b, strings, marks);
  paintInstants(f, res.instants, a, b);
  paintCounters(f, res.counters, a, b);
}

/**
 * Slice boxes, batched by fill colour and opacity (setting fillStyle parses a colour string
 * each time), then search outlines, then labels for boxes wide enough to hold one.
 */
function paintSlices(f: PaintFrame, s: Float64Array, a: number, b: number, strings: Map<number, string>, marks: SearchMarks): void {
  const { ctx, width, height } = f;
  const trackRows = f.layout.trackRows;
  const searching = marks.active();
  const ids = marks.ids;
  const colors = canvasColors();
  // Keyed by name id × 3 + opacity class.
  const batches = new Map<number, { color: string; alpha: number; rects: number[] }>();
  const outlines: number[] = [];
  const labels: Array<{ x: number; y: number; w: number; nameId: number; dim: boolean }> = [];
  for (let i = 0; i + SLICE_STRIDE <= s.length; i += SLICE_STRIDE) {
    const row = trackRows.get(s[i]!);
    if (!row) continue;
    const lane = s[i + 1]!;
    const ry = rowY(f, row);
    // A collapsed track draws its depth-0 slices only.
    if (ry === null || lane >= row.lanes) continue;
    const y = ry + TRACK_PAD + lane * LANE_H;
    if (y + LANE_H < 0 || y > height) continue;
    let x0 = a * s[i + 2]! + b;
    let x1 = a * s[i + 3]! + b;
    if (x1 < 0 || x0 > width) continue;
    x0 = Math.max(x0, -1);
    x1 = Math.min(x1, width + 1);
    const w = Math.max(x1 - x0, 1);
    const count = s[i + 5]!;
    const nameId = s[i + 6]!;
    const dim = ids ? !ids.has(s[i + 4]!) : searching && !marks.nameMatches(nameId, strings);
    const opacity = dim ? 0 : count > 1 ? 1 : 2;
    const key = nameId * 3 + opacity;
    let batch = batches.get(key);
    if (!batch) {
      batch = { color: colorForNameId(nameId, colors.dark), alpha: ALPHAS[opacity]!, rects: [] };
      batches.set(key, batch);
    }
    batch.rects.push(x0, y + 1, w);
    if (searching && !dim) outlines.push(x0, y, w);
    if (w > 28 && count <= 1) labels.push({ x: x0, y, w, nameId, dim });
  }
  // fillRect per box (the canvas's fast path; one path of many rectangles rasterizes slower).
  for (const { color, alpha, rects } of batches.values()) {
    ctx.globalAlpha = alpha;
    ctx.fillStyle = color;
    for (let k = 0; k < rects.length; k += 3) ctx.fillRect(rects[k]!, rects[k + 1]!, rects[k + 2]!, LANE_H - 2);
  }
  ctx.globalAlpha = 1;
  if (outlines.length > 0) {
    ctx.strokeStyle = colors.searchOutline;
    ctx.lineWidth = 1.5;
    for (let k = 0; k < outlines.length; k += 3) {
      ctx.strokeRect(outlines[k]! + 0.75, outlines[k + 1]! + 1.75, Math.max(outlines[k + 2]! - 1.5, 0.5), LANE_H - 3.5);
    }
  }
  ctx.fillStyle = colors.sliceText;
  for (const l of labels) {
    const name = strings.get(l.nameId);
    if (!name) continue;
    const text = ellipsizeMiddle(ctx, name, l.w - 8);
    if (!text) continue;
    ctx.globalAlpha = l.dim ? 0.45 : 1;
    ctx.fillText(text, Math.max(l.x, 0) + 4, l.y + LANE_H / 2 + 0.5);
  }
  ctx.globalAlpha = 1;
}

/** Instants: small markers at the top of their track, all in one fill. */
function paintInstants(f: PaintFrame, ins: Float64Array, a: number, b: number): void {
  const { ctx, width, height, layout } = f;
  const path = new MarkerPath();
  let track = -1;
  let y = 0;
  let shown = false;
  for (let i = 0; i + INSTANT_STRIDE <= ins.length; i += INSTANT_STRIDE) {
    // The list is grouped by track: its row is looked up once per track.
    if (ins[i] !== track) {
      track = ins[i]!;
      const row = layout.trackRows.get(track);
      const ry = row ? rowY(f, row) : null;
      y = ry === null ? 0 : ry + 1;
      shown = ry !== null && y <= height && y + 8 >= 0;
    }
    if (!shown) continue;
    const x = a * ins[i + 1]! + b;
    if (x >= -4 && x <= width + 4) path.add(x, y);
  }
  ctx.fillStyle = canvasColors().instant;
  path.fill(ctx);
}

/** Counter tracks: filled step charts with min/max per pixel column, scaled per track. */
function paintCounters(f: PaintFrame, c: Float32Array, a: number, b: number): void {
  const { ctx, width, height, layout, viewport } = f;
  const endX = (f.end - viewport.t0) * viewport.scale(width);
  for (const part of counterTracksOf(c)) {
    const row = layout.shownRow(part.track);
    const ry = row ? rowY(f, row) : null;
    if (ry === null) continue;
    const y = ry + TRACK_PAD;
    if (y + COUNTER_H >= 0 && y <= height) {
      drawCounterTrack(ctx, { entries: c, part, a, b, top: y, height: COUNTER_H, width, endX, colorKey: part.track });
    }
  }
}

/** The flow arrows of the render list (the "all flows" toggle) that `shows` keeps, over both passes; returns how many. */
export function paintFlowList(f: PaintFrame, flows: Float64Array, shows: (flowId: number) => boolean): number {
  const { layout, top, viewport } = f;
  const scale = viewport.scale(f.width);
  const arrows: FlowArrow[] = [];
  for (let i = 0; i + FLOW_STRIDE <= flows.length; i += FLOW_STRIDE) {
    if (!shows(flows[i]!)) continue;
    const y0 = layout.laneY(flows[i + 2]!, flows[i + 3]!, top);
    const y1 = layout.laneY(flows[i + 6]!, flows[i + 7]!, top);
    if (y0 === null || y1 === null) continue;
    arrows.push({ x0: (flows[i + 4]! - viewport.t0) * scale, y0, x1: (flows[i + 8]! - viewport.t0) * scale, y1, strong: false });
  }
  drawFlowArrows(f.ctx, arrows, f.width, f.height);
  return arrows.length;
}
