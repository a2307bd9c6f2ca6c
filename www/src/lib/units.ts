// Quantities for people: one place that turns a raw number with a unit into text ("1.23 ms",
// "4.5 MiB", "12.3 k") and into its exact form for a tooltip ("1234.5678 µs"). Every view formats
// through here (times through `time.ts`), so a value reads the same in tables, details, tooltips
// and charts. Raw values stay raw wherever they leave the page (CSV) or order it (sorting).

import { formatBytes, formatDuration } from './time';

export { formatBytes };

/**
 * Units a raw value can be in. Times: `ps`, `ns`, `us` (also written `µs`), `ms`, `s`; `bytes`;
 * `percent` (0–100); `fraction` (0–1, shown as a percent); `count` (a plain number);
 * anything else is shown after the number as written (`cycles`, `GFLOP/s`).
 */
export type UnitName = 'ps' | 'ns' | 'us' | 'ms' | 's' | 'bytes' | 'percent' | 'fraction' | 'count';

/** Picoseconds per time unit. */
const PS_PER: Readonly<Record<string, number>> = { ps: 1, ns: 1e3, us: 1e6, µs: 1e6, ms: 1e9, s: 1e12 };

/** Picoseconds in one `unit` of time, or undefined when `unit` is not a time unit. */
export function psPer(unit: string): number | undefined {
  return PS_PER[unit];
}

/** A count with a k/M/G suffix past 10,000 ("12.3 k", "4.56 M"), else as it is ("9,876"). */
export function formatShortCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const a = Math.abs(n);
  if (a < 1e4) return Number.isInteger(n) ? n.toLocaleString('en-US') : significant(n, 3);
  for (const [s, f] of [
    ['T', 1e12],
    ['G', 1e9],
    ['M', 1e6],
    ['k', 1e3],
  ] as const) {
    if (a >= f) return `${significant(n / f, 3)} ${s}`;
  }
  return String(n);
}

/** `v` with `digits` significant digits, without trailing zeros or exponent: 1234.5 → "1,235". */
function significant(v: number, digits: number): string {
  const a = Math.abs(v);
  if (a === 0) return '0';
  const intDigits = Math.floor(Math.log10(a)) + 1;
  const decimals = Math.max(0, Math.min(9, digits - intDigits));
  return Number(v.toFixed(decimals)).toLocaleString('en-US', { maximumFractionDigits: decimals });
}

/** A number without a unit to scale by: integers exact with separators, else 4 significant digits. */
function plainNumber(v: number): string {
  const a = Math.abs(v);
  if (a >= 1e15 || (a > 0 && a < 1e-3)) return v.toExponential(3);
  return Number.isInteger(v) ? v.toLocaleString('en-US') : significant(v, 4);
}

/** `v` (in `unit`) for people: times in the unit that fits, bytes in KiB/MiB/GiB, percents. */
export function formatQuantity(v: number, unit: string | null | undefined): string {
  if (!Number.isFinite(v)) return String(v);
  const u = unit ?? 'count';
  const ps = psPer(u);
  if (ps !== undefined) return formatDuration(v * ps, 3);
  switch (u) {
    case 'bytes':
    case 'B':
      return formatBytes(v);
    case 'percent':
    case '%':
      return `${significant(v, 3)}%`;
    case 'fraction':
      return `${(v * 100).toFixed(2)}%`;
    case 'count':
    case '':
      return plainNumber(v);
    default:
      return `${plainNumber(v)} ${u}`;
  }
}

/** The exact value of `v` with its unit, for a tooltip: "7908.309 µs", "1572864 bytes". */
export function exactQuantity(v: number, unit: string | null | undefined): string {
  const u = unit === 'us' ? 'µs' : (unit ?? '');
  if (u === '' || u === 'count') return String(v);
  if (u === 'fraction') return `${v} (fraction)`;
  if (u === 'percent') return `${v}%`;
  return `${v} ${u}`;
}

/**
 * The unit a name implies, for numbers that come without one: `*_bytes`/`bytes` → bytes,
 * `*_ps`/`*_ns`/`*_us`/`*_ms` → that time unit, `*_percent`/`*%` → percent; else undefined.
 */
export function unitOfName(name: string): UnitName | undefined {
  const n = name.toLowerCase();
  if (/(^|[_\s])bytes?$/.test(n) || n.endsWith('_bytes_accessed') || n === 'bytes_accessed') return 'bytes';
  const t = /_(ps|ns|us|ms)$/.exec(n);
  if (t) return t[1] as UnitName;
  if (n.endsWith('_percent') || n.endsWith('%')) return 'percent';
  return undefined;
}
