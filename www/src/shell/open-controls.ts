// Ways to open profiles: the file picker (one file or several), the folder picker, the demo
// button, files or folders dropped anywhere on the page, and `?url=` (repeated, or several
// addresses separated by commas). A folder opens every file in it and below it (a profile run
// directory `plugins/profile/<run>/` holds one `.xplane.pb` per host: then only those), in
// path order.

import type { OpenSource } from '../engine/engine';
import { $ } from '../lib/dom';

/** The demo profile, beside the page (openxla/xprof test data, Apache-2.0). */
const DEMO_PATH = 'demo/tpu_inference_2.xplane.pb';

/** Files of a folder that are no profile of any kind: left out of what a folder opens. */
const NOT_A_PROFILE = /(^|\/)(\.[^/]*|desktop\.ini|thumbs\.db)$/i;

/** The `?url=` sources of a page address's query: every `url` parameter, each split at commas. */
export function urlSources(search: string): OpenSource[] {
  const urls = new URLSearchParams(search)
    .getAll('url')
    .flatMap((u) => u.split(','))
    .map((u) => u.trim())
    .filter((u) => u !== '');
  return urls.map((url) => ({ kind: 'url', url }));
}

/** A profile run directory's host files (XProf writes `plugins/profile/<run>/<host>.xplane.pb`). */
const XPLANE = /\.xplane\.pb(\.gz)?$/i;

/**
 * The files of a folder picked or dropped, by path, hidden and system files left out. A folder
 * that holds `.xplane.pb` files is a profile run directory: only those open (the other files
 * there are tools' outputs of the same data), and of several runs only the newest (the last run
 * folder by name: XProf names them by date).
 */
export function folderFiles(files: ReadonlyArray<{ path: string; file: File }>): OpenSource[] {
  let picked = [...files].filter((f) => !NOT_A_PROFILE.test(f.path));
  const xplanes = picked.filter((f) => XPLANE.test(f.path));
  if (xplanes.length > 0) {
    const dir = (path: string): string => path.slice(0, path.lastIndexOf('/') + 1);
    const newest =
      xplanes
        .map((f) => dir(f.path))
        .sort()
        .pop() ?? '';
    picked = xplanes.filter((f) => dir(f.path) === newest);
  }
  return picked.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)).map((f) => ({ kind: 'file', file: f.file }));
}

/** Every file below a dropped directory entry, with its path. */
async function readEntry(entry: FileSystemEntry, out: Array<{ path: string; file: File }>): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
    out.push({ path: entry.fullPath, file });
    return;
  }
  if (!entry.isDirectory) return;
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries answers in batches until an empty one.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return;
    for (const e of batch) await readEntry(e, out);
  }
}

/** What a drop holds: its files, and every file inside the folders it holds. */
async function droppedSources(dt: DataTransfer): Promise<OpenSource[]> {
  const entries = Array.from(dt.items ?? [])
    .filter((i) => i.kind === 'file')
    .map((i) => i.webkitGetAsEntry?.() ?? null);
  if (entries.length === 0 || entries.some((e) => e === null) || !entries.some((e) => e?.isDirectory)) {
    return Array.from(dt.files ?? []).map((file) => ({ kind: 'file', file }));
  }
  const found: Array<{ path: string; file: File }> = [];
  for (const e of entries) if (e) await readEntry(e, found);
  return folderFiles(found);
}

/** Calls `open` with what the person picks, clicks or drops. */
export function installOpenControls(open: (sources: OpenSource[]) => void): void {
  const input = $('#file-input') as HTMLInputElement;
  input.addEventListener('change', () => {
    const files = Array.from(input.files ?? []);
    if (files.length > 0) open(files.map((file) => ({ kind: 'file', file })));
    input.value = '';
  });
  // The folder picker: an `<input type=file webkitdirectory>` made for each click (the page keeps
  // one file input).
  $('[data-testid="open-folder"]').addEventListener('click', () => {
    const folder = document.createElement('input');
    folder.type = 'file';
    folder.webkitdirectory = true;
    folder.multiple = true;
    folder.addEventListener('change', () => {
      const files = Array.from(folder.files ?? []).map((file) => ({ path: file.webkitRelativePath || file.name, file }));
      const sources = folderFiles(files);
      if (sources.length > 0) open(sources);
    });
    folder.click();
  });

  $('[data-testid="open-demo"]').addEventListener('click', () => {
    open([{ kind: 'url', url: new URL(DEMO_PATH, document.baseURI).href, name: 'tpu_inference_2.xplane.pb' }]);
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
    const dt = e.dataTransfer;
    if (!dt) return;
    // The entries must be taken before the event's handler returns.
    void droppedSources(dt).then((sources) => {
      if (sources.length > 0) open(sources);
    });
  });
}
