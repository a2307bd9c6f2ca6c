// The engine the page's views talk to: one Engine over the members of the current session, each
// with an engine of its own. With one member every call goes straight to it. With several, ids
// name their member: a track, slice, instant, counter sample or flow id of member m is
// `m · stride + local` (stride 2^32 / the members rounded up to a power of two, so ids stay u32
// and member 0's are its own), and every time is on the session's clock: member m's trace time
// plus its offset (member 0's offset is 0, so its times are its own too). Render lists fan out
// to the members whose tracks are asked for, in parallel, and merge into one; name ids are
// interned by their text, so one name has one colour on every member. A call about a slice,
// track or sample goes to its member's engine (an area's, to the member of its first track);
// search asks every member; any other call goes to member 0 (views that know sessions ask the
// members' engines themselves).

import {
  CALLS,
  COUNTER_ENTRY,
  COUNTER_HEADER,
  type CallArgs,
  type CallResult,
  type Engine,
  type EngineCalls,
  type EventDetails,
  FLOW_STRIDE,
  type HloRequest,
  INSTANT_STRIDE,
  type LoadProgress,
  type Method,
  type OpenSource,
  type Profile,
  type RenderRequest,
  type RenderResult,
  SLICE_STRIDE,
  type SearchResult,
  type SliceInfo,
} from './engine';

/** What the session engine routes to: the members' engines in session order. */
export interface RoutedMember {
  engine: Engine;
  /** Null for a member that failed: it gets no calls. */
  profile: Profile | null;
}

/** How a view that draws several members maps its ids and times (the timeline). */
export interface SessionRouting {
  /** How many members the ids name. */
  readonly memberCount: number;
  /** The session-wide id of member `member`'s track, slice, instant or sample `local`. */
  globalId(member: number, local: number): number;
  /** The member a session-wide id belongs to, and its own id there. */
  localId(global: number): { member: number; local: number };
  /** What is added to member `member`'s trace times (ps) to put them on the session's clock. */
  offsetOf(member: number): number;
  /** Sets the offsets (member index → ps); member 0's is subtracted from all, so it stays at 0. */
  setOffsets(offsets: ReadonlyMap<number, number>): void;
}

// The calls are methods of SessionEngine, each added from CALLS by the constructor.
export interface SessionEngine extends EngineCalls {}

// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: see above
export class SessionEngine implements Engine, SessionRouting {
  private members: RoutedMember[];
  private stride = 2 ** 32;
  private offsets: number[] = [0];
  /** Session name ids: by text, and each member's own name id → the session's. */
  private names = new Map<string, number>();
  private memberNames: Array<Map<number, number>> = [new Map()];
  /** Grows with every `setMembers`: render lists asked for before it are dropped. */
  private generation = 0;

  constructor(primary: Engine) {
    this.members = [{ engine: primary, profile: null }];
    for (const method of Object.keys(CALLS) as Method[]) {
      if (method === 'hlo') continue;
      const own = ROUTED[method as keyof typeof ROUTED] as ((this: SessionEngine, ...a: unknown[]) => unknown) | undefined;
      Object.defineProperty(this, method, {
        value: (...args: unknown[]) => {
          if (this.members.length > 1 && own) return own.apply(this, args);
          return (this.first()[method] as (...a: unknown[]) => unknown)(...args);
        },
      });
    }
  }

  /** Routes to `members` from now on (offsets back to 0, name ids forgotten). */
  setMembers(members: readonly RoutedMember[]): void {
    this.generation++;
    this.members = members.length > 0 ? [...members] : this.members.slice(0, 1);
    let bits = 0;
    while (1 << bits < this.members.length) bits++;
    this.stride = 2 ** (32 - bits);
    this.offsets = this.members.map(() => 0);
    this.names = new Map();
    this.memberNames = this.members.map(() => new Map());
  }

  get memberCount(): number {
    return this.members.length;
  }

