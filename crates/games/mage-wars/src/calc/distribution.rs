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
        // Every face value counts: faces 0,0,1,2,1,2 → {0: 1/3, 1: 1/3, 2: 1/3}.
        return power(&[1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0], n);
    }
    let armor = query.effective_armor() as usize;
    // Condition on m, the number of dice that show a critical face (probability 1/3 each).
    // Those dice add m + Binomial(m, 1/2) critical damage; the other n - m dice show
    // 0, 0, 1 or 2 normal damage, reduced by armor as a sum.
    let crit_side = binomial(n, 1.0 / 3.0);
    let mut result = vec![0.0; 2 * n + 1];
    // normal_by_count[j]: normal-damage distribution of j non-critical dice.
    let mut normal_by_count: Vec<Vec<f64>> = Vec::with_capacity(n + 1);
    normal_by_count.push(vec![1.0]);
    for j in 0..n {
        let next = convolve(&normal_by_count[j], &[0.5, 0.25, 0.25]);
        normal_by_count.push(next);
    }
    // crit_extra: Binomial(m, 1/2), updated from m - 1 as a Pascal row.
    let mut crit_extra = vec![1.0];
    let mut after_armor = Vec::with_capacity(2 * n + 1);
    for (m, &p_m) in crit_side.iter().enumerate() {
        if m > 0 {
            crit_extra = convolve(&crit_extra, &[0.5, 0.5]);
        }
        if p_m == 0.0 {
            continue;
        }
        reduce_by_armor(&normal_by_count[n - m], armor, &mut after_armor);
        for (d, &p_d) in after_armor.iter().enumerate() {
            let weight = p_m * p_d;
            for (b, &p_b) in crit_extra.iter().enumerate() {
                result[d + m + b] += weight * p_b;
            }
        }
    }
    trim(result)
}

/// Normal damage after armor: every sum at or below the armor becomes 0.
fn reduce_by_armor(normal: &[f64], armor: usize, out: &mut Vec<f64>) {
    out.clear();
    out.resize(normal.len().saturating_sub(armor).max(1), 0.0);
    for (s, &p) in normal.iter().enumerate() {
        out[s.saturating_sub(armor)] += p;
    }
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
