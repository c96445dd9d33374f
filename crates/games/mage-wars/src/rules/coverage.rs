//! Which printed abilities of the Mage Wars cards the rules play, in the engine's one coverage
//! model ([`grimoire_engine::coverage`]).
//!
//! A card's abilities are its traits (with the defaults of its kind), the traits it grants,
//! removes or gives melee attacks, its attack bars' traits, the conditions their effect dice
//! apply, the native handlers of the card and its bars, and an enchantment's reveal cost. A
//! trait or condition is played when every effect operation it carries is interpreted
//! ([`effects::OPERATIONS`](super::effects::OPERATIONS)) and its handler, if any, is played
//! ([`handler_coverage`]); one with neither is played only when the rules read it by name
//! ([`TRAITS_READ_BY_NAME`]) or through what it implies or blocks.

use grimoire_engine::{CardCoverage, Coverage, CoverageReport};

use super::card::Printed;
use super::catalog::Catalog;
use super::content::{AbilityTrigger, Card, CodexRef, Condition, Handler, Printing, Trait};
use super::effects::{coverage as op_coverage, OPERATIONS};

/// Traits with neither effect operations nor a handler that the rules read by name, with
/// where; the crate's tests check that each names a trait of the codex.
pub const TRAITS_READ_BY_NAME: &[(&str, Coverage)] = &[
    ("Corporeal", Coverage::played("versus (+X vs Corporeal)")),
    (
        "Critical Damage",
        Coverage::played("attack (roll_and_apply)"),
    ),
    (
        "Elusive",
        Coverage::played("attack (guards do not stop it)"),
    ),
    ("Epic", Coverage::played("spellbook (one copy)")),
    (
        "Ethereal",
        Coverage::played("attack (Incorporeal defenders)"),
    ),
    ("Finite Life", Coverage::played("state (Game::heal)")),
    ("Indestructible", Coverage::played("state (destruction)")),
    (
        "Legendary",
        Coverage::played("cast (check_in_play_limits: one object of the name in play)"),
    ),
    (
        "Living",
        Coverage::played("state (Game::is_living), versus"),
    ),
    ("No Damage", Coverage::played("attack (roll_and_apply)")),
    ("Novice", Coverage::played("spellbook (spell points)")),
    ("Pest", Coverage::played("attack (guards)")),
    ("Reach", Coverage::played("attack (out_of_reach)")),
    ("Unavoidable", Coverage::played("profile (no defense roll)")),
    (
        "Defrost",
        Coverage::played("nothing to play: the codex defines it only in a later frost release"),
    ),
    (
        "Magecast",
        Coverage::played("casters (may_cast: a familiar or spawnpoint never casts it)"),
    ),
    (
        "Unique",
        Coverage::played("cast (check_in_play_limits: one object of the name per player)"),
    ),
    (
        "Zone Exclusive",
        Coverage::played("cast (check_in_play_limits: one such conjuration in a zone)"),
    ),
    (
        "Unmovable",
        Coverage::played("attack (push), handlers (slam_on_unmovable)"),
    ),
    (
        "Blocks LoS",
        Coverage::played("walls (line_of_sight: attacks and spell targets)"),
    ),
    (
        "Passage Blocked",
        Coverage::played("walls (passage_blocked: moves refused, pushes bash)"),
    ),
    (
        "Cantrip",
        Coverage::played(
            "play (return_cantrips: a destroyed Cantrip spell goes back to the spellbook)",
        ),
    ),
    (
        "Indirect",
        Coverage::played("attack (out_of_range: walls do not block its line of sight)"),
    ),
];

