// The width of the track-name column: the splitter on its edge, and the corner, the labels and the
// canvas's left margin that follow it.

import { LABEL_MAX_W, LABEL_MIN_W, LABEL_W } from './constants';
import { splitter } from './splitter';

/** The elements whose width or offset is the column's width. */
export interface LabelColumnEls {
  corner: HTMLElement;
  labels: HTMLElement;
  canvas: HTMLCanvasElement;
  /** The scrolled body: the column is at most its width less 160 px. */
  scroll: HTMLElement;
}

export class LabelColumn {
  /** The column's width, px. */
  width = LABEL_W;
  /** The drag handle; place it in the timeline's main box. */
  readonly handle: HTMLElement;

  /** `resized`: called after every width change. */
  constructor(
    private readonly els: LabelColumnEls,
    private readonly resized: () => void,
  ) {
    this.handle = splitter({
      width: () => this.width,
      setWidth: (w) => this.setWidth(w),
      min: LABEL_MIN_W,
      max: () => Math.min(LABEL_MAX_W, els.scroll.clientWidth - 160),
      direction: 1,
      label: 'Width of the track names',
      testid: 'labels-splitter',
    });
    this.handle.classList.add('tl-labels-splitter');
  }

  setWidth(w: number): void {
    this.width = w;
    const { corner, labels, canvas } = this.els;
    corner.style.width = `${w}px`;
    labels.style.width = `${w}px`;
    canvas.style.marginLeft = `${w}px`;
    this.handle.style.left = `${w - 3}px`;
    this.resized();
  }
}