  globalId(member: number, local: number): number {
    return local < 0 ? local : member * this.stride + local;
  }

  localId(global: number): { member: number; local: number } {
    if (global < 0) return { member: 0, local: global };
    const member = Math.floor(global / this.stride);
    return { member, local: global - member * this.stride };
  }

  offsetOf(member: number): number {
    return this.offsets[member] ?? 0;
  }

  setOffsets(offsets: ReadonlyMap<number, number>): void {
    const base = offsets.get(0) ?? 0;
    this.offsets = this.members.map((_, i) => (offsets.get(i) ?? base) - base);
  }

  /** The session name id of member `member`'s name `local`, `text` when it is first told. */
  private nameId(member: number, local: number, text?: string): number {
    if (local < 0) return local;
    const own = this.memberNames[member];
    if (!own) return -1;
    let g = own.get(local);
    if (g === undefined && text !== undefined) {
      g = this.names.get(text);
      if (g === undefined) {
        g = this.names.size;
        this.names.set(text, g);
      }
      own.set(local, g);
    }
    return g ?? -1;
  }

  private first(): Engine {
    return this.members[0]!.engine;
  }

  /**
   * The member an area's `tracks` belong to (the first one's; none: member 0, every track) and
   * its own ids of those of them that are its: an area is asked of one member.
   */
  tracksOf(tracks: readonly number[]): { member: number; own: number[] } {
    if (tracks.length === 0) return { member: 0, own: [] };
    const member = this.localId(tracks[0]!).member;
    const own = tracks.flatMap((t) => {
      const l = this.localId(t);
      return l.member === member ? [l.local] : [];
    });
    return { member, own };
  }

  /** The engine of member `member`, or a rejection when it has none (it failed). */
  engineOf(member: number): Engine {
    const m = this.members[member];
    if (!m?.profile) throw new Error(`member ${member} has no profile`);
    return m.engine;
  }

  // ---- Engine ------------------------------------------------------------------------------

  get ready(): Promise<void> {
    return this.first().ready;
  }

  open(source: OpenSource, onProgress: (p: LoadProgress) => void, reducedDetail?: boolean, previews?: boolean): Promise<Profile> {
    return this.first().open(source, onProgress, reducedDetail, previews);
  }

  cancel(): void {
    this.first().cancel();
  }

  hlo<T>(request: HloRequest): Promise<T> {
    return this.first().hlo<T>(request);
  }

  onFatal(cb: (message: string) => void): void {
    this.first().onFatal(cb);
  }

  // ---- the routed calls (several members) --------------------------------------------------

  /** One render list per member whose tracks are asked for, in parallel, merged into one. */
  async routedRender(req: RenderRequest): Promise<RenderResult> {
    const perMember = new Map<number, number[]>();
    for (const g of req.trackIds) {
      const { member, local } = this.localId(g);
      if (!this.members[member]?.profile) continue;
      const list = perMember.get(member);
      if (list) list.push(local);
      else perMember.set(member, [local]);
    }
    const asked = [...perMember.entries()];
    const generation = this.generation;
    const replies = await Promise.allSettled(
      asked.map(([m, tracks]) => {
        const off = this.offsets[m] ?? 0;
        return this.members[m]!.engine.render({ ...req, trackIds: Uint32Array.from(tracks), t0: req.t0 - off, t1: req.t1 - off });
      }),
    );
    const parts: Array<{ member: number; r: RenderResult }> = [];
    if (generation !== this.generation) throw new Error('the session changed');
    replies.forEach((rep, k) => {
      if (rep.status === 'fulfilled') parts.push({ member: asked[k]![0], r: rep.value });
    });
    return this.mergeLists(req, parts);
  }

