// What is under a point of the timeline canvas, found in the render list drawn there.

import { COUNTER_ENTRY, INSTANT_STRIDE, SLICE_STRIDE, type RenderResult } from '../../engine/engine';
import { counterTracksOf } from '../../canvas/counters';
import { LANE_H, SAMPLE_HIT_PX, TRACK_PAD } from './constants';
import type { TrackLayout } from './layout';

/** A box, marker or counter column under the pointer; x0, x1 in the render list's own view. */
export interface Hit {
  kind: 'slice' | 'merged' | 'instant' | 'counter';
  track: number;
  lane: number;
  x0: number;
  x1: number;
  /** Slice id (negative for a merged box), instant index (negative for a merged run), counter pixel column (-1: the held sample). */
  id: number;
  count: number;
  nameId: number;
  /** Counter hits: the view of the render list the pixel column is in. */
  view?: { t0: number; t1: number; width: number };
}

/**
 * The hit at canvas point (x, canvasY) for scroll offset `top`: an instant marker (top 9 px of
 * a track), else the nearest slice box of the lane within 3 px (the narrowest one containing x
 * wins; a collapsed track has lane 0 only), else for a counter track its pixel column. `a`, `b`
 * map the list's x to the canvas.
 */
export function hitTest(res: RenderResult | null, layout: TrackLayout, x: number, canvasY: number, top: number, a: number, b: number): Hit | null {
  if (!res) return null;
  const row = layout.trackAt(canvasY, top);
  if (!row) return null;
  // y from the top of the row, in row pixels.
  const y = canvasY - layout.rowTop(row, top) + row.y;
  const trackId = row.track.id;
  if (row.track.kind === 'counter') return hitCounter(res, trackId, x, a, b);

  // Instants first: they sit on top of slices in the top 9 px of the track.
  if (y - row.y < 9) {
    const ins = res.instants;
    let best: Hit | null = null;
    let bestD = 5;
    for (let i = 0; i + INSTANT_STRIDE <= ins.length; i += INSTANT_STRIDE) {
      if (ins[i] !== trackId) continue;
      const xi = a * ins[i + 1]! + b;
      const d = Math.abs(xi - x);
      if (d <= bestD) {
        bestD = d;
        best = { kind: 'instant', track: trackId, lane: 0, x0: ins[i + 1]!, x1: ins[i + 1]!, id: ins[i + 2]!, count: ins[i + 3]!, nameId: -1 };
      }
    }
    if (best) return best;
  }

  const lane = Math.floor((y - row.y - TRACK_PAD) / LANE_H);
  if (lane < 0 || lane >= row.lanes) return null;
  const s = res.slices;
  let best: Hit | null = null;
  let bestD = 3;
  for (let i = 0; i + SLICE_STRIDE <= s.length; i += SLICE_STRIDE) {
    if (s[i] !== trackId || s[i + 1] !== lane) continue;
    const x0 = a * s[i + 2]! + b;
    const x1 = a * s[i + 3]! + b;
    const d = x < x0 ? x0 - x : x > x1 ? x - x1 : 0;
    if (d < bestD || (d === 0 && bestD === 0 && x1 - x0 < (best ? best.x1 - best.x0 : Infinity))) {
      bestD = d;
      const id = s[i + 4]!;
      best = { kind: id >= 0 ? 'slice' : 'merged', track: trackId, lane, x0: s[i + 2]!, x1: s[i + 3]!, id, count: s[i + 5]!, nameId: s[i + 6]! };
    }
  }
  return best;
}

/** The pixel column of counter `track` under `x`, or the held value to its left. */
function hitCounter(res: RenderResult, track: number, x: number, a: number, b: number): Hit | null {
  const c = res.counters;
  const part = counterTracksOf(c).find((p) => p.track === track);
  if (!part) return null;
  let best: Hit | null = null;
  let bestD = Infinity;
  for (let i = part.from; i < part.to; i += COUNTER_ENTRY) {
    const xi = c[i]! < 0 ? -Infinity : a * c[i]! + b;
    const d = Math.abs(xi - x);
    // Nearest column within the tolerance, else the last column at or left of x (its value holds).
    if (d <= SAMPLE_HIT_PX ? d < bestD : xi <= x && bestD > SAMPLE_HIT_PX) {
      bestD = d <= SAMPLE_HIT_PX ? d : bestD;
      best = { kind: 'counter', track, lane: 0, x0: c[i]!, x1: c[i]!, id: c[i]! < 0 ? -1 : Math.floor(c[i]!), count: 0, nameId: -1, view: res.request };
    }
  }
  return best;
}

/** Whether two hits are the same box (the hover outline and tooltip stay). */
export function sameHit(p: Hit | null, q: Hit | null): boolean {
  return p !== null && q !== null && p.kind === q.kind && p.id === q.id && p.x0 === q.x0 && p.track === q.track;
}
