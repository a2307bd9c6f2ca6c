// Stable colours for slice names.

function hash32(n: number): number {
  let h = (n ^ 0x9e3779b9) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

const light = new Map<number, string>();
const dark = new Map<number, string>();

/**
 * A readable colour for a name id, the same hue in both themes: light enough for dark text in
 * the light theme, dark enough for light text in the dark one (`dark`).
 */
export function colorForNameId(nameId: number, isDark = false): string {
  const cache = isDark ? dark : light;
  let c = cache.get(nameId);
  if (c === undefined) {
    const h = hash32(nameId);
    const hue = h % 360;
    const sat = 45 + ((h >>> 9) % 25);
    const l = (isDark ? 30 : 68) + ((h >>> 17) % 12);
    c = `hsl(${hue} ${isDark ? sat - 10 : sat}% ${l}%)`;
    cache.set(nameId, c);
  }
  return c;
}
