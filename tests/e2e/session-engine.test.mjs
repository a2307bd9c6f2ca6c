// Property tests of the session engine (www/src/engine/session-engine.ts) in Node, over fake
// member engines: the module is bundled with esbuild (as scripts/build-www.mjs does) and imported
// from memory. Session ids round-trip to (member, own id); a render list fanned out to several
// members merges into one whose every box, marker, counter track and flow names its member's
// own track, slice and name (one session name id per name text), on the session's clock; one
// member is passed straight through; a search asks every member.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { build } from 'esbuild';
import { ROOT } from './helpers.mjs';

const bundled = await build({
  absWorkingDir: ROOT,
  entryPoints: ['www/src/engine/session-engine.ts'],
  bundle: true,
  format: 'esm',
  write: false,
  logLevel: 'silent',
});
const { SessionEngine } = await import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`);

/** A small seeded generator (mulberry32). */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = ['matmul', 'allreduce', 'step', 'copy', 'relu', 'loss'];

/**
 * A member engine that answers render lists as the worker does: boxes for the tracks asked,
 * strings only for name ids it has not sent yet; `asked` records every request.
 */
function fakeMember(seed) {
  const r = rng(seed);
  const sent = new Set();
  const asked = [];
  const nameOf = (id) => `${NAMES[id % NAMES.length]}#${Math.floor(id / NAMES.length) % 3}`;
  return {
    asked,
    nameOf,
    async render(req) {
      asked.push({ t0: req.t0, t1: req.t1, tracks: [...req.trackIds] });
      const slices = [];
      const instants = [];
      const flows = [];
      const counters = [];
      const strings = [];
      for (const track of req.trackIds) {
        const boxes = Math.floor(r() * 5);
        for (let b = 0; b < boxes; b++) {
          const id = Math.floor(r() * 1e6);
          const nameId = Math.floor(r() * 12);
          if (!sent.has(nameId)) {
            sent.add(nameId);
            strings.push([nameId, nameOf(nameId)]);
          }
          const x0 = r() * req.width;
          slices.push(track, b % 3, x0, x0 + r() * 20, r() < 0.2 ? -1 : id, 1, nameId);
        }
        if (r() < 0.5) instants.push(track, r() * req.width, Math.floor(r() * 1000), 1);
        if (r() < 0.3) flows.push(Math.floor(r() * 100), Math.floor(r() * 1e5), track, 0, req.t0 + 10, Math.floor(r() * 1e5), track, 1, req.t0 + 20);
        if (r() < 0.3) {
          // One counter track: a header of four f64 [track, entries, min, max], then 2 entries.
          const head = new Float32Array(8);
          new Float64Array(head.buffer).set([track, 2, 0, 5]);
          counters.push(...head, 0, 0, 1, 1, 1, 1, 5, 5);
        }
      }
      return {
        request: { t0: req.t0, t1: req.t1, width: req.width },
        slices: Float64Array.from(slices),
        instants: Float64Array.from(instants),
        counters: Float32Array.from(counters),
        flows: Float64Array.from(flows),
        strings,
      };
    },
    async search(_query, limit) {
      const ids = Uint32Array.from({ length: Math.min(limit, 3) }, (_, i) => i * 7 + seed);
      return { query: _query, ids, truncated: false };
    },
    async selection(tracks, t0, t1, perTrack) {
      asked.push({ selection: [...tracks], t0, t1 });
      return {
        from_ps: t0,
        to_ps: t1,
        tracks: tracks.map((track) => ({ track, name: `t${track}`, group: 'g', slices: 1, busy_ps: 5 })),
        busy_ps: 5 * tracks.length,
        slices: tracks.length,
        per_track: perTrack,
        names: [{ name: 'matmul', track: perTrack ? tracks[0] : null, occurrences: 1, wall_ps: 5, unclipped_wall_ps: 5, self_ps: 5, avg_wall_ps: 5, max_wall_ps: 5, longest_slice: 77 }],
      };
    },
    async sliceInfo(id) {
      return { id, start_ps: 1000 + id, dur_ps: 5, track: id % 4, lane: 0, nameId: -1 };
    },
  };
}

