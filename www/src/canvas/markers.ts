// Instant markers, many small triangles filled in one canvas call. Markers that overlap (closer
// than a marker's width) are written as one polygon, the outline of their union: the shared top
// edge, then each apex and the notch where two neighbours' edges cross, except that apexes closer
// than FLAT_GAP share a flat bottom. The rasteriser's cost follows the number of edges: a dense
// run (the render list has up to one instant per pixel column) becomes a few edges instead of
// three per triangle. The outline is written as SVG path text and parsed once into a Path2D (a
// canvas call per vertex costs more once there are thousands of markers).

/** Path units per CSS pixel: coordinates are written as integers (fast to format), 1/64 px apart. */
const UNITS = 64;
/** Marker size: a triangle HALF_W * 2 wide at its top, its apex DEPTH below. */
const HALF_W = 3;
const DEPTH = 5;
/**
 * Neighbouring apexes closer than this (px) are joined by a flat bottom instead of a notch (which
 * would be 5/6 of the gap deep, < 1.7 px).
 */
const FLAT_GAP = 2;

/**
 * Collects instant markers: triangles 6 px wide at y, their apex 5 px below at x. Markers added
 * in increasing x at the same y that overlap join the open run; anything else starts a new one.
 */
export class MarkerPath {
  private d = '';
  /** The open run: its top y and the last apex written, in path units (runY NaN: none). */
  private runY = NaN;
  private runLast = 0;
  /** The run's newest apex, joined to the one before by a flat bottom not written yet (NaN: none). */
  private pending = NaN;

  /** Adds a marker; one with a non-finite coordinate is left out. */
  add(x: number, y: number): void {
    const ux = Math.round(x * UNITS);
    const uy = Math.round(y * UNITS);
    if (!Number.isFinite(ux + uy)) return;
    const gap = ux - (Number.isNaN(this.pending) ? this.runLast : this.pending);
    if (uy === this.runY && gap >= 0 && gap < 2 * HALF_W * UNITS) {
      if (gap === 0) return; // same apex: the same triangle
      if (gap < FLAT_GAP * UNITS) {
        // A flat bottom out to this apex, written when the run goes on or ends.
        this.pending = ux;
        return;
      }
      this.flushPending();
      // The neighbours' edges cross halfway between the apexes, the deeper the closer they are.
      const notchY = uy + Math.round(DEPTH * UNITS * (1 - gap / (2 * HALF_W * UNITS)));
      this.d += `L${this.runLast + gap / 2} ${notchY}L${ux} ${uy + DEPTH * UNITS}`;
      this.runLast = ux;
      return;
    }
    this.closeRun();
    this.runY = uy;
    this.runLast = ux;
    this.d += `M${ux - HALF_W * UNITS} ${uy}L${ux} ${uy + DEPTH * UNITS}`;
  }

  /** Writes the flat bottom out to the pending apex, which becomes the last one written. */
  private flushPending(): void {
    if (Number.isNaN(this.pending)) return;
    this.d += `L${this.pending} ${this.runY + DEPTH * UNITS}`;
    this.runLast = this.pending;
    this.pending = NaN;
  }

  /** Ends the open run: up to the last marker's top right corner, back along the top edge. */
  private closeRun(): void {
    if (Number.isNaN(this.runY)) return;
    this.flushPending();
    this.d += `L${this.runLast + HALF_W * UNITS} ${this.runY}z`;
    this.runY = NaN;
  }

  /**
   * Fills the markers with the context's fill style and opacity, all at once (nonzero rule:
   * where separate runs overlap, their union is covered once).
   */
  fill(ctx: CanvasRenderingContext2D): void {
    this.closeRun();
    if (this.d.length === 0) return;
    ctx.save();
    ctx.scale(1 / UNITS, 1 / UNITS);
    ctx.fill(new Path2D(this.d));
    ctx.restore();
  }
}
