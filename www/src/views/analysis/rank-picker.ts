// The rank picker of the analysis tabs in a job session (several ranks of one distributed job):
// "all ranks" (every rank's rows merged, with a rank column, and one "all" row per key) or one
// rank's own table; the op profile and the roofline show one rank at a time. One choice for
// every tab that has the picker; single profiles have none.

import { type Member, memberName } from '../../shell/session';
import type { AnalysisTab } from './analysis-view';
import { toolbarSelect } from './toolbar-select';

/** All ranks merged, or the member index of one rank. */
export type RankChoice = 'all' | number;

/** The analysis tabs that show a rank picker in a job session. */
export const RANK_TABS: readonly AnalysisTab[] = ['overview', 'kernels', 'framework-ops', 'gpu-ops', 'hlo-stats'];

/** The analysis tabs that show one rank of a job at a time (no merged view), with the picker. */
export const ONE_RANK_TABS: readonly AnalysisTab[] = ['op-profile', 'roofline'];

/**
 * The picker (`data-testid="rank-picker"`) over the loaded `members`, showing `choice`; without
 * `all`, it offers the ranks only.
 */
export function rankPicker(members: readonly Member[], choice: RankChoice, onChange: (c: RankChoice) => void, all = true): HTMLElement {
  const options: [string, string][] = all ? [['all', 'all ranks']] : [];
  for (const m of members) {
    if (m.profile === null || m.error !== null) continue;
    options.push([String(m.index), memberName(m)]);
  }
  const { bar, select } = toolbarSelect('Show', 'rank-picker', options, String(choice), (v) => onChange(v === 'all' ? 'all' : Number(v)));
  select.title = 'One rank’s table, or every rank’s rows with a rank column and their sum per key (“all”)';
  return bar;
}
