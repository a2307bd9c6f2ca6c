//! Work items made on several threads and taken in order on the calling thread: how one
//! importer uses more than one core and still builds the model exactly as on one.
//!
//! Contract: [`in_order`] gives `take` a [`Pull`] whose `next_made` returns `make(&items[0])`,
//! `make(&items[1])`, … then `None`, whatever the number of threads; `make` must be a pure
//! function of its item (it runs on any thread, in any order). Natively, with `threads > 1`,
//! `threads - 1` helper threads make items ahead of the one taken (at most two per thread
//! ahead, which bounds the memory the made items hold), while the calling thread
//! takes them, making an item itself when no helper has started it. On `wasm32` (no threads)
//! and with `threads <= 1`, each item is made when it is pulled. A helper whose `make`
//! panics leaves its item to the calling thread, which makes it again (so the panic, if it
//! repeats, happens where the caller can see it).

/// Yields the made items in order (see the module doc).
pub struct Pull<'s, R> {
    source: Source<'s, R>,
}

enum Source<'s, R> {
    /// Each item made when pulled.
    Here(Box<dyn FnMut() -> Option<R> + 's>),
    /// Items made by helper threads.
    #[cfg(not(target_arch = "wasm32"))]
    Helpers(threaded::Taker<'s, R>),
}

impl<R> Pull<'_, R> {
    /// The next item made, in item order; `None` after the last.
    pub fn next_made(&mut self) -> Option<R> {
        match &mut self.source {
            Source::Here(next) => next(),
            #[cfg(not(target_arch = "wasm32"))]
            Source::Helpers(taker) => taker.next_made(),
        }
    }
}

impl<R> std::fmt::Debug for Pull<'_, R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Pull")
    }
}

