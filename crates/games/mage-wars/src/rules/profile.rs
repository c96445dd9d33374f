//! An attack as it is made: the attack bar, the alternative chosen on an "OR" bar, and the
//! attack traits attached cards add to melee attacks. Every question about the attack's
//! traits is answered from the codex: implied traits (Zone Attack implies Unavoidable) and
//! effect operations (`armor_piercing`, `extra_strikes`, `mana_drain`).

use super::codex::{implied_traits, x};
use super::content::{
    ActionSpeed, AttackBar, AttackKind, AttackTiming, CardAbility, EffectOp, Range, Trait,
    BASH_ATTACK_DICE,
};

/// Most cards attached to one creature whose attack traits reach its melee attacks.
const MAX_BOOSTS: usize = 4;

/// The attack a wall that blocks passage makes on a creature pushed into it (codex: Bashed):
/// `BASH_ATTACK_DICE` dice, unavoidable, neither melee nor ranged.
pub static BASH: AttackBar = AttackBar {
    name: "Bash",
    speed: None,
    kind: AttackKind::Neither,
    timing: AttackTiming::Action,
    range: None,
    dice: BASH_ATTACK_DICE,
    dice_per_x: 0,
    damage_type: None,
    traits: &[Trait::Unavoidable],
    effects: &[],
    alternatives: &[],
    cost: None,
    cost_per_x: 0,
    handler: None,
};

/// True when the bar's printed traits (or its first alternative's), or what they imply,
/// include `wanted`; cheaper than a whole [`AttackProfile`] for one question.
#[inline(always)]
pub fn bar_has(bar: &AttackBar, wanted: Trait) -> bool {
    let alternative = bar.alternatives.first().map_or(&[][..], |set| set.traits);
    let has = |t: &Trait| *t == wanted || implied_traits(t).any(|i| i == wanted);
    bar.traits.iter().any(has) || alternative.iter().any(has)
}

/// The set of codex entries (numbered below 128) among `traits` and what they imply.
fn entries(traits: &[Trait]) -> u128 {
    traits
        .iter()
        .flat_map(|t| std::iter::once(*t).chain(implied_traits(t)))
        .map(|t| t.index())
        .filter(|&i| i < 128)
        .fold(0, |bits, i| bits | (1 << i))
}

/// The attack's effect operations, added up once.
#[derive(Debug, Clone, Copy, Default)]
struct Summary {
    extra_strikes: u32,
    piercing: i32,
    mana_drain: Option<(u32, bool)>,
    dice_ops: bool,
}

/// One attack bar as used in an attack action.
#[derive(Debug, Clone, Copy)]
pub struct AttackProfile<'a> {
    /// The attack bar.
    pub bar: &'a AttackBar,
    /// The traits of the alternative used on an "OR" bar (the first by default).
    pub alternative: &'static [Trait],
    boosts: [&'static [Trait]; MAX_BOOSTS],
    /// The codex entries (numbered below 128) among the traits and what they imply.
    present: u128,
    /// What the traits' operations add up to (kept in step with the traits).
    summary: Summary,
    /// True for an attack spell's attack.
    pub spell: bool,
    /// The range: the bar's, or an attack spell's casting range.
    pub range: Option<Range>,
    /// An attack spell's card abilities (its `declared` ones act as the attack is declared).
    pub abilities: &'static [CardAbility],
}

impl<'a> AttackProfile<'a> {
    /// The bar as printed, with the first alternative of an "OR" bar.
    pub fn new(bar: &'a AttackBar) -> Self {
        let alternative = bar.alternatives.first().map_or(&[][..], |set| set.traits);
        AttackProfile {
            bar,
            alternative,
            boosts: [&[]; MAX_BOOSTS],
            present: entries(bar.traits) | entries(alternative),
            summary: Summary::default(),
            spell: false,
            range: bar.range,
            abilities: &[],
        }
        .summarized()
    }

    /// The profile with its operations added up.
    fn summarized(mut self) -> Self {
        let mut summary = Summary::default();
        self.for_each_op(|t, op| match *op {
            EffectOp::ExtraStrikes { count } => {
                summary.extra_strikes = summary.extra_strikes.max(u32::from(count));
            }
            EffectOp::ArmorPiercing { per_x } => summary.piercing += i32::from(per_x) * x(&t),
            EffectOp::ManaDrain { per_x, transfer } => {
                let amount = (i32::from(per_x) * x(&t)).max(0) as u32;
                summary.mana_drain = Some((amount, transfer));
            }
            EffectOp::AttackDice { .. } | EffectOp::EffectDie { .. } => summary.dice_ops = true,
            _ => {}
        });
        self.summary = summary;
        self
    }