  private mergeLists(req: RenderRequest, parts: Array<{ member: number; r: RenderResult }>): RenderResult {
    const strings: Array<[number, string]> = [];
    const known = this.names.size;
    for (const { member, r } of parts) {
      for (const [id, text] of r.strings) {
        const g = this.nameId(member, id, text);
        if (g >= known) strings.push([g, text]);
      }
    }
    const total = (pick: (r: RenderResult) => ArrayLike<number>): number => parts.reduce((n, p) => n + pick(p.r).length, 0);
    const slices = new Float64Array(total((r) => r.slices));
    const instants = new Float64Array(total((r) => r.instants));
    const counters = new Float32Array(total((r) => r.counters));
    const flows = new Float64Array(total((r) => r.flows));
    let [si, ii, ci, fi] = [0, 0, 0, 0];
    for (const { member, r } of parts) {
      const off = this.offsets[member] ?? 0;
      const g = (id: number): number => this.globalId(member, id);
      slices.set(r.slices, si);
      for (let i = si; i < si + r.slices.length; i += SLICE_STRIDE) {
        slices[i] = g(slices[i]!);
        slices[i + 4] = g(slices[i + 4]!);
        slices[i + 6] = this.nameId(member, slices[i + 6]!);
      }
      si += r.slices.length;
      instants.set(r.instants, ii);
      for (let i = ii; i < ii + r.instants.length; i += INSTANT_STRIDE) {
        instants[i] = g(instants[i]!);
        instants[i + 2] = g(instants[i + 2]!);
      }
      ii += r.instants.length;
      counters.set(r.counters, ci);
      retrackCounters(counters, ci, ci + r.counters.length, g);
      ci += r.counters.length;
      flows.set(r.flows, fi);
      for (let i = fi; i < fi + r.flows.length; i += FLOW_STRIDE) {
        for (const k of [0, 1, 2, 5, 6]) flows[i + k] = g(flows[i + k]!);
        flows[i + 4] = flows[i + 4]! + off;
        flows[i + 8] = flows[i + 8]! + off;
      }
      fi += r.flows.length;
    }
    const works = parts.flatMap((p) => (p.r.work ? [p.r.work] : []));
    const max = (k: keyof NonNullable<RenderResult['work']>): number => works.reduce((n, w) => Math.max(n, w[k]), 0);
    const work =
      works.length > 0
        ? {
            slices: max('slices'),
            instants: max('instants'),
            counters: max('counters'),
            flows: max('flows'),
            strings: max('strings'),
            total: max('total'),
            sentAt: max('sentAt'),
          }
        : undefined;
    return { request: { t0: req.t0, t1: req.t1, width: req.width }, slices, instants, counters, flows, strings, work };
  }

  /** A slice's facts from its member, on the session's clock and in session ids. */
  async routedSliceInfo(id: number): Promise<SliceInfo> {
    const { member, local } = this.localId(id);
    const s = await this.engineOf(member).sliceInfo(local);
    return { ...s, id, start_ps: s.start_ps + this.offsetOf(member), track: this.globalId(member, s.track), nameId: this.nameId(member, s.nameId) };
  }

  private details(member: number, d: EventDetails): EventDetails {
    const off = this.offsetOf(member);
    return {
      ...d,
      id: this.globalId(member, d.id),
      track: this.globalId(member, d.track),
      ...(d.start_ps !== undefined ? { start_ps: d.start_ps + off } : {}),
      ...(d.time_ps !== undefined ? { time_ps: d.time_ps + off } : {}),
    };
  }

  async routedSliceDetails(id: number): Promise<EventDetails> {
    const { member, local } = this.localId(id);
    return this.details(member, await this.engineOf(member).sliceDetails(local));
  }

  async routedInstantDetails(index: number): Promise<EventDetails> {
    const { member, local } = this.localId(index);
    return this.details(member, await this.engineOf(member).instantDetails(local));
  }

