//! The rules' window on the codex tables: what a trait implies, its parameter, how instances
//! stack, and the traits an object kind has by default.
//!
//! Everything here reads the generated metadata (`TRAIT_META`, `CONDITION_META` and the typed
//! constants of `game.toml`); nothing parses printed text.

use grimoire_engine::TraitKind;

use super::content::{
    CodexRef, DamageType, Stacking, Trait, CONJURATION_DEFAULT_TRAITS, CREATURE_DEFAULT_TRAITS,
};

impl TraitKind for Trait {
    /// Same codex entry, and for entries named by a damage type or a target the same one:
    /// "Armor +1" and "Armor +2" are one kind, "Flame Immunity" and "Acid Immunity" are two,
    /// "+2 vs Flying" and "+2 vs Incorporeal" are two.
    fn same_kind(&self, other: &Self) -> bool {
        let targets = |t: &Trait| match *t {
            Trait::BonusVersus { targets, .. } => Some(targets),
            _ => None,
        };
        self.index() == other.index()
            && damage_type_param(self) == damage_type_param(other)
            && targets(self) == targets(other)
    }
}

/// The traits `t` implies, transitively (codex `implies`, closed at compile time), without `t`.
pub fn implied_traits(t: &Trait) -> impl Iterator<Item = Trait> {
    t.meta().implied.iter().filter_map(|r| match *r {
        CodexRef::Trait(t) => Some(t),
        _ => None,
    })
}

/// X of a trait such as `Armor +2` or `Tough -2` as the codex's effect operations use it;
/// 0 for traits without an integer parameter.
pub fn x(t: &Trait) -> i32 {
    t.int_param().map_or(0, |x| x as i32)
}

/// The damage type a trait is about (`Flame Immunity`, `Flame +2`), if any.
pub fn damage_type_param(t: &Trait) -> Option<DamageType> {
    match *t {
        Trait::Immunity(d) => Some(d),
        Trait::DamageType { damage_type, .. } => Some(damage_type),
        _ => None,
    }
}

/// Combines the X of several instances of one codex entry by its `stacking`: the sum, the
/// highest, one instance's, or the newest's (`values` in timestamp order).
pub fn stack(stacking: Stacking, values: impl Iterator<Item = i32>) -> Option<i32> {
    values.reduce(|acc, x| match stacking {
        Stacking::Sum => acc.saturating_add(x),
        Stacking::Highest => acc.max(x),
        Stacking::Once => acc,
        Stacking::Replace => x,
    })
}

/// The traits every object of a kind has unless its card says otherwise (`game.toml`
/// constants `CREATURE_DEFAULT_TRAITS` and `CONJURATION_DEFAULT_TRAITS`).
pub fn default_traits(creature: bool, conjuration: bool) -> &'static [Trait] {
    if creature {
        CREATURE_DEFAULT_TRAITS
    } else if conjuration {
        CONJURATION_DEFAULT_TRAITS
    } else {
        &[]
    }
}

/// True when a printed trait overrides a default: the same kind, or an entry that cancels it
/// (codex `cancels`: Nonliving cancels Living, Incorporeal cancels Corporeal), itself or
/// through what it implies (Incorporeal implies Nonliving).
pub fn overrides_default(printed: &Trait, default: &Trait) -> bool {
    let cancels = |t: &Trait| t.same_kind(default) || t.meta().cancels.contains(&default.name());
    cancels(printed) || implied_traits(printed).any(|t| cancels(&t))
}
