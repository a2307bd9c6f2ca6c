// The severities of the importer's diagnostics (`Summary.diagnostics`, the health report), worst
// first, with how the page names them.

export const SEVERITIES = [
  { id: 'error', text: 'error' },
  { id: 'data_loss', text: 'data loss' },
  { id: 'info', text: 'info' },
] as const;

/** 0 for errors, 1 for data loss, 2 for info (and anything unknown). */
export function severityRank(s: string): number {
  const k = SEVERITIES.findIndex((v) => v.id === s);
  return k < 0 ? 2 : k;
}

/** How the page names severity `s` (an unknown one as it came). */
export function severityText(s: string): string {
  return SEVERITIES.find((v) => v.id === s)?.text ?? s;
}
