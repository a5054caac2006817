//! Seeded bootstrap over items.
//!
//! A benchmark's items are a draw from the functions it could have contained, so a figure averaged
//! over items moves when the draw changes; the bootstrap estimates by how much, by resampling the
//! items with replacement and recomputing the mean. Items, not samples, are resampled: the unbiased
//! pass@k estimator already averages over an item's samples.
//!
//! Reproducibility: the generator is ChaCha8 (a fixed, documented stream) seeded from a `u64`, and
//! indices are drawn by rejection from raw `u64`s rather than through a library's range sampler,
//! whose algorithm may change between releases. Every call starts a fresh generator from the seed,
//! so one interval never depends on which other intervals were computed before it (adding a model
//! or a library to a report does not move the others).

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::stats::Interval;

/// Means of `resamples` resamples (with replacement, same size) of `values`. Empty when `values`
/// is empty or `resamples` is 0.
pub(crate) fn resampled_means(values: &[f64], resamples: usize, seed: u64) -> Vec<f64> {
    if values.is_empty() {
        return Vec::new();
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let len = values.len() as u64;
    (0..resamples)
        .map(|_| {
            let sum: f64 = (0..values.len())
                .map(|_| values[uniform_index(&mut rng, len) as usize])
                .sum();
            sum / values.len() as f64
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

    #[test]
    fn same_seed_same_replicates() {
        let values: Vec<f64> = (0..50).map(|i| f64::from(i % 3 == 0)).collect();
        assert_eq!(
            resampled_means(&values, 100, 1),
            resampled_means(&values, 100, 1)
        );
        assert_ne!(
            resampled_means(&values, 100, 1),
            resampled_means(&values, 100, 2)
        );
    }

    #[test]
    fn pinned_stream() {
        // A change here silently moves every published interval: it must be deliberate.
        let values: Vec<f64> = (0..10).map(f64::from).collect();
        assert_eq!(resampled_means(&values, 3, 0), [4.7, 4.4, 4.7]);
    }

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
