//! Which printed abilities of the Summoner Wars cards the rules play, in the engine's one
//! coverage model ([`grimoire_engine::coverage`]).
//!
//! A unit's or structure's abilities are codex entries: one is played when every effect
//! operation it has is interpreted ([`effects::OPERATIONS`](super::effects::OPERATIONS)) and
//! its handler, if any, acts ([`handler_coverage`]); an ability with neither operations nor a
//! handler is not modelled: its codex entry's `unmodelled` says why, else the sources name it
//! without rules text. An event's effect is the codex entries it carries (its `abilities`, or
//! the entry named like the card), played the same way. A card's own
//! handler (a gate's, an event's) counts as one more ability, and an event with no handler
//! is its effect, not modelled.

use grimoire_engine::{CardCoverage, Coverage, CoverageReport};

use super::content::{Ability, Card, Handler, Printing};
use super::effects::op_coverage;
use crate::catalog::Catalog;

/// How the rules treat a handler: where it acts, or why it is not modelled. It names every
/// generated `Handler`, so a new handler fails to compile here until it is given a status;
/// the crate's tests check it against what [`handlers::run`](super::handlers::run) answers.
pub fn handler_coverage(handler: Handler) -> Coverage {
    const NO_TEXT: Coverage = Coverage::not_modelled(
        "the sources name the ability without rules text; its handler answers not modelled",
    );
    match handler {
        Handler::AerieGate => Coverage::played("handlers (aerie_gate, after a summon)"),
        Handler::CallProtection => Coverage::played("handlers (call_protection)"),
        Handler::CopyAbilities => Coverage::played("handlers (copy_abilities)"),
        Handler::ExchangePlaces => Coverage::played("handlers (exchange_places)"),
        Handler::Exploit => Coverage::played("handlers (exploit)"),
        Handler::Purge => Coverage::played("handlers (purge)"),
        Handler::RaiseTheDead => Coverage::played("handlers (raise_the_dead)"),
        Handler::RenewedHope => Coverage::played("summon (summon), phases (end of turn)"),
        Handler::Stronghold => Coverage::played("handlers (stronghold)"),
        Handler::Warn => Coverage::played("handlers (warn, after attacking)"),
        Handler::IceRam => NO_TEXT,
    }
}

/// How the rules treat an ability: its operations and its handler.
pub fn ability_coverage(ability: Ability) -> Coverage {
    let meta = ability.meta();
    let parts = meta
        .effects
        .iter()
        .map(op_coverage)
        .chain(meta.handler.map(handler_coverage));
    let why = meta.unmodelled.unwrap_or(
        "neither effect operations nor a handler: the sources name it without rules text",
    );
    Coverage::all(parts).unwrap_or(Coverage::not_modelled(why))
}

/// The printed abilities of `card` with their status.
pub fn card_coverage(card: Card) -> CardCoverage {
    let (printings, abilities, handler): (&[Printing], Vec<Ability>, Option<Handler>) = match card {
        Card::Summoner(c) => (c.printings, c.abilities.to_vec(), c.handler),
        Card::Champion(c) => (c.printings, c.abilities.to_vec(), c.handler),
        Card::Common(c) => (c.printings, c.abilities.to_vec(), c.handler),
        Card::UnclassedUnit(c) => (c.printings, c.abilities.to_vec(), c.handler),
        Card::Structure(c) => (c.printings, c.abilities.to_vec(), c.handler),
        Card::Event(c) => (c.printings, super::state::event_entries(card), c.handler),
    };
    let mut listed: Vec<(String, Coverage)> = abilities
        .iter()
        .map(|a| (a.to_string(), ability_coverage(*a)))
        .collect();
    match handler {
        Some(h) => listed.push((h.name().to_string(), handler_coverage(h))),
        None if matches!(card, Card::Event(_)) && abilities.is_empty() => listed.push((
            card.name().to_string(),
            Coverage::not_modelled("the event's effect: the data names it without rules text"),
        )),
        None => {}
    }
    let sets = printings.iter().map(|p| p.set).collect();
    CardCoverage::new(card.name(), card.kind(), sets, listed)
}

/// Every card of `catalog` with its coverage, totals per kind and set.
pub fn coverage_report(catalog: &Catalog) -> CoverageReport {
    CoverageReport::new(
        "summoner-wars",
        catalog
            .cards()
            .iter()
            .map(|&card| card_coverage(card))
            .collect(),
    )
}
