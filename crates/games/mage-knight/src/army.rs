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
//! malformed TOML, unknown keys, wrong types, unknown warrior or faction names, a build total
//! outside 1 to [`MAX_BUILD_TOTAL`], copies outside 1 to [`MAX_COPIES`], or points adding up
//! past `u32::MAX`. A readable army is then checked ([`check`]) and every broken rule is a
//! [`Violation`] naming the rule it breaks ([`Violation::rule`]) and the place in the file
//! that breaks it ([`Violation::at`]). Warriors are read from a [`Catalog`]: the generated
//! tables ([`ArmyFile::parse`]) or the cards on disk ([`ArmyFile::parse_with`]); Unique-ness, factionless factions and the build-total steps come from
//! `codex/mage-knight/game.toml`.
//!
//! Not modelled (the data has no such records): items and relics, adventuring companies,
//! Hero levels, champions' dials, multi-point titans, multiple-dial warriors and castles.

use std::collections::BTreeMap;
use std::fmt;

use grimoire_input::Location;
use serde::Deserialize;
use toml::Spanned;

use crate::catalog::Catalog;
use crate::generated::{
    Card, Faction, Warrior, ADOPTS_FACTIONLESS, BUILD_TOTAL_STEP, CONQUEST_BUILD_TOTAL_STEP,
    CONQUEST_MIN_BUILD_TOTAL, FACTIONLESS, RANKS_WITH_STARS,
};

/// The largest build total an army file may give: 100,000 points. The rules set none ("200 or
/// 300 or more points"; Conquest starts at 1200); a hundred thousand points is a thousand
/// actions a turn, far beyond any battle (docs/decisions.md, "Summoner Wars and Mage Knight:
/// bounds on user numbers").
pub const MAX_BUILD_TOTAL: u32 = 100_000;

/// The most copies of one warrior an army file may list: 1000. An army's points cannot pass
/// its build total, and at [`MAX_BUILD_TOTAL`] no warrior is cheap enough for more copies to
/// matter; the bound keeps every product of copies and points small.
pub const MAX_COPIES: u32 = 1000;

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
    /// Copies in the army (1 to [`MAX_COPIES`]).
    pub copies: u32,
    /// Where the warrior's name is written.
    pub at: Location,
    /// Where its number of copies is written.
    pub copies_at: Location,
}

impl Entry {
    /// The points of all its copies.
    pub fn points(&self) -> u32 {
        u32::from(self.warrior.point_value).saturating_mul(self.copies)
    }
}

