// One frame of the timeline: the scrolled rows, then the pinned rows over the top, the axis, the
// render list's boxes, the flow arrows (all flows in view and the selection's), the hover, the
// selection and the spans marked with M. Writes the root's `data-dimmed` and `data-flow-arrows`.

import type { Profile } from '../../engine/engine';
import { fitCanvas } from '../../canvas/hidpi';
import { canvasColors } from '../../lib/theme';
import { paintAxis } from './axis';
import { AXIS_H, FONT } from './constants';
import type { FlowFilter } from './flow-filter';
import type { FrameLoop } from './frame-loop';
import type { Hit } from './hit-test';
import type { TrackLayout } from './layout';
import type { SearchMarks } from './marks';
import { paintHover, paintSelection, paintSpanMarks } from './overlays';
import { type PaintFrame, paintFlowList, paintList, paintRows } from './paint';
import type { TimelineSelection } from './selection';
import type { Viewport } from './viewport';

/** Everything a frame reads, as it is when the frame is drawn. */
export interface FrameState {
  readonly root: HTMLElement;
  readonly canvas: HTMLCanvasElement;
  readonly axis: HTMLCanvasElement;
  /** Canvas size in CSS pixels and the body's scroll offset. */
  readonly width: number;
  readonly height: number;
  readonly top: number;
  /** Null: the canvases are cleared and nothing else is drawn. */
  readonly profile: Profile | null;
  readonly layout: TrackLayout;
  readonly viewport: Viewport;
  readonly loop: FrameLoop;
  readonly marks: SearchMarks;
  readonly flowFilter: FlowFilter;
  readonly selection: TimelineSelection;
  readonly hovered: Hit | null;
  /** Spans marked with M, in ps. */
  readonly spans: ReadonlyArray<{ t0: number; t1: number }>;
}

/** Draws one frame from `s.loop.result` and tells the loop (`listDrawn`, `afterDraw`) it did. */
export function drawFrame(s: FrameState): void {
  const { width, height, layout, viewport, loop, flowFilter } = s;
  const ctx = fitCanvas(s.canvas, width, height);
  const actx = fitCanvas(s.axis, width, AXIS_H);
  if (!ctx || !actx) return;
  ctx.clearRect(0, 0, width, height);
  actx.clearRect(0, 0, width, AXIS_H);
  const p = s.profile;
  const dimmed = String(p !== null && s.marks.active());
  if (s.root.dataset.dimmed !== dimmed) s.root.dataset.dimmed = dimmed;
  if (!p) return;

  const pinnedH = Math.min(layout.pinnedHeight, height);
  const f: PaintFrame = { ctx, width, height, top: s.top, layout, viewport, end: p.end_ps, pinned: false };
  const res = loop.result;
  const colors = canvasColors();
  // The scrolled rows, below the pinned area; then the pinned rows over the top.
  for (const pinned of [false, true]) {
    if (pinned && pinnedH === 0) continue;
    const fp: PaintFrame = { ...f, pinned };
    ctx.save();
    ctx.beginPath();
    if (pinned) ctx.rect(0, 0, width, pinnedH);
    else ctx.rect(0, pinnedH, width, height - pinnedH);
    ctx.clip();
    if (pinned) {
      ctx.fillStyle = colors.background;
      ctx.fillRect(0, 0, width, pinnedH);
    }
    paintRows(fp);
    paintAxis(actx, ctx, width, height, viewport, p.start_ps);
    ctx.font = FONT;
    ctx.textBaseline = 'middle';
    if (res) paintList(fp, res, loop.strings, s.marks);
    ctx.restore();
  }
  if (pinnedH > 0) {
    ctx.fillStyle = colors.axisTick;
    ctx.fillRect(0, pinnedH - 1, width, 1);
  }
  let arrows = 0;
  if (res) {
    if (flowFilter.allFlows) {
      flowFilter.allFlowsList(res.flows);
      arrows = paintFlowList(f, res.flows, (id) => flowFilter.showsFlow(id));
    }
    loop.listDrawn();
  }
  const { a, b } = viewport.xform(res, width);
  paintHover(f, s.hovered, a, b);
  flowFilter.selectionFlows(s.selection.flows);
  arrows += paintSelection(f, s.selection, (c) => flowFilter.showsCategory(c));
  if (s.root.dataset.flowArrows !== String(arrows)) s.root.dataset.flowArrows = String(arrows);
  ctx.font = FONT;
  paintSpanMarks(f, s.spans);
  loop.afterDraw(width);
}
