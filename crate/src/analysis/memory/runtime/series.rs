//! What a chart of an allocator needs at any zoom: the most bytes in use (and reserved) per
//! pixel column, so a peak narrower than a pixel is never lost. Built once per allocator
//! ([`Series`]); a view costs O(width · log n).

use crate::model::Ps;

/// Range maxima over a series: level 0 is the series, each level above holds the maxima of
/// pairs of the one below (2n values in all).
#[derive(Debug)]
pub struct MaxPyramid {
    levels: Vec<Vec<i64>>,
}

impl MaxPyramid {
    /// The pyramid of `values`.
    pub fn new(values: &[i64]) -> MaxPyramid {
        let mut levels = vec![values.to_vec()];
        while let Some(last) = levels.last().filter(|l| l.len() > 1) {
            let up = last
                .chunks(2)
                .map(|c| c.iter().copied().max().unwrap_or(i64::MIN))
                .collect();
            levels.push(up);
        }
        MaxPyramid { levels }
    }

    /// The largest value of `values[a..b]`, `None` when the range is empty.
    pub fn max(&self, mut a: usize, mut b: usize) -> Option<i64> {
        let n = self.levels.first().map_or(0, Vec::len);
        b = b.min(n);
        if a >= b {
            return None;
        }
        let mut best = i64::MIN;
        for level in &self.levels {
            if a >= b {
                break;
            }
            if a % 2 == 1 {
                best = best.max(level[a]);
                a += 1;
            }
            if b % 2 == 1 && a < b {
                b -= 1;
                best = best.max(level[b]);
            }
            a /= 2;
            b /= 2;
        }
        Some(best)
    }
}

/// One allocator's event times with the maxima of its in-use and reserved bytes.
#[derive(Debug)]
pub struct Series {
    times: Vec<Ps>,
    in_use: MaxPyramid,
    reserved: Option<MaxPyramid>,
}

impl Series {
    /// The series of events at `times` with values `in_use` and `reserved` after each.
    pub fn new(times: Vec<Ps>, in_use: &[i64], reserved: Option<&[i64]>) -> Series {
        Series {
            times,
            in_use: MaxPyramid::new(in_use),
            reserved: reserved.map(MaxPyramid::new),
        }
    }

    /// The columns of `[start, end)` split into `width` equal columns (see [`Columns`]).
    pub fn columns(&self, start: Ps, end: Ps, width: usize) -> Columns {
        let width = width.max(1);
        let span = i128::from(end.saturating_sub(start).max(1));
        let edge = |c: usize| start + (span * c as i128 / width as i128) as Ps;
        let mut out = Columns {
            start,
            end: start + span as Ps,
            in_use: Vec::with_capacity(width),
            reserved: self.reserved.as_ref().map(|_| Vec::with_capacity(width)),
        };
        for c in 0..width {
            let (a, b) = (edge(c), edge(c + 1));
            // The value holding at the column's start (the last event at or before it), then
            // every event inside it.
            let lo = self.times.partition_point(|&t| t < a);
            let hi = lo + self.times[lo..].partition_point(|&t| t < b);
            let range = match self.times.partition_point(|&t| t <= a).checked_sub(1) {
                Some(hold) => lo.min(hold)..hi.max(hold + 1),
                None => lo..hi,
            };
            out.in_use.push(self.in_use.max(range.start, range.end));
            if let (Some(r), Some(p)) = (out.reserved.as_mut(), self.reserved.as_ref()) {
                r.push(p.max(range.start, range.end));
            }
        }
        out
    }
}

/// Per pixel column of `[start, end)`, the most bytes in use (and reserved, where stated)
/// at any moment of it: the value holding at its start or any value reached inside it.
/// `None` for a column before the first event.
#[derive(Clone, Debug, PartialEq)]
pub struct Columns {
    /// The range's start.
    pub start: Ps,
    /// The range's end.
    pub end: Ps,
    /// Most bytes in use per column.
    pub in_use: Vec<Option<i64>>,
    /// Most bytes reserved per column, where stated.
    pub reserved: Option<Vec<Option<i64>>>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn pyramid_max_is_the_max_of_the_range(
            values in prop::collection::vec(-1000i64..1000, 0..300),
            a in 0usize..310,
            len in 0usize..310,
        ) {
            let p = MaxPyramid::new(&values);
            let b = (a + len).min(values.len());
            let want = values.get(a..b).and_then(|r| r.iter().copied().max());
            prop_assert_eq!(p.max(a, a + len), want);
        }

        #[test]
        fn columns_hold_the_max_of_every_moment(
            steps in prop::collection::vec((0i64..50, 0i64..1000), 1..200),
            width in 1usize..40,
        ) {
            let mut t = 0;
            let (times, values): (Vec<Ps>, Vec<i64>) =
                steps.iter().map(|&(dt, v)| { t += dt; (t, v) }).unzip();
            let series = Series::new(times.clone(), &values, None);
            let (start, end) = (times[0] / 2, t + 10);
            let cols = series.columns(start, end, width);
            for c in 0..width {
                let a = start + (end - start) * c as i64 / width as i64;
                let b = start + (end - start) * (c as i64 + 1) / width as i64;
                // Brute force: the value at `a` and at every event in [a, b) — for a column
                // narrower than 1 ps (a == b), every event at `a` (each was reached then).
                let holding = times.iter().rposition(|&x| x <= a).map(|k| values[k]);
                let inside = (0..times.len())
                    .filter(|&k| times[k] >= a && (times[k] < b || times[k] == a))
                    .map(|k| values[k])
                    .max();
                let want = holding.into_iter().chain(inside).max();
                prop_assert_eq!(cols.in_use[c], want, "column {}", c);
            }
        }
    }
}