/// A readable army: every name resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArmyFile {
    /// The agreed build total (1 to [`MAX_BUILD_TOTAL`]).
    pub build_total: u32,
    /// Where the build total is written.
    pub build_total_at: Location,
    /// Standard or Conquest.
    pub format: Format,
    /// The faction the army declares it is built from, if any, and where it is written.
    pub faction: Option<(Faction, Location)>,
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
    /// Reads an army file's text with the compiled warriors. All the problems found are
    /// returned, in file order.
    pub fn parse(text: &str) -> Result<Self, Vec<FileError>> {
        Self::parse_with(text, Catalog::compiled())
    }

    /// Reads an army file's text with the warriors of `catalog` (names ignore case). All the
    /// problems found are returned, in file order.
    pub fn parse_with(text: &str, catalog: &Catalog) -> Result<Self, Vec<FileError>> {
        let raw: RawArmy = toml::from_str(text).map_err(|error| {
            let at = Location::of_offset(text, error.span().map_or(0, |span| span.start));
            vec![FileError {
                line: at.line,
                column: at.column,
                message: error.message().trim().to_owned(),
            }]
        })?;
        let mut errors = Vec::new();
        let lines = grimoire_input::LineIndex::new(text);
        let location = |span: std::ops::Range<usize>| lines.location(span.start);
        let at = |span: std::ops::Range<usize>, message: String| {
            let at = location(span);
            FileError {
                line: at.line,
                column: at.column,
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
            Ok(total) if (1..=MAX_BUILD_TOTAL).contains(&total) => total,
            _ => {
                errors.push(at(
                    raw.build_total.span(),
                    format!(
                        "build_total must be 1 to {MAX_BUILD_TOTAL} points, found {}",
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
                    Ok(parsed) => Some((parsed, location(faction.span()))),
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
        let mut points = 0u32;
        for (name, copies) in &raw.warriors {
            let warrior = match catalog.get(name.get_ref()) {
                Some(Card::Warrior(warrior)) => Some(warrior),
                None => {
                    let message = catalog.needs_rebuild(name.get_ref()).unwrap_or_else(|| {
                        let names: Vec<&str> = catalog.names().collect();
                        format!(
                            "unknown warrior `{}`{}",
                            name.get_ref(),
                            suggestion(name.get_ref(), &names)
                        )
                    });
                    errors.push(at(name.span(), message));
                    None
                }
            };
            let count = match u32::try_from(*copies.get_ref()) {
                Ok(count) if (1..=MAX_COPIES).contains(&count) => Some(count),
                _ => {
                    errors.push(at(
                        copies.span(),
                        format!(
                            "expected a number of copies of at most {MAX_COPIES} and at least 1, found {}",
                            copies.get_ref()
                        ),
                    ));
                    None
                }
            };
            if let (Some(warrior), Some(count)) = (warrior, count) {
                let entry = Entry {
                    warrior,
                    copies: count,
                    at: location(name.span()),
                    copies_at: location(copies.span()),
                };
                match points.checked_add(entry.points()) {
                    Some(sum) => points = sum,
                    None => errors.push(at(
                        copies.span(),
                        format!("the army's points pass {} here", u32::MAX),
                    )),
                }
                entries.push(entry);
            }
        }
        if errors.is_empty() {
            Ok(Self {
                build_total,
                build_total_at: location(raw.build_total.span()),
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
        /// Where in the file the army breaks the rule.
        at: Location,
        /// The build total.
        build_total: u32,
        /// The step it must be a multiple of.
        step: u32,
    },
    /// A Conquest build total below the minimum.
    ConquestTooSmall {
        /// Where in the file the army breaks the rule.
        at: Location,
        /// The build total.
        build_total: u32,
        /// The smallest allowed.
        minimum: u32,
    },
    /// The warriors cost more than the build total.
    OverBuildTotal {
        /// Where in the file the army breaks the rule.
        at: Location,
        /// Points spent.
        total: u32,
        /// The build total.
        build_total: u32,
    },
    /// More than one copy of a Unique warrior.
    DuplicateUnique {
        /// Where in the file the army breaks the rule.
        at: Location,
        /// The warrior's name.
        warrior: &'static str,
        /// Its collector id, when known.
        collector_id: Option<&'static str>,
        /// Copies in the army.
        copies: u32,
    },
    /// The army declares a faction that is not one (Mage Spawn).
    FactionlessDeclared {
        /// Where in the file the army breaks the rule.
        at: Location,
        /// The declared faction.
        faction: Faction,
    },
    /// A warrior without the declared faction's symbol.
    OutsideFaction {
        /// Where in the file the army breaks the rule.
        at: Location,
        /// The warrior's name.
        warrior: &'static str,
        /// The declared faction.
        faction: Faction,
    },
    /// A factionless warrior in a one-faction army that gives it no symbol.
    FactionlessWithoutAdopter {
        /// Where in the file the army breaks the rule.
        at: Location,
        /// The warrior's name.
        warrior: &'static str,
        /// The declared faction.
        faction: Faction,
    },
}

impl Violation {
    /// Where in the file the army breaks the rule: the build total, the faction, or the
    /// warrior entry (its name, or its copies for a Unique listed twice or the entry whose
    /// points pass the build total).
    pub fn at(&self) -> Location {
        match self {
            Violation::BuildTotalStep { at, .. }
            | Violation::ConquestTooSmall { at, .. }
            | Violation::OverBuildTotal { at, .. }
            | Violation::DuplicateUnique { at, .. }
            | Violation::FactionlessDeclared { at, .. }
            | Violation::OutsideFaction { at, .. }
            | Violation::FactionlessWithoutAdopter { at, .. } => *at,
        }
    }

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
            Violation::BuildTotalStep {
                build_total, step, ..
            } => {
                write!(f, "build total {build_total} is not a multiple of {step}")
            }
            Violation::ConquestTooSmall {
                build_total,
                minimum,
                ..
            } => write!(f, "Conquest build total {build_total} is below {minimum}"),
            Violation::OverBuildTotal {
                total, build_total, ..
            } => write!(
                f,
                "the army costs {total} points, over the build total of {build_total} by {}",
                total.saturating_sub(*build_total)
            ),
            Violation::DuplicateUnique {
                warrior,
                collector_id,
                copies,
                ..
            } => write!(
                f,
                "`{warrior}`{} is Unique: {copies} copies, at most 1 allowed",
                collector_id
                    .map(|id| format!(" ({id})"))
                    .unwrap_or_default()
            ),
            Violation::FactionlessDeclared { faction, .. } => write!(
                f,
                "`{faction}` is no faction symbol and cannot be the army's faction"
            ),
            Violation::OutsideFaction {
                warrior, faction, ..
            } => {
                write!(f, "`{warrior}` does not carry the {faction} faction symbol")
            }
            Violation::FactionlessWithoutAdopter {
                warrior, faction, ..
            } => write!(
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
            at: army.build_total_at,
        });
    }
    if let Some(minimum) = minimum.filter(|minimum| army.build_total < *minimum) {
        violations.push(Violation::ConquestTooSmall {
            build_total: army.build_total,
            minimum,
            at: army.build_total_at,
        });
    }
    let mut total = 0u32;
    let mut over_at = None;
    for entry in &army.entries {
        total = total.saturating_add(entry.points());
        if total > army.build_total && over_at.is_none() {
            over_at = Some(entry.copies_at);
        }
    }
    if let Some(at) = over_at {
        violations.push(Violation::OverBuildTotal {
            total,
            build_total: army.build_total,
            at,
        });
    }
    for entry in army.entries.iter().filter(|entry| is_unique(entry.warrior)) {
        if entry.copies > 1 {
            violations.push(Violation::DuplicateUnique {
                at: entry.copies_at,
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
    if let Some((faction, at)) = army.faction {
        check_faction(army, faction, at, &mut violations);
    }
    Report {
        total,
        build_total: army.build_total,
        actions: army.build_total / step,
        violations,
    }
}

fn check_faction(
    army: &ArmyFile,
    faction: Faction,
    faction_at: Location,
    violations: &mut Vec<Violation>,
) {
    if FACTIONLESS.contains(&faction) {
        violations.push(Violation::FactionlessDeclared {
            faction,
            at: faction_at,
        });
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
                    at: entry.at,
                });
            }
        } else {
            violations.push(Violation::OutsideFaction {
                warrior: warrior.name,
                faction,
                at: entry.at,
            });
        }
    }
}

/// The report as text: one line per warrior, the total, then every violation as
/// `file:line:column: error: ...` with its rule (`file` is how the army file is shown).
pub fn render(file: &str, army: &ArmyFile, report: &Report) -> String {
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
            entry.points()
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
            out += &format!(
                "{file}:{}: error: {violation}\n    rule: {}\n",
                violation.at(),
                violation.rule()
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(text: &str) -> Vec<String> {
        ArmyFile::parse(text)
            .expect_err("an unreadable army")
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn copies_past_the_bound_are_refused_at_the_count_instead_of_overflowing() {
        for copies in ["4294967295", "9223372036854775807", "1001", "0", "-1"] {
            let text =
                format!("build_total = 100\n[warriors]\n\"Cave Archer (Weak)\" = {copies}\n");
            assert_eq!(
                errors(&text),
                [format!(
                    "3:24: expected a number of copies of at most 1000 and at least 1, found {copies}"
                )]
            );
        }
    }

    #[test]
    fn a_build_total_past_the_bound_is_refused_at_the_value() {
        for total in ["4294967295", "100001", "0"] {
            let text = format!("build_total = {total}\n[warriors]\n\"Bek\" = 1\n");
            assert_eq!(
                errors(&text),
                [format!(
                    "1:15: build_total must be 1 to 100000 points, found {total}"
                )]
            );
        }
    }

    #[test]
    fn points_of_many_copies_are_summed_without_overflow() {
        let text = "build_total = 100000\n[warriors]\n\"Cave Archer (Weak)\" = 1000\n\"cave archer (weak)\" = 1000\n";
        let army = ArmyFile::parse(text).expect("readable");
        let report = check(&army);
        let each = u32::from(army.entries[0].warrior.point_value);
        assert_eq!(report.total, 2000 * each);
    }

    #[test]
    fn every_violation_is_located_at_the_entry_that_breaks_it() {
        let text = "build_total = 250\nfaction = \"Heroes\"\n[warriors]\n\"Alsyn Vale\" = 2\n\"Arcane Draconum\" = 1\n\"Bek\" = 1\n";
        let army = ArmyFile::parse(text).expect("readable");
        let report = check(&army);
        let located: Vec<String> = report
            .violations
            .iter()
            .map(|v| v.at().to_string())
            .collect();
        // step at the build total; over at Arcane Draconum's copies (50 + 202 > 250); Unique
        // at Alsyn Vale's copies; outside the faction and factionless at the names.
        assert_eq!(located, ["1:15", "5:21", "4:16", "5:1", "6:1"]);
        let shown = render("army.toml", &army, &report);
        assert!(
            shown.contains("army.toml:1:15: error: build total 250 is not a multiple of 100"),
            "{shown}"
        );
        let declared = ArmyFile::parse(
            "build_total = 100\nfaction = \"Mage Spawn\"\n[warriors]\n\"Bek\" = 1\n",
        )
        .expect("readable");
        let report = check(&declared);
        assert_eq!(report.violations[0].at().to_string(), "2:11");
    }
}