/// How the rules treat a native handler: the handlers that act at a trigger (in
/// [`handlers`](super::handlers)) or live in a procedure the rules run anyway; every other
/// handler answers "not modelled yet". The crate's tests check this against what
/// [`handlers::fire`](super::handlers::fire) answers for every handler.
pub fn handler_coverage(handler: Handler) -> Coverage {
    match handler {
        Handler::Tainted => Coverage::played("handlers (tainted, as the marker is placed)"),
        Handler::SlamOnUnmovable => Coverage::played("handlers (slam_on_unmovable)"),
        Handler::CorrodeOverflow => Coverage::played("handlers (corrode_overflow)"),
        Handler::PoisonFangs => Coverage::played("handlers (poison_fangs, effect die)"),
        Handler::Vampiric => Coverage::played("handlers (vampiric, after damage)"),
        Handler::RageTokens => Coverage::played("handlers (rage_tokens, after damage)"),
        Handler::Push => Coverage::played("handlers (push), attack (push)"),
        Handler::Snatch => Coverage::played("handlers (snatch), attack (snatch)"),
        Handler::Resilient => Coverage::played("attack (roll_and_apply)"),
        Handler::Bleed => Coverage::played("state (Game::heal)"),
        Handler::Extinguish => Coverage::played("modifiers and attack (Burn)"),
        Handler::IncorporealDamage => Coverage::played("attack (Incorporeal)"),
        Handler::ZoneAttack => Coverage::played("attack (zone_attack)"),
        Handler::Flying => Coverage::played("state (Game::is_flying), attack"),
        Handler::Immunity => Coverage::played("state (Game::is_immune), conditions"),
        Handler::Incapacitated => Coverage::played("attack, conditions"),
        Handler::TauntObligation | Handler::BloodthirstyObligation => {
            Coverage::played("attack (check_mandatory_attack)")
        }
        Handler::Sweeping => Coverage::played("attack (attack_action: a second target, Sweep)"),
        Handler::Counterstrike => Coverage::played("attack (the counterstrike step)"),
        Handler::MageRestriction => Coverage::played("spellbook (class and school restrictions)"),
        Handler::Climbing => {
            Coverage::played("movement (check_move: a full action over a Corporeal wall)")
        }
        Handler::Extendable => {
            Coverage::played("cast (a second copy on a connected border, for an extra cost)")
        }
        Handler::Familiar => Coverage::played(
            "casters (a spell planned for it, cast with its own action in its Action Phase)",
        ),
        Handler::Spawnpoint => {
            Coverage::played("casters (a spell planned for it, cast in the Deployment Phase)")
        }
        Handler::PassageAttack => {
            Coverage::played("walls (cross: the wall attacks a creature crossing it)")
        }
        _ => Coverage::not_modelled("no rule implements its handler yet (it answers not modelled)"),
    }
}

/// A trait's or condition's own parts: its operations and its handler.
fn entry_parts(
    effects: &'static [super::content::EffectOp],
    handler: Option<Handler>,
) -> impl Iterator<Item = Coverage> {
    effects
        .iter()
        .map(op_coverage)
        .chain(handler.map(handler_coverage))
}

/// A trait by itself: its operations and handler, its name read by the rules, or the
/// conditions it blocks.
fn trait_itself(value: Trait) -> Option<Coverage> {
    let meta = value.meta();
    let named = TRAITS_READ_BY_NAME
        .iter()
        .find(|(name, _)| *name == meta.name)
        .map(|(_, c)| *c);
    let blocks = (!meta.blocks.is_empty()).then_some(Coverage::played("conditions (blocks)"));
    Coverage::all(
        entry_parts(meta.effects, meta.handler)
            .chain(named)
            .chain(blocks),
    )
}

/// How the rules treat a trait: itself and the traits it implies.
pub fn trait_coverage(value: Trait) -> Coverage {
    let implied = value.meta().implied.iter().filter_map(|r| match r {
        CodexRef::Trait(t) => trait_itself(*t),
        CodexRef::Condition(c) => Some(condition_coverage(*c)),
        CodexRef::Term(_) => None,
    });
    Coverage::all(trait_itself(value).into_iter().chain(implied)).unwrap_or(Coverage::not_modelled(
        "no effect operations, no handler, and no rule reads it by name",
    ))
}

/// How the rules treat a condition: its operations and its handler.
pub fn condition_coverage(condition: Condition) -> Coverage {
    let meta = condition.meta();
    Coverage::all(entry_parts(meta.effects, meta.handler)).unwrap_or(Coverage::not_modelled(
        "no effect operations and no handler",
    ))
}

/// The status of the `reveal_cost` operation: how the rules treat an enchantment's reveal.
fn reveal_coverage() -> Coverage {
    OPERATIONS
        .iter()
        .find(|(name, _)| *name == "reveal_cost")
        .map_or(
            Coverage::not_modelled("missing from OPERATIONS"),
            |(_, c)| *c,
        )
}

/// The sets a card is printed in.
fn printings(card: Card) -> &'static [Printing] {
    match card {
        Card::Mage(c) => c.printings,
        Card::Creature(c) => c.printings,
        Card::Conjuration(c) => c.printings,
        Card::Enchantment(c) => c.printings,
        Card::Equipment(c) => c.printings,
        Card::Marker(c) => c.printings,
        Card::Incantation(c) => c.printings,
        Card::Attack(c) => c.printings,
    }
}

/// A card ability's trigger in words (`upkeep`, `on_resolve`...), as `card_abilities` writes it.
fn trigger_name(trigger: AbilityTrigger) -> &'static str {
    match trigger {
        AbilityTrigger::OnResolve => "on_resolve",
        AbilityTrigger::OnReveal => "on_reveal",
        AbilityTrigger::Upkeep => "upkeep",
        AbilityTrigger::Declared => "declared",
        AbilityTrigger::Attacked { .. } => "attacked",
        AbilityTrigger::AfterAttack => "after_attack",
        AbilityTrigger::Destroyed => "destroyed",
        AbilityTrigger::EndOfRound => "end_of_round",
        AbilityTrigger::WhileInPlay => "while_in_play",
    }
}

