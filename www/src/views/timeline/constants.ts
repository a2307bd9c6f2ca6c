// Sizes and limits of the timeline, in CSS pixels and picoseconds.

/** Width of the track label column at first (its splitter resizes it within LABEL_MIN_W..LABEL_MAX_W). */
export const LABEL_W = 240;
export const LABEL_MIN_W = 120;
export const LABEL_MAX_W = 640;
/** Space left on each side of the span `F` zooms to, as a fraction of it. */
export const FOCUS_MARGIN = 0.1;
/** Height of one lane of slices. */
export const LANE_H = 20;
/** Space above and below a track's lanes. */
export const TRACK_PAD = 3;
/** Height of a process group's header row. */
export const GROUP_H = 26;
/** Height of the time axis. */
export const AXIS_H = 26;
/** The shortest span the view zooms to, ps. */
export const MIN_SPAN_PS = 100;
export const FONT = '11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
/** Height of a counter track's chart. */
export const COUNTER_H = 56;
/** Click tolerance around a counter sample, in pixels. */
export const SAMPLE_HIT_PX = 4;
/** How long a frame waits for the render list of a new view before drawing the old one, ms. */
export const STALE_MS = 16;
/** Slice box opacity: dimmed by a search, merged sub-pixel slices, one slice. */
export const ALPHAS = [0.22, 0.75, 1] as const;
