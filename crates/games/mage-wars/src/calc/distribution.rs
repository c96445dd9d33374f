//! Exact damage distributions for any number of attack dice, in time quadratic in the dice.
//!
//! The die comes from the codex (`[dice.attack]`, the generated [`ATTACK_DIE`]): each face
//! shows normal damage, which armor reduces as a whole, or critical damage, which armor does
//! not reduce.
//!
//! # The algorithm
//!
//! Let `a(z)` be the normal damage of one die known not to be critical and `b(z)` the critical
//! damage of one die known to be critical (probability generating functions), `p` the chance of
//! a critical face, and `P(m)` the binomial chance that `m` of the `n` dice are critical.
//! Armor `A` turns the normal damage `N` of `k` dice into `max(N - A, 0)`; call its generating
//! function `E_k`. Then the damage is `G = Σ_m P(m) b^m E_(n-m)`.
//!
//! `E_k` is almost `a · E_(k-1)`: the two differ only at degrees `0..=deg a` (a die can only
//! carry damage over the armor from just below it), so `E_k = a · E_(k-1) - c_k` with a short
//! correction `c_k`, and `E_k = a^k - Σ_(i≤k) a^(k-i) c_i`. Substituting,
//! `G = ((1-p) a + p b)^n - Σ_i c_i · W_i` with `W_i = Σ_(m ≤ n-i) P(m) b^m a^(n-m-i)`, and
//! `W_i = a · W_(i+1) + P(n-i) b^(n-i)`. Every step is a product with a polynomial of the die's
//! size or a sum, so the whole is `O(n²)` time and `O(n)` memory, where convolving the normal
//! and critical parts for every `m` would be `O(n³)`.

use serde::Serialize;

use crate::{AttackDieFace, ATTACK_DIE};

/// Most attack dice the calculator accepts; the real game never comes near it, and beyond it
/// a distribution is only noise in its tails.
pub const MAX_ATTACK_DICE: u32 = 1000;

/// Why a distribution cannot be computed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CalcError {
    /// More dice than [`MAX_ATTACK_DICE`].
    TooManyDice {
        /// The dice asked for.
        dice: u32,
    },
}

impl std::fmt::Display for CalcError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CalcError::TooManyDice { dice } => write!(
                f,
                "{dice} attack dice is more than the calculator takes (at most {MAX_ATTACK_DICE})"
            ),
        }
    }
}

impl std::error::Error for CalcError {}

/// What the damage of one roll depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct DamageQuery {
    /// Attack dice rolled (after every modifier).
    pub dice: u32,
    /// The defender's armor (after Corrode and armor modifiers).
    pub armor: u32,
    /// Piercing +X of the attack.
    pub piercing: u32,
    /// The defender is Incorporeal.
    pub incorporeal: bool,
    /// The attack is Ethereal (full damage to Incorporeal defenders).
    pub ethereal: bool,
    /// Every point rolled counts as critical damage (attack trait "Critical Damage").
    pub all_critical: bool,
}

impl DamageQuery {
    /// The armor that applies after Piercing, Incorporeal and all-critical attacks.
    pub fn effective_armor(&self) -> u32 {
        if self.incorporeal || self.all_critical {
            0
        } else {
            self.armor.saturating_sub(self.piercing)
        }
    }

    /// True when the defender counts only the 1s on the dice.
    pub fn counts_only_ones(&self) -> bool {
        self.incorporeal && !self.ethereal
    }
}

/// A damage distribution with its summary numbers.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DamageSummary {
    /// The query it answers.
    pub query: DamageQuery,
    /// `distribution[d]` = probability of exactly `d` damage.
    pub distribution: Vec<f64>,
    /// Mean damage.
    pub expected_damage: f64,
    /// Probability that damage reaches the remaining life, when a life was given.
    pub p_destroy: Option<f64>,
    /// Probability that the defender avoids the whole attack (a Defense); `distribution`,
    /// `expected_damage` and `p_destroy` already count an avoided attack as no damage.
    pub p_avoided: f64,
}

impl DamageSummary {
    /// Summarises `query`; `remaining_life` (Life minus damage already taken) gives `p_destroy`.
    pub fn new(query: DamageQuery, remaining_life: Option<u32>) -> Result<Self, CalcError> {
        Self::avoidable(query, remaining_life, 0.0)
    }

