//! The nesting of one track's slices inside a time range, derived from time containment
//! rather than from lane numbers (a slice that overlaps another without nesting sits on a
//! sub-lane whose number says nothing about its parent).
//!
//! Definitions every selection analysis shares:
//! - **In the range** `[from, to)`: a slice with `start < to` and `end > from`; a slice of
//!   zero duration when `from <= start < to`.
//! - **Order**: by start, the longer first for equal starts, then by lane and slice index.
//! - **Parent**: the last slice before it in that order that encloses it (starts no later,
//!   ends no later, and it starts before the parent ends). For properly nested slices that is
//!   the slice one level up; a slice that overlaps another without nesting gets the innermost
//!   slice enclosing both. A slice of zero duration encloses nothing.
//! - **Wall** time: the duration clipped to the range.
//! - **Self** time: the part of its clipped span where it is the innermost open slice, the
//!   last one in the order among those covering that moment. For properly nested slices that
//!   is the wall time minus the time covered by its direct children; where two slices overlap
//!   without nesting, the shared time is the later one's. So the self times of a track always
//!   add up to its busy time in the range (the union of its slices, clipped).
//!
//! The walk visits only the slices in the range: every lane is binary-searched for its window
//! (a lane never holds overlapping slices, so its starts and its ends are both sorted) and the
//! windows are merged in the order above. Every parent of a slice in the range is in the range
//! too, so nothing outside the windows is read. Cost: O(k log n + m log k) for m slices in the
//! range on k lanes.

use crate::model::{Ps, Trace, TrackId};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::collections::binary_heap::PeekMut;
use std::ops::Range;

/// What [`walk_track`] reports, slice by slice.
pub trait NestingVisitor {
    /// Slice `slice` (an index of the slice table) is in the range and opens, in the order of
    /// the module doc; `parent` is the tag this call returned for its parent, `None` for a
    /// slice without a parent. Returns the slice's own tag.
    fn open(&mut self, slice: usize, parent: Option<u32>) -> u32;

    /// Slice `slice`, tagged `tag` by [`NestingVisitor::open`], is done: its wall and self
    /// time in the range, in ps. Called once per opened slice, after its open and after the
    /// open of any slice it encloses, in no particular order otherwise.
    fn close(&mut self, slice: usize, tag: u32, wall_ps: Ps, self_ps: Ps);
}

/// Walks the slices of `track` that are in `range`, as the module doc defines it, and returns
/// the track's busy time in the range (the sum of the self times). An empty or reversed range
/// visits nothing.
pub fn walk_track(
    trace: &Trace,
    track: TrackId,
    range: Range<Ps>,
    visitor: &mut impl NestingVisitor,
) -> Ps {
    if range.start >= range.end || track.index() >= trace.tracks.len() {
        return 0;
    }
    let s = &trace.slices;
    let mut order = WindowOrder::new(trace, track, &range);
    let mut walk = Walk {
        range,
        innermost: Vec::new(),
        open: Vec::new(),
        now: Ps::MIN,
        busy: 0,
    };
    while let Some(i) = order.next(trace) {
        walk.advance(trace, s.start[i], visitor);
        let end = s.end(i);
        while let Some(&(p, _)) = walk.innermost.last() {
            if s.start[i] < s.end(p) && end <= s.end(p) {
                break;
            }
            walk.innermost.pop();
        }
        let parent = walk.innermost.last().map(|&(_, tag)| tag);
        let tag = visitor.open(i, parent);
        walk.innermost.push((i, tag));
        walk.open.push(Open {
            slice: i,
            tag,
            end,
            owned: 0,
        });
    }
    walk.advance(trace, Ps::MAX, visitor);
    // Only a slice whose end saturated at `Ps::MAX` is still open.
    while let Some(o) = walk.open.pop() {
        let wall = walk.clip(s.start[o.slice], o.end);
        visitor.close(o.slice, o.tag, wall, o.owned);
    }
    walk.busy
}

/// A slice that has opened and not yet been reported closed.
struct Open {
    slice: usize,
    tag: u32,
    end: Ps,
    /// Self time so far.
    owned: Ps,
}

