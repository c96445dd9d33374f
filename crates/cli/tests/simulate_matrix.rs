//! `grimoire simulate --matrix`: every deck of a game against every other, both seat orders.

use crate::support::{grimoire_in, repository, summary};

/// Two of the example WoW TCG decks (the matrix of all of them is slow in a debug build).
const TWO_DECKS: [&str; 4] = [
    "--deck",
    "decks/wow-tcg/alliance-paladin.toml",
    "--deck",
    "decks/wow-tcg/horde-warrior.toml",
];

#[test]
fn the_matrix_pairs_the_decks_in_both_seats_and_adds_up() {
    let mut args = vec![
        "simulate", "wow-tcg", "--matrix", "--games", "7", "--seed", "2", "--json",
    ];
    args.extend(TWO_DECKS);
    let (code, out, err) = summary(&grimoire_in(&repository(), &args));
    assert_eq!(code, Some(0), "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(
        json["decks"],
        serde_json::json!(["alliance-paladin", "horde-warrior"])
    );
    let pairings = json["pairings"].as_array().expect("pairings");
    assert_eq!(pairings.len(), 1);
    let pairing = &pairings[0];
    assert_eq!(pairing["games"], 7);
    let count = |key: &str| pairing[key]["count"].as_u64().expect(key);
    let finished = pairing["first_wins"]["of"].as_u64().expect("finished");
    assert_eq!(
        count("first_wins") + count("second_wins") + count("draws"),
        finished
    );
    assert_eq!(finished + pairing["capped"].as_u64().unwrap(), 7);
    assert!(count("first_seat_wins") <= finished);
    assert_eq!(json["overall"][0]["count"], pairing["first_wins"]["count"]);
}

#[test]
fn the_matrix_prints_a_table_and_needs_two_decks() {
    let mut args = vec!["simulate", "wow-tcg", "--matrix", "--games", "2"];
    args.extend(TWO_DECKS);
    let (code, out, err) = summary(&grimoire_in(&repository(), &args));
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("2 decks, 1 pairings of 2 games (half in each seat order; seed 1)"),
        "{out}"
    );
    let row = out
        .lines()
        .find(|l| l.trim_start().starts_with("1 alliance-paladin"))
        .unwrap_or_else(|| panic!("no row for the first deck: {out}"));
    assert!(row.contains(" - "), "the diagonal is empty: {row}");
    assert!(out.contains("the first seat won"), "{out}");

    let one = repository().join("decks/wow-tcg/horde-warrior.toml");
    let (code, _, err) = summary(&grimoire_in(
        &repository(),
        &[
            "simulate",
            "wow-tcg",
            "--matrix",
            "--deck",
            one.to_str().unwrap(),
        ],
    ));
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("at least two decks (got 1)"), "{err}");
}
