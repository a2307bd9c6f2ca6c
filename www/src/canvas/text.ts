// Text fitting for canvas labels, with a width cache (labels and their shortened forms repeat
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

/**
 * `s` shortened in the middle to fit in `maxWidth`: its first ⌈k/2⌉ and last ⌊k/2⌋ characters
 * around "…" for the largest k that fits (kernel names that differ only at the end stay apart:
 * "fusion_very_lo…suffix.12"), `s` itself when it fits, or '' when not even one character does.
 * The search starts where the full width says the cut falls (widths grow about in proportion to
 * the length), so a label seen for the first time costs a few text measurements, not one per
 * halving of its length.
 */
export function ellipsizeMiddle(ctx: CanvasRenderingContext2D, s: string, maxWidth: number): string {
  if (maxWidth <= 0 || s.length === 0) return '';
  const full = measure(ctx, s);
  if (full <= maxWidth) return s;
  const ell = '…';
  const ellWidth = measure(ctx, ell);
  if (ellWidth > maxWidth) return '';
  const cut = (k: number): string => s.slice(0, Math.ceil(k / 2)) + ell + s.slice(s.length - Math.floor(k / 2));
  const fits = (k: number): boolean => measure(ctx, cut(k)) <= maxWidth;
  // The answer is in [lo, hi]: kept lengths 0..len-1 (the whole string does not fit).
  let lo = 0;
  let hi = s.length - 1;
  const guess = Math.max(1, Math.min(hi, Math.floor((s.length * (maxWidth - ellWidth)) / full)));
  if (fits(guess)) {
    lo = guess;
    if (guess < hi && !fits(guess + 1)) hi = guess;
    else lo = Math.min(guess + 1, hi);
  } else {
    hi = guess - 1;
    if (hi > 0 && fits(hi)) lo = hi;
  }
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? '' : cut(lo);
}
