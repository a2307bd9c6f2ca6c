// The session: the profiles opened together by one load. One file is a 'single' session (the
// page as it always was); the ranks or hosts of one job are a 'job'; two runs side by side are a
// 'compare'. Every member has its own engine (a Wasm instance and its memory, engine/pool.ts); a member
// that failed keeps its one-line error and the others stay usable.

import type { Engine, Profile } from '../engine/engine';

export interface Member {
  index: number; // order in the session
  file: string; // display name of the source
  label: string; // 'rank 0', 'host0', 'baseline', ...
  engine: Engine; // its own worker and Wasm memory
  profile: Profile | null; // null while loading or after an error
  error: string | null; // one line when it failed
}
export type SessionKind = 'single' | 'job' | 'compare';
export interface Session {
  kind: SessionKind;
  members: readonly Member[];
}

/** The members that loaded (a profile and no error), in session order. */
export function loadedMembers(session: Session): Member[] {
  return session.members.filter((m) => m.profile !== null && m.error === null);
}

/** How a member is named to a person: "rank 0 (rank-0.pt.trace.json.gz)", or its file alone when that is its label. */
export function memberName(m: Pick<Member, 'label' | 'file'>): string {
  return m.label === m.file ? m.file : `${m.label} (${m.file})`;
}
