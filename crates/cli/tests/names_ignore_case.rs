//! Card names in deck, army and spellbook files match ignoring case, in every game.

use crate::support::{grimoire_in, repository, summary};

/// Checks a copy of `deck` with `from` written as `to` and expects it legal.
fn legal_with(command: &[&str], deck: &str, from: &str, to: &str) {
    let text = std::fs::read_to_string(repository().join(deck)).expect("example deck");
    assert!(text.contains(from), "{deck} names {from}");
    let dir = tempfile::tempdir().expect("temp dir");
    let copy = dir.path().join("deck.toml");
    std::fs::write(&copy, text.replace(from, to)).expect("copy written");
    let mut args = command.to_vec();
    args.push(copy.to_str().expect("a UTF-8 path"));
    let (status, stdout, stderr) = summary(&grimoire_in(&repository(), &args));
    assert_eq!(status, Some(0), "{deck} with {to}: {stdout}{stderr}");
}

#[test]
fn deck_and_army_files_match_card_names_ignoring_case() {
    legal_with(
        &["deck", "check", "--game", "wow-tcg"],
        "decks/wow-tcg/horde-warrior.toml",
        "\"Scout Omerrta\"",
        "\"SCOUT omerrta\"",
    );
    legal_with(
        &["army", "check", "--game", "mage-knight"],
        "decks/mage-knight/orc-raiders-300.toml",
        "\"Ankhar Butcher (Tough)\"",
        "\"ankhar butcher (tough)\"",
    );
    legal_with(
        &["deck", "check", "--game", "summoner-wars"],
        "decks/summoner-wars/phoenix-elves.toml",
        "\"Prince Elien\"",
        "\"prince elien\"",
    );
}

#[test]
fn a_deck_written_in_lower_case_plays() {
    let text = std::fs::read_to_string(repository().join("decks/summoner-wars/phoenix-elves.toml"))
        .expect("example deck");
    let dir = tempfile::tempdir().expect("temp dir");
    let copy = dir.path().join("deck.toml");
    std::fs::write(&copy, text.replace("\"Prince Elien\"", "\"prince elien\"")).expect("copy");
    let other = repository().join("decks/summoner-wars/shadow-elves.toml");
    let (status, stdout, stderr) = summary(&grimoire_in(
        &repository(),
        &[
            "play",
            "summoner-wars",
            "--seed",
            "2",
            "--deck",
            copy.to_str().expect("a UTF-8 path"),
            "--deck",
            other.to_str().expect("a UTF-8 path"),
        ],
    ));
    assert_eq!(status, Some(0), "{stderr}");
    assert!(stdout.contains("Prince Elien"), "{stdout}");
}
