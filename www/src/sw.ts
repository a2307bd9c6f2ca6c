// The offline service worker (dist/sw.js, registered by shell/offline.ts with the page's directory as scope).
//
// On install it caches the page's static files and the demo profile in a cache named after the
// build (scripts/build-www.mjs injects a hash of the files), so a new deploy installs a new,
// complete cache and the old one is deleted when the new worker takes over.
//
// Strategy: network first, cache as fallback. Online, the page always gets the files from the
// server (no stale page after a deploy); offline (or when the server is gone), it gets the cached
// snapshot, which is always one consistent build (main.js, worker.js and the .wasm must match).
// Only same-origin GET requests inside the scope are handled; profiles opened with `?url=` from
// another origin go to the network untouched. Profiles dropped or picked never touch the network.
//
// The Query tab's SQL engine (`duckdb/`: DuckDB-Wasm's client, worker and 34 MB module) is not
// fetched at install: the page asks for it when the tab is first opened, and this worker keeps each
// of its files as it passes (cache `planeview-sql-<hash of those files>`, kept across deploys that
// do not change them). From then on they come from that cache first (their cache is named after
// their content, so a cached file is never stale), offline too.
export {};

declare const __PLANEVIEW_BUILD__: string;
declare const __PLANEVIEW_ASSETS__: string[];
declare const __PLANEVIEW_SQL_BUILD__: string;
declare const __PLANEVIEW_SQL_DIR__: string;

// Just what this file uses of the service-worker API (tsconfig's lib is DOM, not WebWorker).
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(r: Response | Promise<Response>): void;
}
interface SwScope {
  registration: { scope: string };
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', cb: (ev: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', cb: (ev: FetchEvent) => void): void;
}
const sw = self as unknown as SwScope;

const PREFIX = 'planeview-';
const CACHE = `${PREFIX}${__PLANEVIEW_BUILD__}`;
const SQL_CACHE = `${PREFIX}sql-${__PLANEVIEW_SQL_BUILD__}`;

function scopeUrl(path: string): string {
  return new URL(path, sw.registration.scope).href;
}

sw.addEventListener('install', (ev) => {
  ev.waitUntil(
    caches.open(CACHE).then((cache) =>
      // `reload`: bypass the HTTP cache, so the snapshot is this build's files.
      cache.addAll(__PLANEVIEW_ASSETS__.map((a) => new Request(scopeUrl(a), { cache: 'reload' }))),
    ),
  );
});

sw.addEventListener('activate', (ev) => {
  ev.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE && k !== SQL_CACHE).map((k) => caches.delete(k))))
      // Control the page that installed us, so it works offline without a reload.
      .then(() => sw.clients.claim()),
  );
});

/** A file of the SQL engine: from its cache, else from the network (then kept). */
async function sqlAsset(req: Request): Promise<Response> {
  const cache = await caches.open(SQL_CACHE);
  const hit = await cache.match(req, { ignoreSearch: true });
  if (hit) return hit;
  const res = await fetch(req);
  if (res.ok) await cache.put(req, res.clone());
  return res;
}

sw.addEventListener('fetch', (ev) => {
  const req = ev.request;
  if (req.method !== 'GET' || !req.url.startsWith(sw.registration.scope)) return;
  if (req.url.startsWith(scopeUrl(__PLANEVIEW_SQL_DIR__))) {
    ev.respondWith(sqlAsset(req));
    return;
  }
  ev.respondWith(
    fetch(req).catch(async (err: unknown) => {
      const cache = await caches.open(CACHE);
      // ignoreSearch: `index.html?url=…`, `worker.js?crash-test` and `planeview.js?instance=N` (a
      // copy of the glue per Wasm instance, worker.ts) are the cached files.
      const hit =
        (await cache.match(req, { ignoreSearch: true })) ?? (req.mode === 'navigate' ? await cache.match(scopeUrl('./'), { ignoreSearch: true }) : undefined);
      if (hit) return hit;
      throw err;
    }),
  );
});