/// The state of one track's walk.
struct Walk {
    range: Range<Ps>,
    /// The chain of enclosing slices of the last slice opened, outermost first: each encloses
    /// the next. A slice popped from it can be the parent of no later slice (a later slice it
    /// would enclose is enclosed by the one that popped it, which comes later in the order).
    innermost: Vec<(usize, u32)>,
    /// Every opened slice not yet closed, in the order they opened; the topmost one that has
    /// not ended owns the time (ended ones below it are closed when they come to the top).
    open: Vec<Open>,
    /// Time up to which self time has been handed out.
    now: Ps,
    busy: Ps,
}

impl Walk {
    /// Length of `[a, b)` inside the range.
    fn clip(&self, a: Ps, b: Ps) -> Ps {
        (b.min(self.range.end) - a.max(self.range.start)).max(0)
    }

    /// Hands out the time from `now` to `t` to the innermost open slices, closing those that
    /// end on the way.
    fn advance(&mut self, trace: &Trace, t: Ps, visitor: &mut impl NestingVisitor) {
        loop {
            while self.open.last().is_some_and(|o| o.end <= self.now) {
                let o = self.open.pop().expect("checked above");
                let wall = self.clip(trace.slices.start[o.slice], o.end);
                visitor.close(o.slice, o.tag, wall, o.owned);
            }
            let Some(top) = self.open.last() else {
                self.now = self.now.max(t);
                return;
            };
            let until = top.end.min(t);
            let got = self.clip(self.now, until);
            self.open.last_mut().expect("checked above").owned += got;
            self.busy += got;
            self.now = until;
            if until == t {
                return;
            }
        }
    }
}

/// The slices of one track in the range, lane windows merged into the module doc's order.
struct WindowOrder {
    /// Per lane with slices in the range: the next slice and one past its last.
    cursors: Vec<(usize, usize)>,
    /// Each lane's next slice, smallest key on top.
    heap: BinaryHeap<Reverse<OrderKey>>,
}

/// (start, longer first, lane cursor, slice): the module doc's order.
type OrderKey = (Ps, Reverse<Ps>, u32, u32);

impl WindowOrder {
    fn new(trace: &Trace, track: TrackId, range: &Range<Ps>) -> Self {
        let s = &trace.slices;
        let mut cursors = Vec::new();
        for lane in trace.index.lanes_of(track) {
            let r = lane.range();
            // Before the range: ended by its start (or, of zero duration, placed before it).
            let lo = partition_point(r.clone(), |i| {
                s.end(i) <= range.start && s.start[i] < range.start
            });
            let hi = partition_point(r, |i| s.start[i] < range.end);
            if lo < hi {
                cursors.push((lo, hi));
            }
        }
        let mut order = WindowOrder {
            heap: BinaryHeap::with_capacity(cursors.len()),
            cursors,
        };
        for c in 0..order.cursors.len() {
            order.push(trace, c);
        }
        order
    }

    /// Puts lane cursor `c`'s next slice on the heap, if it has one left.
    fn push(&mut self, trace: &Trace, c: usize) {
        let (i, hi) = self.cursors[c];
        if i < hi {
            self.heap.push(Reverse(key(trace, c, i)));
        }
    }

    fn next(&mut self, trace: &Trace) -> Option<usize> {
        // The lane's next slice replaces its last on the top: one sift instead of two.
        let mut top = self.heap.peek_mut()?;
        let Reverse((_, _, c, i)) = *top;
        let cursor = &mut self.cursors[c as usize];
        cursor.0 += 1;
        if cursor.0 < cursor.1 {
            *top = Reverse(key(trace, c as usize, cursor.0));
        } else {
            PeekMut::pop(top);
        }
        Some(i as usize)
    }
}

/// The order key of slice `i`, the next one of lane cursor `c`.
fn key(trace: &Trace, c: usize, i: usize) -> OrderKey {
    let s = &trace.slices;
    (s.start[i], Reverse(s.dur[i]), c as u32, i as u32)
}

