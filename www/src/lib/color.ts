// Stable colours for slice names.

function hash32(n: number): number {
  let h = (n ^ 0x9e3779b9) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

const cache = new Map<number, string>();

/** A pleasant, readable (light enough for dark text) colour for a name id. */
export function colorForNameId(nameId: number): string {
  let c = cache.get(nameId);
  if (c === undefined) {
    const h = hash32(nameId);
    const hue = h % 360;
    const sat = 45 + ((h >>> 9) % 25);
    const light = 68 + ((h >>> 17) % 12);
    c = `hsl(${hue} ${sat}% ${light}%)`;
    cache.set(nameId, c);
  }
  return c;
}