/// The printed abilities of `card` with their status.
pub fn card_coverage(card: Card) -> CardCoverage {
    let printed = Printed::from_card(card);
    let traits = printed
        .traits
        .iter()
        .chain(printed.grants)
        .chain(printed.removes)
        .chain(printed.melee_attacks_gain)
        .copied();
    let mut abilities: Vec<(String, Coverage)> =
        traits.map(|t| (t.to_string(), trait_coverage(t))).collect();
    for bar in printed.attacks {
        let bar_traits = bar
            .traits
            .iter()
            .chain(bar.alternatives.iter().flat_map(|set| set.traits));
        abilities.extend(bar_traits.map(|&t| (t.to_string(), trait_coverage(t))));
        let conditions = bar.effects.iter().flat_map(|row| row.apply);
        abilities.extend(conditions.map(|&c| (c.to_string(), condition_coverage(c))));
        abilities.extend(
            bar.handler
                .map(|h| (h.name().to_string(), handler_coverage(h))),
        );
    }
    abilities.extend(
        printed
            .handler
            .map(|h| (h.name().to_string(), handler_coverage(h))),
    );
    abilities.extend(printed.abilities.iter().map(|ability| {
        let coverage = if super::abilities::is_played(ability) {
            Coverage::played(
                "abilities (upkeep in the Upkeep Phase; declared and attacked in the attack)",
            )
        } else {
            Coverage::not_modelled(
                "the rules play only upkeep abilities that deal direct damage or heal, an attack \
                 spell's declared abilities that remove conditions or cancel the attack, and \
                 attacked abilities that cancel an attack",
            )
        };
        (
            format!("{} ability", trigger_name(ability.trigger)),
            coverage,
        )
    }));
    if let Card::Enchantment(_) = card {
        abilities.push(("reveal cost".to_string(), reveal_coverage()));
    }
    let sets = printings(card).iter().map(|p| p.set).collect();
    CardCoverage::new(card.name(), card.kind(), sets, abilities)
}

/// Every card of `catalog` with its coverage, totals per kind and set.
pub fn coverage_report(catalog: &Catalog) -> CoverageReport {
    CoverageReport::new(
        "mage-wars",
        catalog
            .cards()
            .iter()
            .map(|&card| card_coverage(card))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use grimoire_engine::{ObjectId, PlayerId, Zone};

    use super::super::content::{CardId, TRAIT_META};
    use super::super::handlers::{fire, meet, Outcome, Trigger};
    use super::super::{Game, GameEvent};
    use super::*;

    #[test]
    fn every_trait_read_by_name_is_a_codex_trait() {
        for (name, _) in TRAITS_READ_BY_NAME {
            assert!(
                TRAIT_META.iter().any(|m| m.name == *name),
                "{name} is no trait"
            );
        }
    }

    #[test]
    fn a_handler_is_played_exactly_when_the_dispatch_does_not_answer_not_modelled() {
        for handler in Handler::ALL {
            let mut game = Game::new();
            let outcome = fire(&mut game, None, handler, ObjectId(0), Trigger::Met)
                .expect("meeting a handler never fails");
            assert_eq!(
                !matches!(outcome, Outcome::NotModelled(_)),
                handler_coverage(handler).is_played(),
                "{handler}: coverage says {:?}, the dispatch answers {outcome:?}",
                handler_coverage(handler)
            );
        }
    }

    #[test]
    fn a_covered_card_meets_no_not_modelled_answer_in_play() {
        let mut covered_with_abilities = 0;
        for &id in CardId::ALL {
            let coverage = card_coverage(id.card());
            let mut game = Game::new();
            let object = game.add_object(Printed::of(id), PlayerId(1), Zone(0));
            meet(&mut game, object).expect("meeting a card never fails");
            meet(&mut game, object).expect("meeting a card never fails");
            let reported: Vec<&str> = game
                .log
                .events()
                .iter()
                .filter_map(|e| match e {
                    GameEvent::NotModelled(n) => Some(n.ability),
                    _ => None,
                })
                .collect();
            if coverage.covered {
                assert!(
                    reported.is_empty(),
                    "{} is covered but play reports {reported:?}",
                    coverage.name
                );
                covered_with_abilities += usize::from(!coverage.abilities.is_empty());
            }
            if let Some(handler) = Printed::of(id).handler {
                let expected: &[&str] = if handler_coverage(handler).is_played() {
                    &[]
                } else {
                    &[handler.name()]
                };
                assert_eq!(reported, expected, "{}: reported once", coverage.name);
            }
        }
        assert!(
            covered_with_abilities >= 10,
            "only {covered_with_abilities} covered cards with abilities"
        );
    }

    #[test]
    fn the_report_counts_every_card() {
        let report = coverage_report(Catalog::compiled());
        assert_eq!(report.total.total, CardId::ALL.len());
        assert!(report.total.covered > 0 && report.total.covered < report.total.total);
    }
}
