//! Pairs the rows of two sides, one to one, by named rules tried in order.
//!
//! Each rule gives a row a key (or none: the rule does not apply to it). Among the rows still
//! unpaired, rows with equal keys pair up: first those whose tie-breaker is equal too, then
//! the rest by time, longest with longest. What no rule pairs is `added` (candidate only) or
//! `removed` (base only); nothing is dropped, so every row of both sides is in exactly one
//! pair.

use std::collections::BTreeMap;

/// One matching rule.
pub struct Rule<'r, T> {
    /// Its name, as the report's `rule` column shows it.
    pub name: &'static str,
    /// The row's key under this rule; `None` when the rule does not apply to the row.
    pub key: &'r dyn Fn(&T) -> Option<String>,
    /// Decides among rows of equal keys: equal tie-breakers pair first.
    pub tie: &'r dyn Fn(&T) -> String,
}

impl<T> std::fmt::Debug for Rule<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rule").field("name", &self.name).finish()
    }
}

/// One pair: a base row, a candidate row or both, and the rule that paired them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pair {
    pub base: Option<usize>,
    pub cand: Option<usize>,
    /// `None` for a row on one side only.
    pub rule: Option<&'static str>,
}

/// Pairs `base` with `cand` by `rules` (see the module doc); `time` orders rows of equal key.
/// Pairs come matched first (in rule order), then removed, then added rows.
pub fn pair_rows<T>(
    base: &[T],
    cand: &[T],
    rules: &[Rule<T>],
    time: impl Fn(&T) -> i64,
) -> Vec<Pair> {
    let mut base_done = vec![false; base.len()];
    let mut cand_done = vec![false; cand.len()];
    let mut pairs = Vec::new();
    for rule in rules {
        let groups = |rows: &[T], done: &[bool]| {
            let mut g: BTreeMap<String, Vec<usize>> = BTreeMap::new();
            for (i, r) in rows.iter().enumerate() {
                if !done[i] {
                    if let Some(k) = (rule.key)(r) {
                        g.entry(k).or_default().push(i);
                    }
                }
            }
            g
        };
        let cand_groups = groups(cand, &cand_done);
        for (key, bs) in groups(base, &base_done) {
            let Some(cs) = cand_groups.get(&key) else {
                continue;
            };
            let mut cs: Vec<usize> = cs.clone();
            let mut rest = Vec::new();
            for b in bs {
                let tie = (rule.tie)(&base[b]);
                match cs.iter().position(|&c| (rule.tie)(&cand[c]) == tie) {
                    Some(k) => {
                        let c = cs.remove(k);
                        (base_done[b], cand_done[c]) = (true, true);
                        pairs.push((b, c, rule.name));
                    }
                    None => rest.push(b),
                }
            }
            rest.sort_by_key(|&b| std::cmp::Reverse(time(&base[b])));
            cs.sort_by_key(|&c| std::cmp::Reverse(time(&cand[c])));
            for (b, c) in rest.into_iter().zip(cs) {
                (base_done[b], cand_done[c]) = (true, true);
                pairs.push((b, c, rule.name));
            }
        }
    }
    let mut out: Vec<Pair> = pairs
        .into_iter()
        .map(|(b, c, rule)| Pair {
            base: Some(b),
            cand: Some(c),
            rule: Some(rule),
        })
        .collect();
    out.extend((0..base.len()).filter(|&b| !base_done[b]).map(|b| Pair {
        base: Some(b),
        cand: None,
        rule: None,
    }));
    out.extend((0..cand.len()).filter(|&c| !cand_done[c]).map(|c| Pair {
        base: None,
        cand: Some(c),
        rule: None,
    }));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_apply_in_order_ties_first_then_by_time_and_nothing_is_dropped() {
        // (name, shape, time)
        let base = [
            ("a", "x", 5),
            ("b", "y", 9),
            ("c", "y", 1),
            ("gone", "z", 3),
        ];
        let cand = [
            ("c", "y", 2),
            ("b2", "y", 8),
            ("a", "w", 6),
            ("new", "q", 4),
        ];
        let by_shape = |r: &(&str, &str, i64)| Some(r.1.to_owned());
        let by_name = |r: &(&str, &str, i64)| Some(r.0.to_owned());
        let name = |r: &(&str, &str, i64)| r.0.to_owned();
        let none = |_: &(&str, &str, i64)| String::new();
        let rules = [
            Rule {
                name: "shape",
                key: &by_shape,
                tie: &name,
            },
            Rule {
                name: "name",
                key: &by_name,
                tie: &none,
            },
        ];
        let pairs = pair_rows(&base, &cand, &rules, |r| r.2);
        let p = |b: Option<usize>, c: Option<usize>, rule: Option<&'static str>| Pair {
            base: b,
            cand: c,
            rule,
        };
        assert_eq!(
            pairs,
            vec![
                // shape y: `c` pairs with `c` by its tie-breaker, then `b` with `b2`.
                p(Some(2), Some(0), Some("shape")),
                p(Some(1), Some(1), Some("shape")),
                p(Some(0), Some(2), Some("name")),
                p(Some(3), None, None),
                p(None, Some(3), None),
            ]
        );
    }
}