  /** Every member's matches, in session ids, member by member. */
  async routedSearch(query: string, limit: number): Promise<SearchResult> {
    const replies = await Promise.allSettled(this.members.map((m) => (m.profile ? m.engine.search(query, limit) : Promise.reject(new Error('no profile')))));
    const ids: number[] = [];
    let truncated = false;
    replies.forEach((rep, member) => {
      if (rep.status !== 'fulfilled') return;
      truncated ||= rep.value.truncated;
      for (const id of rep.value.ids) if (ids.length < limit) ids.push(this.globalId(member, id));
      if (ids.length >= limit) truncated = true;
    });
    return { query, ids: Uint32Array.from(ids), truncated };
  }
}

/** Rewrites the track ids (f64 in each header) of the counter render list `c[from, to)`. */
function retrackCounters(c: Float32Array, from: number, to: number, g: (id: number) => number): void {
  const f64 = new Float64Array(c.buffer, c.byteOffset, c.length >> 1);
  let h = from;
  while (h + COUNTER_HEADER <= to) {
    const k = h >> 1;
    f64[k] = g(f64[k]!);
    h = Math.min(to, h + COUNTER_HEADER + f64[k + 1]! * COUNTER_ENTRY);
  }
}

type Routed = { [M in Method]?: (this: SessionEngine, ...args: CallArgs<M>) => Promise<CallResult<M>> };

/** The calls that several members answer differently from member 0 alone. */
const ROUTED: Routed = {
  render: SessionEngine.prototype.routedRender,
  sliceInfo: SessionEngine.prototype.routedSliceInfo,
  sliceDetails: SessionEngine.prototype.routedSliceDetails,
  instantDetails: SessionEngine.prototype.routedInstantDetails,
  search: SessionEngine.prototype.routedSearch,
  async sliceFlows(id) {
    const { member, local } = this.localId(id);
    const links = await this.engineOf(member).sliceFlows(local);
    const off = this.offsetOf(member);
    return links.map((l) => ({ ...l, flow: this.globalId(member, l.flow), other: this.globalId(member, l.other), other_start_ps: l.other_start_ps + off }));
  },
  async counterSampleNear(track, t, tolerance) {
    const { member, local } = this.localId(track);
    return this.globalId(member, await this.engineOf(member).counterSampleNear(local, t - this.offsetOf(member), tolerance));
  },
  async counterSample(index) {
    const { member, local } = this.localId(index);
    const s = await this.engineOf(member).counterSample(local);
    const off = this.offsetOf(member);
    return {
      ...s,
      index,
      track: this.globalId(member, s.track),
      time_ps: s.time_ps + off,
      prev_time_ps: s.prev_time_ps === null ? null : s.prev_time_ps + off,
    };
  },
  async selection(tracks, t0, t1, perTrack) {
    const { member, own } = this.tracksOf(tracks);
    const off = this.offsetOf(member);
    const a = await this.engineOf(member).selection(own, t0 - off, t1 - off, perTrack);
    const g = (id: number): number => this.globalId(member, id);
    return {
      ...a,
      from_ps: a.from_ps + off,
      to_ps: a.to_ps + off,
      tracks: a.tracks.map((t) => ({ ...t, track: g(t.track) })),
      names: a.names.map((n) => ({ ...n, track: n.track === null ? null : g(n.track), longest_slice: g(n.longest_slice) })),
    };
  },
  async callTree(tracks, t0, t1, direction) {
    const { member, own } = this.tracksOf(tracks);
    const off = this.offsetOf(member);
    const c = await this.engineOf(member).callTree(own, t0 - off, t1 - off, direction);
    return { ...c, from_ps: c.from_ps + off, to_ps: c.to_ps + off };
  },
  async counterColumn(track, t0, t1, width, column) {
    const { member, local } = this.localId(track);
    const off = this.offsetOf(member);
    const c = await this.engineOf(member).counterColumn(local, t0 - off, t1 - off, width, column);
    return c && { ...c, time_ps: c.time_ps + off, index: this.globalId(member, c.index) };
  },
};
