//! Effect-die (d12) probabilities after modifiers.

/// Probability that a d12 roll plus `modifier` is at least `threshold`.
pub fn probability_at_least(threshold: i32, modifier: i32) -> f64 {
    let successes = (1..=12).filter(|roll| roll + modifier >= threshold).count();
    successes as f64 / 12.0
}

/// For an effect table given by its thresholds (each row applies from its threshold up to the
/// next higher threshold), the probability of landing on each row after `modifier`, in the
/// order given.
pub fn effect_row_probabilities(thresholds: &[i32], modifier: i32) -> Vec<f64> {
    thresholds
        .iter()
        .map(|&low| {
            let next = thresholds.iter().copied().filter(|&t| t > low).min();
            let upper = next.map_or(0.0, |t| probability_at_least(t, modifier));
            probability_at_least(low, modifier) - upper
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_split_the_die() {
        let close = |a: &[f64], b: &[f64]| a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-12);
        assert!(close(
            &effect_row_probabilities(&[7, 10], 0),
            &[3.0 / 12.0, 3.0 / 12.0]
        ));
        assert!(close(
            &effect_row_probabilities(&[7, 10], 2),
            &[3.0 / 12.0, 5.0 / 12.0]
        ));
        assert_eq!(probability_at_least(14, 1), 0.0);
    }
}
