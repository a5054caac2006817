//! Seeded two-level bootstrap: items, then samples within items.
//!
//! A benchmark's items are a draw from the functions it could have contained, and each item's
//! samples are a draw from what the model could have answered; a figure averaged over items moves
//! when either draw changes. The bootstrap estimates by how much: each replicate resamples the
//! items with replacement and then, within each drawn item, its samples with replacement (so
//! `c` passes of `n` become `c'` of `n`), and recomputes the figure. Resampling items only would
//! call 3 items at 2 of 5 each "40.0% [40.0, 40.0]", as though 5 samples settled each item.
//!
//! Reproducibility: the generator is ChaCha8 (a fixed, documented stream) seeded from a `u64`, and
//! indices are drawn by rejection from raw `u64`s rather than through a library's range sampler,
//! whose algorithm may change between releases. Every call starts a fresh generator from the seed,
//! so one interval never depends on which other intervals were computed before it (adding a model
//! or a library to a report does not move the others).

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::stats::Interval;

/// Draws of one replicate: which items, and how many of a drawn item's samples pass.
pub(crate) struct Resampler {
    rng: ChaCha8Rng,
}

impl Resampler {
    /// Passes among `n` samples drawn with replacement from `n` of which `c` passed. An item
    /// that always or never passed takes no draws: every resample of it is the same.
    pub(crate) fn passes(&mut self, n: u64, c: u64) -> u64 {
        if c == 0 || c >= n {
            return c.min(n);
        }
        (0..n)
            .filter(|_| uniform_index(&mut self.rng, n) < c)
            .count() as u64
    }
}

/// `resamples` replicates of the mean over items of `value`: each replicate draws as many items
/// as there are, with replacement, and asks `value` for each drawn item's figure (which resamples
/// the item's samples through the [`Resampler`]). Empty when `items` is empty or `resamples` is 0.
pub(crate) fn two_level_means<T>(
    items: &[T],
    resamples: usize,
    seed: u64,
    value: impl Fn(&T, &mut Resampler) -> f64,
) -> Vec<f64> {
    if items.is_empty() {
        return Vec::new();
    }
    let mut resampler = Resampler {
        rng: ChaCha8Rng::seed_from_u64(seed),
    };
    let len = items.len() as u64;
    (0..resamples)
        .map(|_| {
            let sum: f64 = (0..items.len())
                .map(|_| {
                    let item = &items[uniform_index(&mut resampler.rng, len) as usize];
                    value(item, &mut resampler)
                })
                .sum();
            sum / items.len() as f64
        })
        .collect()
}

/// Uniform integer in `0..bound` without modulo bias: values below `2^64 mod bound` are redrawn,
/// which leaves a range whose size is a multiple of `bound`.
fn uniform_index(rng: &mut ChaCha8Rng, bound: u64) -> u64 {
    let rejected_below = bound.wrapping_neg() % bound;
    loop {
        let x = rng.next_u64();
        if x >= rejected_below {
            return x % bound;
        }
    }
}

/// Percentile interval holding the central `confidence` share of `replicates` (linear
/// interpolation between order statistics). `None` without replicates.
pub(crate) fn percentile_interval(replicates: &[f64], confidence: f64) -> Option<Interval> {
    if replicates.is_empty() {
        return None;
    }
    let mut sorted = replicates.to_vec();
    sorted.sort_by(f64::total_cmp);
    let tail = (1.0 - confidence.clamp(0.0, 1.0)) / 2.0;
    Some(Interval {
        low: quantile(&sorted, tail),
        high: quantile(&sorted, 1.0 - tail),
    })
}

fn quantile(sorted: &[f64], q: f64) -> f64 {
    let position = q * (sorted.len() - 1) as f64;
    let below = position.floor() as usize;
    let above = position.ceil() as usize;
    sorted[below] + (sorted[above] - sorted[below]) * (position - below as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_are_uniform_enough() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut counts = [0u32; 3];
        for _ in 0..30_000 {
            counts[uniform_index(&mut rng, 3) as usize] += 1;
        }
        assert!(
            counts.iter().all(|&c| (9_500..10_500).contains(&c)),
            "{counts:?}"
        );
    }

    fn rates(items: &[(u64, u64)], resamples: usize, seed: u64) -> Vec<f64> {
        two_level_means(items, resamples, seed, |&(n, c), r| {
            r.passes(n, c) as f64 / n as f64
        })
    }

    #[test]
    fn same_seed_same_replicates() {
        let items: Vec<(u64, u64)> = (0..50).map(|i| (5, i % 6)).collect();
        assert_eq!(rates(&items, 100, 1), rates(&items, 100, 1));
        assert_ne!(rates(&items, 100, 1), rates(&items, 100, 2));
    }

    #[test]
    fn samples_within_items_are_resampled_too() {
        // Three items at 2 of 5 each: every item-level resample has mean 0.4, yet 5 samples per
        // item settle little; the replicates must spread.
        let replicates = rates(&[(5, 2); 3], 1000, 0);
        let interval = percentile_interval(&replicates, 0.95).unwrap();
        assert!(interval.low < 0.3 && interval.high > 0.5, "{interval:?}");
        // Items that always or never pass are certain within themselves.
        let replicates = rates(&[(5, 5), (5, 5)], 100, 0);
        assert!(replicates.iter().all(|&r| r == 1.0));
    }

    #[test]
    fn pinned_stream() {
        // A change here silently moves every published interval: it must be deliberate.
        let items: Vec<(u64, u64)> = (0..10).map(|i| (4, i % 5)).collect();
        assert_eq!(rates(&items, 3, 0), PINNED);
    }

    const PINNED: [f64; 3] = [0.45, 0.475, 0.525];

    #[test]
    fn percentiles_interpolate() {
        let replicates: Vec<f64> = (0..=100).map(f64::from).collect();
        let interval = percentile_interval(&replicates, 0.95).unwrap();
        assert!((interval.low - 2.5).abs() < 1e-9 && (interval.high - 97.5).abs() < 1e-9);
        assert!(percentile_interval(&[], 0.95).is_none());
        let single = percentile_interval(&[0.3], 0.95).unwrap();
        assert_eq!((single.low, single.high), (0.3, 0.3));
    }
}
