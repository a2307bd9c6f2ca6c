// Wasm import in Node with the page's own build (pkg/planeview.js, --target web): reads FILE in
// 4 MiB chunks first (not timed), then times new Session() + push(chunk)… + finish() and prints
// one JSON line: {seconds, push_seconds, wasm_memory_bytes, summary}.
//   node bench/wasm-import.mjs FILE [PKG_DIR]
import { openSync, readSync, closeSync, fstatSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [file, pkgDir = resolve(import.meta.dirname, '..', 'pkg')] = process.argv.slice(2);
const glue = await import(pathToFileURL(join(pkgDir, 'planeview.js')).href);
const wasm = glue.initSync({ module: readFileSync(join(pkgDir, 'planeview_bg.wasm')) });

// The page sends 4 MiB chunks (worker-proxy.ts CHUNK_BYTES); so does this.
const CHUNK = 4 << 20;
const fd = openSync(file, 'r');
const size = fstatSync(fd).size;
const chunks = [];
for (let off = 0; off < size; off += CHUNK) {
  const b = Buffer.allocUnsafe(Math.min(CHUNK, size - off));
  readSync(fd, b, 0, b.length, off);
  chunks.push(b);
}
closeSync(fd);

const memBefore = wasm.memory.buffer.byteLength;
const t0 = performance.now();
let pushed = 0;
let stage = 'push';
let t1 = t0;
let overview;
try {
  const s = new glue.Session();
  // As the page does: the file's size is known, so the input buffer is reserved once.
  s.reserve(chunks.reduce((n, c) => n + c.length, 0));
  // And, for gzip, the trailer's decompressed size (the page reads it the same way).
  const last = chunks[chunks.length - 1];
  if (chunks[0]?.[0] === 0x1f && chunks[0]?.[1] === 0x8b && last && last.length >= 4) s.hint_unpacked(last.readUInt32LE(last.length - 4));
  for (const c of chunks) {
    s.push(c);
    pushed += c.length;
  }
  t1 = performance.now();
  stage = 'finish';
  overview = JSON.parse(s.finish());
} catch (err) {
  // A panic prints its message on stderr (console_error_panic_hook) and throws RuntimeError.
  const msg = err && typeof err === 'object' && 'message' in err ? `${err.kind ?? err.name ?? 'error'}: ${err.message}` : String(err);
  const where = stage === 'push' ? `in push() after ${pushed} bytes` : 'in finish()';
  console.log(JSON.stringify({ error: `${msg.split('\n')[0]} ${where}`, wasm_memory_bytes: wasm.memory.buffer.byteLength }));
  process.exit(0);
}
const t2 = performance.now();
console.log(
  JSON.stringify({
    seconds: (t2 - t0) / 1000,
    push_seconds: (t1 - t0) / 1000,
    wasm_memory_before: memBefore,
    wasm_memory_bytes: wasm.memory.buffer.byteLength,
    summary: overview.summary,
  }),
);
