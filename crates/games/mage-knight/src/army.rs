//! Army building: the points an army costs against its build total, and every army-building
//! rule of `rules/mage-knight-rules.txt` it breaks.
//!
//! The army file format is in `docs/formats.md` ("Mage Knight army files"):
//!
//! ```toml
//! build_total = 100
//! format = "standard"          # or "conquest"; optional, default standard
//! faction = "Orc Raiders"      # optional: a one-faction army
//! [warriors]
//! "Orc Marauder (Tough)" = 1   # card name = number of copies
//! ```
//!
//! Reading a file ([`ArmyFile::parse`]) fails with a [`FileError`] (line and column) on
//! malformed TOML, unknown keys, wrong types, counts of 0, unknown warrior or faction names.
//! A readable army is then checked ([`check`]) and every broken rule is a [`Violation`]
//! naming the rule it breaks ([`Violation::rule`]). Warriors are read from the generated
//! tables only; Unique-ness, factionless factions and the build-total steps come from
//! `codex/mage-knight/game.toml`.
//!
//! Not modelled (the data has no such records): items and relics, adventuring companies,
//! Hero levels, champions' dials, multi-point titans, multiple-dial warriors and castles.

use grimoire_engine::text::line_column;
use std::collections::BTreeMap;
use std::fmt;

use serde::Deserialize;
use toml::Spanned;

use crate::generated::{
    Card, CardId, Faction, Warrior, ADOPTS_FACTIONLESS, BUILD_TOTAL_STEP,
    CONQUEST_BUILD_TOTAL_STEP, CONQUEST_MIN_BUILD_TOTAL, FACTIONLESS, RANKS_WITH_STARS,
};

/// The kind of game an army is built for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// A standard Mage Knight game (build totals in steps of 100).
    #[default]
    Standard,
    /// A Mage Knight Conquest game (steps of 400, at least 1200).
    Conquest,
}

/// An army file as written, with the position of every value.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawArmy {
    game: Option<Spanned<String>>,
    build_total: Spanned<i64>,
    #[serde(default)]
    format: Format,
    faction: Option<Spanned<String>>,
    warriors: BTreeMap<Spanned<String>, Spanned<i64>>,
}

/// One line of an army: a warrior and its number of copies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The warrior's card.
    pub warrior: &'static Warrior,
    /// Copies in the army (at least 1).
    pub copies: u32,
}

/// A readable army: every name resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArmyFile {
    /// The agreed build total.
    pub build_total: u32,
    /// Standard or Conquest.
    pub format: Format,
    /// The faction the army declares it is built from, if any.
    pub faction: Option<Faction>,
    /// The warriors, in file order of their names (sorted).
    pub entries: Vec<Entry>,
}

/// Why an army file cannot be read, at a 1-based line and column (0, 0: the whole file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong, what was expected, and a suggestion where there is one.
    pub message: String,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl ArmyFile {
    /// Reads an army file's text. All the problems found are returned, in file order.
    pub fn parse(text: &str) -> Result<Self, Vec<FileError>> {
        let raw: RawArmy = toml::from_str(text).map_err(|error| {
            let (line, column) = error
                .span()
                .map_or((0, 0), |span| line_column(text, span.start));
            vec![FileError {
                line,
                column,
                message: error.message().trim().to_owned(),
            }]
        })?;
        let mut errors = Vec::new();
        let at = |span: std::ops::Range<usize>, message: String| {
            let (line, column) = line_column(text, span.start);
            FileError {
                line,
                column,
                message,
            }
        };
        if let Some(game) = &raw.game {
            if game.get_ref() != crate::generated::GAME_NAME {
                errors.push(at(
                    game.span(),
                    format!(
                        "this is a {} army file; expected `game = \"{}\"` (or no `game`)",
                        game.get_ref(),
                        crate::generated::GAME_NAME
                    ),
                ));
            }
        }
        let build_total = match u32::try_from(*raw.build_total.get_ref()) {
            Ok(total) if total > 0 => total,
            _ => {
                errors.push(at(
                    raw.build_total.span(),
                    format!(
                        "build_total must be a positive number of points, found {}",
                        raw.build_total.get_ref()
                    ),
                ));
                0
            }
        };
        let faction =
            raw.faction
                .as_ref()
                .and_then(|faction| match faction.get_ref().parse::<Faction>() {
                    Ok(faction) => Some(faction),
                    Err(_) => {
                        let names: Vec<&str> = Faction::ALL.iter().map(|f| f.name()).collect();
                        errors.push(at(
                            faction.span(),
                            format!(
                                "unknown faction `{}`{}",
                                faction.get_ref(),
                                suggestion(faction.get_ref(), &names)
                            ),
                        ));
                        None
                    }
                });
        let mut entries = Vec::new();
        for (name, copies) in &raw.warriors {
            let warrior = match find_card(name.get_ref()).map(CardId::card) {
                Some(Card::Warrior(warrior)) => Some(warrior),
                None => {
                    let names: Vec<&str> = CardId::ALL.iter().map(|id| id.name()).collect();
                    errors.push(at(
                        name.span(),
                        format!(
                            "unknown warrior `{}`{}",
                            name.get_ref(),
                            suggestion(name.get_ref(), &names)
                        ),
                    ));
                    None
                }
            };
            let copies = match u32::try_from(*copies.get_ref()) {
                Ok(count) if count > 0 => Some(count),
                _ => {
                    errors.push(at(
                        copies.span(),
                        format!(
                            "expected a number of copies of at least 1, found {}",
                            copies.get_ref()
                        ),
                    ));
                    None
                }
            };
            if let (Some(warrior), Some(copies)) = (warrior, copies) {
                entries.push(Entry { warrior, copies });
            }
        }
        if errors.is_empty() {
            Ok(Self {
                build_total,
                format: raw.format,
                faction,
                entries,
            })
        } else {
            errors.sort_by_key(|error| (error.line, error.column));
            Err(errors)
        }
    }
}

