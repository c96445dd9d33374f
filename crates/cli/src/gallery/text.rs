//! The player-facing view of one card in the terminal (`grimoire cards show`): the same
//! layout as the card's face in the gallery, as lines of text, with the codex summary of
//! every trait, keyword or ability on it.

use std::fmt::Write as _;

use grimoire_compiler::ir;
use serde_json::Value as Json;

use super::face::{self, Chip, DIAL_LINES};
use super::pages::{face_refs, summary};

/// `card` of `game` as a player reads it, after its name (which the caller prints with where
/// it is declared): type line, cost, text, stats, the rules of its traits, dial (Mage Knight),
/// printings and errata.
pub fn player_view(game: &ir::Game, card: &ir::Card) -> String {
    let view = crate::live::card_json(game, card);
    let refs = face_refs(game, card, &card.fields);
    let chips: Vec<Chip> = refs
        .iter()
        .map(|reference| Chip {
            text: reference.text.clone(),
            tip: summary(game, reference),
            href: String::new(),
        })
        .collect();
    let face = face::layout(&game.name, &view, chips);
    let mut out = String::new();
    let mut heading = vec![face.type_line.clone()];
    if let Some(cost) = &face.cost {
        heading.push(format!("{} {cost}", face.cost_label));
    }
    if !face.corner.is_empty() {
        heading.push(face.corner.clone());
    }
    if !face.band.is_empty() && !face.type_line.starts_with(&face.band) {
        heading.push(face.band.clone());
    }
    let _ = writeln!(out, "{}", heading.join(" · "));
    let text_lines = match face.dial {
        Some(_) => face.lines.len().saturating_sub(DIAL_LINES),
        None => face.lines.len(),
    };
    for line in &face.lines[..text_lines] {
        let _ = writeln!(out, "  {line}");
    }
    if !face.stats.is_empty() && face.dial.is_none() {
        let stats: Vec<String> = face
            .stats
            .iter()
            .map(|(label, value)| format!("{label} {value}"))
            .collect();
        let _ = writeln!(out, "{}", stats.join(" · "));
    }
    if let Some((Json::Array(clicks), dead)) = &face.dial {
        let _ = writeln!(out, "Dial:");
        for (n, click) in clicks.iter().enumerate() {
            let number = |stat: &str| click.get(stat).map(Json::to_string).unwrap_or_default();
            let slots: Vec<&str> = click
                .get("slots")
                .and_then(Json::as_array)
                .map(|slots| {
                    slots
                        .iter()
                        .filter_map(Json::as_str)
                        .filter(|slot| !slot.ends_with('—'))
                        .collect()
                })
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "  {:>2}. speed {} attack {} defense {} damage {}{}",
                n + 1,
                number("speed"),
                number("attack"),
                number("defense"),
                number("damage"),
                if slots.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", slots.join(", "))
                }
            );
        }
        let _ = writeln!(out, "  then {dead} skull click(s)");
    }
    for chip in &face.chips {
        let _ = writeln!(out, "{}: {}", chip.text, chip.tip);
    }
    if let Some(Json::Array(printings)) = view.get("printings") {
        let printings: Vec<String> = printings
            .iter()
            .map(|printing| {
                printing
                    .as_object()
                    .map(|fields| {
                        fields
                            .values()
                            .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string))
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .unwrap_or_default()
            })
            .collect();
        if !printings.is_empty() {
            let _ = writeln!(out, "Printings: {}", printings.join(", "));
        }
    }
    for &index in &card.errata {
        let erratum = &game.errata[index];
        let _ = writeln!(
            out,
            "Erratum {} ({}){}",
            erratum.date,
            erratum.source,
            erratum
                .summary
                .as_deref()
                .map(|s| format!(": {s}"))
                .unwrap_or_default()
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(name: &str) -> ir::Game {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        crate::live::compile_game(&root, name)
            .expect("compiles")
            .expect("game")
            .game
    }

    fn card<'a>(game: &'a ir::Game, name: &str) -> &'a ir::Card {
        game.cards
            .iter()
            .find(|card| card.name == name)
            .expect("card")
    }

    #[test]
    fn a_card_reads_as_a_player_sees_it_without_internals() {
        let mage_wars = game("mage-wars");
        let text = player_view(&mage_wars, card(&mage_wars, "Goblin Builder"));
        assert!(
            text.starts_with("Creature — Goblin Soldier · Mana cost 5 · War 1\n"),
            "{text}"
        );
        assert!(
            text.contains("Hammer: Quick Melee, 2 dice, range 0"),
            "{text}"
        );
        assert!(text.contains("Life 6 · Armor 0"), "{text}");
        assert!(text.contains("Pest: "), "{text}");
        assert!(text.contains("Erratum "), "{text}");
        for internal in ["cost_per_x", "alternatives", "[]", "{"] {
            assert!(!text.contains(internal), "{internal} in {text}");
        }
        let mage_knight = game("mage-knight");
        let figure = &mage_knight.cards[0];
        let text = player_view(&mage_knight, figure);
        assert!(text.contains("Dial:\n   1. speed "), "{text}");
        assert!(text.contains("skull click(s)"), "{text}");
    }
}
