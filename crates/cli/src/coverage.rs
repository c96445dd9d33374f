//! `grimoire cards coverage [GAME] [--set S] [--kind K] [--json]`: for every card of a game,
//! whether the rules play every printed ability and, when not, which ability is missing and
//! why; totals per kind and set.
//!
//! The answers come from each game's coverage report (the registry's `coverage` hook in
//! [`crate::games`]), in the engine's one model ([`grimoire_engine::coverage`]). They describe
//! the rules built into this program applied to the cards on disk (see [`crate::live`]).
//! Without GAME (or with `--all`), every game with a report is listed.

use std::process::ExitCode;

use grimoire_engine::suggest::did_you_mean;
use grimoire_engine::{CoverageReport, Tally};

use crate::games::{self, Feature};
use crate::{outln, output};

/// Arguments of `grimoire cards coverage`.
#[derive(clap::Args)]
pub struct Args {
    /// The game (default: every game).
    game: Option<String>,
    /// Every game (the default when no GAME is given).
    #[arg(long, conflicts_with = "game")]
    all: bool,
    /// Only the cards printed in this set (its folder name under `cards/<game>/`).
    #[arg(long)]
    set: Option<String>,
    /// Only the cards of this kind (`creature`).
    #[arg(long)]
    kind: Option<String>,
    /// One JSON report per game per line instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs `grimoire cards coverage`.
pub fn run(args: Args) -> ExitCode {
    let status = match reports(&args) {
        Ok(reports) => {
            for report in &reports {
                if args.json {
                    match serde_json::to_string(report) {
                        Ok(line) => outln!("{line}"),
                        Err(e) => {
                            crate::errln!("error: {e}");
                            return ExitCode::from(2);
                        }
                    }
                } else {
                    print_report(report);
                }
            }
            ExitCode::SUCCESS
        }
        Err(message) => {
            crate::errln!("error: {message}");
            ExitCode::from(2)
        }
    };
    output::finish(status)
}

/// The reports of the games asked for, filtered by `--set` and `--kind`. A set or kind no
/// chosen game knows is an error with a suggestion; with several games, those without a
/// matching card are left out.
fn reports(args: &Args) -> Result<Vec<CoverageReport>, String> {
    let chosen: Vec<&games::Game> = match args.game.as_deref() {
        Some(name) => {
            if !games::GAMES.iter().any(|g| g.name == name) {
                let names: Vec<&str> = games::GAMES.iter().map(|g| g.name).collect();
                return Err(format!(
                    "unknown game {name:?}{} (games: {})",
                    did_you_mean(name, names.iter().copied()),
                    names.join(", ")
                ));
            }
            vec![games::find_in(games::GAMES, name, Feature::Coverage)?]
        }
        None => games::GAMES
            .iter()
            .filter(|g| g.supports(Feature::Coverage))
            .collect(),
    };
    let all: Vec<CoverageReport> = chosen
        .iter()
        .filter_map(|g| g.coverage.map(|report| report()))
        .collect::<Result<_, _>>()?;
    check_known("set", args.set.as_deref(), &all, |r| {
        r.by_set.keys().copied().collect()
    })?;
    check_known("kind", args.kind.as_deref(), &all, |r| {
        r.by_kind.keys().copied().collect()
    })?;
    let filtering = args.set.is_some() || args.kind.is_some();
    Ok(all
        .into_iter()
        .map(|report| {
            report.filtered(|card| {
                args.kind.as_deref().is_none_or(|k| card.kind == k)
                    && args.set.as_deref().is_none_or(|s| card.sets.contains(&s))
            })
        })
        .filter(|report| !filtering || report.total.total > 0)
        .collect())
}

/// An error when `wanted` (a `--set` or `--kind` value) is none of the values the reports
/// know, with the closest one.
fn check_known(
    what: &str,
    wanted: Option<&str>,
    reports: &[CoverageReport],
    known: impl Fn(&CoverageReport) -> Vec<&'static str>,
) -> Result<(), String> {
    let Some(wanted) = wanted else {
        return Ok(());
    };
    let mut values: Vec<&str> = reports.iter().flat_map(known).collect();
    values.sort_unstable();
    values.dedup();
    if values.contains(&wanted) {
        return Ok(());
    }
    Err(format!(
        "unknown {what} {wanted:?}{} (known: {})",
        did_you_mean(wanted, values.iter().copied()),
        values.join(", ")
    ))
}

/// `covered of total (percent)`.
fn share(tally: Tally) -> String {
    let percent = if tally.total == 0 {
        0.0
    } else {
        100.0 * tally.covered as f64 / tally.total as f64
    };
    format!("{} of {} ({percent:.1}%)", tally.covered, tally.total)
}

/// One game's report as text: a line per card, then the totals.
fn print_report(report: &CoverageReport) {
    outln!("{}", report.game);
    for card in &report.cards {
        let place = format!("{} ({}; {})", card.name, card.kind, card.sets.join(", "));
        if card.covered {
            outln!("  covered      {place}");
            continue;
        }
        outln!("  not covered  {place}");
        for missing in card.missing() {
            if let grimoire_engine::Coverage::NotModelled { reason } = missing.coverage {
                outln!("      {}: {reason}", missing.ability);
            }
        }
    }
    outln!(
        "{}: {} cards covered (every printed ability played)",
        report.game,
        share(report.total)
    );
    for (title, groups) in [("kind", &report.by_kind), ("set", &report.by_set)] {
        outln!("  by {title}:");
        for (name, tally) in groups {
            outln!("    {name}: {}", share(*tally));
        }
    }
}
