// The view in the URL hash, as pure functions: `encodeViewState` writes a state as a short,
// readable, versioned hash (`v=1&f=trace.json:12345&t=0,5000000&sel=s:42&tab=kernels&q=matmul
// &r=100,200&tr=p:5,7;h:2;g:0;f:gpu`), `decodeViewState` reads one back and drops every field it
// cannot read (junk never throws). Times are integer ps from the profile's start. A field is one
// entry of FIELDS: adding a state is one more property of ViewState and one more entry there,
// which the type checker asks for.

import type { TrackStateValue } from '../views/timeline/track-state';

/** The format version written as `v=`; a hash with another version is ignored. */
export const URL_STATE_VERSION = 1;

/** A time range, integer ps from the profile's start, t0 < t1. */
export interface PsRange {
  t0: number;
  t1: number;
}

/** What is selected: a slice by id, or a counter sample by its index. */
export type UrlSelection = { kind: 'slice'; id: number } | { kind: 'counter'; index: number };

/** The view the hash keeps; a field left out (undefined) is the default of a fresh load. */
export interface ViewState {
  /** The profile the state is for: its file name and size in bytes. */
  file?: { name: string; size: number };
  /** The visible range. */
  range?: PsRange;
  selection?: UrlSelection;
  /** The tab shown (a tab name; the page checks it against its tab list). */
  tab?: string;
  /** The search query. */
  query?: string;
  /** The Shift + drag range. */
  drag?: PsRange;
  /** The timeline's track state: pinned, hidden and collapsed tracks, collapsed groups, the name filter. */
  tracks?: TrackStateValue;
}

/** How one field of ViewState is written to and read from its hash parameter. */
interface FieldCodec<T> {
  key: string;
  write(value: T): string;
  /** The value, or undefined when `text` is not a valid one. */
  read(text: string): T | undefined;
}

/** Longest search query kept (a link stays a link). */
const MAX_QUERY = 500;
/** Longest file name kept. */
const MAX_NAME = 300;
/** Most ids kept in one list of the track state. */
const MAX_IDS = 10000;
/** Longest track name filter kept. */
const MAX_FILTER = 200;

