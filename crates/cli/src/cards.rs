//! `grimoire cards list|show|search`: the cards of any game, straight from the content.
//!
//! Generic over the compiled IR: each card is viewed in the dump's form ([`crate::live::card_json`]),
//! so the same filters work for every game. `--kind`, `--cost`, `--school` and `--trait` read
//! the fields of those names (`school` or `schools`, `traits`) where a game has them; `--where
//! FIELD=VALUE` reads any field. Output is a table, or JSON lines with `--json`.

use std::process::ExitCode;

use grimoire_compiler::ir;
use grimoire_engine::suggest::did_you_mean;
use serde_json::Value as Json;

use crate::content::content_root;
use crate::output::{column_width, padded};
use crate::{out, outln, output};

/// Subcommands of `grimoire cards`.
#[derive(clap::Subcommand)]
pub enum Command {
    /// List, show and search.
    #[command(flatten)]
    Browse(Browse),
    /// For every card, whether the rules play every printed ability and, if not, which is
    /// missing and why; totals per kind and set.
    Coverage(crate::coverage::Args),
}

/// The subcommands of `grimoire cards` that read the cards from the content.
#[derive(clap::Subcommand)]
pub enum Browse {
    /// List the cards that pass the filters.
    List(ListArgs),
    /// Show one card as a player reads it, with the rules of its traits (`--json`: every field).
    Show(ShowArgs),
    /// Cards whose name or any text field contains the given words.
    Search(SearchArgs),
}

/// Filters shared by `list` and `search`.
#[derive(clap::Args, Default, Clone)]
pub struct Filters {
    /// Only this game (default: every game under `<root>/codex/`).
    #[arg(long)]
    game: Option<String>,
    /// Only cards of this kind (`creature`).
    #[arg(long)]
    kind: Option<String>,
    /// Only cards of this school (a `school` or `schools` field holding it).
    #[arg(long)]
    school: Option<String>,
    /// Only cards with this trait (`Flying`; `Flame` also matches `Flame -2`).
    #[arg(long = "trait")]
    trait_: Option<String>,
    /// Only cards whose `cost` is in this range: `5`, `3..5`, `..3` or `7..`.
    #[arg(long)]
    cost: Option<String>,
    /// Only cards whose field holds the value: `--where subtypes=Bear` (repeatable).
    #[arg(long = "where", value_name = "FIELD=VALUE")]
    conditions: Vec<String>,
    /// One JSON object per card per line instead of a table.
    #[arg(long)]
    json: bool,
}

/// Arguments of `grimoire cards list`.
#[derive(clap::Args)]
pub struct ListArgs {
    #[command(flatten)]
    filters: Filters,
}

/// Arguments of `grimoire cards search`.
#[derive(clap::Args)]
pub struct SearchArgs {
    /// Words every matching card contains (in any text field, ignoring case).
    #[arg(required = true)]
    words: Vec<String>,
    #[command(flatten)]
    filters: Filters,
}

/// Arguments of `grimoire cards show`.
#[derive(clap::Args)]
pub struct ShowArgs {
    /// The card's name (case does not matter).
    name: String,
    /// Only look in this game.
    #[arg(long)]
    game: Option<String>,
    /// Print the card as JSON.
    #[arg(long)]
    json: bool,
}

/// One card with the game it belongs to.
struct Row {
    game: String,
    card: Json,
    origin: ir::Origin,
    /// The player-facing view `show` prints ([`crate::gallery::player_view`]).
    view: String,
}

/// Runs `grimoire cards`.
pub fn run(cmd: Command) -> ExitCode {
    match cmd {
        Command::Browse(cmd) => browse(cmd),
        Command::Coverage(args) => crate::coverage::run(args),
    }
}

