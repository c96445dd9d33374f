//! `grimoire play mage-wars` and `grimoire simulate mage-wars` from the example spellbooks.

use crate::support::{grimoire_in, repository, summary};

#[test]
fn simulate_gives_the_same_results_whatever_the_jobs() {
    let run = |jobs: &str| {
        summary(&grimoire_in(
            &repository(),
            &["simulate", "mage-wars", "--games", "20", "--jobs", jobs],
        ))
    };
    let (code, one, stderr) = run("1");
    assert_eq!(code, Some(0), "{one}{stderr}");
    assert!(
        one.contains(
            "20 finished by the rules, 0 stopped at the action cap, 0 broke the rules contract"
        ),
        "{one}"
    );
    let (code, two, stderr) = run("2");
    assert_eq!(code, Some(0), "{two}{stderr}");
    assert_eq!(one, two);
}

#[test]
fn play_shows_the_game_with_card_names() {
    let (code, stdout, stderr) = summary(&grimoire_in(
        &repository(),
        &["play", "mage-wars", "--seed", "3"],
    ));
    assert_eq!(code, Some(0), "{stderr}");
    for words in [
        "player 1's Warlock starts in A1",
        "player 2's Beastmaster starts in D3",
        "round 1 begins",
        "activates Warlock",
    ] {
        assert!(stdout.contains(words), "{words:?} missing from:\n{stdout}");
    }
    assert!(stdout.contains(" casts "), "a spell is cast:\n{stdout}");
    assert!(
        stdout
            .lines()
            .last()
            .is_some_and(|l| l.contains(" won after ") || l.contains("a draw")),
        "the game ends by the rules:\n{stdout}"
    );
}

#[test]
fn an_illegal_spellbook_does_not_play() {
    let dir = tempfile::tempdir().expect("temp dir");
    let book = dir.path().join("book.toml");
    std::fs::write(&book, "mage = \"Warlock\"\n[cards]\n\"Fireball\" = 99\n").expect("book");
    let book = book.display().to_string();
    let (code, _, stderr) = summary(&grimoire_in(
        &repository(),
        &["play", "mage-wars", "--deck", &book, "--deck", &book],
    ));
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("is not a legal spellbook"), "{stderr}");
}
