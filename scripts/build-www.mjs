// Builds the static page into dist/: bundles www/src/main.ts and www/src/engine/worker.ts (ESM), the
// wasm-bindgen glue alone as planeview.js (the engine worker imports a copy of it per Wasm instance;
// no bundle may hold it) and
// www/src/boot.ts (a classic script), copies index.html, www/style.css, the wasm module and the demo
// profile, then bundles the offline service worker www/src/sw.ts with the list of those files and a
// hash of their content (its cache name, so a new deploy replaces the old cache). The Query tab's
// SQL engine goes to dist/duckdb/: www/src/views/query/duckdb-client.ts bundled alone (with
// DuckDB-Wasm's client, Apache Arrow and parquet-wasm's glue), DuckDB-Wasm's exception-handling
// build (its worker and module) and parquet-wasm's module copied from node_modules; the page imports it on first use only, the service worker keeps
// it once fetched (in a cache named after those files), and main.js may not import any of it. Every
// URL in the page is relative, so dist/ works at any sub-path (GitHub Pages serves it under /<repo>/).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const glue = join(root, 'pkg', 'planeview.js');
const wasm = join(root, 'pkg', 'planeview_bg.wasm');
// PLANEVIEW_DEMO overrides the demo profile (local experiments only).
const duckdbDist = join(root, 'node_modules', '@duckdb', 'duckdb-wasm', 'dist');
// The files of DuckDB-Wasm the page ships: the exception-handling build, which every browser the
// page supports runs (the MVP build only serves browsers without Wasm exceptions).
const duckdbFiles = ['duckdb-browser-eh.worker.js', 'duckdb-eh.wasm'];
// parquet-wasm's module: writes a query's result as Parquet (DuckDB-Wasm's own writer is an
// extension it would download from elsewhere).
const parquetWasm = join(root, 'node_modules', 'parquet-wasm', 'esm', 'parquet_wasm_bg.wasm');
const demo = process.env.PLANEVIEW_DEMO ? resolve(process.env.PLANEVIEW_DEMO) : join(root, 'tests', 'data', 'xplane', 'tpu_inference_2.xplane.pb');

function fail(message) {
  console.error(`build-www: ${message}`);
  process.exit(1);
}

for (const [path, hint] of [
  [glue, 'run `npm run wasm` first (wasm-pack output in pkg/)'],
  [wasm, 'run `npm run wasm` first (wasm-pack output in pkg/)'],
  [demo, 'the demo profile is part of the repository (tests/data/xplane/)'],
  [join(root, 'index.html'), 'the page source is index.html at the top level'],
  [join(root, 'www', 'style.css'), 'the stylesheet is www/style.css'],
  ...duckdbFiles.map((f) => [join(duckdbDist, f), 'run `npm ci` (DuckDB-Wasm comes from npm)']),
  [parquetWasm, 'run `npm ci` (parquet-wasm comes from npm)'],
]) {
  if (!existsSync(path)) fail(`missing ${path.startsWith(root) ? path.slice(root.length + 1) : path}: ${hint}`);
}

rmSync(dist, { recursive: true, force: true });
mkdirSync(join(dist, 'demo'), { recursive: true });
mkdirSync(join(dist, 'duckdb'), { recursive: true });

// The wasm glue is its own module (dist/planeview.js): the engine worker imports it by URL, once per
// Wasm instance it holds, and a bundle that imported it would hold a second copy. The page's main
// thread never loads Wasm at all (charts are drawn by the worker's instances too).
const noWasmGlue = {
  name: 'no-planeview-wasm',
  setup(b) {
    b.onResolve({ filter: /^planeview-wasm$/ }, (args) => ({
      errors: [{ text: `${args.importer} imports the wasm glue: the engine worker (www/src/engine/worker.ts) loads it by URL (dist/planeview.js); a bundle may only \`import type\` from it` }],
    }));
  },
};
// DuckDB and Arrow stay out of the page's first load: only the SQL engine's own bundle has them.
const noDuckdb = {
  name: 'no-duckdb',
  setup(b) {
    b.onResolve({ filter: /^(@duckdb\/duckdb-wasm|apache-arrow|parquet-wasm)(\/|$)|duckdb-client(\.ts)?$/ }, (args) => ({
      errors: [{ text: `${args.importer} imports ${args.path}: only www/src/views/query/duckdb-client.ts (dist/duckdb/client.js, loaded on first use) may` }],
    }));
  },
};