/// Runs `grimoire cards list|show|search`.
fn browse(cmd: Browse) -> ExitCode {
    let game = match &cmd {
        Browse::List(args) => args.filters.game.clone(),
        Browse::Search(args) => args.filters.game.clone(),
        Browse::Show(args) => args.game.clone(),
    };
    let (rows, broken) = match load(game.as_deref()) {
        Ok(loaded) => loaded,
        Err(message) => {
            crate::errln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let status = match cmd {
        Browse::List(args) => list(&rows, &args.filters, &[]),
        Browse::Search(args) => list(&rows, &args.filters, &args.words),
        Browse::Show(args) => show(&rows, &args),
    };
    let status = match (status, broken) {
        (Ok(()), false) => ExitCode::SUCCESS,
        (Ok(()), true) => ExitCode::from(1),
        (Err(message), _) => {
            crate::errln!("error: {message}");
            ExitCode::from(2)
        }
    };
    output::finish(status)
}

/// Every card of the requested games; `true` when a game did not compile (reported on stderr).
fn load(only: Option<&str>) -> Result<(Vec<Row>, bool), String> {
    let root = content_root()?;
    let games = match only {
        Some(game) => vec![game.to_string()],
        None => grimoire_compiler::discover_games(&root)
            .map_err(|e| format!("cannot read {}: {e}", root.join("codex").display()))?,
    };
    let mut rows = Vec::new();
    let mut broken = false;
    for name in games {
        let content = match crate::live::compile_game(&root, &name) {
            Ok(Some(content)) => content,
            Ok(None) => {
                let known = grimoire_compiler::discover_games(&root).unwrap_or_default();
                return Err(format!(
                    "unknown game `{name}`{} (games here: {})",
                    did_you_mean(&name, known.iter().map(String::as_str)),
                    known.join(", ")
                ));
            }
            Err(message) => {
                crate::err!("{message}");
                crate::errln!();
                broken = true;
                continue;
            }
        };
        for card in &content.game.cards {
            rows.push(Row {
                game: name.clone(),
                card: crate::live::card_json(&content.game, card),
                origin: card.origin.clone(),
                view: crate::gallery::player_view(&content.game, card),
            });
        }
    }
    Ok((rows, broken))
}

fn list(rows: &[Row], filters: &Filters, words: &[String]) -> Result<(), String> {
    let cost = filters.cost.as_deref().map(parse_range).transpose()?;
    let conditions: Vec<(&str, &str)> = filters
        .conditions
        .iter()
        .map(|condition| {
            condition
                .split_once('=')
                .map(|(field, value)| (field.trim(), value.trim()))
                .ok_or_else(|| format!("--where {condition:?}: write FIELD=VALUE"))
        })
        .collect::<Result<_, _>>()?;
    check_filters_match(rows, filters, &conditions)?;
    let words: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    let chosen: Vec<&Row> =
        rows.iter()
            .filter(|row| {
                let card = &row.card;
                filters
                    .kind
                    .as_deref()
                    .is_none_or(|kind| text(card, "kind").eq_ignore_ascii_case(kind))
                    && filters.school.as_deref().is_none_or(|school| {
                        ["school", "schools"]
                            .iter()
                            .any(|field| card.get(*field).is_some_and(|v| holds(v, school)))
                    })
                    && filters.trait_.as_deref().is_none_or(|wanted| {
                        card.get("traits").is_some_and(|v| has_trait(v, wanted))
                    })
                    && cost.is_none_or(|(low, high)| {
                        card.get("cost").and_then(Json::as_i64).is_some_and(|c| {
                            low.is_none_or(|l| c >= l) && high.is_none_or(|h| c <= h)
                        })
                    })
                    && conditions
                        .iter()
                        .all(|(field, value)| card.get(*field).is_some_and(|v| holds(v, value)))
                    && words.iter().all(|word| contains_text(card, word))
            })
            .collect();
    if filters.json {
        for row in &chosen {
            let mut card = row.card.clone();
            if let Json::Object(fields) = &mut card {
                fields.insert("game".into(), row.game.clone().into());
            }
            outln!("{card}");
        }
        return Ok(());
    }
    print_table(&chosen);
    Ok(())
}

/// Each filter on its own must match some card of the pool: a value no card has (`--kind
/// creture`) is an error with the closest known value, never a silently empty list.
fn check_filters_match(
    rows: &[Row],
    filters: &Filters,
    conditions: &[(&str, &str)],
) -> Result<(), String> {
    let cards = || rows.iter().map(|row| &row.card);
    let known = |option: &str, wanted: &str, values: Vec<String>| -> String {
        let mut values = values;
        values.sort();
        values.dedup();
        let hint = grimoire_engine::suggest::closest(wanted, values.iter().map(String::as_str))
            .map(|close| format!("; did you mean `{close}`?"))
            .unwrap_or_default();
        format!("{option} `{wanted}` matches no card{hint}")
    };
    if let Some(kind) = filters.kind.as_deref() {
        if !cards().any(|card| text(card, "kind").eq_ignore_ascii_case(kind)) {
            let kinds = cards().map(|card| text(card, "kind").to_string()).collect();
            return Err(known("--kind", kind, kinds));
        }
    }
    if let Some(school) = filters.school.as_deref() {
        let field_values = |card: &Json| {
            let mut out = Vec::new();
            for field in ["school", "schools"] {
                if let Some(value) = card.get(field) {
                    leaves(value, &mut out);
                }
            }
            out
        };
        if !cards().any(|card| {
            field_values(card)
                .iter()
                .any(|v| v.eq_ignore_ascii_case(school))
        }) {
            return Err(known(
                "--school",
                school,
                cards().flat_map(field_values).collect(),
            ));
        }
    }
    if let Some(wanted) = filters.trait_.as_deref() {
        if !cards().any(|card| card.get("traits").is_some_and(|v| has_trait(v, wanted))) {
            let mut traits = Vec::new();
            for card in cards() {
                if let Some(value) = card.get("traits") {
                    leaves(value, &mut traits);
                }
            }
            return Err(known("--trait", wanted, traits));
        }
    }
    for (field, value) in conditions {
        if !cards().any(|card| card.get(*field).is_some()) {
            let fields = cards()
                .filter_map(Json::as_object)
                .flat_map(|fields| fields.keys().cloned())
                .collect();
            return Err(known("--where field", field, fields));
        }
        if !cards().any(|card| card.get(*field).is_some_and(|v| holds(v, value))) {
            let mut values = Vec::new();
            for card in cards() {
                if let Some(v) = card.get(*field) {
                    leaves(v, &mut values);
                }
            }
            return Err(known(&format!("--where {field} value"), value, values));
        }
    }
    Ok(())
}

/// Every string and number inside `value`, as text.
fn leaves(value: &Json, out: &mut Vec<String>) {
    match value {
        Json::Array(items) => items.iter().for_each(|item| leaves(item, out)),
        Json::Object(fields) => fields.values().for_each(|item| leaves(item, out)),
        Json::String(text) => out.push(text.clone()),
        Json::Null => {}
        other => out.push(other.to_string()),
    }
}

fn print_table(rows: &[&Row]) {
    let many_games = rows.windows(2).any(|pair| pair[0].game != pair[1].game);
    let has_cost = rows.iter().any(|row| row.card.get("cost").is_some());
    let name_width = column_width("NAME", rows.iter().map(|row| text(&row.card, "name")));
    let kind_width = column_width("KIND", rows.iter().map(|row| text(&row.card, "kind")));
    let mut header = format!(
        "{}  {}",
        padded("NAME", name_width),
        padded("KIND", kind_width)
    );
    if has_cost {
        header += "  COST";
    }
    if many_games {
        header += "  GAME";
    }
    outln!("{}", header.trim_end());
    for row in rows {
        let mut line = format!(
            "{}  {}",
            padded(text(&row.card, "name"), name_width),
            padded(text(&row.card, "kind"), kind_width)
        );
        if has_cost {
            let cost = row.card.get("cost").map(compact).unwrap_or_default();
            line += &format!("  {cost:>4}");
        }
        if many_games {
            line += &format!("  {}", row.game);
        }
        outln!("{}", line.trim_end());
    }
    outln!("{} card(s)", rows.len());
}

fn show(rows: &[Row], args: &ShowArgs) -> Result<(), String> {
    let wanted = args.name.trim();
    let Some(row) = rows
        .iter()
        .find(|row| text(&row.card, "name").eq_ignore_ascii_case(wanted))
    else {
        return Err(format!(
            "unknown card {wanted:?}{}",
            did_you_mean(wanted, rows.iter().map(|row| text(&row.card, "name")))
        ));
    };
    if args.json {
        outln!("{}", row.card);
        return Ok(());
    }
    outln!(
        "{} ({} of {}, {}:{})",
        text(&row.card, "name"),
        text(&row.card, "kind"),
        row.game,
        row.origin.file,
        row.origin.line
    );
    out!("{}", row.view);
    Ok(())
}

/// A string field, or "".
fn text<'a>(card: &'a Json, field: &str) -> &'a str {
    card.get(field).and_then(Json::as_str).unwrap_or("")
}