/// `; did you mean `X`?` for the closest name (the engine's one suggestion rule), or nothing.
fn suggestion(wanted: &str, names: &[&str]) -> String {
    grimoire_engine::suggest::closest(wanted, names.iter().copied())
        .map(|name| format!("; did you mean `{name}`?"))
        .unwrap_or_default()
}

/// A broken army-building rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Violation {
    /// The build total is not a multiple of the format's step.
    BuildTotalStep {
        /// The build total.
        build_total: u32,
        /// The step it must be a multiple of.
        step: u32,
    },
    /// A Conquest build total below the minimum.
    ConquestTooSmall {
        /// The build total.
        build_total: u32,
        /// The smallest allowed.
        minimum: u32,
    },
    /// The warriors cost more than the build total.
    OverBuildTotal {
        /// Points spent.
        total: u32,
        /// The build total.
        build_total: u32,
    },
    /// More than one copy of a Unique warrior.
    DuplicateUnique {
        /// The warrior's name.
        warrior: &'static str,
        /// Its collector id, when known.
        collector_id: Option<&'static str>,
        /// Copies in the army.
        copies: u32,
    },
    /// The army declares a faction that is not one (Mage Spawn).
    FactionlessDeclared {
        /// The declared faction.
        faction: Faction,
    },
    /// A warrior without the declared faction's symbol.
    OutsideFaction {
        /// The warrior's name.
        warrior: &'static str,
        /// The declared faction.
        faction: Faction,
    },
    /// A factionless warrior in a one-faction army that gives it no symbol.
    FactionlessWithoutAdopter {
        /// The warrior's name.
        warrior: &'static str,
        /// The declared faction.
        faction: Faction,
    },
}

impl Violation {
    /// The rule broken: its section in `rules/mage-knight-rules.txt` and what it says.
    pub fn rule(&self) -> &'static str {
        match self {
            Violation::BuildTotalStep { .. } => {
                "Building Your Army: build totals must be in multiples of 100 points (Conquest: 400)"
            }
            Violation::ConquestTooSmall { .. } => {
                "Mage Knight Conquest, Building Your Army: build totals must be at least 1200 points"
            }
            Violation::OverBuildTotal { .. } => {
                "Building Your Army: point values add up to, but do not exceed, the build total"
            }
            Violation::DuplicateUnique { .. } => {
                "Building Your Army: never more than one of the same Unique (no rank stars; same name and collector's number) in an army"
            }
            Violation::FactionlessDeclared { .. } => {
                "Glossary, faction: all warriors belong to a faction, except Mage Spawn"
            }
            Violation::OutsideFaction { .. } => {
                "This Is Mage Knight!: an army from one faction has only warriors with that faction symbol"
            }
            Violation::FactionlessWithoutAdopter { .. } => {
                "Formations / Shyft Formations: Mage Spawn have no faction symbol; they gain the Shyft symbol only with a friendly Shyft"
            }
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::BuildTotalStep { build_total, step } => {
                write!(f, "build total {build_total} is not a multiple of {step}")
            }
            Violation::ConquestTooSmall {
                build_total,
                minimum,
            } => write!(f, "Conquest build total {build_total} is below {minimum}"),
            Violation::OverBuildTotal { total, build_total } => write!(
                f,
                "the army costs {total} points, over the build total of {build_total} by {}",
                total - build_total
            ),
            Violation::DuplicateUnique {
                warrior,
                collector_id,
                copies,
            } => write!(
                f,
                "`{warrior}`{} is Unique: {copies} copies, at most 1 allowed",
                collector_id
                    .map(|id| format!(" ({id})"))
                    .unwrap_or_default()
            ),
            Violation::FactionlessDeclared { faction } => write!(
                f,
                "`{faction}` is no faction symbol and cannot be the army's faction"
            ),
            Violation::OutsideFaction { warrior, faction } => {
                write!(f, "`{warrior}` does not carry the {faction} faction symbol")
            }
            Violation::FactionlessWithoutAdopter { warrior, faction } => write!(
                f,
                "`{warrior}` has no faction symbol and cannot join a {faction} army"
            ),
        }
    }
}

