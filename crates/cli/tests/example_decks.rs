//! Every example deck in `decks/<game>/` (the ones `play`, `simulate` and `simulate --matrix`
//! use by default) is legal by its game's checker.

use crate::support::{grimoire_in, repository, summary};

#[test]
fn every_example_deck_is_legal() {
    let checkers: [(&str, &[&str]); 4] = [
        ("mage-wars", &["spellbook", "check", "--game", "mage-wars"]),
        ("wow-tcg", &["deck", "check", "--game", "wow-tcg"]),
        (
            "summoner-wars",
            &["deck", "check", "--game", "summoner-wars"],
        ),
        ("mage-knight", &["army", "check", "--game", "mage-knight"]),
    ];
    for (game, command) in checkers {
        let folder = repository().join("decks").join(game);
        let mut decks: Vec<_> = std::fs::read_dir(&folder)
            .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
            .map(|entry| entry.expect("entry").path())
            .filter(|path| path.extension().is_some_and(|e| e == "toml"))
            .collect();
        decks.sort();
        assert!(decks.len() >= 2, "{game} has {} example decks", decks.len());
        for deck in decks {
            let mut args = command.to_vec();
            args.push(deck.to_str().expect("UTF-8 path"));
            let (code, out, err) = summary(&grimoire_in(&repository(), &args));
            assert_eq!(code, Some(0), "{}: {out}{err}", deck.display());
        }
    }
}
