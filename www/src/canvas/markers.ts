// Instant markers, many small triangles filled in one canvas call: the triangles are written as
// SVG path text and parsed once into a Path2D. One fill per marker costs a rasterisation each,
// and building one path with a moveTo/lineTo call per vertex costs more than both once there are
// thousands of markers.

/** Path units per CSS pixel: coordinates are written as integers (fast to format), 1/64 px apart. */
const UNITS = 64;

/** Collects instant markers: triangles 6 px wide at y, their apex 5 px below at x. */
export class MarkerPath {
  private d = '';

  /** Adds a marker; one with a non-finite coordinate is left out. */
  add(x: number, y: number): void {
    const x0 = Math.round((x - 3) * UNITS);
    const y0 = Math.round(y * UNITS);
    if (!Number.isFinite(x0 + y0)) return;
    this.d += `M${x0} ${y0}h${6 * UNITS}l${-3 * UNITS} ${5 * UNITS}z`;
  }

  /**
   * Fills the markers with the context's fill style and opacity, all at once (nonzero rule:
   * where markers overlap, their union is covered once).
   */
  fill(ctx: CanvasRenderingContext2D): void {
    if (this.d.length === 0) return;
    ctx.save();
    ctx.scale(1 / UNITS, 1 / UNITS);
    ctx.fill(new Path2D(this.d));
    ctx.restore();
  }
}
