// The SQL engine of the Query tab: DuckDB-Wasm (its exception-handling build, which Chromium,
// Firefox and Safari run) in a worker of its own. scripts/build-www.mjs bundles this module alone
// as dist/duckdb/client.js beside duckdb-browser-eh.worker.js and duckdb-eh.wasm, and the page
// imports it only when the Query tab is first opened (views/query/load-engine.ts): the page's own
// bundle holds nothing of DuckDB or Arrow.
//
// A query (SELECT, WITH, FROM, VALUES, ...) is kept whole in DuckDB as a temporary table, counted,
// and read back one bounded page at a time, so a result of millions of rows never crosses to the
// page whole. Its Parquet file: DuckDB-Wasm's Parquet writer is an extension it downloads from
// DuckDB's servers (`COPY ... TO` fails offline, and the page fetches nothing from another origin),
// so DuckDB hands the whole result over as an Arrow IPC stream and parquet-wasm (the Rust `parquet`
// crate in Wasm, dist/duckdb/parquet_wasm_bg.wasm, started in the background once DuckDB is up)
// writes it.

import * as duckdb from '@duckdb/duckdb-wasm';
import type { Table } from 'apache-arrow';
import initParquet, { Compression, Table as ParquetTable, WriterPropertiesBuilder, writeParquet } from 'parquet-wasm';
import type { SqlColumn, SqlEngine, SqlResult, SqlRow, SqlTable } from './sql-types';

/** The temporary table that holds the last query's result. */
const RESULT = 'pv_result';

/** The magic at both ends of an Arrow IPC file, padded to 8 bytes at the start. */
const ARROW_MAGIC = 'ARROW1';

/**
 * The stream inside an Arrow IPC file (what DuckDB-Wasm's `runQuery` returns): the messages
 * between the 8-byte leading magic and the footer (whose length precedes the trailing magic);
 * parquet-wasm reads streams only. A buffer that is not a file is returned as it is.
 */
function ipcFileToStream(ipc: Uint8Array): Uint8Array {
  const text = (a: number, b: number): string => String.fromCharCode(...ipc.subarray(a, b));
  if (ipc.length < 20 || text(0, 6) !== ARROW_MAGIC || text(ipc.length - 6, ipc.length) !== ARROW_MAGIC) return ipc;
  const footer = new DataView(ipc.buffer, ipc.byteOffset, ipc.byteLength).getInt32(ipc.length - 10, true);
  return ipc.subarray(8, ipc.length - 10 - footer);
}
/** Statements that produce rows and may be wrapped in `CREATE TABLE ... AS`. */
const QUERY_START = /^(select|with|from|values|table|pivot|unpivot|describe|summarize|\()/i;
/** DuckDB types whose Arrow form is not a plain JS number: read back as text, then as numbers. */
const WIDE_NUMERIC = /^(HUGEINT|UHUGEINT|UBIGINT|DECIMAL)/i;
const NUMERIC = /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|FLOAT|REAL|DOUBLE|DECIMAL)/i;

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;
const quoteText = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/** `sql` without leading comments and whitespace and without trailing semicolons. */
function trimStatement(sql: string): string {
  let s = sql.trim();
  for (;;) {
    if (s.startsWith('--')) {
      const nl = s.indexOf('\n');
      s = nl < 0 ? '' : s.slice(nl + 1).trimStart();
    } else if (s.startsWith('/*')) {
      const end = s.indexOf('*/');
      s = end < 0 ? '' : s.slice(end + 2).trimStart();
    } else break;
  }
  return s.replace(/[;\s]+$/, '');
}