    /// [`DamageSummary::new`] for an attack the defender avoids (takes no damage from) with
    /// probability `p_avoided` (kept within [0, 1]): every damage is that much less likely,
    /// and no damage that much more.
    pub fn avoidable(
        query: DamageQuery,
        remaining_life: Option<u32>,
        p_avoided: f64,
    ) -> Result<Self, CalcError> {
        if query.dice > MAX_ATTACK_DICE {
            return Err(CalcError::TooManyDice { dice: query.dice });
        }
        let p_avoided = p_avoided.clamp(0.0, 1.0);
        let mut distribution = damage_distribution(&query);
        if p_avoided > 0.0 {
            for p in &mut distribution {
                *p *= 1.0 - p_avoided;
            }
            distribution[0] += p_avoided;
        }
        let expected_damage = distribution
            .iter()
            .enumerate()
            .fold(0.0, |sum, (d, p)| sum + d as f64 * p);
        // Summed from +0.0 (an empty `Sum` of f64 is -0.0) and kept within [0, 1].
        let p_destroy = remaining_life.map(|life| {
            distribution
                .iter()
                .skip(life as usize)
                .fold(0.0, |sum, p| sum + p)
                .clamp(0.0, 1.0)
        });
        Ok(Self {
            query,
            distribution,
            expected_damage,
            p_destroy,
            p_avoided,
        })
    }
}

/// The exact distribution of damage: index = damage, value = probability (sums to 1).
///
/// Quadratic in `query.dice` (see the module docs); callers taking dice counts from users
/// should go through [`DamageSummary::new`], which enforces [`MAX_ATTACK_DICE`].
pub fn damage_distribution(query: &DamageQuery) -> Vec<f64> {
    let n = query.dice as usize;
    let die = DieSplit::attack_die();
    if query.counts_only_ones() {
        return power(&die.ones_only, n);
    }
    if query.all_critical {
        return power(&die.all_critical, n);
    }
    let total = power(&die.whole, n);
    let armor = query.effective_armor() as usize;
    if armor == 0 || n == 0 {
        return total;
    }
    let width = die.normal.len();
    let pad = width - 1;
    let full = (die.whole.len() - 1) * n + 1;
    // One allocation for every working table: the corrections, then W_i and b^m, each with a
    // buffer to convolve into (convolving swaps the two instead of copying back), each padded
    // (see `convolve_padded`).
    let padded = full + 2 * pad;
    let mut work = vec![0.0; n * width + 4 * padded];
    let (corrections, buffers) = work.split_at_mut(n * width);
    armor_corrections(&die.normal, n, armor, corrections);
    let (w_buffers, crit_buffers) = buffers.split_at_mut(2 * padded);
    let (mut w, mut w_next) = w_buffers.split_at_mut(padded);
    let (mut crit, mut crit_next) = crit_buffers.split_at_mut(padded);
    let mut result = total;
    // Far tails of many dice underflow to 0 and were trimmed; the sums below need every slot.
    result.resize(full, 0.0);
    // W_i for i = n down to 1, built in place; `crit` holds b^m for m = n - i.
    let ln_binomial = LnBinomial::new(n);
    let (ln_p, ln_q) = (die.p_critical.ln(), (1.0 - die.p_critical).ln());
    let chance_of_criticals = |m: usize| {
        let ln = ln_binomial.ln_choose(n, m) + m as f64 * ln_p + (n - m) as f64 * ln_q;
        if ln.is_finite() {
            ln.exp()
        } else {
            0.0
        }
    };
    let mut w_len = 1;
    crit[pad] = 1.0;
    let mut crit_len = 1;
    for i in (1..=n).rev() {
        let m = n - i;
        if m > 0 {
            // W_i = a · W_(i+1) + P(m) b^m
            w_len = convolve_padded(w, w_len, &die.normal, w_next);
            std::mem::swap(&mut w, &mut w_next);
            crit_len = convolve_padded(crit, crit_len, &die.critical, crit_next);
            std::mem::swap(&mut crit, &mut crit_next);
        }
        let weight = chance_of_criticals(m);
        for (slot, &p) in w[pad..pad + crit_len]
            .iter_mut()
            .zip(&crit[pad..pad + crit_len])
        {
            *slot += weight * p;
        }
        w_len = w_len.max(crit_len);
        let correction = &corrections[(i - 1) * width..i * width];
        subtract_correction(&mut result, correction, w, w_len);
    }
    // The subtraction can leave rounding residue below zero where the exact value is 0.
    for p in &mut result {
        if *p <= 0.0 {
            *p = 0.0;
        }
    }
    trim(result)
}

