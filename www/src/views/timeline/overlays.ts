// Painted over the render list: the hovered box, the selection (slice, instant or counter sample,
// from exact times, so visible even where the slice was merged), the selected slice's flow arrows,
// the Shift + drag range and the marked spans (M) with their durations.

import { drawFlowArrows, type FlowArrow } from '../../canvas/counters';
import { formatDuration } from '../../lib/time';
import { canvasColors } from '../../lib/theme';
import { LANE_H, TRACK_PAD } from './constants';
import type { Hit } from './hit-test';
import type { TrackRow } from './layout';
import type { PaintFrame } from './paint';
import type { TimelineSelection } from './selection';

/** Canvas y of lane `lane` of `row`, or null where it is not drawn (a collapsed lane, under the pinned area). */
function laneTop(f: PaintFrame, row: TrackRow | null | undefined, lane: number): number | null {
  if (!row || lane >= row.lanes) return null;
  const y = f.layout.rowTop(row, f.top) + TRACK_PAD + lane * LANE_H;
  return !row.pinned && y < f.layout.pinnedHeight ? null : y;
}

/** The outline of the hovered slice or merged box (`a`, `b`: the render list's x mapping). */
export function paintHover(f: PaintFrame, h: Hit | null, a: number, b: number): void {
  if (!h || h.kind === 'instant' || h.kind === 'counter') return;
  const y = laneTop(f, f.layout.trackRows.get(h.track), h.lane);
  if (y === null) return;
  const { ctx } = f;
  const x0 = a * h.x0 + b;
  const x1 = a * h.x1 + b;
  ctx.strokeStyle = canvasColors().hover;
  ctx.lineWidth = 1;
  ctx.strokeRect(x0 + 0.5, y + 1.5, Math.max(x1 - x0 - 1, 1), LANE_H - 3);
}

/** The selection, its flows (those of a category `showsFlows`) and the range; returns how many flow arrows it drew. */
export function paintSelection(f: PaintFrame, sel: TimelineSelection, showsFlows: (category: string) => boolean): number {
  const { ctx, width, top, layout, viewport } = f;
  const scale = viewport.scale(width);
  const xOf = (t: number): number => (t - viewport.t0) * scale;
  const colors = canvasColors();
  const slice = sel.slice;
  let arrows = 0;
  if (slice) {
    const y = laneTop(f, layout.shownRow(slice.track), slice.lane);
    if (y !== null) {
      const x0 = xOf(slice.start_ps);
      const x1 = Math.max(xOf(slice.start_ps + slice.dur_ps), x0 + 2);
      if (x1 >= -2 && x0 <= width + 2) {
        const cx0 = Math.max(x0, -2);
        const cx1 = Math.min(x1, width + 2);
        ctx.lineWidth = 2;
        ctx.strokeStyle = colors.selectionHalo;
        ctx.strokeRect(cx0 - 1, y, cx1 - cx0 + 2, LANE_H);
        ctx.strokeStyle = colors.selection;
        ctx.strokeRect(cx0 - 2, y - 1, cx1 - cx0 + 4, LANE_H + 2);
      }
    }
    arrows = paintSelectedFlows(f, sel, xOf, showsFlows);
  }
  paintRange(f, sel.range);
  const ss = sel.sample;
  if (ss) {
    const row = layout.shownRow(ss.track);
    if (row) {
      const x = xOf(ss.t);
      const ry = layout.rowTop(row, top);
      ctx.strokeStyle = colors.selection;
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.moveTo(x, ry + 1);
      ctx.lineTo(x, ry + row.h - 1);
      ctx.stroke();
    }
  }
  const si = sel.instant;
  if (si) {
    const row = layout.shownRow(si.track);
    if (row) {
      const x = xOf(si.t);
      const y = layout.rowTop(row, top) + 1;
      ctx.strokeStyle = colors.selection;
      ctx.lineWidth = 2;
      ctx.strokeRect(x - 6, y - 1, 12, 10);
    }
  }
  return arrows;
}

/** Arrows between the selected slice and the slices its flows lead to or come from; returns how many. */
function paintSelectedFlows(f: PaintFrame, sel: TimelineSelection, x: (t: number) => number, shows: (category: string) => boolean): number {
  const s = sel.slice;
  if (!s || sel.flows.length === 0) return 0;
  const ys = f.layout.laneY(s.track, s.lane, f.top);
  if (ys === null) return 0;
  const arrows: FlowArrow[] = [];
  for (const { dir, info, category } of sel.flows) {
    if (!shows(category)) continue;
    const yo = f.layout.laneY(info.track, info.lane, f.top);
    if (yo === null) continue;
    if (dir === 'out') arrows.push({ x0: x(s.start_ps + s.dur_ps), y0: ys, x1: x(info.start_ps), y1: yo, strong: true });
    else arrows.push({ x0: x(info.start_ps + info.dur_ps), y0: yo, x1: x(s.start_ps), y1: ys, strong: true });
  }
  drawFlowArrows(f.ctx, arrows, f.width, f.height);
  return arrows.length;
}

/** The Shift + drag range, shaded. */
function paintRange(f: PaintFrame, r: { t0: number; t1: number } | null): void {
  if (!r) return;
  const { ctx, width, height, viewport } = f;
  const scale = viewport.scale(width);
  const x0 = Math.max(-1, (r.t0 - viewport.t0) * scale);
  const x1 = Math.min(width + 1, (r.t1 - viewport.t0) * scale);
  if (x1 < 0 || x0 > width) return;
  const colors = canvasColors();
  ctx.fillStyle = colors.rangeFill;
  ctx.fillRect(x0, 0, Math.max(1, x1 - x0), height);
  ctx.fillStyle = colors.rangeEdge;
  ctx.fillRect(x0, 0, 1, height);
  ctx.fillRect(x1 - 1, 0, 1, height);
}

/** The marked spans: a translucent band over every track, its edges, and its duration at the top. */
export function paintSpanMarks(f: PaintFrame, spans: ReadonlyArray<{ t0: number; t1: number }>): void {
  const { ctx, width, height, viewport } = f;
  const scale = viewport.scale(width);
  const colors = canvasColors();
  for (const s of spans) {
    const x0 = (s.t0 - viewport.t0) * scale;
    const x1 = Math.max((s.t1 - viewport.t0) * scale, x0 + 1);
    if (x1 < 0 || x0 > width) continue;
    const cx0 = Math.max(-1, x0);
    const cx1 = Math.min(width + 1, x1);
    ctx.fillStyle = colors.markFill;
    ctx.fillRect(cx0, 0, cx1 - cx0, height);
    ctx.fillStyle = colors.markEdge;
    if (x0 >= 0) ctx.fillRect(x0, 0, 1, height);
    if (x1 <= width) ctx.fillRect(x1 - 1, 0, 1, height);
    // The duration in a tag at the top of the band (at its visible middle).
    const text = formatDuration(s.t1 - s.t0, 4);
    const tw = ctx.measureText(text).width + 10;
    const mid = Math.max(tw / 2 + 2, Math.min(width - tw / 2 - 2, (cx0 + cx1) / 2));
    ctx.fillStyle = colors.markTag;
    ctx.fillRect(mid - tw / 2, 2, tw, 16);
    ctx.fillStyle = colors.markText;
    ctx.fillText(text, mid - tw / 2 + 5, 10.5);
  }
}
