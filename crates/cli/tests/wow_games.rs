//! `grimoire play wow-tcg` and `grimoire simulate wow-tcg` from the example decks.

use crate::support::{grimoire_in, repository, summary};

#[test]
fn simulate_wow_tcg_gives_the_same_results_whatever_the_jobs() {
    let run = |jobs: &str| {
        let (code, stdout, stderr) = summary(&grimoire_in(
            &repository(),
            &[
                "simulate", "wow-tcg", "--games", "30", "--jobs", jobs, "--seed", "5",
            ],
        ));
        assert_eq!(code, Some(0), "{stdout}\n{stderr}");
        stdout
    };
    let one = run("1");
    assert!(
        one.contains(
            "30 games (seed 5), 30 finished by the rules, 0 stopped at the action cap, 0 broke \
             the rules contract"
        ),
        "{one}"
    );
    assert!(one.contains("cards played"), "{one}");
    assert_eq!(one, run("2"));
}

#[test]
fn play_wow_tcg_prints_card_names_and_a_winner() {
    let (code, stdout, stderr) = summary(&grimoire_in(
        &repository(),
        &["play", "wow-tcg", "--seed", "3"],
    ));
    assert_eq!(code, Some(0), "{stderr}");
    for words in [
        "set-up",
        "chooses player",
        "the opening hand",
        "Graccus",
        "Gorebelly",
        "its own text is not modelled",
        "action phase",
    ] {
        assert!(stdout.contains(words), "no {words:?} in:\n{stdout}");
    }
    let last = stdout.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("player 1 won")
            || last.starts_with("player 2 won")
            || last.starts_with("a draw"),
        "{last}"
    );
    assert!(
        stdout.contains("plays "),
        "a card is played from hand:\n{stdout}"
    );
}

#[test]
fn an_illegal_deck_is_refused_with_its_rule() {
    let deck = repository().join("tests/decks/wow-tcg/illegal-constructed.toml");
    let legal = repository().join("decks/wow-tcg/horde-warrior.toml");
    let (code, _, stderr) = summary(&grimoire_in(
        &repository(),
        &[
            "play",
            "wow-tcg",
            "--deck",
            deck.to_str().unwrap_or_default(),
            "--deck",
            legal.to_str().unwrap_or_default(),
        ],
    ));
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("rule 100.1"), "{stderr}");
}