/// The first index of `r` for which `before` is false; `before` must be true for a prefix.
fn partition_point(r: Range<usize>, before: impl Fn(usize) -> bool) -> usize {
    let (mut lo, mut hi) = (r.start, r.end);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if before(mid) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ArgSetId, CategoryId, Format, TraceBuilder, TrackKind};

    /// A slice's name, its parent's name, wall and self time.
    type Row = (String, Option<String>, Ps, Ps);

    /// What the walk reports: opens (slice, parent's tag = its slice) and closes (slice, wall, self).
    #[derive(Default)]
    struct Record(Vec<(usize, Option<u32>)>, Vec<(usize, Ps, Ps)>);

    impl NestingVisitor for Record {
        fn open(&mut self, slice: usize, parent: Option<u32>) -> u32 {
            self.0.push((slice, parent));
            slice as u32
        }
        fn close(&mut self, slice: usize, _tag: u32, wall_ps: Ps, self_ps: Ps) {
            self.1.push((slice, wall_ps, self_ps));
        }
    }

    fn walk(slices: &[(&str, Ps, Ps)], range: Range<Ps>) -> (Vec<Row>, Ps) {
        let mut b = TraceBuilder::new(Format::ChromeJson);
        let p = b.add_process("p", "1", 0);
        let t = b.add_track(p, "t", "1", 0, TrackKind::Slices);
        for &(name, start, dur) in slices {
            let n = b.intern(name);
            b.add_slice(t, start, dur, n, CategoryId::NONE, ArgSetId::NONE);
        }
        let trace = b.finish();
        let mut r = Record::default();
        let busy = walk_track(&trace, TrackId(0), range, &mut r);
        let name = |i: usize| trace.str(trace.slices.name[i]).to_owned();
        let mut out: Vec<_> =
            r.0.iter()
                .map(|&(i, parent)| {
                    let &(_, wall, own) = r.1.iter().find(|c| c.0 == i).expect("closed once");
                    (name(i), parent.map(|p| name(p as usize)), wall, own)
                })
                .collect();
        out.sort();
        assert_eq!(r.0.len(), r.1.len());
        (out, busy)
    }

    fn row(name: &str, parent: Option<&str>, wall: Ps, own: Ps) -> Row {
        (name.into(), parent.map(Into::into), wall, own)
    }

    #[test]
    fn nested_slices_clip_to_the_range() {
        // root [0, 100) ⊃ a [10, 40) ⊃ b [20, 30); c [50, 60); range [25, 55).
        let slices = [
            ("root", 0, 100),
            ("a", 10, 30),
            ("b", 20, 10),
            ("c", 50, 10),
        ];
        let (got, busy) = walk(&slices, 25..55);
        assert_eq!(
            got,
            [
                row("a", Some("root"), 15, 10),
                row("b", Some("a"), 5, 5),
                row("c", Some("root"), 5, 5),
                row("root", None, 30, 10),
            ]
        );
        assert_eq!(busy, 30);
        // Nothing before, at or after the range's ends.
        assert_eq!(walk(&slices, 100..200).0, []);
        assert_eq!(walk(&slices, 30..30).0, []);
    }

    #[test]
    fn a_misfit_gets_the_enclosing_parent_and_the_shared_time() {
        // outer [0, 100) ⊃ x [10, 30), y [20, 50) overlapping x without nesting; z [25, 28)
        // inside both goes to y, the later one; a zero-duration mark at 60.
        let slices = [
            ("outer", 0, 100),
            ("x", 10, 20),
            ("y", 20, 30),
            ("z", 25, 3),
            ("mark", 60, 0),
        ];
        let (got, busy) = walk(&slices, 0..100);
        assert_eq!(
            got,
            [
                row("mark", Some("outer"), 0, 0),
                row("outer", None, 100, 60),
                row("x", Some("outer"), 20, 10),
                row("y", Some("outer"), 30, 27),
                row("z", Some("y"), 3, 3),
            ]
        );
        assert_eq!(busy, 100);
        // A zero-duration slice at the range's start is in it, one at its end is not.
        assert_eq!(
            walk(&slices, 60..70)
                .0
                .iter()
                .filter(|r| r.0 == "mark")
                .count(),
            1
        );
        assert_eq!(
            walk(&slices, 50..60)
                .0
                .iter()
                .filter(|r| r.0 == "mark")
                .count(),
            0
        );
    }
}
