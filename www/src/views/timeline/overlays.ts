// Painted over the render list: the hovered box, the selection (slice, instant or counter sample,
// from exact times, so visible even where the slice was merged), the selected slice's flow arrows
// and the Shift + drag range.

import { drawFlowArrows, type FlowArrow } from '../../canvas/counters';
import { canvasColors } from '../../lib/theme';
import { LANE_H, TRACK_PAD } from './constants';
import type { Hit } from './hit-test';
import type { PaintFrame } from './paint';
import type { TimelineSelection } from './selection';

/** The outline of the hovered slice or merged box (`a`, `b`: the render list's x mapping). */
export function paintHover(f: PaintFrame, h: Hit | null, a: number, b: number): void {
  if (!h || h.kind === 'instant' || h.kind === 'counter') return;
  const row = f.layout.trackRows.get(h.track);
  if (!row) return;
  const { ctx, top } = f;
  const x0 = a * h.x0 + b;
  const x1 = a * h.x1 + b;
  const y = row.y - top + TRACK_PAD + h.lane * LANE_H;
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
    const row = layout.shownRow(slice.track);
    if (row) {
      const x0 = xOf(slice.start_ps);
      const x1 = Math.max(xOf(slice.start_ps + slice.dur_ps), x0 + 2);
      const y = row.y - top + TRACK_PAD + slice.lane * LANE_H;
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
      ctx.strokeStyle = colors.selection;
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.moveTo(x, row.y - top + 1);
      ctx.lineTo(x, row.y - top + row.h - 1);
      ctx.stroke();
    }
  }
  const si = sel.instant;
  if (si) {
    const row = layout.shownRow(si.track);
    if (row) {
      const x = xOf(si.t);
      const y = row.y - top + 1;
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