const f64Header = (c, at) => new Float64Array(c.buffer, c.byteOffset + at * 4, 4);

test('session ids round-trip to the member and its own id; member 0 keeps its own', () => {
  const r = rng(7);
  for (let round = 0; round < 200; round++) {
    const n = 1 + Math.floor(r() * 300);
    const e = new SessionEngine(fakeMember(0));
    e.setMembers(Array.from({ length: n }, (_, i) => ({ engine: fakeMember(i), profile: {} })));
    let stride = 1;
    while (stride < n) stride *= 2;
    const room = 2 ** 32 / stride;
    for (let k = 0; k < 20; k++) {
      const m = Math.floor(r() * n);
      const local = Math.floor(r() * room);
      const g = e.globalId(m, local);
      assert.ok(g >= 0 && g < 2 ** 32, 'session ids fit in u32');
      assert.deepEqual(e.localId(g), { member: m, local });
      assert.equal(e.globalId(0, local), local);
    }
    assert.equal(e.globalId(3, -1), -1, 'merged boxes stay -1');
  }
});

test('one member: every call goes straight to its engine', async () => {
  const m = fakeMember(1);
  const e = new SessionEngine(m);
  e.setMembers([{ engine: m, profile: {} }]);
  const req = { trackIds: Uint32Array.from([0, 1, 2]), t0: 0, t1: 1000, width: 800 };
  const r = await e.render(req);
  assert.deepEqual(m.asked, [{ t0: 0, t1: 1000, tracks: [0, 1, 2] }]);
  assert.ok(r.slices.length % 7 === 0);
  const info = await e.sliceInfo(42);
  assert.equal(info.id, 42);
  assert.equal(info.start_ps, 1042);
});

test('a render list fans out to the members asked and merges on the session clock', async () => {
  const r = rng(11);
  for (let round = 0; round < 60; round++) {
    const n = 2 + Math.floor(r() * 20);
    const fakes = Array.from({ length: n }, (_, i) => fakeMember(round * 100 + i));
    const e = new SessionEngine(fakes[0]);
    // A failed member (no profile) gets no calls.
    const failed = Math.floor(r() * n);
    e.setMembers(fakes.map((f, i) => ({ engine: f, profile: i === failed && i !== 0 ? null : {} })));
    const offsets = new Map(fakes.map((_, i) => [i, Math.floor(r() * 1e9) - 5e8]));
    e.setOffsets(offsets);
    const strings = new Map();
    for (let call = 0; call < 3; call++) {
      const asked = [];
      for (let m = 0; m < n; m++) for (let t = 0; t < 4; t++) if (r() < 0.5) asked.push(e.globalId(m, t));
      const req = { trackIds: Uint32Array.from(asked), t0: 1e9, t1: 2e9, width: 1000, flows: true };
      const before = fakes.map((f) => f.asked.length);
      const res = await e.render(req);
      for (const [id, s] of res.strings) {
        assert.ok(!strings.has(id) || strings.get(id) === s, 'a session name id names one text');
        strings.set(id, s);
      }
      // Each member with tracks asked got one request, its own tracks, shifted by its offset.
      for (let m = 0; m < n; m++) {
        const own = asked.map((g) => e.localId(g)).filter((x) => x.member === m).map((x) => x.local);
        const got = fakes[m].asked.slice(before[m]);
        if (own.length === 0 || (m === failed && m !== 0)) {
          assert.equal(got.length, 0, `member ${m} is not asked`);
          continue;
        }
        const shift = (offsets.get(m) ?? 0) - (offsets.get(0) ?? 0);
        assert.equal(e.offsetOf(m), shift);
        assert.deepEqual(got, [{ t0: 1e9 - shift, t1: 2e9 - shift, tracks: own }]);
      }
      assert.deepEqual(res.request, { t0: 1e9, t1: 2e9, width: 1000 });
      const askedSet = new Set(asked);
      for (let i = 0; i < res.slices.length; i += 7) {
        assert.ok(askedSet.has(res.slices[i]), 'every box is on a track asked for');
        const { member } = e.localId(res.slices[i]);
        assert.ok(member !== failed || member === 0, 'a failed member draws nothing');
        if (res.slices[i + 4] >= 0) assert.equal(e.localId(res.slices[i + 4]).member, member, 'the box names its member');
        assert.ok(strings.has(res.slices[i + 6]), 'every name id was told');
      }
      for (let i = 0; i < res.instants.length; i += 4) assert.ok(askedSet.has(res.instants[i]));
      for (let i = 0; i < res.flows.length; i += 9) {
        const { member } = e.localId(res.flows[i + 2]);
        // The member drew its flow at its own t0 + 10 ps: on the session clock that is 1e9 + 10.
        assert.equal(res.flows[i + 4], 1e9 + 10, `member ${member}'s flow on the session clock`);
        assert.equal(e.localId(res.flows[i + 6]).member, member);
      }
      let h = 0;
      while (h + 8 <= res.counters.length) {
        const head = f64Header(res.counters, h);
        assert.ok(askedSet.has(head[0]), 'every counter track is one asked for');
        h += 8 + head[1] * 4;
      }
      assert.equal(h, res.counters.length);
    }
    // One name text, one session id: the same names on every member share their colour.
    const byText = new Map();
    for (const [id, s] of strings) {
      assert.ok(!byText.has(s), `"${s}" has one session name id`);
      byText.set(s, id);
    }
  }
});