/// The result of checking an army.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// Points of every warrior, copies included.
    pub total: u32,
    /// The build total.
    pub build_total: u32,
    /// Actions per turn the build total gives (one per full step of the format).
    pub actions: u32,
    /// Every broken rule, in rule order.
    pub violations: Vec<Violation>,
}

impl Report {
    /// Whether the army breaks no rule.
    pub fn is_legal(&self) -> bool {
        self.violations.is_empty()
    }
}

/// Whether a warrior is Unique: its rank has no rank stars.
pub fn is_unique(warrior: &Warrior) -> bool {
    !RANKS_WITH_STARS.contains(&warrior.rank)
}

/// Whether a warrior carries faction symbol `faction`.
fn carries(warrior: &Warrior, faction: Faction) -> bool {
    warrior.factions.contains(&faction)
}

/// Whether a warrior has no faction symbol at all (only factionless tags such as Mage Spawn).
fn factionless(warrior: &Warrior) -> bool {
    warrior
        .factions
        .iter()
        .all(|faction| FACTIONLESS.contains(faction))
}

/// Checks an army against every army-building rule.
pub fn check(army: &ArmyFile) -> Report {
    let mut violations = Vec::new();
    let (step, minimum) = match army.format {
        Format::Standard => (u32::from(BUILD_TOTAL_STEP), None),
        Format::Conquest => (
            u32::from(CONQUEST_BUILD_TOTAL_STEP),
            Some(u32::from(CONQUEST_MIN_BUILD_TOTAL)),
        ),
    };
    if !army.build_total.is_multiple_of(step) {
        violations.push(Violation::BuildTotalStep {
            build_total: army.build_total,
            step,
        });
    }
    if let Some(minimum) = minimum.filter(|minimum| army.build_total < *minimum) {
        violations.push(Violation::ConquestTooSmall {
            build_total: army.build_total,
            minimum,
        });
    }
    let total: u32 = army
        .entries
        .iter()
        .map(|entry| u32::from(entry.warrior.point_value) * entry.copies)
        .sum();
    if total > army.build_total {
        violations.push(Violation::OverBuildTotal {
            total,
            build_total: army.build_total,
        });
    }
    for entry in army.entries.iter().filter(|entry| is_unique(entry.warrior)) {
        if entry.copies > 1 {
            violations.push(Violation::DuplicateUnique {
                warrior: entry.warrior.name,
                collector_id: entry
                    .warrior
                    .printings
                    .first()
                    .and_then(|printing| printing.number),
                copies: entry.copies,
            });
        }
    }
    if let Some(faction) = army.faction {
        check_faction(army, faction, &mut violations);
    }
    Report {
        total,
        build_total: army.build_total,
        actions: army.build_total / step,
        violations,
    }
}

fn check_faction(army: &ArmyFile, faction: Faction, violations: &mut Vec<Violation>) {
    if FACTIONLESS.contains(&faction) {
        violations.push(Violation::FactionlessDeclared { faction });
        return;
    }
    let adopter_present = faction == ADOPTS_FACTIONLESS
        && army
            .entries
            .iter()
            .any(|entry| carries(entry.warrior, faction));
    for entry in &army.entries {
        let warrior = entry.warrior;
        if carries(warrior, faction) {
            continue;
        }
        if factionless(warrior) {
            if !adopter_present {
                violations.push(Violation::FactionlessWithoutAdopter {
                    warrior: warrior.name,
                    faction,
                });
            }
        } else {
            violations.push(Violation::OutsideFaction {
                warrior: warrior.name,
                faction,
            });
        }
    }
}

/// The report as text: one line per warrior, the total, then every violation with its rule.
pub fn render(army: &ArmyFile, report: &Report) -> String {
    let width = army
        .entries
        .iter()
        .map(|entry| entry.warrior.name.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for entry in &army.entries {
        let each = u32::from(entry.warrior.point_value);
        out += &format!(
            "  {:<width$}  {:>2} x {:>3} = {:>4}\n",
            entry.warrior.name,
            entry.copies,
            each,
            each * entry.copies
        );
    }
    out += &format!(
        "total: {} / {} points ({} action{} per turn)\n",
        report.total,
        report.build_total,
        report.actions,
        if report.actions == 1 { "" } else { "s" }
    );
    if report.is_legal() {
        out += "ok: the army is legal\n";
    } else {
        out += &format!("{} violation(s):\n", report.violations.len());
        for violation in &report.violations {
            out += &format!("  error: {violation}\n    rule: {}\n", violation.rule());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_count_characters() {
        let text = "a = 1\nbé = \"x\"\n";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 6), (2, 1));
        assert_eq!(line_column(text, text.find('=').unwrap()), (1, 3));
        let second_eq = text.rfind('=').unwrap();
        assert_eq!(line_column(text, second_eq), (2, 4));
    }
}

/// The card a player names: its exact name, else the name ignoring case.
pub fn find_card(name: &str) -> Option<CardId> {
    CardId::from_name(name).or_else(|| {
        grimoire_engine::suggest::find_ignoring_case(
            name,
            CardId::ALL.iter().map(|id| (id.name(), *id)),
        )
    })
}