/// A value as one line: strings bare, lists `[a, b]` (top-level lists without brackets),
/// records `{key=value, ...}`.
fn compact(value: &Json) -> String {
    match value {
        Json::Array(items) => items.iter().map(nested).collect::<Vec<_>>().join(", "),
        other => nested(other),
    }
}

fn nested(value: &Json) -> String {
    match value {
        Json::String(text) => text.clone(),
        Json::Array(items) => format!(
            "[{}]",
            items.iter().map(nested).collect::<Vec<_>>().join(", ")
        ),
        Json::Object(fields) => format!(
            "{{{}}}",
            fields
                .iter()
                .map(|(key, value)| format!("{key}={}", nested(value)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        other => other.to_string(),
    }
}

/// Whether `value` is or holds a scalar equal to `wanted` (ignoring case).
fn holds(value: &Json, wanted: &str) -> bool {
    match value {
        Json::Array(items) => items.iter().any(|item| holds(item, wanted)),
        Json::Object(fields) => fields.values().any(|item| holds(item, wanted)),
        Json::String(text) => text.eq_ignore_ascii_case(wanted),
        other => other.to_string().eq_ignore_ascii_case(wanted),
    }
}

/// Whether a list of traits holds `wanted`, or a parameterised form of it (`Flame` → `Flame -2`).
fn has_trait(value: &Json, wanted: &str) -> bool {
    let wanted = wanted.trim().to_lowercase();
    let matches = |text: &str| {
        let text = text.to_lowercase();
        text == wanted
            || text
                .strip_prefix(&wanted)
                .is_some_and(|rest| rest.starts_with([' ', '(', '+', '-']))
    };
    match value {
        Json::Array(items) => items.iter().any(|item| item.as_str().is_some_and(matches)),
        Json::String(text) => matches(text),
        _ => false,
    }
}

/// Whether any string in `value` contains `word` (already lower case).
fn contains_text(value: &Json, word: &str) -> bool {
    match value {
        Json::String(text) => text.to_lowercase().contains(word),
        Json::Array(items) => items.iter().any(|item| contains_text(item, word)),
        Json::Object(fields) => fields.values().any(|item| contains_text(item, word)),
        _ => false,
    }
}

/// `5`, `3..5`, `..3`, `7..` as inclusive bounds.
fn parse_range(text: &str) -> Result<(Option<i64>, Option<i64>), String> {
    let bound = |part: &str| -> Result<Option<i64>, String> {
        let part = part.trim();
        if part.is_empty() {
            return Ok(None);
        }
        part.parse()
            .map(Some)
            .map_err(|_| format!("--cost {text:?}: want N, A..B, ..B or A.."))
    };
    match text.split_once("..") {
        Some((low, high)) => Ok((bound(low)?, bound(high.trim_start_matches('='))?)),
        None => {
            let exact = bound(text)?;
            if exact.is_none() {
                return Err(format!("--cost {text:?}: want N, A..B, ..B or A.."));
            }
            Ok((exact, exact))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn row(card: Json) -> Row {
        Row {
            game: "g".into(),
            card,
            origin: ir::Origin {
                file: "cards/g/set/a.toml".into(),
                line: 1,
            },
            view: String::new(),
        }
    }

    #[test]
    fn filters_read_the_fields_of_any_game() {
        let bear = json!({"name": "Bear", "kind": "creature", "cost": 5,
            "schools": [{"school": "Nature", "level": 1}], "traits": ["Flame -2", "Flying"]});
        let wall = json!({"name": "Wall", "kind": "conjuration", "cost": 9, "traits": []});
        assert!(holds(&bear["schools"], "nature"));
        assert!(has_trait(&bear["traits"], "flame"));
        assert!(!has_trait(&bear["traits"], "Fla"));
        assert!(contains_text(&wall, "wal"));
        assert_eq!(parse_range("3..5"), Ok((Some(3), Some(5))));
        assert_eq!(parse_range("..3"), Ok((None, Some(3))));
        assert_eq!(parse_range("7"), Ok((Some(7), Some(7))));
        assert!(parse_range("x").is_err());
        let rows = [row(bear), row(wall)];
        let filters = Filters {
            cost: Some("..6".into()),
            ..Filters::default()
        };
        assert!(list(&rows, &filters, &[]).is_ok());
        let error = show(
            &rows,
            &ShowArgs {
                name: "bera".into(),
                game: None,
                json: false,
            },
        )
        .unwrap_err();
        assert_eq!(error, "unknown card \"bera\" (did you mean \"Bear\"?)");
    }
}