/// Runs `take` with a [`Pull`] of `make` over `items` on up to `threads` threads (see the
/// module doc); returns what `take` returns. Items `take` does not pull are made by no one
/// after it returns.
pub fn in_order<T, R, O>(
    threads: usize,
    items: &[T],
    make: impl Fn(&T) -> R + Sync,
    take: impl FnOnce(&mut Pull<'_, R>) -> O,
) -> O
where
    T: Sync,
    R: Send,
{
    #[cfg(not(target_arch = "wasm32"))]
    if threads > 1 && items.len() > 1 {
        return threaded::run(threads, items, &make, take);
    }
    let _ = threads;
    let mut at = 0;
    let next = move || {
        let item = items.get(at)?;
        at += 1;
        Some(make(item))
    };
    take(&mut Pull {
        source: Source::Here(Box::new(next)),
    })
}

#[cfg(not(target_arch = "wasm32"))]
mod threaded {
    use super::{Pull, Source};
    use std::collections::HashMap;
    use std::panic::{AssertUnwindSafe, catch_unwind};
    use std::sync::{Condvar, Mutex, MutexGuard};

    /// Items a helper may make ahead of the last one taken, per thread.
    const AHEAD_PER_THREAD: usize = 2;

    /// What the threads share.
    struct Shared<R> {
        state: Mutex<State<R>>,
        changed: Condvar,
    }

    struct State<R> {
        /// The first item no thread has started.
        next_claim: usize,
        /// Items taken so far.
        taken: usize,
        /// Items made and not taken yet.
        made: HashMap<usize, R>,
        /// Items a helper failed to make, left to the calling thread.
        failed: Vec<usize>,
        /// Set when the caller is done: helpers stop.
        stop: bool,
    }

    impl<R> Shared<R> {
        fn lock(&self) -> MutexGuard<'_, State<R>> {
            self.state.lock().unwrap_or_else(|e| e.into_inner())
        }

        fn wait<'g>(&self, guard: MutexGuard<'g, State<R>>) -> MutexGuard<'g, State<R>> {
            self.changed.wait(guard).unwrap_or_else(|e| e.into_inner())
        }
    }

    /// The calling thread's end of a threaded [`Pull`].
    pub(super) struct Taker<'s, R> {
        shared: &'s Shared<R>,
        len: usize,
        make: &'s (dyn Fn(usize) -> R + Sync),
    }

    impl<R> Taker<'_, R> {
        pub(super) fn next_made(&mut self) -> Option<R> {
            let mut state = self.shared.lock();
            let k = state.taken;
            if k >= self.len {
                return None;
            }
            loop {
                if let Some(made) = state.made.remove(&k) {
                    state.taken += 1;
                    self.shared.changed.notify_all();
                    return Some(made);
                }
                let failed = state.failed.contains(&k);
                if state.next_claim == k || failed {
                    if !failed {
                        state.next_claim += 1;
                    }
                    drop(state);
                    let made = (self.make)(k);
                    let mut state = self.shared.lock();
                    state.taken += 1;
                    self.shared.changed.notify_all();
                    return Some(made);
                }
                state = self.shared.wait(state);
            }
        }
    }

    /// Helpers make items while `take` runs on this thread.
    pub(super) fn run<T, R, O>(
        threads: usize,
        items: &[T],
        make: &(impl Fn(&T) -> R + Sync),
        take: impl FnOnce(&mut Pull<'_, R>) -> O,
    ) -> O
    where
        T: Sync,
        R: Send,
    {
        let shared = Shared {
            state: Mutex::new(State {
                next_claim: 0,
                taken: 0,
                made: HashMap::new(),
                failed: Vec::new(),
                stop: false,
            }),
            changed: Condvar::new(),
        };
        let ahead = AHEAD_PER_THREAD * threads;
        let make_at = |k: usize| make(&items[k]);
        std::thread::scope(|scope| {
            for _ in 1..threads {
                scope.spawn(|| help(&shared, items.len(), ahead, &make_at));
            }
            let taker = Taker {
                shared: &shared,
                len: items.len(),
                make: &make_at,
            };
            let out = take(&mut Pull {
                source: Source::Helpers(taker),
            });
            shared.lock().stop = true;
            shared.changed.notify_all();
            out
        })
    }

    /// A helper's loop: claim the next item within the window, make it, store it.
    fn help<R>(shared: &Shared<R>, len: usize, ahead: usize, make: &(dyn Fn(usize) -> R + Sync)) {
        loop {
            let mut state = shared.lock();
            while !state.stop && state.next_claim < len && state.next_claim >= state.taken + ahead {
                state = shared.wait(state);
            }
            if state.stop || state.next_claim >= len {
                return;
            }
            let k = state.next_claim;
            state.next_claim += 1;
            drop(state);
            let made = catch_unwind(AssertUnwindSafe(|| make(k)));
            let mut state = shared.lock();
            match made {
                Ok(made) => {
                    state.made.insert(k, made);
                }
                Err(_) => state.failed.push(k),
            }
            shared.changed.notify_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_thread_count_gives_the_items_in_order() {
        let items: Vec<u64> = (0..200).collect();
        for threads in [0, 1, 2, 3, 8] {
            let got = in_order(
                threads,
                &items,
                |&x| x * x,
                |pull| {
                    let mut out = Vec::new();
                    while let Some(v) = pull.next_made() {
                        out.push(v);
                    }
                    out
                },
            );
            let want: Vec<u64> = items.iter().map(|x| x * x).collect();
            assert_eq!(got, want, "{threads} threads");
        }
    }

    #[test]
    fn a_take_that_stops_early_returns() {
        let items: Vec<u32> = (0..1000).collect();
        let first = in_order(4, &items, |&x| x + 1, |pull| pull.next_made());
        assert_eq!(first, Some(1));
    }

    #[test]
    fn a_helper_that_panics_leaves_its_item_to_the_caller() {
        let main = std::thread::current().id();
        let items: Vec<u32> = (0..50).collect();
        let got = in_order(
            3,
            &items,
            |&x| {
                if x == 7 && std::thread::current().id() != main {
                    panic!("helper fails on item 7");
                }
                x
            },
            |pull| std::iter::from_fn(|| pull.next_made()).collect::<Vec<u32>>(),
        );
        assert_eq!(got, items);
    }
}