const started = Date.now();
/** Bundles one ES module, `path` → `dist/<name>.js` (`name` may hold a folder). */
function buildModule(name, path, plugins) {
  return build({
    absWorkingDir: root,
    entryPoints: { [name]: path },
    outdir: dist,
    bundle: true,
    format: 'esm',
    target: ['es2022'],
    minify: true,
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins,
  }).catch(() => fail(`esbuild failed on ${path} (see above)`));
}
await buildModule('main', 'www/src/main.ts', [noWasmGlue, noDuckdb]);
await buildModule('worker', 'www/src/engine/worker.ts', [noWasmGlue]);
await buildModule('planeview', glue, []);
await buildModule('duckdb/client', 'www/src/views/query/duckdb-client.ts', [noWasmGlue]);

/** Bundles one classic (non-module) script, `www/src/<name>.ts` → `dist/<name>.js`. */
function buildClassicScript(name, define = {}) {
  return build({
    absWorkingDir: root,
    entryPoints: { [name]: `www/src/${name}.ts` },
    outdir: dist,
    bundle: true,
    format: 'iife',
    target: ['es2022'],
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    define,
  }).catch(() => fail(`esbuild failed on ${name}.ts (see above)`));
}

await buildClassicScript('boot');

copyFileSync(join(root, 'index.html'), join(dist, 'index.html'));
copyFileSync(join(root, 'www', 'style.css'), join(dist, 'style.css'));
copyFileSync(wasm, join(dist, 'planeview_bg.wasm'));
copyFileSync(demo, join(dist, 'demo', 'tpu_inference_2.xplane.pb'));
for (const f of duckdbFiles) copyFileSync(join(duckdbDist, f), join(dist, 'duckdb', f));
copyFileSync(parquetWasm, join(dist, 'duckdb', 'parquet_wasm_bg.wasm'));

// The offline service worker: caches exactly these files, in a cache named after their content.
const offlineAssets = ['index.html', 'boot.js', 'main.js', 'worker.js', 'planeview.js', 'planeview_bg.wasm', 'style.css', 'demo/tpu_inference_2.xplane.pb'];
const hash = createHash('sha256');
for (const a of offlineAssets) hash.update(a).update(readFileSync(join(dist, a)));
const buildHash = hash.digest('hex').slice(0, 16);
// The SQL engine's files are cached on first use, in a cache of their own named after their content
// (it outlives a deploy that does not change them).
const sqlAssets = ['duckdb/client.js', ...duckdbFiles.map((f) => `duckdb/${f}`), 'duckdb/parquet_wasm_bg.wasm'];
const sqlHash = createHash('sha256');
for (const a of sqlAssets) sqlHash.update(a).update(readFileSync(join(dist, a)));
const sqlBuildHash = sqlHash.digest('hex').slice(0, 16);
await buildClassicScript('sw', {
  __PLANEVIEW_BUILD__: JSON.stringify(buildHash),
  // './' is the page itself as a directory URL (what a navigation to the sub-path requests).
  __PLANEVIEW_ASSETS__: JSON.stringify(['./', ...offlineAssets]),
  __PLANEVIEW_SQL_BUILD__: JSON.stringify(sqlBuildHash),
  __PLANEVIEW_SQL_DIR__: JSON.stringify('duckdb/'),
});

const kib = (p) => `${(statSync(join(dist, p)).size / 1024).toFixed(0)} KiB`;
const sqlMib = sqlAssets.reduce((n, a) => n + statSync(join(dist, a)).size, 0) / 2 ** 20;
console.log(
  `build-www: dist/ in ${Date.now() - started} ms (main.js ${kib('main.js')}, worker.js ${kib('worker.js')}, planeview_bg.wasm ${kib('planeview_bg.wasm')}, offline cache planeview-${buildHash}; SQL engine on first use: duckdb/ ${sqlMib.toFixed(1)} MiB, cache planeview-sql-${sqlBuildHash})`,
);