/// The attack die split the way the algorithm needs it.
struct DieSplit {
    /// Chance of a critical face.
    p_critical: f64,
    /// Normal damage of a die that is not critical (`a(z)`).
    normal: Vec<f64>,
    /// Critical damage of a die that is critical (`b(z)`).
    critical: Vec<f64>,
    /// Damage of one die when armor does not apply.
    whole: Vec<f64>,
    /// Damage of one die against an Incorporeal defender: only faces totalling 1 count.
    ones_only: Vec<f64>,
    /// Damage of one die when every point is critical.
    all_critical: Vec<f64>,
}

impl DieSplit {
    /// The codex's attack die ([`ATTACK_DIE`]), split once.
    fn attack_die() -> &'static DieSplit {
        static SPLIT: std::sync::OnceLock<DieSplit> = std::sync::OnceLock::new();
        SPLIT.get_or_init(|| DieSplit::of(&ATTACK_DIE))
    }

    fn of(faces: &[AttackDieFace]) -> Self {
        let sides = faces.len() as f64;
        let max = faces
            .iter()
            .map(|f| usize::from(f.normal) + usize::from(f.critical))
            .max()
            .unwrap_or(0);
        let mut split = DieSplit {
            p_critical: 0.0,
            normal: vec![0.0; max + 1],
            critical: vec![0.0; max + 1],
            whole: vec![0.0; max + 1],
            ones_only: vec![0.0; 2],
            all_critical: vec![0.0; max + 1],
        };
        let critical_faces = faces.iter().filter(|f| f.critical > 0).count() as f64;
        split.p_critical = critical_faces / sides;
        for face in faces {
            let (normal, critical) = (usize::from(face.normal), usize::from(face.critical));
            let total = normal + critical;
            // A face shows normal or critical damage, never both (test
            // `the_attack_die_faces_are_normal_or_critical`).
            if critical > 0 {
                split.critical[critical] += 1.0 / critical_faces;
            } else {
                split.normal[normal] += 1.0 / (sides - critical_faces);
            }
            split.whole[total] += 1.0 / sides;
            split.ones_only[usize::from(total == 1)] += 1.0 / sides;
            split.all_critical[total] += 1.0 / sides;
        }
        split
    }
}

/// Writes the corrections `c_k = a · E_(k-1) - E_k` for k = 1..=n into `corrections`,
/// `normal.len()` coefficients each, one row after the other.
fn armor_corrections(normal: &[f64], n: usize, armor: usize, corrections: &mut [f64]) {
    let width = normal.len();
    let pad = width - 1;
    // row: the distribution of the normal damage of k dice (no armor), padded (see
    // `convolve_padded`), convolved into `next_row` and swapped.
    let full = (width - 1) * n + 1;
    let padded = full + 2 * pad;
    let mut rows = vec![0.0; 2 * padded + 2 * width];
    let (row_buffers, low_buffers) = rows.split_at_mut(2 * padded);
    let (mut row, mut next_row) = row_buffers.split_at_mut(padded);
    row[pad] = 1.0;
    let mut row_len = 1;
    // low[e] = E_(k-1)[e] for e < width.
    let (mut low, mut next_low) = low_buffers.split_at_mut(width);
    low[0] = 1.0;
    for k in 1..=n {
        row_len = convolve_padded(row, row_len, normal, next_row);
        std::mem::swap(&mut row, &mut next_row);
        let data = &row[pad..pad + full];
        next_low[0] = data[..row_len.min(armor + 1)].iter().sum();
        for (e, slot) in next_low.iter_mut().enumerate().skip(1) {
            *slot = data.get(armor + e).copied().unwrap_or(0.0);
        }
        let correction = &mut corrections[(k - 1) * width..k * width];
        for e in 0..width {
            let carried: f64 = (0..=e).map(|t| normal[t] * low[e - t]).sum();
            correction[e] = carried - next_low[e];
        }
        std::mem::swap(&mut low, &mut next_low);
    }
}

/// `ln C(n, k)` from a table of `ln k!`.
struct LnBinomial {
    ln_factorial: std::borrow::Cow<'static, [f64]>,
}

