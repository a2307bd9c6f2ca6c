// A tiny static server for dist/. `npm run serve` serves it on http://127.0.0.1:8000/ (PORT and
// HOST override); the end-to-end tests import startServer() and serve it on a random port, both at
// `/` and under `/planeview/` (as GitHub Pages does).
import { createServer } from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.gz': 'application/gzip',
  '.pb': 'application/octet-stream',
};

export const DIST = resolve(fileURLToPath(new URL('../../dist/', import.meta.url)));

/** Maps a URL path to a file under `dir`, for the given mount prefixes ('/' and '/planeview/'). */
function lookup(dir, prefixes, urlPath) {
  let path;
  try {
    path = decodeURIComponent(urlPath.split('?')[0]);
  } catch {
    return null;
  }
  for (const prefix of prefixes) {
    if (path === prefix.replace(/\/$/, '') && prefix !== '/') return { redirect: prefix };
    if (!path.startsWith(prefix)) continue;
    let rel = path.slice(prefix.length);
    if (rel === '' || rel.endsWith('/')) rel += 'index.html';
    const file = normalize(join(dir, rel));
    if (!file.startsWith(dir + sep) && file !== dir) return null;
    try {
      if (statSync(file).isFile()) return { file };
    } catch {
      // try the next prefix
    }
  }
  return null;
}

/**
 * `mounts`: more folders served beside `dir`, each under its own prefix (`[{prefix: '/data/', dir}]`,
 * looked up first), so a test can open files it made with `?url=` from the page's own origin.
 */
export function startServer({ dir = DIST, port = 0, host = '127.0.0.1', prefixes = ['/planeview/', '/'], log = false, mounts = [] } = {}) {
  const requests = [];
  const server = createServer((req, res) => {
    requests.push(req.url);
    const hit = mounts.reduce((found, m) => found ?? lookup(resolve(m.dir), [m.prefix], req.url ?? '/'), null) ?? lookup(dir, prefixes, req.url ?? '/');
    if (log) console.log(`${req.method} ${req.url} ${hit ? 200 : 404}`);
    if (hit?.redirect) {
      res.writeHead(301, { location: hit.redirect });
      res.end();
      return;
    }
    if (!hit) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('not found');
      return;
    }
    const size = statSync(hit.file).size;
    res.writeHead(200, {
      'content-type': MIME[extname(hit.file)] ?? 'application/octet-stream',
      'content-length': String(size),
      'cache-control': 'no-cache',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(hit.file).pipe(res);
  });
  return new Promise((resolveStart, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const addr = server.address();
      resolveStart({
        server,
        requests,
        url: `http://${host}:${addr.port}/`,
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 8000);
  const host = process.env.HOST ?? '127.0.0.1';
  const { url } = await startServer({ port, host, log: true });
  console.log(`serving ${DIST} at ${url} (also under ${url}planeview/)`);
}
