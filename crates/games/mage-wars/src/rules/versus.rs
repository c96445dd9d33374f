//! The typed predicates of "+X vs" bonuses: alternatives separated by OR, each a conjunction
//! of qualifiers (`Nonliving Creatures` is Nonliving and a creature).
//!
//! A kind qualifier (Creatures, Conjurations) written on the last alternative only applies to
//! every alternative that names no kind: `Nonliving OR Dark Creatures` reads "Nonliving
//! creatures or Dark creatures" (docs/decisions.md, "The kind in a '+X vs' predicate").

use grimoire_engine::ObjectId;

use super::card::ObjectKind;
use super::content::{School, Subtype, TargetQualifier, Trait};
use super::state::Game;

/// What one qualifier asks of the defender.
enum Check {
    /// An object kind.
    Kind(&'static [ObjectKind]),
    /// A trait, as the object has it now (Flying only while it flies).
    Trait(Trait),
    /// A school of its card.
    School(School),
    /// A subtype of its card.
    Subtype(Subtype),
}

/// The check a qualifier stands for. Every qualifier of `game.toml` must be matched here: a
/// new one fails to compile until the rules know what it means.
fn check(qualifier: TargetQualifier) -> Check {
    match qualifier {
        TargetQualifier::Creatures => Check::Kind(&[ObjectKind::Creature, ObjectKind::Mage]),
        TargetQualifier::Conjurations => Check::Kind(&[ObjectKind::Conjuration]),
        TargetQualifier::Flying => Check::Trait(Trait::Flying),
        TargetQualifier::Incorporeal => Check::Trait(Trait::Incorporeal),
        TargetQualifier::Corporeal => Check::Trait(Trait::Corporeal),
        TargetQualifier::Nonliving => Check::Trait(Trait::Nonliving),
        TargetQualifier::Living => Check::Trait(Trait::Living),
        TargetQualifier::Dark => Check::School(School::Dark),
        TargetQualifier::Undead => Check::Subtype(Subtype::Undead),
    }
}

fn holds(game: &Game, defender: ObjectId, check: &Check) -> bool {
    match *check {
        Check::Kind(kinds) => game
            .cards
            .get(defender.0 as usize)
            .is_some_and(|card| kinds.contains(&card.kind)),
        Check::Trait(Trait::Flying) => game.is_flying(defender),
        Check::Trait(wanted) => game.has_trait(defender, wanted),
        Check::Subtype(subtype) => game
            .cards
            .get(defender.0 as usize)
            .is_some_and(|card| card.subtypes.contains(&subtype)),
        Check::School(school) => game
            .cards
            .get(defender.0 as usize)
            .is_some_and(|card| card.has_school(school)),
    }
}

/// True when the defender matches one of the alternatives.
pub fn versus_matches(
    game: &Game,
    defender: ObjectId,
    alternatives: &[&[TargetQualifier]],
) -> bool {
    let is_kind = |q: &TargetQualifier| matches!(check(*q), Check::Kind(_));
    let shared_kinds: &[TargetQualifier] =
        alternatives.last().map_or(
            &[],
            |last| if last.iter().any(is_kind) { last } else { &[] },
        );
    alternatives.iter().any(|alternative| {
        let own = alternative
            .iter()
            .all(|q| holds(game, defender, &check(*q)));
        let names_kind = alternative.iter().any(is_kind);
        let inherited = names_kind
            || shared_kinds
                .iter()
                .filter(|q| is_kind(q))
                .all(|q| holds(game, defender, &check(*q)));
        own && inherited
    })
}
