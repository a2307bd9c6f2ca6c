// What several files are together: each loaded member tells which rank and host of which job it
// is (`rankPartial`, asked of its own engine), and `mergeRanks` puts them on one clock (the
// offset each rank's times get) and lists what does not fit (two files claiming one rank, a
// file of another job, ...). The session is a 'job' when its files are ranks or hosts of one
// job, a 'compare' when exactly two files are not; members are labelled by rank (else host,
// else file) and ordered by rank, the failed ones last.

import type { Align, RankPartial, RanksReport } from '../engine/engine';
import type { AlignChoice } from '../views/timeline/session-bar';
import { type SessionPlanner, loadedFirst } from './loader';
import type { Member, SessionKind } from './session';

/** Most steps and collectives the alignment menu offers. */
const MAX_CHOICES = 64;

/** A job merged under one alignment: each member's offset and the report of `mergeRanks`. */
export interface JobMerge {
  /** Member index → ps added to its times. */
  offsets: Map<number, number>;
  report: RanksReport;
}

/**
 * A job's clock: what each member contributes, the merge under the recorded clocks, the
 * alignments it offers and how to change it. The timeline and the Ranks tab share it, so a job is
 * read (`rankPartial`) once per member and merged once per alignment picked.
 */
export interface JobClock extends JobMerge {
  /** The members that gave a partial (member index and what its file contributes), in member order. */
  partials: ReadonlyArray<{ member: number; partial: RankPartial }>;
  /** The alignments offered, the clock first. */
  choices: AlignChoice[];
  /** The merge under `align` (a value of `choices`, or one the Ranks tab picks). */
  realign(align: Align): Promise<JobMerge>;
}

/** The timeline label of a member: "rank 0 · host · file", its parts that are known. */
export function memberTitle(m: Member, p: RankPartial | null): string {
  const parts = [m.label];
  if (p?.host && !m.label.includes(p.host)) parts.push(p.host);
  if (m.file !== m.label) parts.push(m.file);
  return parts.join(' · ');
}

/** "rank 1 is claimed by a and b" for every rank more than one file claims. */
function sameRank(known: ReadonlyArray<{ m: Member; p: RankPartial }>): string[] {
  const files = new Map<number, string[]>();
  for (const { m, p } of known) if (p.rank !== null) files.set(p.rank, [...(files.get(p.rank) ?? []), m.file]);
  return [...files].filter(([, f]) => f.length > 1).map(([rank, f]) => `rank ${rank} is claimed by ${f.join(' and ')}`);
}

/** What member `m`'s file (named `file` in the job) says of its rank and host; null when it failed or cannot tell. */
async function partialOf(m: Member, file: string): Promise<RankPartial | null> {
  if (!m.profile) return null;
  try {
    return await m.engine.rankPartial(file);
  } catch {
    return null;
  }
}

/** `m`'s file name, with " (2)", " (3)", ... after it when files before it have the same name. */
function uniqueName(members: readonly Member[], m: Member): string {
  const before = members.slice(0, members.indexOf(m)).filter((x) => x.file === m.file).length;
  return before === 0 ? m.file : `${m.file} (${before + 1})`;
}

/** The file name without its profile extensions ("host0" of "host0.xplane.pb"). */
function stem(file: string): string {
  return file.replace(/(\.(pt\.)?trace)?\.(json|pb|xplane\.pb|perfetto-trace|pftrace)(\.gz)?$/i, '').replace(/\.xplane$/i, '');
}

/**
 * Plans a session of several files: kind, labels, order, problems, and for a job its clock
 * (`clock` is set, for the loader's caller to read with `takeClock`).
 */
export class JobPlanner {
  private clock: JobClock | null = null;
  private titles = new Map<number, string>();

  readonly plan: SessionPlanner = async (members, forced) => {
    this.clock = null;
    this.titles = new Map();
    const partials = await Promise.all(members.map((m) => partialOf(m, uniqueName(members, m))));
    const identified = partials.filter((p) => p !== null && (p.rank !== null || p.host !== null) && p.identity_source !== 'none');
    const kind: SessionKind = forced ?? (members.length === 2 && identified.length < 2 ? 'compare' : 'job');
    const byIndex = new Map<Member, RankPartial | null>(members.map((m, i) => [m, partials[i] ?? null]));
    for (const m of members) {
      const p = byIndex.get(m) ?? null;
      if (kind === 'compare') m.label = m === members[0] ? 'baseline' : 'candidate';
      else if (p?.rank !== null && p?.rank !== undefined) m.label = `rank ${p.rank}`;
      else if (p?.host) m.label = p.host;
      else m.label = stem(m.file);
    }
    // Ranks in order; files without a rank after them, in their order; failed files last.
    const rankOf = (m: Member): number => byIndex.get(m)?.rank ?? Number.POSITIVE_INFINITY;
    const ordered = kind === 'job' ? [...members].sort((a, b) => rankOf(a) - rankOf(b) || a.index - b.index) : members;
    const sorted = loadedFirst(ordered);
    const problems: string[] = [];
    const sortedPartials = sorted.map((m) => byIndex.get(members.find((x) => x.engine === m.engine)!) ?? null);
    for (const m of sorted) this.titles.set(m.index, memberTitle(m, sortedPartials[m.index] ?? null));
    if (kind === 'job') {
      const loaded = sorted.filter((m) => m.profile !== null);
      const known = loaded.flatMap((m) => {
        const p = sortedPartials[m.index];
        return p ? [{ m, p }] : [];
      });
      if (known.length > 0) {
        const engine = known[0]!.m.engine;
        const merge = async (align: Align): Promise<JobMerge> => {
          const report = await engine.mergeRanks(
            known.map((k) => k.p),
            align,
          );
          const offsets = new Map<number, number>();
          for (const k of known) {
            const r = report.ranks.find((x) => x.file === k.p.file);
            if (r) offsets.set(k.m.index, r.offset_ps);
          }
          return { offsets, report };
        };
        const first = await merge({ mode: 'clock' }).catch((err: unknown) => {
          problems.push(`the ranks could not be merged: ${err instanceof Error ? err.message : String(err)}`);
          return null;
        });
        if (!first) problems.push(...sameRank(known));
        if (first) {
          for (const p of first.report.problems) problems.push(p.file ? `${p.file}: ${p.message}` : p.message);
          const choices: AlignChoice[] = [{ label: 'clock', value: { mode: 'clock' } satisfies Align }];
          for (const s of first.report.steps.slice(0, MAX_CHOICES))
            choices.push({ label: `step ${s.step} start`, value: { mode: 'step', step: s.step } satisfies Align });
          for (const c of first.report.collectives.slice(0, MAX_CHOICES)) {
            choices.push({
              label: `ends of collective ${c.instance} (${c.name}${c.step !== null ? `, step ${c.step}` : ''})`,
              value: { mode: 'collective', instance: c.instance } satisfies Align,
            });
          }
          const partials = known.map((k) => ({ member: k.m.index, partial: k.p }));
          this.clock = { ...first, partials, choices, realign: merge };
        }
      }
    }
    return { kind, members: sorted, problems };
  };

  /** The clock of the session just planned (null when it is no job, or its ranks could not be merged). */
  takeClock(): JobClock | null {
    return this.clock;
  }

  /** The timeline labels of the session just planned, by member index. */
  memberTitles(): ReadonlyMap<number, string> {
    return this.titles;
  }
}
