//! Effect-die (d12) probabilities after modifiers, from the codex's `[dice.effect]` faces.

use crate::EFFECT_DIE;

/// Probability that an effect-die roll plus `modifier` is at least `threshold` (any
/// `modifier`: the sum is taken in 64 bits, so no value overflows).
pub fn probability_at_least(threshold: i32, modifier: i32) -> f64 {
    let successes = EFFECT_DIE
        .iter()
        .filter(|face| i64::from(face.value) + i64::from(modifier) >= i64::from(threshold))
        .count();
    successes as f64 / EFFECT_DIE.len() as f64
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

    #[test]
    fn huge_modifiers_do_not_overflow() {
        // `--effect-modifier 2147483636` panicked with an overflow before.
        assert_eq!(probability_at_least(7, 2_147_483_636), 1.0);
        assert_eq!(probability_at_least(7, i32::MIN), 0.0);
        assert_eq!(
            effect_row_probabilities(&[i32::MAX, 7], i32::MAX),
            vec![1.0, 0.0]
        );
    }
}
