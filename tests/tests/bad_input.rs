//! The bad-input corpus: every `tests/bad-input/<case>/` is a tiny game with one kind of
//! mistake; its `expected.toml` lists the diagnostics the compiler must report (code, file,
//! line, column, help), in order. Also: arbitrary card files never make the compiler panic.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use grimoire_compiler::{compile, discover_games, load_game, Diagnostics, GameInput};
use proptest::prelude::*;

use crate::support::repo_root;

/// One expected diagnostic.
#[derive(Debug, PartialEq, Eq)]
struct Expected {
    code: String,
    file: String,
    line: usize,
    column: usize,
    help: Option<String>,
}

fn corpus_dir() -> PathBuf {
    repo_root().join("tests").join("bad-input")
}

fn cases() -> Vec<PathBuf> {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("tests/bad-input exists")
        .map(|entry| entry.expect("readable entry").path())
        .filter(|path| path.is_dir())
        .collect();
    cases.sort();
    cases
}

fn load_case(case: &Path) -> GameInput {
    let games = discover_games(case).expect("the case has codex/");
    assert_eq!(games.len(), 1, "{}: one game per case", case.display());
    load_game(case, &games[0]).expect("the case's files are readable")
}

fn expected(case: &Path) -> Vec<Expected> {
    let text = std::fs::read_to_string(case.join("expected.toml")).expect("expected.toml exists");
    let table: toml::Table = text.parse().expect("expected.toml is valid TOML");
    let items = table
        .get("diagnostic")
        .and_then(toml::Value::as_array)
        .expect("expected.toml has [[diagnostic]]");
    items
        .iter()
        .map(|item| {
            let text = |key: &str| {
                item.get(key)
                    .and_then(toml::Value::as_str)
                    .map(str::to_owned)
            };
            let number = |key: &str| {
                let value = item
                    .get(key)
                    .and_then(toml::Value::as_integer)
                    .expect("line and column");
                usize::try_from(value).expect("positive")
            };
            Expected {
                code: text("code").expect("code"),
                file: text("file").expect("file"),
                line: number("line"),
                column: number("column"),
                help: text("help"),
            }
        })
        .collect()
}

fn actual(diagnostics: &Diagnostics) -> Vec<Expected> {
    diagnostics
        .iter()
        .map(|d| Expected {
            code: d.code.to_owned(),
            file: d.file.clone(),
            line: d.line,
            column: d.column,
            help: d.help.clone(),
        })
        .collect()
}

fn compile_case(case: &Path) -> Diagnostics {
    match compile(&load_case(case)) {
        Ok(_) => panic!("{}: compiled without errors", case.display()),
        Err(diagnostics) => diagnostics,
    }
}

