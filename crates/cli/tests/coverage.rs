//! `grimoire cards coverage`: every game's cards with whether the rules play every printed
//! ability, totals per kind and set, JSON for machines, and unknown filters named with a
//! suggestion.

use crate::support::{grimoire_in, repository, summary};

fn coverage(args: &[&str]) -> (Option<i32>, String, String) {
    let mut all = vec!["cards", "coverage"];
    all.extend(args);
    summary(&grimoire_in(&repository(), &all))
}

#[test]
fn every_game_reports_every_card_in_json() {
    let (code, stdout, stderr) = coverage(&["--json"]);
    assert_eq!(code, Some(0), "{stderr}");
    let reports: Vec<serde_json::Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON report per line"))
        .collect();
    let games: Vec<&str> = reports.iter().filter_map(|r| r["game"].as_str()).collect();
    assert_eq!(
        games,
        ["mage-wars", "summoner-wars", "wow-tcg", "mage-knight"]
    );
    for report in &reports {
        let cards = report["cards"].as_array().expect("cards");
        assert_eq!(report["total"]["total"], cards.len());
        let covered = cards.iter().filter(|c| c["covered"] == true).count();
        assert_eq!(report["total"]["covered"], covered);
        for card in cards.iter().filter(|c| c["covered"] == false) {
            let missing = card["abilities"].as_array().expect("abilities");
            assert!(
                missing
                    .iter()
                    .any(|a| a["status"] == "not_modelled" && a["reason"].is_string()),
                "{card}: not covered, yet no ability is missing"
            );
        }
    }
}

#[test]
fn filters_narrow_the_cards_and_the_totals() {
    let (code, stdout, stderr) = coverage(&["summoner-wars", "--kind", "event"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.starts_with("summoner-wars\n"), "{stdout}");
    assert!(stdout.contains("not covered  Conjure Phoenixes (event; first-edition)"));
    assert!(stdout.contains("covered      Abolish (event; first-edition)"));
    assert!(stdout.contains("Conjure Phoenixes: not modelled: "));
    assert!(stdout.contains("    event: "));
    assert!(!stdout.contains("champion"), "{stdout}");
    let (code, stdout, _) = coverage(&["mage-knight", "--set", "lancers", "--json"]);
    assert_eq!(code, Some(0));
    let report: serde_json::Value = serde_json::from_str(stdout.trim()).expect("JSON");
    assert_eq!(report["by_set"]["lancers"], report["total"]);
}

#[test]
fn unknown_games_kinds_and_sets_are_errors_with_a_suggestion() {
    for (args, message) in [
        (
            &["mage-wars", "--kind", "creture"][..],
            "unknown kind \"creture\" (did you mean \"creature\"?)",
        ),
        (
            &["summoner-wars", "--set", "first-editon"][..],
            "unknown set \"first-editon\" (did you mean \"first-edition\"?)",
        ),
        (
            &["mage-war"][..],
            "unknown game \"mage-war\" (did you mean \"mage-wars\"?)",
        ),
    ] {
        let (code, stdout, stderr) = coverage(args);
        assert_eq!(code, Some(2), "{args:?}");
        assert!(stdout.is_empty(), "{args:?}: {stdout}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}
