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

const BUILTIN_TYPE = /^(?:[su]?i\d+|f\d+|bf16|tf32|index|none|tensor|memref|vector|complex|tuple)\b/;
const IDENT = /^[A-Za-z_][\w$.]*/;
const NUMBER = /^-?(?:0x[0-9A-Fa-f]+|\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)/;

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
  let plain = '';
  const push = (kind: TokenKind, text: string): void => {
    if (plain) {
      out.push({ kind: 'plain', text: plain });
      plain = '';
    }
    out.push({ kind, text });
  };
  let i = 0;
  while (i < line.length) {
    const c = line.charAt(i);
    const rest = line.slice(i);
    if (c === '/' && line[i + 1] === '/') {
      push('comment', rest);
      break;
    }
    if (c === '"') {
      const n = stringLength(line, i);
      const text = line.slice(i, i + n);
      push(line[i + n] === '(' ? 'op' : rest.slice(n).startsWith(' = ') ? 'key' : 'string', text);
      i += n;
      continue;
    }
    if (c === '%') {
      const m = /^%[\w$.-]+(?:#\d+)?(?::\d+)?/.exec(rest);
      if (m) {
        push('ssa', m[0]);
        i += m[0].length;
        continue;
      }
    }
    if (c === '^') {
      const m = /^\^[\w$.-]+/.exec(rest);
      if (m) {
        push('block', m[0]);
        i += m[0].length;
        continue;
      }
    }
    if (rest.startsWith('loc(')) {
      const n = locLength(line, i);
      push('loc', line.slice(i, i + n));
      i += n;
      continue;
    }
    if (c === '#' || c === '!') {
      const m = /^[#!][\w$.-]+/.exec(rest);
      if (m) {
        const n = line[i + m[0].length] === '<' ? m[0].length + angleLength(line, i + m[0].length) : m[0].length;
        push(c === '#' ? 'attr' : 'type', line.slice(i, i + n));
        i += n;
        continue;
      }
    }
    const prevWord = i > 0 && /[\w$.]/.test(line.charAt(i - 1));
    if (!prevWord && /[A-Za-z_]/.test(c)) {
      const m = IDENT.exec(rest);
      if (m) {
        const word = m[0];
        const after = rest.slice(word.length);
        if (BUILTIN_TYPE.test(word) && (word.length === BUILTIN_TYPE.exec(word)?.[0].length)) {
          const n = after.startsWith('<') ? word.length + angleLength(line, i + word.length) : word.length;
          push('type', line.slice(i, i + n));
          i += n;
          continue;
        }
        if (after.startsWith(' = ')) push('key', word);
        else if (word.includes('.') && /^\s*[({"]|^\s*%|^\s*@|^$|^ /.test(after) && /^[a-z_]+\.[\w.]+$/.test(word)) push('op', word);
        else plain += word;
        i += word.length;
        continue;
      }
    }
    if (!prevWord && /[-\d]/.test(c)) {
      const m = NUMBER.exec(rest);
      if (m && m[0] !== '-') {
        push('number', m[0]);
        i += m[0].length;
        continue;
      }
    }
    plain += c;
    i++;
  }
  if (plain) out.push({ kind: 'plain', text: plain });
  return out;
}

/** The value an SSA token names, without its result number (`%5#1` → `%5`). */
export function ssaBase(token: string): string {
  return token.replace(/#\d+$/, '').replace(/:\d+$/, '');
}