impl LnBinomial {
    /// The table up to `n`: the shared one, worked out once up to [`MAX_ATTACK_DICE`], or
    /// one of its own beyond (the same sums either way).
    fn new(n: usize) -> Self {
        static SHARED: std::sync::OnceLock<Vec<f64>> = std::sync::OnceLock::new();
        let ln_factorial = if n <= MAX_ATTACK_DICE as usize {
            std::borrow::Cow::Borrowed(
                SHARED
                    .get_or_init(|| Self::table(MAX_ATTACK_DICE as usize))
                    .as_slice(),
            )
        } else {
            std::borrow::Cow::Owned(Self::table(n))
        };
        Self { ln_factorial }
    }

    /// `ln k!` for k = 0..=n.
    fn table(n: usize) -> Vec<f64> {
        let mut ln_factorial = Vec::with_capacity(n + 1);
        ln_factorial.push(0.0);
        for k in 1..=n {
            ln_factorial.push(ln_factorial[k - 1] + (k as f64).ln());
        }
        ln_factorial
    }

    fn ln_choose(&self, n: usize, k: usize) -> f64 {
        self.ln_factorial[n] - self.ln_factorial[k] - self.ln_factorial[n - k]
    }
}

/// `single` convolved with itself `n` times.
fn power(single: &[f64], n: usize) -> Vec<f64> {
    let pad = single.len() - 1;
    let full = pad * n + 1;
    let padded = full + 2 * pad;
    let mut buffers = vec![0.0; 2 * padded];
    let (mut out, mut scratch) = buffers.split_at_mut(padded);
    out[pad] = 1.0;
    let mut len = 1;
    for _ in 0..n {
        len = convolve_padded(out, len, single, scratch);
        std::mem::swap(&mut out, &mut scratch);
    }
    trim(out[pad..pad + full].to_vec())
}

/// Convolves the `len` chances held in the padded buffer `a` with `b` into the padded buffer
/// `out`, and returns the length of the result.
///
/// A padded buffer holds its chances from index `b.len() - 1` on, with zeros before them and
/// after them to its end (the buffers here only grow, so what a buffer held before is always
/// overwritten or zero).
///
/// Each `out[k]` is the sum of `a[i] b[k - i]` in increasing `i` (decreasing `j = k - i`),
/// started from 0.0, the order of the plain double loop over `i` then `j`, so the result is
/// the same to the last bit: the padding only adds terms `0 · b[j]`, which are +0.0, and
/// adding +0.0 (or starting a sum at 0.0) leaves a sum of chances as it is (no such sum is
/// -0.0). With three coefficients (the attack die's 0, 1 and 2 damage) every `out[k]` is one
/// expression over a window of `a`, which the compiler vectorises.
fn convolve_padded(a: &[f64], len: usize, b: &[f64], out: &mut [f64]) -> usize {
    let pad = b.len() - 1;
    let out_len = len + pad;
    let slots = &mut out[pad..pad + out_len];
    if let &[b0, b1, b2] = b {
        let terms = a[..out_len]
            .iter()
            .zip(&a[1..=out_len])
            .zip(&a[2..out_len + 2]);
        for (slot, ((&x2, &x1), &x0)) in slots.iter_mut().zip(terms) {
            *slot = x2 * b2 + x1 * b1 + x0 * b0;
        }
    } else {
        for (k, slot) in slots.iter_mut().enumerate() {
            let mut sum = 0.0;
            for (j, &y) in b.iter().enumerate().rev() {
                sum += a[k + pad - j] * y;
            }
            *slot = sum;
        }
    }
    out_len
}

/// `result[k] -= c[d] w[k - d]` for each `d` in order, `w` being the `w_len` chances of the
/// padded buffer `w` (see [`convolve_padded`]): the terms the padding adds subtract ±0.0,
/// which leaves the result as it is, as do the rows of a zero `c[d]` (no result is -0.0: each
/// starts as a chance and subtracting never makes -0.0 of a number that is not).
fn subtract_correction(result: &mut [f64], c: &[f64], w: &[f64], w_len: usize) {
    let pad = c.len() - 1;
    let slots = &mut result[..w_len + pad];
    if let &[c0, c1, c2] = c {
        let terms = w[2..w_len + 4]
            .iter()
            .zip(&w[1..w_len + 3])
            .zip(&w[..w_len + 2]);
        for (slot, ((&x0, &x1), &x2)) in slots.iter_mut().zip(terms) {
            *slot = *slot - c0 * x0 - c1 * x1 - c2 * x2;
        }
    } else {
        for (k, slot) in slots.iter_mut().enumerate() {
            for (d, &y) in c.iter().enumerate() {
                *slot -= y * w[k + pad - d];
            }
        }
    }
}

