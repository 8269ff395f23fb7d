//! Small statistics for simulation reports.

/// The 95% Wilson score interval for `successes` out of `n` (fractional
/// successes allowed, for shared wins).
pub fn wilson_95(successes: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054;
    let p = successes / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The value at quantile `q` of sorted data (nearest rank); the default
/// (0) for no data.
pub fn quantile<T: Copy + Default>(sorted: &[T], q: f64) -> T {
    if sorted.is_empty() {
        return T::default();
    }
    let rank = (q * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_a_known_value() {
        // 50 of 100: the textbook interval is about 0.404 to 0.596.
        let (lo, hi) = wilson_95(50.0, 100.0);
        assert!(
            (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
            "{lo} {hi}"
        );
        assert_eq!(wilson_95(0.0, 0.0), (0.0, 1.0));
    }

    #[test]
    fn nearest_rank_quantiles() {
        let data = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
        assert_eq!(quantile(&data, 0.5), 5);
        assert_eq!(quantile(&data, 0.95), 10);
        assert_eq!(quantile::<usize>(&[], 0.5), 0);
    }
}
