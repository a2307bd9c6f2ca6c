// Ways to open a profile: the file picker, the demo button, a file dropped anywhere on the page.

import type { OpenSource } from '../engine/engine';
import { $ } from '../lib/dom';

/** The demo profile, beside the page (openxla/xprof test data, Apache-2.0). */
const DEMO_PATH = 'demo/tpu_inference_2.xplane.pb';

/** Calls `open` with what the person picks, clicks or drops. */
export function installOpenControls(open: (source: OpenSource) => void): void {
  const input = $('input[type=file]') as HTMLInputElement;
  input.addEventListener('change', () => {
    const f = input.files?.[0];
    if (f) open({ kind: 'file', file: f });
    input.value = '';
  });

  $('[data-testid="open-demo"]').addEventListener('click', () => {
    open({ kind: 'url', url: new URL(DEMO_PATH, document.baseURI).href, name: 'tpu_inference_2.xplane.pb' });
  });

  // Drag and drop anywhere on the page.
  let dragDepth = 0;
  const hasFiles = (e: DragEvent): boolean => Array.from(e.dataTransfer?.types ?? []).includes('Files');
  window.addEventListener('dragenter', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    dragDepth++;
    document.body.classList.add('is-dragging-file');
  });
  window.addEventListener('dragover', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
  });
  window.addEventListener('dragleave', () => {
    dragDepth = Math.max(0, dragDepth - 1);
    if (dragDepth === 0) document.body.classList.remove('is-dragging-file');
  });
  window.addEventListener('drop', (e) => {
    e.preventDefault();
    dragDepth = 0;
    document.body.classList.remove('is-dragging-file');
    const f = e.dataTransfer?.files?.[0];
    if (f) open({ kind: 'file', file: f });
  });
}