    /// The attack of an attack spell with its casting range.
    pub fn spell(bar: &'a AttackBar, casting_range: Option<Range>) -> Self {
        AttackProfile {
            spell: true,
            range: bar.range.or(casting_range),
            ..AttackProfile::new(bar)
        }
    }

    /// The same attack, made by an attack spell whose card has `abilities`.
    pub fn with_abilities(self, abilities: &'static [CardAbility]) -> Self {
        AttackProfile { abilities, ..self }
    }

    /// Adds attack traits an attached card gives melee attacks (ignored beyond four cards).
    pub fn boost(&mut self, traits: &'static [Trait]) {
        if let Some(free) = self.boosts.iter_mut().find(|b| b.is_empty()) {
            *free = traits;
            self.present |= entries(traits);
            *self = self.summarized();
        }
    }

    /// Every trait of the attack: printed, chosen alternative, boosts, and what they imply.
    pub fn traits(&self) -> impl Iterator<Item = Trait> + '_ {
        let own = self.bar.traits.iter().chain(self.alternative);
        own.chain(self.boosts.iter().flat_map(|b| b.iter()))
            .flat_map(|t| std::iter::once(*t).chain(implied_traits(t)))
    }

    /// True when the attack has any trait at all (printed, chosen or added).
    #[inline]
    pub fn has_traits(&self) -> bool {
        !self.bar.traits.is_empty()
            || !self.alternative.is_empty()
            || self.boosts.iter().any(|b| !b.is_empty())
    }

    /// True when the attack has this trait.
    #[inline(always)]
    pub fn has(&self, wanted: Trait) -> bool {
        let index = wanted.index();
        let may_have = index >= 128 || self.present & (1 << index) != 0;
        may_have && self.holds(wanted)
    }

    /// Searches the traits for `wanted` (once [`AttackProfile::has`] found it may be there).
    #[inline(never)]
    fn holds(&self, wanted: Trait) -> bool {
        self.traits().any(|t| t == wanted)
    }

    /// Calls `visit(trait, op)` for every effect operation of the attack's traits.
    pub fn for_each_op(&self, mut visit: impl FnMut(Trait, &EffectOp)) {
        for t in self.traits() {
            for op in t.meta().effects {
                visit(t, op);
            }
        }
    }

    /// A melee attack.
    #[inline]
    pub fn is_melee(&self) -> bool {
        self.bar.kind == AttackKind::Melee
    }

    /// A ranged attack.
    #[inline]
    pub fn is_ranged(&self) -> bool {
        self.bar.kind == AttackKind::Ranged
    }

    /// A zone attack.
    #[inline]
    pub fn is_zone(&self) -> bool {
        self.has(Trait::ZoneAttack)
    }

    /// A quick action.
    #[inline]
    pub fn is_quick(&self) -> bool {
        self.bar.speed == Some(ActionSpeed::Quick)
    }

    /// Defenses cannot avoid it (Unavoidable, implied by Zone Attack).
    #[inline]
    pub fn is_unavoidable(&self) -> bool {
        self.has(Trait::Unavoidable)
    }

    /// A Damage Barrier's attack.
    #[inline]
    pub fn is_damage_barrier(&self) -> bool {
        self.bar.timing == AttackTiming::DamageBarrier || self.has(Trait::DamageBarrier)
    }

    /// Individual strikes against one defender: one plus the largest `extra_strikes`.
    #[inline]
    pub fn strikes(&self) -> u32 {
        1 + self.summary.extra_strikes
    }

    /// Armor the attack ignores: the sum of its `armor_piercing` operations (Piercing +X).
    #[inline]
    pub fn piercing(&self) -> u32 {
        self.summary.piercing.max(0) as u32
    }

    /// The attack's `mana_drain` operation: mana the defender's controller loses, and whether
    /// the attacker's controller gains it (Mana Drain +X, Mana Transfer +X).
    #[inline]
    pub fn mana_drain(&self) -> Option<(u32, bool)> {
        self.summary.mana_drain
    }

    /// True when the attack's traits have `attack_dice` or `effect_die` operations.
    #[inline]
    pub fn has_dice_ops(&self) -> bool {
        self.summary.dice_ops
    }

    /// The mana paid to make the attack.
    #[inline]
    pub fn cost(&self) -> u32 {
        self.bar.cost.map_or(0, u32::from)
    }
}
