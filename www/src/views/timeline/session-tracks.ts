// Several profiles on one timeline: the profile the layout draws, made of the members' groups
// in session ids (SessionRouting), one band per member in the order chosen, spanning the
// members' ranges on the session's clock; in compact mode each band holds only the member's
// summary track (its step track, else its busiest slice track), one lane high.

import type { Profile, TrackGroup, TrackInfo } from '../../engine/engine';
import type { SessionRouting } from '../../engine/session-engine';
import { formatDuration } from '../../lib/time';
import type { Member } from '../../shell/session';
import type { MemberBand } from './layout';

/** What the person chose about the members' bands. */
export interface BandChoices {
  /** Member indices, top to bottom. */
  order: readonly number[];
  collapsed: ReadonlySet<number>;
  compact: boolean;
  /** Each member's summary track (its own track id), for compact mode. */
  summary: ReadonlyMap<number, number>;
  /** Each member's band label ("rank 0 · host · file"); its label when it has none. */
  titles: ReadonlyMap<number, string>;
  /** The members the offsets given place on the session's clock (null: every member). */
  aligned: ReadonlySet<number> | null;
}

/** What a band shows of a member left out of the offsets given: its times are its own. */
export const OWN_CLOCK = 'own clock';

/** From this many members on, compact mode is on at first. */
export const COMPACT_FROM = 16;

/** "+1.25 ms", "−300 µs", "+0": the offset added to a member's times. */
export function offsetText(ps: number): string {
  if (ps === 0) return '+0';
  return `${ps < 0 ? '−' : '+'}${formatDuration(Math.abs(ps))}`;
}

/** A slice track's work in the whole profile: its busy time and how many slices it holds. */
export interface TrackWork {
  track: number;
  slices: number;
  busy_ps: number;
}

/**
 * A track that stands for its profile in compact mode: the steps; else the busiest track of
 * more than one slice (a track holding one slice over the whole profile, as the profiler's own
 * span, tells nothing); else the one with most lanes.
 */
export function summaryTrack(p: Profile, work: readonly TrackWork[] = []): number | null {
  const slices = p.groups.flatMap((g) => g.tracks).filter((t) => t.kind !== 'counter');
  const steps = slices.find((t) => /\bsteps?\b/i.test(t.name));
  if (steps) return steps.id;
  const busiest = work.filter((w) => w.slices > 1 && slices.some((t) => t.id === w.track)).sort((a, b) => b.busy_ps - a.busy_ps || b.slices - a.slices)[0];
  if (busiest) return busiest.track;
  let best: TrackInfo | null = null;
  for (const t of slices) if (!best || t.lanes > best.lanes) best = t;
  return best?.id ?? null;
}

/** The members' profile (session ids and clock) and its bands, for `layout.build`. */
export function sessionProfile(members: readonly Member[], routing: SessionRouting, choices: BandChoices): { profile: Profile; bands: MemberBand[] } {
  const groups: TrackGroup[] = [];
  const bands: MemberBand[] = [];
  let start = Infinity;
  let end = -Infinity;
  const shown = choices.order.flatMap((i) => {
    const m = members[i];
    return m?.profile ? [{ m, p: m.profile }] : [];
  });
  shown.forEach(({ m, p }, position) => {
    const off = routing.offsetOf(m.index);
    start = Math.min(start, p.start_ps + off);
    end = Math.max(end, p.end_ps + off);
    const g = (id: number): number => routing.globalId(m.index, id);
    const from = groups.length;
    if (choices.compact) {
      const own = choices.summary.get(m.index) ?? summaryTrack(p);
      const t = p.groups.flatMap((gr) => gr.tracks).find((tr) => tr.id === own);
      // One lane: the summary's outermost slices (the steps, or the thread's top-level calls).
      if (t) groups.push({ process: g(0), name: m.label, tracks: [{ ...t, id: g(t.id), lanes: 1 }] });
      else groups.push({ process: g(0), name: m.label, tracks: [] });
    } else {
      for (const gr of p.groups) groups.push({ ...gr, process: g(gr.process), tracks: gr.tracks.map((t) => ({ ...t, id: g(t.id) })) });
    }
    const title = choices.titles.get(m.index) ?? m.label;
    const own = choices.aligned !== null && !choices.aligned.has(m.index);
    bands.push({
      member: m.index,
      label: title,
      detail: title.startsWith(`${m.label} · `) ? title.slice(m.label.length + 3) : '',
      offset: own ? OWN_CLOCK : offsetText(off),
      offsetTitle: own ? 'left out of the job’s clock: its times are its own' : `its times are shifted by ${offsetText(off)} onto the job’s clock`,
      from,
      to: groups.length,
      collapsed: choices.collapsed.has(m.index),
      compact: choices.compact,
      position,
      count: shown.length,
    });
  });
  const first = shown[0]?.p;
  if (!first) throw new Error('no member has a profile');
  const profile: Profile = { ...first, start_ps: start, end_ps: end, groups };
  return { profile, bands };
}
