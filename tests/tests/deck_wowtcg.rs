//! WoW TCG deck legality (rules 100.1-100.4) on the fixture decks of `tests/decks/wow-tcg/`.

use std::fs;

use grimoire_wow_tcg::deck::{check, Deck, DeckError, Format, Position};

use crate::support::repo_root;

fn text(name: &str) -> String {
    let path = repo_root()
        .join("tests")
        .join("decks")
        .join("wow-tcg")
        .join(name);
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn deck(name: &str) -> Deck {
    Deck::from_toml(&text(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The rule numbers of every violation, in order.
fn rules(name: &str) -> Vec<&'static str> {
    check(&deck(name)).iter().map(|v| v.rule).collect()
}

fn input_error(name: &str) -> DeckError {
    Deck::from_toml(&text(name)).expect_err("unreadable deck")
}

#[test]
fn legal_decks_have_no_violation() {
    for name in [
        "legal-constructed.toml",
        "legal-sealed.toml",
        "unlimited.toml",
    ] {
        assert_eq!(rules(name), Vec::<&str>::new(), "{name}");
    }
    assert_eq!(deck("legal-sealed.toml").format, Format::Sealed);
}

#[test]
fn every_broken_rule_is_reported_with_its_number() {
    let violations = check(&deck("illegal-constructed.toml"));
    let rules: Vec<&str> = violations.iter().map(|v| v.rule).collect();
    assert_eq!(
        rules,
        ["100.1", "100.1", "100.2", "100.2", "100.2", "100.3", "100.4"],
        "{violations:#?}"
    );
    let text: Vec<String> = violations.iter().map(ToString::to_string).collect();
    assert!(text[0].contains("55 cards"), "{}", text[0]);
    assert!(text[1].contains("Boris Brightbeard"), "{}", text[1]);
    assert!(
        text[4].contains("requires a Marksmanship hero"),
        "{}",
        text[4]
    );
    assert!(
        text[6].contains("5 cards named `Krol Blade`"),
        "{}",
        text[6]
    );
}

/// A deck text for `hero` with `main` lines, padded to 60 cards with Unlimited Bound Vortex
/// (a Neutral ally without class icons).
fn padded(hero: &str, main: &[(&str, u32)]) -> Deck {
    let used: u32 = main.iter().map(|(_, n)| n).sum();
    let mut text = format!("hero = {hero:?}\n[main]\n");
    for (name, copies) in main {
        text += &format!("{name:?} = {copies}\n");
    }
    text += &format!("\"Bound Vortex\" = {}\n", 60 - used);
    Deck::from_toml(&text).expect("deck text")
}

#[test]
fn boundaries_of_size_copies_and_traits() {
    // 100.1: 59 cards is short, 60 is enough, 200 has no maximum.
    let short = "hero = \"Elendril\"\n[main]\n\"Bound Vortex\" = 59\n";
    assert_eq!(
        check(&Deck::from_toml(short).expect("deck")).len(),
        1,
        "59 cards"
    );
    let long = "hero = \"Elendril\"\n[main]\n\"Bound Vortex\" = 200\n";
    assert!(check(&Deck::from_toml(long).expect("deck")).is_empty());
    // 100.4: four copies are fine, and Unlimited lifts the limit.
    assert!(check(&padded("Elendril", &[("Bloodclaw", 4)])).is_empty());
    // 100.2: a faction icon must match the hero's faction (a Horde ally for an Alliance hero).
    let violations = check(&padded("Elendril", &[("Arnold Flem", 1)]));
    assert_eq!(violations.len(), 1, "{violations:?}");
    assert_eq!(violations[0].rule, "100.2");
    assert!(check(&padded("Gorebelly", &[("Arnold Flem", 1)])).is_empty());
    // 100.2: Hero Required by talent spec (Aimed Shot: Marksmanship).
    assert!(check(&padded("Elendril", &[("Aimed Shot", 1)])).is_empty());
}

#[test]
fn a_deck_for_a_non_hero_is_a_violation() {
    let violations = check(&padded("Bloodclaw", &[]));
    assert_eq!(violations.len(), 1, "{violations:?}");
    assert_eq!(violations[0].rule, "100.1");
}

#[test]
fn unreadable_decks_name_the_line_and_column() {
    let error = input_error("unknown-card.toml");
    assert_eq!(error.position, Position { line: 5, column: 1 });
    assert!(
        error.message.contains("did you mean `Bloodclaw`"),
        "{error}"
    );
    let error = input_error("zero-copies.toml");
    assert_eq!(
        error.position,
        Position {
            line: 5,
            column: 15
        }
    );
    let error = input_error("unknown-key.toml");
    assert_eq!(error.position.line, 4);
    assert!(error.message.contains("sidedeck"), "{error}");
    let error = Deck::from_toml("hero = \"Elendril\"\nformat = \"draft\"\n").expect_err("format");
    assert_eq!(
        error.position,
        Position {
            line: 2,
            column: 10
        }
    );
    assert!(Deck::from_toml("hero = ").is_err());
}

#[test]
fn hero_required_reads_race_profession_traitor_and_loyal() {
    // Race (Naliss the Silencer: Blood Elf; a Horde ally) for a Horde blood elf hero.
    assert!(check(&padded("Joleera", &[("Naliss the Silencer", 1)])).is_empty());
    assert_eq!(
        check(&padded("Gorebelly", &[("Naliss the Silencer", 1)])).len(),
        1
    );
    // Profession (Tankatronic Goggles: Engineering, warrior and paladin icons).
    assert_eq!(
        check(&padded("Gorebelly", &[("Tankatronic Goggles", 1)])).len(),
        1
    );
    // Traitor heroes carry the Traitor tag; Loyal means not a Traitor.
    let traitor = "Kil'zin of the Bloodscalp";
    assert!(check(&padded(traitor, &[("Lady Vashj", 1)])).is_empty());
    assert_eq!(check(&padded(traitor, &[("Maiev Shadowsong", 1)])).len(), 1);
    assert!(check(&padded("Gorebelly", &[("Maiev Shadowsong", 1)])).is_empty());
    assert_eq!(check(&padded("Gorebelly", &[("Lady Vashj", 1)])).len(), 1);
}

#[test]
fn huge_counts_are_refused_where_they_are_written() {
    let text = "hero = \"Elendril\"\n[main]\n\"Bloodclaw\" = 4294967295\n";
    let error = Deck::from_toml(text).expect_err("more than a deck file holds");
    assert_eq!(
        error.position,
        Position {
            line: 3,
            column: 15
        }
    );
    let error = Deck::from_toml("hero = \"Elendril\"\n[main]\n\"Fury\" = 4294967296\n")
        .expect_err("beyond the bound");
    assert!(error.message.contains("from 1 to 1000"), "{error}");
}