fn trim(mut distribution: Vec<f64>) -> Vec<f64> {
    while distribution.len() > 1 && distribution.last() == Some(&0.0) {
        distribution.pop();
    }
    distribution
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The distribution by enumerating every roll of `dice` six-faced attack dice.
    fn brute_force(query: &DamageQuery) -> Vec<f64> {
        // (normal, critical) damage of the faces 0, 0, 1, 2, 1*, 2*.
        const FACES: [(usize, usize); 6] = [(0, 0), (0, 0), (1, 0), (2, 0), (0, 1), (0, 2)];
        let n = query.dice;
        let mut out = vec![0.0; 2 * n as usize + 1];
        for roll in 0..6usize.pow(n) {
            let (mut normal, mut critical, mut code) = (0, 0, roll);
            for _ in 0..n {
                let (a, b) = FACES[code % 6];
                code /= 6;
                normal += a;
                critical += b;
            }
            let armor = query.effective_armor() as usize;
            out[normal.saturating_sub(armor) + critical] += 1.0 / 6f64.powi(n as i32);
        }
        trim(out)
    }

    #[test]
    fn matches_enumerating_every_roll() {
        for dice in 0..=6 {
            for armor in 0..=4 {
                let q = DamageQuery {
                    dice,
                    armor,
                    ..Default::default()
                };
                let (exact, brute) = (damage_distribution(&q), brute_force(&q));
                assert_eq!(exact.len(), brute.len(), "{q:?}");
                for (a, b) in exact.iter().zip(&brute) {
                    assert!((a - b).abs() < 1e-12, "{q:?}: {exact:?} vs {brute:?}");
                }
            }
        }
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn one_die_without_armor_matches_the_faces() {
        let d = damage_distribution(&DamageQuery {
            dice: 1,
            ..Default::default()
        });
        assert_eq!(d.len(), 3);
        assert!(close(d[0], 2.0 / 6.0) && close(d[1], 2.0 / 6.0) && close(d[2], 2.0 / 6.0));
    }

    #[test]
    fn armor_only_stops_normal_damage() {
        let q = DamageQuery {
            dice: 1,
            armor: 5,
            ..Default::default()
        };
        let d = damage_distribution(&q);
        // Only the two critical faces get through.
        assert!(close(d[0], 4.0 / 6.0) && close(d[1], 1.0 / 6.0) && close(d[2], 1.0 / 6.0));
    }

    #[test]
    fn piercing_reduces_armor_but_not_below_zero() {
        let q = DamageQuery {
            dice: 3,
            armor: 1,
            piercing: 4,
            ..Default::default()
        };
        let unarmored = DamageQuery {
            dice: 3,
            ..Default::default()
        };
        assert_eq!(damage_distribution(&q), damage_distribution(&unarmored));
    }

    #[test]
    fn incorporeal_counts_ones_unless_ethereal() {
        let q = DamageQuery {
            dice: 2,
            armor: 3,
            incorporeal: true,
            ..Default::default()
        };
        let d = damage_distribution(&q);
        assert!(close(d[2], 1.0 / 9.0) && d.len() == 3);
        let ethereal = DamageQuery {
            ethereal: true,
            ..q
        };
        assert_eq!(
            damage_distribution(&ethereal),
            damage_distribution(&DamageQuery {
                dice: 2,
                ..Default::default()
            })
        );
    }

    #[test]
    fn distributions_sum_to_one_and_match_brute_force() {
        const FACES: [(u32, u32); 6] = [(0, 0), (0, 0), (1, 0), (2, 0), (0, 1), (0, 2)];
        for armor in 0..4 {
            let q = DamageQuery {
                dice: 4,
                armor,
                ..Default::default()
            };
            let mut brute = [0.0; 9];
            for roll in 0..6usize.pow(4) {
                let (mut normal, mut crit, mut r) = (0, 0, roll);
                for _ in 0..4 {
                    normal += FACES[r % 6].0;
                    crit += FACES[r % 6].1;
                    r /= 6;
                }
                brute[(normal.saturating_sub(armor) + crit) as usize] += 1.0 / 1296.0;
            }
            let exact = damage_distribution(&q);
            assert!(close(exact.iter().sum(), 1.0));
            for (d, p) in brute.iter().enumerate() {
                assert!(
                    close(*exact.get(d).unwrap_or(&0.0), *p),
                    "armor {armor} damage {d}"
                );
            }
        }
    }

    #[test]
    fn summary_reports_mean_and_kill_chance() {
        let s = DamageSummary::new(
            DamageQuery {
                dice: 1,
                ..Default::default()
            },
            Some(2),
        )
        .unwrap();
        assert!(close(s.expected_damage, 1.0));
        assert!(close(s.p_destroy.unwrap(), 1.0 / 3.0));
    }

    #[test]
    fn an_avoided_attack_counts_as_no_damage() {
        // One die, no armor: 0, 1 and 2 damage a third each. Avoided half the time:
        // 0 damage 1/2 + 1/2 * 1/3 = 2/3, 1 and 2 damage 1/6 each, mean 1/2,
        // destroyed (2 life left) 1/6.
        let query = DamageQuery {
            dice: 1,
            ..Default::default()
        };
        let s = DamageSummary::avoidable(query, Some(2), 0.5).unwrap();
        assert!(close(s.distribution[0], 2.0 / 3.0), "{:?}", s.distribution);
        assert!(close(s.distribution[1], 1.0 / 6.0) && close(s.distribution[2], 1.0 / 6.0));
        assert!(close(s.expected_damage, 0.5));
        assert!(close(s.p_destroy.unwrap(), 1.0 / 6.0));
        assert_eq!(s.p_avoided, 0.5);
    }

    #[test]
    fn the_attack_die_faces_are_normal_or_critical() {
        assert!(ATTACK_DIE.iter().all(|f| f.normal == 0 || f.critical == 0));
    }

    /// The cubic method: for each count of critical dice, the armored normal damage of the
    /// others convolved with the critical damage.
    fn cubic_reference(query: &DamageQuery) -> Vec<f64> {
        let n = query.dice as usize;
        let armor = query.effective_armor() as usize;
        let die = DieSplit::of(&ATTACK_DIE);
        let ln = LnBinomial::new(n);
        let mut out = vec![0.0; 2 * n + 1];
        for m in 0..=n {
            let p_m = (ln.ln_choose(n, m)
                + m as f64 * die.p_critical.ln()
                + (n - m) as f64 * (1.0 - die.p_critical).ln())
            .exp();
            let normal = power(&die.normal, n - m);
            let critical = power(&die.critical, m);
            for (s, &p) in normal.iter().enumerate() {
                for (c, &q) in critical.iter().enumerate() {
                    out[s.saturating_sub(armor) + c] += p_m * p * q;
                }
            }
        }
        trim(out)
    }

    #[test]
    fn matches_the_cubic_method_for_many_dice_and_any_armor() {
        for dice in [7u32, 23, 60] {
            for armor in [1, 2, 5, dice, 2 * dice, 3 * dice] {
                let q = DamageQuery {
                    dice,
                    armor,
                    ..Default::default()
                };
                let (fast, slow) = (damage_distribution(&q), cubic_reference(&q));
                assert_eq!(fast.len(), slow.len(), "{q:?}");
                for (d, (a, b)) in fast.iter().zip(&slow).enumerate() {
                    assert!((a - b).abs() < 1e-12, "{q:?} damage {d}: {a} vs {b}");
                }
            }
        }
    }

    #[test]
    fn a_thousand_dice_sum_to_one_without_negative_chances() {
        let q = DamageQuery {
            dice: MAX_ATTACK_DICE,
            armor: 40,
            ..Default::default()
        };
        let d = damage_distribution(&q);
        assert!(d.len() > 1000 && d.len() <= 2 * MAX_ATTACK_DICE as usize + 1);
        assert!(d.iter().all(|p| *p >= 0.0));
        assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    }

    #[test]
    fn more_dice_than_the_cap_is_an_error() {
        let q = DamageQuery {
            dice: 10_000,
            ..Default::default()
        };
        let error = DamageSummary::new(q, None).unwrap_err();
        assert_eq!(error, CalcError::TooManyDice { dice: 10_000 });
        assert!(error.to_string().contains("at most 1000"));
    }

    #[test]
    fn an_unreachable_life_gives_a_positive_zero() {
        let q = DamageQuery {
            dice: 1,
            ..Default::default()
        };
        let p = DamageSummary::new(q, Some(5)).unwrap().p_destroy.unwrap();
        assert_eq!(p, 0.0);
        assert!(p.is_sign_positive(), "printed as -0.0000% before");
    }
}
