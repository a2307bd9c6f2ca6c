// Whole-text structure the MLIR view needs once per text: fold ranges (regions and blocks
// between a line ending in `{` and its closing `}` line), location aliases resolved to
// `file:line`, and where each SSA value is defined and used.

export interface Structure {
  lines: string[];
  /** For a line that opens a region, the line that closes it. */
  foldEnd: Map<number, number>;
  /** `#loc12` → `kernels.py:33` (or the location text when it has no file). */
  locAliases: Map<string, string>;
}

export function analyse(text: string): Structure {
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const foldEnd = new Map<number, number>();
  const open: number[] = [];
  const aliasBodies = new Map<string, string>();
  for (const [i, line] of lines.entries()) {
    const t = line.trim();
    if (t.startsWith('}')) {
      const start = open.pop();
      if (start !== undefined && i > start + 1) foldEnd.set(start, i);
    }
    if (t.endsWith('{') || t.endsWith('({')) open.push(i);
    const alias = /^(#loc\d*) = loc\((.*)\)$/.exec(t);
    if (alias?.[1] !== undefined && alias[2] !== undefined) aliasBodies.set(alias[1], alias[2]);
  }
  const locAliases = new Map<string, string>();
  const resolve = (name: string, depth: number): string | null => {
    const done = locAliases.get(name);
    if (done !== undefined) return done;
    const body = aliasBodies.get(name);
    if (body === undefined || depth > 64) return null;
    const r = shortLocation(body, (n) => resolve(n, depth + 1));
    if (r !== null) locAliases.set(name, r);
    return r;
  };
  for (const name of aliasBodies.keys()) resolve(name, 0);
  return { lines, foldEnd, locAliases };
}

/**
 * `file:line` of a location body (the text inside `loc(...)`): its first `"file":line`, else that
 * of the first alias it refers to that has one, else `unknown` when its aliases are unknown, else the
 * body itself when it refers to no alias (`unknown`, a bare name).
 */
export function shortLocation(body: string, alias: (name: string) => string | null): string | null {
  const file = /"([^"]+)":(\d+)/.exec(body);
  const refs = body.match(/#loc\d*/g) ?? [];
  const fileLine = file ? `${(file[1] ?? '').split('/').pop() ?? ''}:${file[2] ?? ''}` : null;
  if (file && fileLine && (refs[0] === undefined || body.indexOf(file[0]) < body.indexOf(refs[0]))) return fileLine;
  let unknown = false;
  for (const r of refs) {
    const s = alias(r);
    if (s === 'unknown') unknown = true;
    else if (s !== null) return s;
  }
  if (fileLine) return fileLine;
  return refs.length === 0 ? body : unknown ? 'unknown' : null;
}

/** Line indices where `%name` is defined (as a result or block argument) and used. */
export function ssaLines(lines: string[], name: string): { defs: number[]; uses: number[] } {
  const esc = name.replace(/[$.]/g, '\\$&');
  const any = new RegExp(`${esc}(?![\\w$.-])`);
  const def = new RegExp(`^\\s*(?:(?:%[\\w$.-]+(?::\\d+)?, )*${esc}(?::\\d+)?(?:, %[\\w$.-]+(?::\\d+)?)* = |\\^[\\w$.-]+\\(.*${esc}: )`);
  const defs: number[] = [];
  const uses: number[] = [];
  for (const [i, line] of lines.entries()) {
    if (!line.includes(name) || !any.test(line)) continue;
    if (def.test(line)) defs.push(i);
    else uses.push(i);
  }
  return { defs, uses };
}
