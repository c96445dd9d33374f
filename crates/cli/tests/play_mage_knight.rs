//! `grimoire play` and `grimoire simulate` for Mage Knight, from the example armies.

use crate::support::{grimoire_in, repository, summary};

#[test]
fn simulate_gives_the_same_results_whatever_the_number_of_threads() {
    let run = |jobs: &str| {
        summary(&grimoire_in(
            &repository(),
            &[
                "simulate",
                "mage-knight",
                "--games",
                "6",
                "--seed",
                "4",
                "--jobs",
                jobs,
                "--json",
            ],
        ))
    };
    let (one_status, one, _) = run("1");
    let (two_status, two, _) = run("2");
    assert_eq!((one_status, two_status), (Some(0), Some(0)), "{one}");
    assert_eq!(one, two);
    let summary: serde_json::Value = serde_json::from_str(&one).unwrap();
    assert_eq!(summary["games"], 6);
    assert_eq!(summary["failures"], serde_json::json!([]));
    let wins = summary["wins"][0]["count"].as_u64().unwrap()
        + summary["wins"][1]["count"].as_u64().unwrap()
        + summary["draws"]["count"].as_u64().unwrap();
    assert_eq!(wins + summary["capped"].as_u64().unwrap(), 6);
}

#[test]
fn play_prints_the_game_in_words_with_warrior_names_and_an_ending() {
    let (status, stdout, stderr) = summary(&grimoire_in(
        &repository(),
        &["play", "mage-knight", "--seed", "3"],
    ));
    assert_eq!(status, Some(0), "{stderr}");
    assert!(stdout.contains("turn 1\n"), "{stdout}");
    assert!(stdout.contains("Ankhar Butcher (Tough)"), "{stdout}");
    let last = stdout.lines().last().unwrap_or_default();
    assert!(
        last.contains("won after") || last.contains("a draw after"),
        "{last}"
    );
}

#[test]
fn play_refuses_an_illegal_army_and_a_missing_deck() {
    let armies = repository().join("tests/fixtures/mage-knight/armies");
    let illegal = armies.join("over-by-one.toml");
    let legal = armies.join("legal-100.toml");
    let (status, _, stderr) = summary(&grimoire_in(
        &repository(),
        &[
            "play",
            "mage-knight",
            "--deck",
            illegal.to_str().unwrap(),
            "--deck",
            legal.to_str().unwrap(),
        ],
    ));
    assert_eq!(status, Some(2));
    assert!(stderr.contains("is not a legal army"), "{stderr}");
    let (status, _, stderr) = summary(&grimoire_in(
        &repository(),
        &["play", "mage-knight", "--deck", legal.to_str().unwrap()],
    ));
    assert_eq!(status, Some(2));
    assert!(stderr.contains("give --deck 2 times"), "{stderr}");
}

#[test]
fn simulate_writes_a_report_page_with_pictures() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("report.html");
    let (status, _, stderr) = summary(&grimoire_in(
        &repository(),
        &[
            "simulate",
            "mage-knight",
            "--games",
            "4",
            "--report",
            page.to_str().unwrap(),
        ],
    ));
    assert_eq!(status, Some(0), "{stderr}");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("mage-knight: 4 simulated games"), "{html}");
    assert!(html.contains("player 1 (orc-raiders-300)"), "{html}");
    assert!(html.contains("Game length (turns)") && html.contains("<svg"));
    assert!(html.contains("Ankhar Butcher (Tough)"));
}

#[test]
fn play_and_simulate_take_a_map_and_other_games_refuse_one() {
    let map = repository().join("decks/mage-knight/maps/twin-hills.toml");
    let map = map.to_str().expect("UTF-8 path");
    let (code, out, err) = summary(&grimoire_in(
        &repository(),
        &[
            "simulate",
            "mage-knight",
            "--map",
            map,
            "--games",
            "4",
            "--json",
        ],
    ));
    assert_eq!(code, Some(0), "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(json["games"], 4);
    assert_eq!(json["failures"].as_array().map(Vec::len), Some(0));
    let (code, _, err) = summary(&grimoire_in(
        &repository(),
        &["play", "summoner-wars", "--map", map],
    ));
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("not played on a map"), "{err}");
    let dir = tempfile::tempdir().expect("temp dir");
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "width = 36\nheight = 36\nterain = []\n").expect("map");
    let (code, _, err) = summary(&grimoire_in(
        &repository(),
        &[
            "play",
            "mage-knight",
            "--map",
            bad.to_str().expect("UTF-8 path"),
        ],
    ));
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("bad.toml:3:1"), "{err}");
}
