// The shapes the Query tab exchanges with the SQL engine module (duckdb-client.ts, bundled on its
// own as dist/duckdb/client.js and loaded on first use). Types only: the page's own bundle imports
// nothing of DuckDB.

/** One column of a registered table or of a result: its name, DuckDB's type name, whether numeric. */
export interface SqlColumn {
  name: string;
  type: string;
  numeric: boolean;
}

/** A table (or view) in DuckDB's `main` schema. */
export interface SqlTable {
  name: string;
  kind: 'table' | 'view';
  rows: number | null;
  columns: SqlColumn[];
}

/**
 * A run statement. A query (SELECT, WITH, ...) is kept whole inside DuckDB (`rows` counts it) and
 * read a page at a time; any other statement (CREATE VIEW, SET, ...) runs as it is and returns
 * what it prints, at most one page (`paged` false).
 */
export interface SqlResult {
  columns: SqlColumn[];
  rows: number;
  paged: boolean;
  /** Wall time of the statement in DuckDB's worker and back, ms (excluding later pages). */
  ms: number;
}

/**
 * Rows of a result, each a plain object keyed by column name: numbers (64-bit integers past 2^53
 * as exact decimal strings), strings, booleans, null; nested values as JSON text.
 */
export type SqlRow = Record<string, unknown>;

/** The SQL engine: one DuckDB-Wasm database in its own worker. Calls are serialized by the caller. */
export interface SqlEngine {
  /** DuckDB's version string. */
  version: string;
  /** Creates table `name` from an Arrow IPC stream, or appends to it when `append`. */
  insertArrow(name: string, ipc: Uint8Array, append: boolean): Promise<void>;
  /** The tables and views of the `main` schema, by name, with their columns. */
  tables(): Promise<SqlTable[]>;
  /** Drops every table and view (a new profile is loaded) and the kept result. */
  dropAll(): Promise<void>;
  /** Runs one statement; throws DuckDB's error message. */
  run(sql: string): Promise<SqlResult>;
  /** Rows `[offset, offset + limit)` of the last result. */
  page(offset: number, limit: number): Promise<SqlRow[]>;
  /** The last query's whole result as a Parquet file (DuckDB's `COPY ... TO` in its own file system). */
  parquet(): Promise<Uint8Array>;
}

/** What dist/duckdb/client.js exports. */
export interface SqlEngineModule {
  openSqlEngine(): Promise<SqlEngine>;
}
