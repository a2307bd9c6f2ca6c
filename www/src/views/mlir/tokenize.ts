// Splits one line of MLIR text into highlighted tokens. A line at a time, so only the lines on
// screen are ever tokenised (200 KB+ texts stay smooth).

export type TokenKind =
  | 'op' // operation name: "tt.load" before "(", or a bare dialect.op
  | 'ssa' // %0, %arg3, %5#1
  | 'block' // ^bb0
  | 'type' // i32, tensor<...>, !tt.ptr<f32>
  | 'attr' // #alias, #dialect.attr<...>
  | 'key' // attribute name before " = "
  | 'string'
  | 'number'
  | 'loc' // loc(...)
  | 'comment'
  | 'plain';

export interface Token {
  kind: TokenKind;
  text: string;
}

const BUILTIN_TYPE = /^(?:[su]?i\d+|f\d+|bf16|tf32|index|none|tensor|memref|vector|complex|tuple)$/;
// Sticky patterns matched at a position (no slicing of the rest of the line).
const SSA = /%[\w$.-]+(?:#\d+)?(?::\d+)?/y;
const BLOCK = /\^[\w$.-]+/y;
const SYMBOL = /[#!][\w$.-]+/y;
const IDENT = /[A-Za-z_][\w$.]*/y;
const NUMBER = /-?(?:0x[0-9A-Fa-f]+|\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)/y;
const OP_NAME = /^[a-z_]+\.[\w.]+$/;

function matchAt(re: RegExp, line: string, i: number): string | null {
  re.lastIndex = i;
  const m = re.exec(line);
  return m ? m[0] : null;
}

function isWordChar(c: string): boolean {
  return /[\w$.]/.test(c);
}

/** Length of a `loc(...)` starting at `i` (balanced parentheses, strings respected). */
function locLength(line: string, i: number): number {
  let depth = 0;
  for (let j = i; j < line.length; j++) {
    const c = line[j];
    if (c === '"') {
      j++;
      while (j < line.length && line[j] !== '"') j += line[j] === '\\' ? 2 : 1;
    } else if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth === 0) return j + 1 - i;
    }
  }
  return line.length - i;
}

/** Length of a string literal starting at `i` (the quotes included). */
function stringLength(line: string, i: number): number {
  let j = i + 1;
  while (j < line.length && line[j] !== '"') j += line[j] === '\\' ? 2 : 1;
  return Math.min(line.length, j + 1) - i;
}

/** Length of a dialect symbol body `<...>` starting at `i` (nested angle brackets, strings). */
function angleLength(line: string, i: number): number {
  let depth = 0;
  for (let j = i; j < line.length; j++) {
    const c = line[j];
    if (c === '"') j += stringLength(line, j) - 1;
    else if (c === '<') depth++;
    else if (c === '>' && line[j - 1] !== '-') {
      depth--;
      if (depth === 0) return j + 1 - i;
    }
  }
  return line.length - i;
}

export function tokenize(line: string): Token[] {
  const out: Token[] = [];
  let plainStart = 0;
  const push = (kind: TokenKind, from: number, to: number): void => {
    if (from > plainStart) out.push({ kind: 'plain', text: line.slice(plainStart, from) });
    out.push({ kind, text: line.slice(from, to) });
    plainStart = to;
  };
  let i = 0;
  while (i < line.length) {
    const c = line.charAt(i);
    if (c === '/' && line.charAt(i + 1) === '/') {
      push('comment', i, line.length);
      i = line.length;
      break;
    }
    if (c === '"') {
      const end = i + stringLength(line, i);
      const kind = line.charAt(end) === '(' ? 'op' : line.startsWith(' = ', end) ? 'key' : 'string';
      push(kind, i, end);
      i = end;
      continue;
    }
    const symbol = c === '%' ? matchAt(SSA, line, i) : c === '^' ? matchAt(BLOCK, line, i) : c === '#' || c === '!' ? matchAt(SYMBOL, line, i) : null;
    if (symbol) {
      let end = i + symbol.length;
      if ((c === '#' || c === '!') && line.charAt(end) === '<') end += angleLength(line, end);
      push(c === '%' ? 'ssa' : c === '^' ? 'block' : c === '#' ? 'attr' : 'type', i, end);
      i = end;
      continue;
    }
    if (c === 'l' && line.startsWith('loc(', i)) {
      const end = i + locLength(line, i);
      push('loc', i, end);
      i = end;
      continue;
    }
    const prevWord = i > 0 && isWordChar(line.charAt(i - 1));
    if (!prevWord && /[A-Za-z_]/.test(c)) {
      const word = matchAt(IDENT, line, i) ?? c;
      let end = i + word.length;
      if (BUILTIN_TYPE.test(word)) {
        if (line.charAt(end) === '<') end += angleLength(line, end);
        push('type', i, end);
      } else if (line.startsWith(' = ', end)) {
        push('key', i, end);
      } else if (OP_NAME.test(word) && /[ ({"%@]/.test(line.charAt(end) || ' ')) {
        push('op', i, end);
      }
      i = end;
      continue;
    }
    if (!prevWord && (c === '-' || (c >= '0' && c <= '9'))) {
      const num = matchAt(NUMBER, line, i);
      if (num) {
        push('number', i, i + num.length);
        i += num.length;
        continue;
      }
    }
    i++;
  }
  if (plainStart < line.length) out.push({ kind: 'plain', text: line.slice(plainStart) });
  return out;
}

/** The value an SSA token names, without its result number (`%5#1` → `%5`). */
export function ssaBase(token: string): string {
  return token.replace(/#\d+$/, '').replace(/:\d+$/, '');
}