test('a slice call goes to its member; times come back on the session clock', async () => {
  const fakes = [fakeMember(1), fakeMember(2), fakeMember(3)];
  const e = new SessionEngine(fakes[0]);
  e.setMembers(fakes.map((f) => ({ engine: f, profile: {} })));
  e.setOffsets(new Map([[0, 100], [1, 600], [2, -400]]));
  const g = e.globalId(2, 9);
  const info = await e.sliceInfo(g);
  assert.equal(info.id, g);
  assert.equal(info.start_ps, 1009 - 500);
  assert.deepEqual(e.localId(info.track), { member: 2, local: 9 % 4 });
  const found = await e.search('x', 5);
  assert.equal(found.ids.length, 5, 'at most the limit');
  assert.ok(found.truncated);
  assert.deepEqual([...found.ids].map((id) => e.localId(id).member), [0, 0, 0, 1, 1]);
});

test('an area is asked of the member of its first track, in its own ids and clock', async () => {
  const fakes = [fakeMember(1), fakeMember(2), fakeMember(3)];
  const e = new SessionEngine(fakes[0]);
  e.setMembers(fakes.map((f) => ({ engine: f, profile: {} })));
  e.setOffsets(new Map([[0, 0], [1, 1000], [2, 2000]]));
  const a = await e.selection([e.globalId(1, 4), e.globalId(1, 6), e.globalId(2, 1)], 5000, 9000, true);
  assert.deepEqual(fakes[1].asked.at(-1), { selection: [4, 6], t0: 4000, t1: 8000 }, 'member 1 is asked for its own tracks, on its clock');
  assert.equal(fakes[2].asked.length, 0);
  assert.deepEqual([a.from_ps, a.to_ps], [5000, 9000]);
  assert.deepEqual(a.tracks.map((t) => e.localId(t.track)), [{ member: 1, local: 4 }, { member: 1, local: 6 }]);
  assert.deepEqual(e.localId(a.names[0].longest_slice), { member: 1, local: 77 });
  assert.deepEqual(e.localId(a.names[0].track), { member: 1, local: 4 });
  // Every track ([]): member 0.
  await e.selection([], 0, 10, false);
  assert.deepEqual(fakes[0].asked.at(-1), { selection: [], t0: 0, t1: 10 });
});
