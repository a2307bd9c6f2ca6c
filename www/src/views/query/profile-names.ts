// The `profile` column of the page's tables: the same name `planeview export` gives a file, so a
// query written in the Query tab runs unchanged over an export of the same files.

/** Extensions a trace's name loses (`trace.json.gz` → `trace`), as the export command's. */
const TRACE_EXTENSIONS = new Set([
  'gz',
  'json',
  'pb',
  'xplane',
  'trace',
  'pt',
  'pftrace',
  'perfetto-trace',
  'perfetto',
  'hlo',
  'pbtxt',
  'txt',
  'mlir',
  'mlirbc',
]);

/**
 * The profile name of each file (in order): its name without trace extensions, characters other
 * than ASCII letters, digits, `.`, `-` and `_` replaced by `_`, `-2`, `-3`, ... appended to repeats.
 */
export function profileNames(files: readonly string[]): string[] {
  const seen = new Set<string>();
  return files.map((file) => {
    let stem = file.slice(file.lastIndexOf('/') + 1);
    for (;;) {
      const dot = stem.lastIndexOf('.');
      if (dot <= 0 || !TRACE_EXTENSIONS.has(stem.slice(dot + 1).toLowerCase())) break;
      stem = stem.slice(0, dot);
    }
    const safe = stem.replace(/[^A-Za-z0-9._-]/g, '_') || 'profile';
    let name = safe;
    for (let n = 2; seen.has(name); n++) name = `${safe}-${n}`;
    seen.add(name);
    return name;
  });
}