/** A value as the page shows it (see `SqlRow`). */
function plain(v: unknown, type: string): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  if (typeof v === 'number') return /^(TIMESTAMP|DATE)/i.test(type) ? new Date(v).toISOString() : v;
  if (typeof v === 'string') {
    if (!WIDE_NUMERIC.test(type)) return v;
    const n = Number(v);
    return Number.isFinite(n) && (!Number.isInteger(n) || Number.isSafeInteger(n)) ? n : v;
  }
  if (typeof v === 'boolean') return v;
  if (v instanceof Date) return v.toISOString();
  if (v instanceof Uint8Array) return `${v.length} bytes`;
  const json = (v as { toJSON?: () => unknown }).toJSON?.() ?? v;
  return JSON.stringify(json, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x));
}

function column(name: string, type: string): SqlColumn {
  return { name, type, numeric: NUMERIC.test(type) };
}

/** The rows of an Arrow table as plain objects, with `types` (DuckDB's type names by column). */
function rowsOf(table: Table, types: ReadonlyMap<string, string>): SqlRow[] {
  const fields = table.schema.fields.map((f, i) => ({ name: f.name, type: types.get(f.name) ?? String(f.type), vector: table.getChildAt(i) }));
  const rows: SqlRow[] = [];
  for (let r = 0; r < table.numRows; r++) {
    const row: SqlRow = {};
    for (const f of fields) row[f.name] = plain(f.vector?.get(r), f.type);
    rows.push(row);
  }
  return rows;
}

/** Fails with what went wrong when the worker script itself cannot load (it would never answer). */
function workerFailure(worker: Worker): Promise<never> {
  return new Promise((_, reject) => {
    worker.addEventListener('error', (e) => reject(new Error(`the DuckDB worker did not start${e.message ? ` (${e.message})` : ''}`)), { once: true });
  });
}

class DuckDbEngine implements SqlEngine {
  /** The last result: a query's column types (kept in DuckDB) or a statement's rows (kept here). */
  private last: { kind: 'query'; columns: SqlColumn[] } | { kind: 'statement'; columns: SqlColumn[]; rows: SqlRow[] } | null = null;

  constructor(
    private readonly conn: duckdb.AsyncDuckDBConnection,
    readonly version: string,
    /** parquet-wasm, being instantiated. */
    private readonly parquetReady: Promise<unknown>,
  ) {}

  async insertArrow(name: string, ipc: Uint8Array, append: boolean): Promise<void> {
    await this.conn.insertArrowFromIPCStream(ipc, { name, create: !append });
  }

  async tables(): Promise<SqlTable[]> {
    const list = await this.conn.query(
      "SELECT table_name AS name, table_type AS kind FROM information_schema.tables WHERE table_schema = 'main' AND table_catalog = current_database() ORDER BY table_name",
    );
    const cols = await this.conn.query(
      "SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = 'main' AND table_catalog = current_database() ORDER BY table_name, ordinal_position",
    );
    const byTable = new Map<string, SqlColumn[]>();
    for (const r of rowsOf(cols, new Map())) {
      const t = String(r.table_name);
      const c = byTable.get(t) ?? [];
      c.push(column(String(r.column_name), String(r.data_type)));
      byTable.set(t, c);
    }
    const tables: SqlTable[] = rowsOf(list, new Map()).map((r) => ({
      name: String(r.name),
      kind: String(r.kind) === 'VIEW' ? 'view' : 'table',
      rows: null,
      columns: byTable.get(String(r.name)) ?? [],
    }));
    const counted = tables.filter((t) => t.kind === 'table');
    if (counted.length > 0) {
      const counts = await this.conn.query(
        counted.map((t) => `SELECT ${quoteText(t.name)} AS name, count(*) AS n FROM ${quoteIdent(t.name)}`).join(' UNION ALL '),
      );
      const n = new Map(rowsOf(counts, new Map()).map((r) => [String(r.name), Number(r.n)]));
      for (const t of counted) t.rows = n.get(t.name) ?? null;
    }
    return tables;
  }

  async dropAll(): Promise<void> {
    this.last = null;
    await this.conn.query(`DROP TABLE IF EXISTS ${RESULT}`);
    for (const t of await this.tables()) await this.conn.query(`DROP ${t.kind === 'view' ? 'VIEW' : 'TABLE'} IF EXISTS ${quoteIdent(t.name)} CASCADE`);
  }

