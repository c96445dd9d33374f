//! Exact damage distributions for any number of attack dice.

use serde::Serialize;

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
}

impl DamageSummary {
    /// Summarises `query`; `remaining_life` (Life minus damage already taken) gives `p_destroy`.
    pub fn new(query: DamageQuery, remaining_life: Option<u32>) -> Self {
        let distribution = damage_distribution(&query);
        let expected_damage = distribution
            .iter()
            .enumerate()
            .map(|(d, p)| d as f64 * p)
            .sum();
        let p_destroy = remaining_life.map(|life| {
            distribution
                .iter()
                .skip(life as usize)
                .sum::<f64>()
                .min(1.0)
        });
        Self {
            query,
            distribution,
            expected_damage,
            p_destroy,
        }
    }
}

/// The exact distribution of damage: index = damage, value = probability (sums to 1).
pub fn damage_distribution(query: &DamageQuery) -> Vec<f64> {
    let n = query.dice as usize;
    if query.counts_only_ones() {
        return binomial(n, 2.0 / 6.0);
    }
    if query.all_critical {
        return power(&[1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0], n);
    }
    // A die is critical with probability 1/3. With m critical dice, the other n - m dice roll
    // normal damage (0, 1 or 2 with probabilities 1/2, 1/4, 1/4 given they are not critical),
    // reduced by armor as a whole, and the critical dice add m plus one more for each that
    // shows 2 (probability 1/2 each). Every table is built in place in buffers allocated once.
    let armor = query.effective_armor() as usize;
    let mut result = vec![0.0; 2 * n + 1];
    // normal[k]: the distribution of the normal damage of k non-critical dice, stored one
    // after the other (row k has 2k + 1 entries and starts at k * k).
    let mut normal = vec![0.0; (n + 1) * (n + 1)];
    normal[0] = 1.0;
    for k in 1..=n {
        let (done, row) = normal.split_at_mut(k * k);
        let previous = &done[(k - 1) * (k - 1)..];
        for (s, &p) in previous.iter().enumerate() {
            row[s] += 0.5 * p;
            row[s + 1] += 0.25 * p;
            row[s + 2] += 0.25 * p;
        }
    }
    // extra: the distribution of the critical dice showing 2 among m (binomial, 1/2).
    let mut extra = vec![0.0; n + 1];
    extra[0] = 1.0;
    let mut after_armor = vec![0.0; 2 * n + 1];
    // P(m critical dice) = C(n, m) (1/3)^m (2/3)^(n - m), updated from m to m + 1 in log
    // space so that many dice do not underflow.
    let mut ln_p_m = n as f64 * (2.0f64 / 3.0).ln();
    for m in 0..=n {
        if m > 0 {
            for b in (1..=m).rev() {
                extra[b] = 0.5 * (extra[b] + extra[b - 1]);
            }
            extra[0] *= 0.5;
            ln_p_m += ((n - m + 1) as f64 / m as f64 * 0.5).ln();
        }
        let p_m = ln_p_m.exp();
        if p_m == 0.0 {
            continue;
        }
        let k = n - m;
        let row = &normal[k * k..k * k + 2 * k + 1];
        let width = row.len().saturating_sub(armor).max(1);
        after_armor[..width].fill(0.0);
        for (s, &p) in row.iter().enumerate() {
            after_armor[s.saturating_sub(armor)] += p;
        }
        for (d, &p_d) in after_armor[..width].iter().enumerate() {
            let weight = p_m * p_d;
            for (b, &p_b) in extra[..=m].iter().enumerate() {
                result[d + m + b] += weight * p_b;
            }
        }
    }
    trim(result)
}

fn binomial(n: usize, p: f64) -> Vec<f64> {
    power(&[1.0 - p, p], n)
}

fn power(single: &[f64], n: usize) -> Vec<f64> {
    let mut out = vec![1.0];
    for _ in 0..n {
        out = convolve(&out, single);
    }
    out
}

fn convolve(a: &[f64], b: &[f64]) -> Vec<f64> {
    let mut out = vec![0.0; a.len() + b.len() - 1];
    for (i, &x) in a.iter().enumerate() {
        for (j, &y) in b.iter().enumerate() {
            out[i + j] += x * y;
        }
    }
    out
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
        );
        assert!(close(s.expected_damage, 1.0));
        assert!(close(s.p_destroy.unwrap(), 1.0 / 3.0));
    }
}
