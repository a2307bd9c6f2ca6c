// Seeds of the fuzz targets that need more than a file's first bytes (run by scripts/fuzz.sh):
//
//   node scripts/fuzz-seeds.mjs perfetto MAX_LEN OUT_DIR FILE...
//     Perfetto traces (gzipped or not) cut at packet boundaries: the first packets up to MAX_LEN
//     bytes, and windows of later packets behind the first packets (descriptors, clocks and
//     interned data usually come first), each at most MAX_LEN bytes.
//   node scripts/fuzz-seeds.mjs kernel MAX_LEN OUT_DIR FILE.mlirbc...
//     For each kernel's bytecode, the inputs of the `kernel` target: the backend_config of
//     every kernel target (mode byte + config) and an HLO text module with the kernel in a
//     custom call (mode byte 1). Inputs longer than MAX_LEN are left out.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';

const [kind, maxArg, out, ...files] = process.argv.slice(2);
const max = Number(maxArg);
if (!['perfetto', 'kernel'].includes(kind) || !(max > 0) || !out) {
  console.error('usage: node scripts/fuzz-seeds.mjs perfetto|kernel MAX_LEN OUT_DIR FILE...');
  process.exit(2);
}
mkdirSync(out, { recursive: true });

function read(file) {
  const bytes = readFileSync(file);
  return file.endsWith('.gz') ? gunzipSync(bytes) : bytes;
}

function put(name, bytes) {
  if (bytes.length > 0 && bytes.length <= max) writeFileSync(join(out, `seed-${name}`), bytes);
}

/** End offsets of the `Trace.packet` fields (field 1, wire type LEN) of a Perfetto trace. */
function packetEnds(b) {
  const ends = [];
  let i = 0;
  while (i < b.length && b[i] === 0x0a) {
    let j = i + 1;
    let len = 0;
    let shift = 0;
    while (j < b.length) {
      const c = b[j++];
      len += (c & 0x7f) * 2 ** shift;
      shift += 7;
      if (!(c & 0x80)) break;
    }
    i = j + len;
    if (i > b.length) break;
    ends.push(i);
  }
  return ends;
}

/** The packets `from..` (indices) that fit in `budget` bytes. */
function packets(b, ends, from, budget) {
  const start = from === 0 ? 0 : ends[from - 1];
  let end = start;
  for (let k = from; k < ends.length && ends[k] - start <= budget; k++) end = ends[k];
  return b.subarray(start, end);
}

function perfetto(file) {
  const b = read(file);
  const ends = packetEnds(b);
  const name = basename(file).replace(/\.gz$/, '');
  put(`${name}-head`, packets(b, ends, 0, max));
  const head = packets(b, ends, 0, max / 4);
  const headCount = ends.filter((e) => e <= head.length).length;
  const windows = 8;
  for (let w = 1; w <= windows; w++) {
    const from = headCount + Math.floor(((ends.length - headCount) * w) / (windows + 1));
    if (from >= ends.length) continue;
    put(`${name}-window${w}`, Buffer.concat([head, packets(b, ends, from, max - head.length)]));
  }
}

/** `bytes` as an MLIR string literal body: every byte as `\XX`. */
const mlirEscaped = (bytes) => [...bytes].map((c) => `\\${c.toString(16).padStart(2, '0').toUpperCase()}`).join('');

/** `s` as an HLO text string literal body (C escapes). */
const hloEscaped = (s) => s.replaceAll('\\', '\\\\').replaceAll('"', '\\"');

function kernel(file) {
  const code = read(file);
  const name = basename(file);
  const tpuConfig = JSON.stringify({ custom_call_config: { body: code.toString('base64') } });
  // Mode bytes of the kernel target: (byte / 2) % 4 indexes its target list.
  const configs = [
    ['tpu', 8, tpuConfig],
    ['triton', 2, `{debug = false, ir = "${mlirEscaped(code)}", num_warps = 4 : i32}`],
    ['mosaic_gpu', 4, `{kernel_hash = "\\00", module = "${mlirEscaped(code)}"}`],
  ];
  for (const [target, mode, config] of configs) {
    put(`${name}-${target}-config`, Buffer.concat([Buffer.from([mode]), Buffer.from(config)]));
  }
  const hloTargets = [
    ['tpu', 'tpu_custom_call', `"${hloEscaped(tpuConfig)}"`],
    ['triton', '__gpu$xla.gpu.triton', configs[1][2]],
  ];
  for (const [target, callTarget, config] of hloTargets) {
    const hlo = [
      'HloModule kernel, entry_computation_layout={(f32[8,128]{1,0})->f32[8,128]{1,0}}',
      '',
      'ENTRY main {',
      '  p0 = f32[8,128]{1,0} parameter(0)',
      `  ROOT k = f32[8,128]{1,0} custom-call(p0), custom_call_target="${callTarget}", backend_config=${config}`,
      '}',
      '',
    ].join('\n');
    put(`${name}-${target}-hlo`, Buffer.concat([Buffer.from([1]), Buffer.from(hlo)]));
  }
}

for (const file of files) (kind === 'perfetto' ? perfetto : kernel)(file);
