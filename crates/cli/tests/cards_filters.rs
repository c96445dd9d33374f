//! `grimoire cards list` filters that match no card are errors with the closest value.

use crate::support::{grimoire_in, repository, summary};

#[test]
fn a_filter_value_no_card_has_is_an_error_with_a_suggestion() {
    let cases = [
        (
            vec!["--kind", "creture"],
            "--kind `creture` matches no card; did you mean `creature`?",
        ),
        (vec!["--school", "Natur"], "did you mean `Nature`?"),
        (vec!["--trait", "Flyng"], "did you mean `Flying`?"),
        (
            vec!["--where", "subtipes=Bear"],
            "--where field `subtipes` matches no card; did you mean `subtypes`?",
        ),
        (vec!["--where", "subtypes=Baer"], "did you mean `Bear`?"),
    ];
    for (args, expected) in cases {
        let mut all = vec!["cards", "list", "--game", "mage-wars"];
        all.extend(args.iter().copied());
        let (status, stdout, stderr) = summary(&grimoire_in(&repository(), &all));
        assert_ne!(status, Some(0), "{args:?}: {stdout}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
    // Known values that select nothing together are an empty list, not an error.
    let (status, stdout, stderr) = summary(&grimoire_in(
        &repository(),
        &[
            "cards",
            "list",
            "--game",
            "mage-wars",
            "--kind",
            "creature",
            "--cost",
            "99",
        ],
    ));
    assert_eq!(status, Some(0), "{stderr}");
    assert!(!stdout.contains("creature "), "{stdout}");
}
