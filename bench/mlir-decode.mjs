// MLIR bytecode decode in Wasm (Node, the page's own build): imports FILE (a .mlirbc) with
// new Session() + push + finish() (finish decodes the bytecode) and prints it in generic form
// with mlir_text(); repeats RUNS times and prints one JSON line with the medians in ms:
// {decode_ms, print_ms, decode_min_ms, print_min_ms, ops, text_bytes} (the minimum shows the cost
// without interference when the machine is shared).
//   node bench/mlir-decode.mjs FILE [RUNS] [PKG_DIR]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [file, runs = '50', pkgDir = resolve(import.meta.dirname, '..', 'pkg')] = process.argv.slice(2);
const glue = await import(pathToFileURL(join(pkgDir, 'planeview.js')).href);
glue.initSync({ module: readFileSync(join(pkgDir, 'planeview_bg.wasm')) });
const bytes = readFileSync(file);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const decode = [];
const print = [];
let ops = 0;
let textBytes = 0;
for (let i = 0; i < Number(runs); i++) {
  const s = new glue.Session();
  s.push(bytes);
  const t0 = performance.now();
  ops = JSON.parse(s.finish(false)).summary.events;
  const t1 = performance.now();
  textBytes = s.mlir_text(false).length;
  const t2 = performance.now();
  s.free();
  decode.push(t1 - t0);
  print.push(t2 - t1);
}
console.log(
  JSON.stringify({
    decode_ms: median(decode),
    print_ms: median(print),
    decode_min_ms: Math.min(...decode),
    print_min_ms: Math.min(...print),
    ops,
    text_bytes: textBytes,
  }),
);
