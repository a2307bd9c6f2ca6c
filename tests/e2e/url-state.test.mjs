// Unit tests of the view-state hash (www/src/shell/url-state.ts) in Node: the module is bundled
// with esbuild (as scripts/build-www.mjs does) and imported from memory. States round-trip; junk
// decodes to what can be read (or null) without throwing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { build } from 'esbuild';
import { ROOT } from './helpers.mjs';

const bundled = await build({
  absWorkingDir: ROOT,
  entryPoints: ['www/src/shell/url-state.ts'],
  bundle: true,
  format: 'esm',
  write: false,
  logLevel: 'silent',
});
const { encodeViewState, decodeViewState, stateIsFor } = await import(
  `data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`
);

test('a full state round-trips and reads as written', () => {
  const state = {
    file: { name: 'kineto trace: run #3.pt.trace.json.gz', size: 1234567 },
    range: { t0: 0, t1: 5_000_000_000 },
    selection: { kind: 'slice', id: 42 },
    tab: 'hlo-stats',
    query: 'matmul & co = 100% #1',
    drag: { t0: 100, t1: 200 },
    tracks: { pinned: [9, 2], hidden: [4], collapsedTracks: [3], collapsedGroups: [0, 7], filter: 'gpu; f:x & 1%' },
  };
  const hash = encodeViewState(state);
  assert.match(hash, /^v=1&f=kineto%20trace:%20run%20%233\.pt\.trace\.json\.gz:1234567&t=0,5000000000&sel=s:42&tab=hlo-stats&q=/);
  assert.deepEqual(decodeViewState(hash), state);
  assert.deepEqual(decodeViewState(`#${hash}`), state);
});

test('a counter sample, an empty state and unset fields', () => {
  assert.deepEqual(decodeViewState(encodeViewState({ selection: { kind: 'counter', index: 9 } })), { selection: { kind: 'counter', index: 9 } });
  assert.equal(encodeViewState({}), 'v=1');
  assert.deepEqual(decodeViewState('v=1'), {});
  const tracks = (v) => ({ pinned: [], hidden: [], collapsedTracks: [], collapsedGroups: [], filter: '', ...v });
  assert.equal(encodeViewState({ tracks: tracks({ pinned: [5, 1] }) }), 'v=1&tr=p:5,1', 'only the non-empty parts of the track state are written');
  assert.equal(encodeViewState({ tracks: tracks({ collapsedGroups: [0], filter: 'a;b' }) }), 'v=1&tr=g:0;f:a;b', 'the filter is last and kept as typed');
  assert.deepEqual(decodeViewState('v=1&tr=h:3;f:stream'), { tracks: tracks({ hidden: [3], filter: 'stream' }) }, 'missing parts read as empty');
  assert.deepEqual(decodeViewState('v=1&tr=p:7,2,7'), { tracks: tracks({ pinned: [7, 2] }) }, 'pin order kept, duplicates dropped');
  assert.equal(encodeViewState({ range: { t0: 1.4, t1: 2.6 } }), 'v=1&t=1,3', 'times are written as integers');
});

test('unicode names and queries stay readable', () => {
  const state = { file: { name: 'trace_größe.json', size: 1 }, query: 'µs ≥ 3' };
  const hash = encodeViewState(state);
  assert.ok(hash.includes('größe'), hash);
  assert.deepEqual(decodeViewState(hash), state);
});

test('junk decodes without throwing: bad fields are left out, other versions are null', () => {
  const junk = [
    '',
    '#',
    'garbage',
    '%E0%A4%A',
    'v=2&t=0,10',
    'v=&t=0,1',
    '=1&&&==',
    'v=1&t=%ZZ',
    `v=1&q=${'x'.repeat(30000)}`,
    '\u0000\uffff',
  ];
  for (const h of junk) assert.doesNotThrow(() => decodeViewState(h), h);
  assert.equal(decodeViewState(''), null);
  assert.equal(decodeViewState('garbage'), null);
  assert.equal(decodeViewState('v=2&t=0,10'), null);
  assert.equal(decodeViewState(`v=1&q=${'x'.repeat(30000)}`), null, 'an overlong hash is ignored');

  const bad = decodeViewState(
    'v=1&f=nosize&t=10,5&sel=x:1&tab=<script>&q=&r=-1,4&tr=p:1,a&extra=1&t0=3',
  );
  assert.deepEqual(bad, {}, 'every malformed field is dropped');
  assert.deepEqual(decodeViewState('v=1&t=1e3,2e3&sel=s:-1&r=1.5,2'), {});
  assert.deepEqual(decodeViewState('v=1&t=99999999999999999,999999999999999999'), {}, 'unsafe integers are dropped');
  assert.deepEqual(decodeViewState('v=1&t=5,10&sel=s:abc'), { range: { t0: 5, t1: 10 } }, 'a good field survives a bad one');
  for (const bad of ['x:1', 'p:', 'p:1;;h:2', 'p:-1', 'p:1.5', 'f:', `f:${'x'.repeat(201)}`, 'p:1;p', 'g:1,']) {
    assert.deepEqual(decodeViewState(`v=1&tr=${encodeURIComponent(bad)}&t=5,10`), { range: { t0: 5, t1: 10 } }, `track state ${bad} is dropped`);
  }
});

test('the fingerprint matches name and size only', () => {
  const s = decodeViewState('v=1&f=a.json:10');
  assert.equal(stateIsFor(s, 'a.json', 10), true);
  assert.equal(stateIsFor(s, 'a.json', 11), false);
  assert.equal(stateIsFor(s, 'b.json', 10), false);
  assert.equal(stateIsFor(decodeViewState('v=1&t=0,1'), 'a.json', 10), false, 'a state without a file is for none');
  assert.deepEqual(decodeViewState('v=1&f=a:b:c.json:7').file, { name: 'a:b:c.json', size: 7 }, 'the size is after the last colon');
});
