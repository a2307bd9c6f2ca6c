// Anchor: Node's JSON.parse on FILE (already unpacked). Reads the file as one string (timed
// separately), then times JSON.parse alone. Prints {read_seconds, parse_seconds: [...], bytes}.
//   node --expose-gc bench/json-parse-anchor.mjs FILE [RUNS]
import { readFileSync, statSync } from 'node:fs';

const [file, runs = '3'] = process.argv.slice(2);
const bytes = statSync(file).size;
const r0 = performance.now();
const text = readFileSync(file, 'utf8');
const readSeconds = (performance.now() - r0) / 1000;
const parse = [];
for (let i = 0; i < Number(runs); i++) {
  globalThis.gc?.();
  const t0 = performance.now();
  // The parsed tree is dropped at once: only the parse is timed.
  JSON.parse(text);
  parse.push((performance.now() - t0) / 1000);
}
console.log(JSON.stringify({ bytes, chars: text.length, read_seconds: readSeconds, parse_seconds: parse }));
