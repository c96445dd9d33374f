//! Which printed abilities of the WoW TCG cards the rules play, in the engine's one coverage
//! model ([`grimoire_engine::coverage`]).
//!
//! A card's abilities are its keywords (played when every operation of the keyword and of
//! what it implies is interpreted, [`effects::OPERATIONS`](super::effects::OPERATIONS)), the
//! type tags that carry operations (Totem, hand slots), the operations the card carries itself
//! (Ongoing, and those its typed abilities lower to, [`card::lower`](super::card::lower)), each
//! typed ability of a shape the rules do not play, and its named handler (its further powers),
//! which no rule implements yet: a card with a handler is not covered, and when one resolves
//! play logs it as not modelled.

use grimoire_engine::{CardCoverage, Coverage, CoverageReport};

use super::card::Printed;
use super::content::{Card, EffectOp, Handler, Keyword, TypeTag};
use super::effects::{coverage as op_coverage, keyword_ops, op_name};
use crate::catalog::Catalog;

/// How the rules treat a card's handler: no rule implements one yet.
pub fn handler_coverage(_handler: Handler) -> Coverage {
    Coverage::not_modelled("the card's further powers: no rule implements its handler yet")
}

/// How the rules treat a keyword: the operations it and what it implies carry, and its
/// handler.
pub fn keyword_coverage(keyword: Keyword) -> Coverage {
    let mut parts = Vec::new();
    keyword_ops(keyword, &mut |op, _| parts.push(op_coverage(op)));
    parts.extend(keyword.meta().handler.map(handler_coverage));
    Coverage::all(parts).unwrap_or(Coverage::not_modelled(
        "the codex gives it no effect operations and no rule reads it",
    ))
}

/// How the rules treat a type tag that carries operations or a handler; `None` for a tag
/// that only names a type (`Orc`, `Mace`).
pub fn tag_coverage(tag: TypeTag) -> Option<Coverage> {
    let meta = tag.meta();
    Coverage::all(
        meta.effects
            .iter()
            .map(op_coverage)
            .chain(meta.handler.map(handler_coverage)),
    )
}

/// The printed abilities of `card` with their status.
pub fn card_coverage(card: Card) -> CardCoverage {
    let printed = Printed::of(card);
    let keywords = printed
        .keywords
        .iter()
        .map(|&k| (k.to_string(), keyword_coverage(k)));
    let tags = printed
        .tags
        .iter()
        .filter_map(|&t| tag_coverage(t).map(|c| (t.to_string(), c)));
    // A granted keyword is played only as far as the keyword itself is.
    let own = printed.effects.iter().map(|op| {
        let status = match *op {
            EffectOp::GrantKeyword { keyword, .. }
            | EffectOp::PaymentPower {
                keyword: Some(keyword),
                ..
            }
            | EffectOp::TriggeredPower {
                keyword: Some(keyword),
                ..
            } => Coverage::all([op_coverage(op), keyword_coverage(keyword)])
                .unwrap_or_else(|| op_coverage(op)),
            _ => op_coverage(op),
        };
        (op_name(op).to_string(), status)
    });
    let unplayed = (0..printed.unplayed_abilities).map(|i| {
        (
            format!("card ability {}", i + 1),
            Coverage::not_modelled(
                "a typed ability of a shape the rules do not lower onto their operations",
            ),
        )
    });
    let handler = printed
        .handler
        .map(|h| (h.name().to_string(), handler_coverage(h)));
    let sets = card.printings().iter().map(|p| p.set).collect();
    CardCoverage::new(
        card.name(),
        card.kind(),
        sets,
        keywords
            .chain(tags)
            .chain(own)
            .chain(unplayed)
            .chain(handler),
    )
}

/// Every card of `catalog` with its coverage, totals per kind and set.
pub fn coverage_report(catalog: &Catalog) -> CoverageReport {
    CoverageReport::new(
        "wow-tcg",
        catalog
            .cards()
            .iter()
            .map(|&card| card_coverage(card))
            .collect(),
    )
}
