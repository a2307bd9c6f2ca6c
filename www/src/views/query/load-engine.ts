// Loads the SQL engine (dist/duckdb/client.js, which brings DuckDB-Wasm's worker and its 34 MB
// module) on first use only, once per page. The service worker keeps the files after that first
// use (www/src/sw.ts), so the Query tab works offline from then on.

import type { SqlEngine, SqlEngineModule } from './sql-types';

let loading: Promise<SqlEngine> | null = null;

/** The one SQL engine of the page, started on the first call; a failed start is retried by the next call. */
export function loadSqlEngine(): Promise<SqlEngine> {
  if (!loading) {
    // A URL computed at run time: the bundler leaves this import alone, so nothing of DuckDB is in main.js.
    const url = new URL('./duckdb/client.js', import.meta.url).href;
    loading = (import(url) as Promise<SqlEngineModule>)
      .then((m) => m.openSqlEngine())
      .catch((err: unknown) => {
        loading = null;
        throw new Error(explain(err));
      });
  }
  return loading;
}

/** One plain line: what could not load and the likely reason. */
function explain(err: unknown): string {
  const why = err instanceof Error ? err.message : String(err);
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return `The SQL engine (DuckDB-Wasm) could not be loaded${
    offline ? ': the page is offline and the engine was never downloaded here before (open the Query tab once while online)' : ''
  }. ${why}`;
}
