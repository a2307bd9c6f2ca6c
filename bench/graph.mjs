// HLO graph and MLIR benchmark, in Wasm under Node with the page's own build (pkg/,
// --target web), through the same Session calls the page's worker makes:
//   - layout of a ~300-node neighbourhood: one `graph` request (neighbourhood, Sugiyama layout,
//     drawing JSON) centred in the middle of the module, radius grown until ≥ 300 nodes;
//   - opening a 5,000-instruction module overview: import of the HLO text + `modules` + the
//     entry computation's `graph` overview (what the graph tab does when it opens);
//   - MLIR decode: a 20 KB kernel (corpus `mlir/kernels/mosaic_gpu_add.mlirbc`, copied in
//     tests/data/mlir) imported (the import decodes it); its generic print is reported beside
//     (no target). bench/mlir-decode.mjs times the same two steps for any file.
// No corpus HLO module is big enough (the largest has a few hundred instructions), so the
// module is generated here: a scheduled-looking HLO text of 5,000 instructions in the entry
// computation (each uses one or two recent values, a parameter every 50, a loop fusion every 10).
// Prints ONE JSON object {"rows":[{what,input,measured,target,anchor,ratio,pass}],"notes":[...]}.
//   node bench/graph.mjs [--smoke] [PKG_DIR]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
const pkgDir = args.find((a) => !a.startsWith('--')) ?? resolve(import.meta.dirname, '..', 'pkg');
const glue = await import(pathToFileURL(join(pkgDir, 'planeview.js')).href);
glue.initSync({ module: readFileSync(join(pkgDir, 'planeview_bg.wasm')) });

const RUNS = smoke ? 3 : 15;
const INSTRUCTIONS = 5000;
const HOOD_NODES = 300;
const KERNEL = resolve(import.meta.dirname, '..', 'tests', 'data', 'mlir', 'mosaic_gpu_add.mlirbc');

/** The generated module (see the header). */
function syntheticModule(n) {
  const lines = ['HloModule big', '', 'fused {', '  p0 = f32[8]{0} parameter(0)', '  ROOT e = f32[8]{0} exponential(p0)', '}', '', 'ENTRY main {'];
  for (let i = 0; i < n; i++) {
    if (i % 50 === 0) lines.push(`  v${i} = f32[8]{0} parameter(${i / 50})`);
    else if (i % 10 === 0) lines.push(`  v${i} = f32[8]{0} fusion(v${i - 1}), kind=kLoop, calls=fused`);
    else {
      const a = i - 1 - ((i * 7919) % Math.min(3, i));
      const b = i - 1 - ((i * 104729) % Math.min(17, i));
      lines.push(`  v${i} = f32[8]{0} add(v${a}, v${b})`);
    }
  }
  lines.push(`  ROOT r = f32[8]{0} negate(v${n - 1})`, '}', '');
  return new TextEncoder().encode(lines.join('\n'));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
function time(fn) {
  const xs = [];
  for (let i = 0; i < RUNS; i++) {
    const a = performance.now();
    fn();
    xs.push(performance.now() - a);
  }
  return { median: median(xs), min: Math.min(...xs) };
}
const hlo = (s, req) => JSON.parse(s.call(JSON.stringify({ method: 'hlo', args: [req] })));

function row(what, input, ms, targetMs, anchor) {
  return {
    what,
    input,
    measured: `${ms.toFixed(ms < 10 ? 2 : 0)} ms`,
    target: `≤ ${targetMs} ms`,
    anchor,
    ratio: (ms / targetMs).toFixed(2),
    pass: ms <= targetMs ? 'pass' : 'FAIL',
  };
}

const notes = [];
const rows = [];
const module = syntheticModule(INSTRUCTIONS);

// Opening the overview: import + module list + overview, from a fresh Session each run.
let overviewNodes = 0;
const parts = { import: [], modules: [], overview: [] };
const open = time(() => {
  const s = new glue.Session();
  const t0 = performance.now();
  s.push(module);
  s.finish(false);
  const t1 = performance.now();
  const list = hlo(s, { op: 'modules' });
  const t2 = performance.now();
  overviewNodes = hlo(s, { op: 'graph', module: list[0].index, center: null }).nodes.length;
  const t3 = performance.now();
  parts.import.push(t1 - t0);
  parts.modules.push(t2 - t1);
  parts.overview.push(t3 - t2);
  s.free();
});
rows.push(row('HLO module overview opened (import + modules + overview layout)', `generated HLO text, ${INSTRUCTIONS} instructions (${module.length} bytes)`, open.median, 1000, '—'));

// The neighbourhood: one Session, radius grown until the neighbourhood has ≥ 300 nodes.
const s = new glue.Session();
s.push(module);
s.finish(false);
const center = `v${INSTRUCTIONS / 2}`;
let radius = 1;
let hoodNodes = 0;
for (; radius <= 50; radius++) {
  hoodNodes = hlo(s, { op: 'graph', module: 0, center, radius }).nodes.length;
  if (hoodNodes >= HOOD_NODES) break;
}
const hood = time(() => hlo(s, { op: 'graph', module: 0, center, radius }));
s.free();
rows.push(row('HLO neighbourhood layout (graph request: neighbourhood + layout + JSON)', `${hoodNodes} nodes (radius ${radius} around ${center} of the generated module)`, hood.median, 300, '—'));

// MLIR: decode of a 20 KB kernel (the import, finish(), decodes it; Session set-up and the
// push are not timed, as in bench/mlir-decode.mjs), then its generic print (no target).
const kernel = readFileSync(KERNEL);
let textBytes = 0;
let ops = 0;
const decoded = [];
const printed = [];
for (let i = 0; i < RUNS; i++) {
  const k = new glue.Session();
  k.push(kernel);
  const t0 = performance.now();
  ops = JSON.parse(k.finish(false)).summary.events;
  const t1 = performance.now();
  textBytes = k.mlir_text(false).length;
  printed.push(performance.now() - t1);
  decoded.push(t1 - t0);
  k.free();
}
const decodeOnly = median(decoded);
rows.push(row('MLIR bytecode decode', `mosaic_gpu_add.mlirbc (${kernel.length} bytes, ${ops} ops)`, decodeOnly, 5, '—'));
const printMs = median(printed);
rows.push({ what: 'MLIR generic print of the decoded kernel', input: `${textBytes} chars, without locations`, measured: `${printMs.toFixed(1)} ms`, target: '—', anchor: '—', ratio: '—', pass: '—' });

notes.push(`medians of ${RUNS} runs in Wasm (Node ${process.version}); minimums: overview ${open.min.toFixed(1)} ms, neighbourhood ${hood.min.toFixed(1)} ms`);
notes.push(`overview opening, medians: import ${median(parts.import).toFixed(0)} ms, module list ${median(parts.modules).toFixed(0)} ms, overview request ${median(parts.overview).toFixed(0)} ms`);
notes.push(`overview of the generated module: ${overviewNodes} nodes drawn (chains collapsed past 1,500)`);
notes.push('the 5,000-instruction module is generated by this script: no corpus HLO module is that big');
console.log(JSON.stringify({ rows, notes }));
