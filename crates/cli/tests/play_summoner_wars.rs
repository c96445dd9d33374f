//! `grimoire play` and `grimoire simulate` for Summoner Wars, from the example faction decks of
//! `decks/summoner-wars/`.

use crate::support::{grimoire_in, repository, summary};

#[test]
fn simulate_gives_the_same_figures_on_one_or_two_threads() {
    let run = |jobs: &str| {
        summary(&grimoire_in(
            &repository(),
            &[
                "simulate",
                "summoner-wars",
                "--games",
                "50",
                "--jobs",
                jobs,
                "--seed",
                "4",
            ],
        ))
    };
    let (code, one, err) = run("1");
    assert_eq!(code, Some(0), "{err}");
    assert!(
        one.contains("50 games (seed 4), 50 finished by the rules, 0 stopped at the action cap, 0 broke the rules contract"),
        "{one}"
    );
    let (code, two, err) = run("2");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(one, two);
}

#[test]
fn play_prints_a_log_in_card_names_and_a_winner() {
    let (code, out, err) = summary(&grimoire_in(
        &repository(),
        &["play", "summoner-wars", "--seed", "3"],
    ));
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("set-up"), "{out}");
    assert!(out.contains("Prince Elien"), "{out}");
    assert!(out.contains("Selundar"), "{out}");
    assert!(out.contains("goes first"), "{out}");
    assert!(out.contains("moves "), "{out}");
    let last = out.lines().last().unwrap_or_default();
    assert!(
        last.contains("player 1 won") || last.contains("player 2 won"),
        "{last}"
    );
}

#[test]
fn a_deck_without_a_layout_cannot_be_played() {
    let dir = tempfile::tempdir().expect("temp dir");
    let deck = dir.path().join("no-layout.toml");
    std::fs::write(
        &deck,
        "summoner = \"Prince Elien\"\n[cards]\n\"Fencer\" = 6\n",
    )
    .unwrap();
    let deck = deck.to_str().unwrap();
    let (code, _, err) = summary(&grimoire_in(
        &repository(),
        &["play", "summoner-wars", "--deck", deck, "--deck", deck],
    ));
    assert_ne!(code, Some(0));
    assert!(err.contains("[layout]"), "{err}");
}