  async run(sql: string): Promise<SqlResult> {
    const text = trimStatement(sql);
    if (!text) throw new Error('Nothing to run: the editor holds no statement.');
    const started = performance.now();
    this.last = null;
    if (!QUERY_START.test(text)) {
      // Not a query: run it as written (CREATE VIEW, SET, ...); what it returns is small.
      const table = await this.conn.query(text);
      const columns = table.schema.fields.map((f) => column(f.name, String(f.type)));
      const rows = rowsOf(table, new Map());
      this.last = { kind: 'statement', columns, rows };
      return { columns, rows: rows.length, paged: false, ms: performance.now() - started };
    }
    try {
      await this.conn.query(`CREATE OR REPLACE TEMP TABLE ${RESULT} AS ${text}`);
    } catch (err) {
      // The error of the statement as written (its positions are the editor's), when it has one.
      await this.conn.prepare(text).then(
        (p) => p.close(),
        (own: unknown) => {
          throw own;
        },
      );
      throw err;
    }
    const described = rowsOf(await this.conn.query(`DESCRIBE ${RESULT}`), new Map());
    const columns = described.map((r) => column(String(r.column_name), String(r.column_type)));
    const count = rowsOf(await this.conn.query(`SELECT count(*) AS n FROM ${RESULT}`), new Map());
    this.last = { kind: 'query', columns };
    return { columns, rows: Number(count[0]?.n ?? 0), paged: true, ms: performance.now() - started };
  }

  async page(offset: number, limit: number): Promise<SqlRow[]> {
    const last = this.last;
    if (!last) return [];
    if (last.kind === 'statement') return last.rows.slice(offset, offset + limit);
    const select = last.columns.map((c) =>
      WIDE_NUMERIC.test(c.type) ? `CAST(${quoteIdent(c.name)} AS VARCHAR) AS ${quoteIdent(c.name)}` : quoteIdent(c.name),
    );
    const table = await this.conn.query(
      `SELECT ${select.join(', ') || '*'} FROM ${RESULT} LIMIT ${Math.max(0, Math.floor(limit))} OFFSET ${Math.max(0, Math.floor(offset))}`,
    );
    return rowsOf(table, new Map(last.columns.map((c) => [c.name, c.type])));
  }

  async parquet(): Promise<Uint8Array> {
    if (this.last?.kind !== 'query') throw new Error('Only the result of a query (SELECT, WITH, ...) can be downloaded as Parquet.');
    const ipc = await this.conn.useUnsafe((db, conn) => db.runQuery(conn, `SELECT * FROM ${RESULT}`));
    await this.parquetReady;
    const table = ParquetTable.fromIPCStream(ipcFileToStream(ipc));
    const props = new WriterPropertiesBuilder().setCompression(Compression.SNAPPY).setCreatedBy(`Planeview (DuckDB ${this.version})`).build();
    return writeParquet(table, props);
  }
}

/** Starts DuckDB-Wasm in its own worker (same origin, beside this module) with an empty database. */
export async function openSqlEngine(): Promise<SqlEngine> {
  const worker = new Worker(new URL('./duckdb-browser-eh.worker.js', import.meta.url));
  const db = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), worker);
  try {
    await Promise.race([db.instantiate(new URL('./duckdb-eh.wasm', import.meta.url).href), workerFailure(worker)]);
    // Nothing is fetched from anywhere: extensions are never installed or loaded on the fly.
    await db.open({ query: { castTimestampToDate: true } });
    const conn = await db.connect();
    await conn.query('SET autoinstall_known_extensions = false');
    await conn.query('SET autoload_known_extensions = false');
    const parquet = initParquet({ module_or_path: new URL('./parquet_wasm_bg.wasm', import.meta.url) });
    parquet.catch(() => undefined);
    return new DuckDbEngine(conn, await db.getVersion(), parquet);
  } catch (err) {
    worker.terminate();
    throw err;
  }
}