#[test]
fn every_case_reports_exactly_the_expected_diagnostics() {
    let mut failures = Vec::new();
    for case in cases() {
        let got = actual(&compile_case(&case));
        let want = expected(&case);
        if got != want {
            failures.push(format!(
                "{}:\n  expected {want:#?}\n  got {got:#?}",
                case.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_corpus_covers_at_least_thirty_mistakes_and_every_code() {
    let cases = cases();
    assert!(cases.len() >= 30, "only {} cases", cases.len());
    let codes: BTreeSet<String> = cases
        .iter()
        .flat_map(|c| expected(c))
        .map(|e| e.code)
        .collect();
    // E0034 (not UTF-8) and E0035 (a bad date) have no corpus case (they were not required here
    // before either); every later code has one.
    let all: BTreeSet<String> = (1..=33)
        .chain(36..=37)
        .map(|n| format!("E{n:04}"))
        .collect();
    assert_eq!(codes, all, "every diagnostic code has a case");
}

#[test]
fn rendering_shows_location_caret_and_help() {
    for case in cases() {
        let diagnostics = compile_case(&case);
        let rendered = diagnostics.render(false);
        for d in &diagnostics {
            let header = format!("error[{}]: {}", d.code, d.message);
            assert!(
                rendered.contains(&header),
                "{}: no `{header}` in\n{rendered}",
                case.display()
            );
            let location = format!("--> {}:{}:{}", d.file, d.line, d.column);
            assert!(
                rendered.contains(&location),
                "{}: no `{location}` in\n{rendered}",
                case.display()
            );
            if let Some(help) = &d.help {
                let line = format!("= help: {help}");
                assert!(
                    rendered.contains(&line),
                    "{}: no `{line}` in\n{rendered}",
                    case.display()
                );
            }
        }
        assert!(
            rendered
                .lines()
                .any(|l| l.trim_start().starts_with('|') && l.contains('^')),
            "{}: no caret",
            case.display()
        );
        assert!(!rendered.contains('\u{1b}'), "no colors unless asked");
        assert!(
            diagnostics.render(true).contains('\u{1b}'),
            "colors when asked"
        );
    }
}

#[test]
fn json_lines_carry_every_diagnostic() {
    for case in cases() {
        let diagnostics = compile_case(&case);
        let lines: Vec<serde_json::Value> = diagnostics
            .to_json_lines()
            .lines()
            .map(|l| serde_json::from_str(l).expect("each line is one JSON object"))
            .collect();
        assert_eq!(lines.len(), diagnostics.len());
        for (json, d) in lines.iter().zip(&diagnostics) {
            assert_eq!(json["code"], d.code);
            assert_eq!(json["file"], d.file.as_str());
            assert_eq!(json["line"], d.line);
            assert_eq!(json["column"], d.column);
            assert_eq!(json["severity"], "error");
            assert!(json["end_line"].as_u64() >= json["line"].as_u64());
        }
    }
}

/// A valid game from the corpus: the `unknown-kind` case with its one mistake fixed.
fn valid_game() -> GameInput {
    let mut input = load_case(&corpus_dir().join("unknown-kind"));
    for file in &mut input.cards {
        file.text = file.text.replace("\"unti\"", "\"unit\"");
    }
    input
}

#[test]
fn the_fixed_case_compiles() {
    let game = compile(&valid_game()).unwrap_or_else(|d| panic!("{}", d.render(false)));
    assert_eq!(game.cards.len(), 2);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_bytes_as_a_card_file_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let mut input = valid_game();
        input.cards[0].text = String::from_utf8_lossy(&bytes).into_owned();
        if let Err(diagnostics) = compile(&input) {
            let _ = diagnostics.render(false);
            let _ = diagnostics.to_json_lines();
        }
    }

    #[test]
    fn toml_like_card_files_never_panic(text in "(\\[\\[card\\]\\]\n|name = \"[A-Za-z +-]{0,12}\"\n|kind = \"unit\"\n|power = -?[0-9]{1,3}\n|traits = \\[\"(Piercing \\+|Fast|Water Resist|[a-z ]{0,5})[0-9]?\"\\]\n|element = \"[A-Za-z]{0,6}\"\n|[a-z=\\[\\]{}\" ,.0-9\n]{0,10})*") {
        let mut input = valid_game();
        input.cards[0].text = text;
        if let Err(diagnostics) = compile(&input) {
            let _ = diagnostics.render(false);
            let _ = diagnostics.to_json_lines();
        }
    }
}

/// `text` with the bytes `at..at + len` replaced by `insert` (positions wrap around the text
/// and snap to character boundaries).
fn splice(text: &str, at: usize, len: usize, insert: &str) -> String {
    let snap = |mut i: usize| {
        i = i.min(text.len());
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let start = snap(at % (text.len() + 1));
    let end = snap(start + len);
    format!("{}{insert}{}", &text[..start], &text[end..])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn mangled_schema_and_codex_files_never_panic(
        at in any::<usize>(),
        len in 0usize..40,
        insert in "[a-zA-Z_{}\\[\\]=\"?().,+ \n0-9-]{0,12}",
        target in 0usize..2,
    ) {
        let mut input = valid_game();
        let file = if target == 0 { &mut input.game_toml } else { &mut input.codex[0] };
        file.text = splice(&file.text, at, len, &insert);
        if let Err(diagnostics) = compile(&input) {
            let _ = diagnostics.render(false);
            let _ = diagnostics.to_json_lines();
        }
    }
}
