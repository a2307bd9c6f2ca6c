// Time formatting. All times in the page are picoseconds (JS numbers), relative to the trace origin.

const UNITS: ReadonlyArray<{ name: string; ps: number }> = [
  { name: 's', ps: 1e12 },
  { name: 'ms', ps: 1e9 },
  { name: 'µs', ps: 1e6 },
  { name: 'ns', ps: 1e3 },
  { name: 'ps', ps: 1 },
];

/** The largest unit in which `ps` is at least 1 (ps for zero / sub-ps values). */
export function unitFor(ps: number): { name: string; ps: number } {
  const a = Math.abs(ps);
  for (const u of UNITS) {
    if (a >= u.ps) return u;
  }
  return UNITS[UNITS.length - 1]!;
}

/** Trim trailing zeros of a fixed-point string: "1.500" → "1.5", "2.000" → "2". */
function trimZeros(s: string): string {
  if (!s.includes('.')) return s;
  return s.replace(/\.?0+$/, '');
}

/** A duration with about `digits` significant digits and a sensible unit: "1.23 ms", "850 ns". */
export function formatDuration(ps: number, digits = 3): string {
  if (!Number.isFinite(ps)) return '–';
  if (ps === 0) return '0 s';
  const u = unitFor(ps);
  const v = ps / u.ps;
  const intDigits = Math.max(1, Math.floor(Math.log10(Math.abs(v))) + 1);
  const decimals = Math.max(0, Math.min(6, digits - intDigits));
  return `${trimZeros(v.toFixed(decimals))} ${u.name}`;
}

/** A timestamp relative to the trace start, with more digits than a duration: "12.34567 ms". */
export function formatTimestamp(ps: number): string {
  return formatDuration(ps, 7);
}

/** Nice tick step (1, 2, 5 × 10^k ps) so that about `target` ticks span `rangePs`. */
export function niceStep(rangePs: number, target: number): number {
  const raw = rangePs / Math.max(1, target);
  if (!(raw > 0)) return 1;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const m = raw / pow;
  const nice = m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10;
  return Math.max(1, nice * pow);
}

/**
 * A timestamp exact to 1 ns (to 1 ps below 1 µs), in the unit of its magnitude: "19.017690123 s".
 * For the details panel, where people compare numbers with other tools.
 */
export function formatPreciseTime(ps: number): string {
  if (!Number.isFinite(ps)) return '–';
  const u = unitFor(ps);
  const resolution = Math.abs(ps) < 1e6 ? 1 : 1e3;
  const decimals = Math.max(0, Math.round(Math.log10(u.ps / resolution)));
  const v = ps / u.ps;
  return `${trimZeros(v.toFixed(decimals))} ${u.name}`;
}

/** Decimals needed to show ticks `stepPs` apart in the unit of `magnitudePs`. */
export function tickDecimals(stepPs: number, magnitudePs: number): number {
  return Math.max(0, Math.ceil(-Math.log10(stepPs / unitFor(magnitudePs).ps) - 1e-9));
}

/**
 * Tick label for value `ps` given the tick step. The unit follows `magnitudePs` (the largest
 * visible time) when at most 4 decimals suffice ("18.5 s", "4.1061 s"), else the step's unit.
 */
export function formatTick(ps: number, stepPs: number, magnitudePs = Math.abs(ps)): string {
  const u = tickDecimals(stepPs, magnitudePs) <= 4 ? unitFor(magnitudePs) : unitFor(stepPs);
  const v = ps / u.ps;
  const step = stepPs / u.ps;
  const decimals = Math.max(0, Math.min(9, Math.ceil(-Math.log10(step) - 1e-9)));
  const s = v.toFixed(decimals);
  return `${s === '-0' ? '0' : s} ${u.name}`;
}

/** 12345 → "12,345" */
export function formatCount(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** Bytes with binary units and about 3 significant digits: "512 B", "1.5 KiB", "123 MiB". */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const sign = n < 0 ? '-' : '';
  let v = Math.abs(n);
  if (v < 1024) return `${sign}${Number(v.toPrecision(3))} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let i = -1;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${sign}${trimZeros(v.toFixed(Math.max(0, 2 - Math.floor(Math.log10(v)))))} ${units[i]}`;
}