/** A non-negative integer written in plain digits (no sign, exponent or fraction), else undefined. */
function readUint(text: string): number | undefined {
  if (!/^\d{1,16}$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
}

const rangeCodec = (key: string): FieldCodec<PsRange> => ({
  key,
  write: (r) => `${Math.round(r.t0)},${Math.round(r.t1)}`,
  read: (text) => {
    const parts = text.split(',');
    if (parts.length !== 2) return undefined;
    const t0 = readUint(parts[0]!);
    const t1 = readUint(parts[1]!);
    return t0 !== undefined && t1 !== undefined && t0 < t1 ? { t0, t1 } : undefined;
  },
});

/** Comma-separated plain integers, duplicates dropped (order kept), else undefined. */
function readIds(text: string): number[] | undefined {
  const parts = text === '' ? [] : text.split(',');
  if (parts.length > MAX_IDS) return undefined;
  const out: number[] = [];
  for (const p of parts) {
    const n = readUint(p);
    if (n === undefined) return undefined;
    out.push(n);
  }
  return [...new Set(out)];
}

/** The track state's id lists and their letters, in the order written. */
const TRACK_LISTS = [
  ['p', 'pinned'],
  ['h', 'hidden'],
  ['c', 'collapsedTracks'],
  ['g', 'collapsedGroups'],
] as const;

/**
 * The track state as `p:5,7;h:2;c:3;g:0;f:text`: the non-empty id lists (pinned in pin order),
 * then the filter, last, so that it may hold any character. Reading needs every part well formed.
 */
const tracksCodec: FieldCodec<TrackStateValue> = {
  key: 'tr',
  write: (v) => {
    const parts: string[] = [];
    for (const [letter, name] of TRACK_LISTS) if (v[name].length > 0) parts.push(`${letter}:${v[name].join(',')}`);
    if (v.filter !== '') parts.push(`f:${v.filter}`);
    return parts.join(';');
  },
  read: (text) => {
    const out: TrackStateValue = { pinned: [], hidden: [], collapsedTracks: [], collapsedGroups: [], filter: '' };
    let rest = text;
    while (rest.length > 0) {
      if (rest.startsWith('f:')) {
        const filter = rest.slice(2);
        if (filter.length === 0 || filter.length > MAX_FILTER) return undefined;
        out.filter = filter;
        break;
      }
      const end = rest.indexOf(';');
      const part = end < 0 ? rest : rest.slice(0, end);
      rest = end < 0 ? '' : rest.slice(end + 1);
      const list = TRACK_LISTS.find(([letter]) => part.startsWith(`${letter}:`));
      const ids = list ? readIds(part.slice(2)) : undefined;
      if (!list || !ids || ids.length === 0) return undefined;
      out[list[1]] = ids;
    }
    return out;
  },
};

const FIELDS: { [K in keyof ViewState]-?: FieldCodec<NonNullable<ViewState[K]>> } = {
  file: {
    key: 'f',
    write: (f) => `${f.name}:${f.size}`,
    read: (text) => {
      const at = text.lastIndexOf(':');
      if (at <= 0 || at > MAX_NAME) return undefined;
      const size = readUint(text.slice(at + 1));
      return size === undefined ? undefined : { name: text.slice(0, at), size };
    },
  },
  range: rangeCodec('t'),
  selection: {
    key: 'sel',
    write: (s) => (s.kind === 'slice' ? `s:${s.id}` : `c:${s.index}`),
    read: (text) => {
      const n = readUint(text.slice(2));
      if (n === undefined) return undefined;
      if (text.startsWith('s:')) return { kind: 'slice', id: n };
      if (text.startsWith('c:')) return { kind: 'counter', index: n };
      return undefined;
    },
  },
  tab: {
    key: 'tab',
    write: (t) => t,
    read: (text) => (/^[a-z][a-z0-9-]{0,40}$/.test(text) ? text : undefined),
  },
  query: {
    key: 'q',
    write: (q) => q,
    read: (text) => (text.length > 0 && text.length <= MAX_QUERY ? text : undefined),
  },
  drag: rangeCodec('r'),
  tracks: tracksCodec,
};

/** Every field's name, in the order they are written. */
const ORDER = Object.keys(FIELDS) as Array<keyof ViewState>;

/** Percent-escapes what would end a parameter (`&`, `=`, `#`, `%`, spaces, controls); the rest stays readable. */
function escapeParam(text: string): string {
  return text.replace(/[%&=#+\s\p{Cc}]/gu, (c) => encodeURIComponent(c));
}

/** The hash (without `#`) for `state`: `v=1` and the fields that are set, in a fixed order. */
export function encodeViewState(state: ViewState): string {
  const parts = [`v=${URL_STATE_VERSION}`];
  for (const name of ORDER) {
    const value = state[name];
    if (value === undefined) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    const codec = FIELDS[name] as FieldCodec<typeof value>;
    parts.push(`${codec.key}=${escapeParam(codec.write(value))}`);
  }
  return parts.join('&');
}

/**
 * The state in `hash` (with or without the leading `#`), or null when it is not a view state of
 * this version. Fields that do not parse are left out; unknown parameters are ignored.
 */
export function decodeViewState(hash: string): ViewState | null {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  if (text.length === 0 || text.length > 20000) return null;
  const params = new Map<string, string>();
  for (const part of text.split('&')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(eq + 1));
    } catch {
      continue;
    }
    params.set(part.slice(0, eq), value);
  }
  if (params.get('v') !== String(URL_STATE_VERSION)) return null;
  const state: ViewState = {};
  for (const name of ORDER) {
    const codec = FIELDS[name];
    const raw = params.get(codec.key);
    if (raw === undefined) continue;
    const value = codec.read(raw);
    if (value !== undefined) (state as Record<string, unknown>)[name] = value;
  }
  return state;
}

/** Whether `state` was recorded for the profile `name` of `size` bytes. */
export function stateIsFor(state: ViewState, name: string, size: number): boolean {
  return state.file !== undefined && state.file.name === name && state.file.size === size;
}
