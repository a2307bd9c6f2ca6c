// Text fitting for canvas labels, with a width cache (labels and their shortened prefixes repeat
// from frame to frame).

const widthCache = new Map<string, number>();
let cacheFont = '';

function measure(ctx: CanvasRenderingContext2D, s: string): number {
  if (ctx.font !== cacheFont) {
    widthCache.clear();
    cacheFont = ctx.font;
  }
  let w = widthCache.get(s);
  if (w === undefined) {
    w = ctx.measureText(s).width;
    if (widthCache.size > 20000) widthCache.clear();
    widthCache.set(s, w);
  }
  return w;
}

/** The longest prefix of `s` (with "…") that fits in `maxWidth`, or '' when nothing useful fits. */
export function ellipsize(ctx: CanvasRenderingContext2D, s: string, maxWidth: number): string {
  if (maxWidth <= 0 || s.length === 0) return '';
  if (measure(ctx, s) <= maxWidth) return s;
  const ell = '…';
  if (measure(ctx, ell) > maxWidth) return '';
  let lo = 0;
  let hi = s.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (measure(ctx, s.slice(0, mid) + ell) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? '' : s.slice(0, lo) + ell;
}
