// Builds the static page into dist/: bundles www/src/main.ts and www/src/engine/worker.ts (ESM; only
// the worker's bundle holds the wasm glue) and
// www/src/boot.ts (a classic script), copies index.html, www/style.css, the wasm module and the demo
// profile, then bundles the offline service worker www/src/sw.ts with the list of those files and a
// hash of their content (its cache name, so a new deploy replaces the old cache). Every URL in the
// page is relative, so dist/ works at any sub-path (GitHub Pages serves it under /<repo>/).
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
]) {
  if (!existsSync(path)) fail(`missing ${path.startsWith(root) ? path.slice(root.length + 1) : path}: ${hint}`);
}

rmSync(dist, { recursive: true, force: true });
mkdirSync(join(dist, 'demo'), { recursive: true });

// The wasm glue resolves in the engine worker's bundle only: the page's main thread never loads
// Wasm (charts are drawn by the worker's instance too), and an import of it there fails the build.
const wasmGlue = {
  name: 'planeview-wasm',
  setup(b) {
    b.onResolve({ filter: /^planeview-wasm$/ }, () => ({ path: glue }));
  },
};
const noWasmGlue = {
  name: 'no-planeview-wasm',
  setup(b) {
    b.onResolve({ filter: /^planeview-wasm$/ }, (args) => ({
      errors: [{ text: `${args.importer} imports the wasm glue: only the engine worker (www/src/engine/worker.ts) may` }],
    }));
  },
};

const started = Date.now();
/** Bundles one ES module, `path` → `dist/<name>.js`. */
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
await buildModule('main', 'www/src/main.ts', [noWasmGlue]);
await buildModule('worker', 'www/src/engine/worker.ts', [wasmGlue]);

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

// The offline service worker: caches exactly these files, in a cache named after their content.
const offlineAssets = ['index.html', 'boot.js', 'main.js', 'worker.js', 'planeview_bg.wasm', 'style.css', 'demo/tpu_inference_2.xplane.pb'];
const hash = createHash('sha256');
for (const a of offlineAssets) hash.update(a).update(readFileSync(join(dist, a)));
const buildHash = hash.digest('hex').slice(0, 16);
await buildClassicScript('sw', {
  __PLANEVIEW_BUILD__: JSON.stringify(buildHash),
  // './' is the page itself as a directory URL (what a navigation to the sub-path requests).
  __PLANEVIEW_ASSETS__: JSON.stringify(['./', ...offlineAssets]),
});

const kib = (p) => `${(statSync(join(dist, p)).size / 1024).toFixed(0)} KiB`;
console.log(
  `build-www: dist/ in ${Date.now() - started} ms (main.js ${kib('main.js')}, worker.js ${kib('worker.js')}, planeview_bg.wasm ${kib('planeview_bg.wasm')}, offline cache planeview-${buildHash})`,
);
