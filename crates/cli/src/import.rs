//! `grimoire import`: bring card data from other formats into TOML card files.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Subcommands of `grimoire import`.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Import OCTGN set files (`*.set.xml`) into one folder per set.
    Octgn(OctgnArgs),
    /// Import Mage Knight dial data (`dials.json` format) into one folder per expansion.
    MkDials(MkDialsArgs),
    /// Import a Summoner Wars card list (`cards.json`: `{ edition, source, cards: [...] }`).
    SummonerWars(SummonerWarsArgs),
    /// Import World of Warcraft TCG JSON card data (one array of records per set).
    WowtcgJson(WowtcgJsonArgs),
}

/// Arguments of `grimoire import mk-dials`.
#[derive(clap::Args)]
pub struct MkDialsArgs {
    /// The dial data files to import, in order (a figure read twice is reported).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The card directory to write into (e.g. `cards/mage-knight`); cards already there are
    /// merged with, not duplicated.
    #[arg(long)]
    out: PathBuf,
    /// The Mage Knight codex directory whose schema and ability names the cards must use
    /// (default: `codex/mage-knight` of the content root; see `--codex` of `import octgn`).
    #[arg(long)]
    codex: Option<PathBuf>,
    /// Exit with status 1 when any field could not be mapped.
    #[arg(long)]
    strict: bool,
    /// Exit with status 0 even when cards the game would not compile with were left out
    /// (they are still reported, each at its place in the source).
    #[arg(long)]
    skip_invalid: bool,
}

/// Arguments of `grimoire import summoner-wars`.
#[derive(clap::Args)]
pub struct SummonerWarsArgs {
    /// The card list (e.g. `../shared/data/summoner-wars-1e/cards.json`).
    data: PathBuf,
    /// The codex whose faction and ability names the data is mapped onto (default:
    /// `codex/summoner-wars` of the content root; see `--codex` of `import octgn`).
    #[arg(long)]
    codex: Option<PathBuf>,
    /// The card directory to write into; cards go to `<out>/<edition>-edition/<kind>.toml`.
    #[arg(long, default_value = "cards/summoner-wars")]
    out: PathBuf,
    /// Exit with status 1 when any field could not be mapped.
    #[arg(long)]
    strict: bool,
    /// Exit with status 0 even when cards the game would not compile with were left out
    /// (they are still reported, each at its place in the source).
    #[arg(long)]
    skip_invalid: bool,
}

/// Arguments of `grimoire import wowtcg-json`.
#[derive(clap::Args)]
pub struct WowtcgJsonArgs {
    /// The set files (`hoa.json`, ...; a `setlist.json` only names the sets), in order
    /// (the first card of a name keeps it; later ones become printings).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The card directory to write into (e.g. `cards/wow-tcg`); cards already there get
    /// reprints as printings.
    #[arg(long)]
    out: PathBuf,
    /// The WoW TCG codex directory the cards must compile against (default:
    /// `codex/wow-tcg` of the content root; see `--codex` of `import octgn`).
    #[arg(long)]
    codex: Option<PathBuf>,
    /// Exit with status 1 when any field could not be mapped.
    #[arg(long)]
    strict: bool,
    /// Exit with status 0 even when cards the game would not compile with were left out
    /// (they are still reported, each at its place in the source).
    #[arg(long)]
    skip_invalid: bool,
    /// Write reviewable additions for the words the cards use that the codex does not know
    /// (races, type-line tags, factions, professions, hero traits): enum values into the
    /// codex's `game.toml`, tags as entries marked `draft = true` into its `tags.toml`,
    /// written with the cards, all or nothing.
    #[arg(long)]
    scaffold: bool,
}

/// Arguments of `grimoire import octgn`.
#[derive(clap::Args)]
pub struct OctgnArgs {
    /// The game the sets belong to (only `mage-wars` has an OCTGN mapping).
    #[arg(long)]
    game: String,
    /// The set files to import, in order (earlier sets keep reprinted cards).
    #[arg(required = true)]
    sets: Vec<PathBuf>,
    /// The card directory to write into (e.g. `cards/mage-wars`).
    #[arg(long)]
    out: PathBuf,
    /// The game's codex directory the cards must compile against. By default
    /// `<root>/codex/<game>`: of the root `--out` is in when it is `<root>/cards/<game>`, else
    /// of the global `--root` or the content root found upwards from the current directory,
    /// else `codex/<game>`.
    #[arg(long)]
    codex: Option<PathBuf>,
    /// Exit with status 1 when any field could not be mapped.
    #[arg(long)]
    strict: bool,
    /// Exit with status 0 even when cards the game would not compile with were left out
    /// (they are still reported, each at its place in the source).
    #[arg(long)]
    skip_invalid: bool,
    /// Write reviewable additions for the new words the cards use: enum values into
    /// `codex/<game>/game.toml`, codex entries marked `draft = true` into the codex files.
    /// Needs `--out` to be `<root>/cards/<game>`. Without it, a card using a word the codex
    /// does not know is left out like any card the game would not compile with.
    #[arg(long)]
    scaffold: bool,
}

/// The games whose OCTGN data the importer knows how to map.
const OCTGN_GAMES: [&str; 1] = ["mage-wars"];

/// Runs `grimoire import`.
pub fn run(cmd: Command) -> ExitCode {
    match cmd {
        Command::Octgn(args) => run_octgn(args),
        Command::WowtcgJson(args) => run_wowtcg_json(args),
        Command::MkDials(args) => finish(
            grimoire_import::import_mk_dials(
                &args.files,
                &args.out,
                &codex_dir(args.codex, &args.out, "mage-knight"),
            ),
            Strictness::of(args.strict, args.skip_invalid),
        ),
        Command::SummonerWars(args) => finish(
            grimoire_import::import_summoner_wars(
                &args.data,
                &codex_dir(args.codex, &args.out, "summoner-wars"),
                &args.out,
            ),
            Strictness::of(args.strict, args.skip_invalid),
        ),
    }
}

/// What makes an import that ran exit with status 1.
#[derive(Clone, Copy)]
struct Strictness {
    /// `--strict`: any unmapped field.
    unmapped: bool,
    /// Not `--skip-invalid`: any card left out because the game would not compile with it.
    rejected: bool,
}

impl Strictness {
    fn of(strict: bool, skip_invalid: bool) -> Self {
        Self {
            unmapped: strict,
            rejected: !skip_invalid,
        }
    }

    /// Why the report fails the import, if it does.
    fn failure(self, report: &grimoire_import::Report) -> Option<String> {
        if self.rejected && !report.rejected.is_empty() {
            return Some(format!(
                "{} cards were not written: the game would not compile with them (listed as `rejected`; --skip-invalid accepts this)",
                report.rejected.len()
            ));
        }
        if self.unmapped && !report.is_clean() {
            return Some(format!(
                "{} unmapped fields (--strict)",
                report.unmapped.len()
            ));
        }
        None
    }
}

/// Prints an import's report; exit 1 when it left cards out (unless `--skip-invalid`) or under
/// `--strict` with unmapped fields, 2 when the import could not run.
fn finish(
    result: Result<grimoire_import::Report, grimoire_import::ImportError>,
    strictness: Strictness,
) -> ExitCode {
    match result {
        Ok(report) => {
            crate::out!("{report}");
            if let Some(failure) = strictness.failure(&report) {
                crate::errln!("error: {failure}");
                return crate::output::finish(ExitCode::FAILURE);
            }
            crate::output::finish(ExitCode::SUCCESS)
        }
        Err(error) => {
            crate::errln!("error: {error}");
            ExitCode::from(2)
        }
    }
}

/// `grimoire import wowtcg-json`: exit 1 for rejected cards or unmapped fields under
/// `--strict`, 2 when the import could not run (unreadable or malformed file; nothing is
/// written then).
fn run_wowtcg_json(args: WowtcgJsonArgs) -> ExitCode {
    let new_words = if args.scaffold {
        grimoire_import::NewWords::Scaffold
    } else {
        grimoire_import::NewWords::Reject
    };
    let result = grimoire_import::import_wowtcg_json(
        &args.files,
        &args.out,
        &codex_dir(args.codex, &args.out, "wow-tcg"),
        new_words,
    );
    if let (true, Ok(report)) = (args.scaffold, &result) {
        scaffold_summary("wow-tcg", report);
    }
    finish(result, Strictness::of(args.strict, args.skip_invalid))
}

/// Prints what `--scaffold` did: its draft warnings (on stderr) and a one-line summary.
fn scaffold_summary(game: &str, report: &grimoire_import::Report) {
    if report.scaffolded.is_empty() {
        crate::outln!("scaffold: no new names");
        return;
    }
    crate::err!("{}", report.scaffold_warnings);
    crate::outln!(
        "scaffold: `{game}` compiles with {} draft warnings; review the drafts",
        report.draft_warnings
    );
}

fn run_octgn(args: OctgnArgs) -> ExitCode {
    if !OCTGN_GAMES.contains(&args.game.as_str()) {
        crate::errln!(
            "error: no OCTGN mapping for game `{}` (known: {})",
            args.game,
            OCTGN_GAMES.join(", ")
        );
        return ExitCode::from(2);
    }
    let root = content_root(&args.out, &args.game);
    let codex = codex_dir(args.codex.clone(), &args.out, &args.game);
    let new_words = if args.scaffold {
        grimoire_import::NewWords::Scaffold
    } else {
        grimoire_import::NewWords::Reject
    };
    match grimoire_import::import_octgn(&args.game, &args.sets, &args.out, &codex, new_words) {
        Ok(mut report) => {
            if !args.scaffold {
                match &root {
                    Some(root) => match grimoire_import::find_new_names(root, &args.game) {
                        Ok(names) => report.new_names = names,
                        Err(error) => {
                            crate::errln!("warning: cannot look for new names: {error}")
                        }
                    },
                    None => crate::errln!(
                        "note: new names are not listed: --out is not <root>/cards/{} next to <root>/codex/{}/game.toml",
                        args.game, args.game
                    ),
                }
            }
            crate::out!("{report}");
            if args.scaffold {
                scaffold_summary(&args.game, &report);
            }
            if let Some(failure) = Strictness::of(args.strict, args.skip_invalid).failure(&report) {
                crate::errln!("error: {failure}");
                return crate::output::finish(ExitCode::FAILURE);
            }
            crate::output::finish(ExitCode::SUCCESS)
        }
        Err(error) => {
            crate::errln!("error: {error}");
            ExitCode::from(2)
        }
    }
}

/// The codex folder of `game` that imported cards are checked against: `given`, else
/// `<root>/codex/<game>` of the content root `out` is in (`<root>/cards/<game>`), else of the
/// global `--root` or the root found upwards from the current directory, else `codex/<game>`.
fn codex_dir(given: Option<PathBuf>, out: &Path, game: &str) -> PathBuf {
    given.unwrap_or_else(|| {
        content_root(out, game)
            .or_else(|| crate::root::optional(crate::root::flag()))
            .unwrap_or_default()
            .join("codex")
            .join(game)
    })
}

/// The content root of an output directory `<root>/cards/<game>`, when it has the game's
/// `codex/<game>/game.toml`.
fn content_root(out: &Path, game: &str) -> Option<PathBuf> {
    let cards = out.parent()?;
    let root = cards.parent()?;
    let is_layout = out.file_name()? == game
        && cards.file_name()? == "cards"
        && root.join("codex").join(game).join("game.toml").is_file();
    is_layout.then(|| root.to_path_buf())
}

#[cfg(test)]
mod tests {
    use std::fs;
    use std::path::{Path, PathBuf};
    use std::process::ExitCode;

    use super::{run_octgn, run_wowtcg_json, OctgnArgs, WowtcgJsonArgs};

    /// A scratch content root holding a copy of the repository's Mage Wars content; removed on
    /// drop.
    struct Scratch(PathBuf);

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    fn copy_dir(from: &Path, to: &Path) {
        fs::create_dir_all(to).expect("create dir");
        for entry in fs::read_dir(from).expect("readable dir") {
            let path = entry.expect("entry").path();
            let target = to.join(path.file_name().expect("file name"));
            if path.is_dir() {
                copy_dir(&path, &target);
            } else {
                fs::copy(&path, &target).expect("copy file");
            }
        }
    }

    fn scratch(name: &str) -> Scratch {
        let root =
            std::env::temp_dir().join(format!("grimoire-import-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        for part in ["codex", "cards"] {
            copy_dir(
                &repo.join(part).join("mage-wars"),
                &root.join(part).join("mage-wars"),
            );
        }
        Scratch(root)
    }

    fn args(root: &Path, set: PathBuf, scaffold: bool, strict: bool) -> OctgnArgs {
        OctgnArgs {
            game: "mage-wars".to_owned(),
            sets: vec![set],
            out: root.join("cards").join("mage-wars"),
            codex: None,
            strict,
            skip_invalid: false,
            scaffold,
        }
    }

    const NEW_WORDS: &str = r#"<?xml version="1.0"?>
<set name="Moths"><cards><card id="M1" name="Glimmer Moth">
<property name="Type" value="Creature" /><property name="Subtype" value="Moth" />
<property name="Cost" value="6" /><property name="Action" value="Full" />
<property name="Range" value="0-0" /><property name="Target" value="Zone" />
<property name="School" value="Nature" /><property name="Level" value="1" />
<property name="Stats" value="Armor=0, Life=5" /><property name="Traits" value="Shimmer 2" />
<property name="cAttacks" value="name=Dust;action type=Quick;range type=Melee;dice=2;effects={8+: ['Glitter']}" />
<property name="AttackBar" value="[Quick] [Melee] [Dice=2] [8+ = Glitter]" />
</card></cards></set>
"#;

    #[test]
    fn scaffold_then_check_is_clean_of_errors() {
        let root = scratch("scaffold");
        let set = root.0.join("moths.set.xml");
        fs::write(&set, NEW_WORDS).expect("write set");
        assert_eq!(run_octgn(args(&root.0, set, true, true)), ExitCode::SUCCESS);
        let input = grimoire_compiler::load_game(&root.0, "mage-wars").expect("loads");
        let game = grimoire_compiler::compile(&input)
            .unwrap_or_else(|d| panic!("errors after --scaffold:\n{}", d.render(false)));
        assert_eq!(game.warnings.len(), 2, "{}", game.warnings.render(false));
        let game_toml =
            fs::read_to_string(root.0.join("codex/mage-wars/game.toml")).expect("game.toml");
        assert!(
            game_toml.contains("name = \"Moth\""),
            "the subtype is scaffolded"
        );
    }

    #[test]
    fn a_truncated_set_exits_2() {
        let root = scratch("truncated");
        let set = root.0.join("cut.set.xml");
        fs::write(&set, &NEW_WORDS[..NEW_WORDS.find("</cards>").expect("tag")]).expect("write");
        assert_eq!(
            run_octgn(args(&root.0, set, false, false)),
            ExitCode::from(2)
        );
    }

    #[test]
    fn strict_fails_on_a_creature_without_cost() {
        let root = scratch("strict");
        let set = root.0.join("costless.set.xml");
        fs::write(
            &set,
            NEW_WORDS.replace("<property name=\"Cost\" value=\"6\" />", ""),
        )
        .expect("write");
        assert_eq!(
            run_octgn(args(&root.0, set, false, true)),
            ExitCode::FAILURE
        );
    }

    fn wow_args(files: Vec<PathBuf>, out: PathBuf, strict: bool) -> WowtcgJsonArgs {
        WowtcgJsonArgs {
            files,
            out,
            codex: None,
            strict,
            skip_invalid: false,
            scaffold: false,
        }
    }

    #[test]
    fn a_card_the_game_would_not_compile_with_exits_1_unless_skip_invalid() {
        let root = scratch("rejected");
        let set = root.0.join("moths.set.xml");
        fs::write(&set, NEW_WORDS).expect("write set");
        let written = root.0.join("cards/mage-wars/moths/creatures.toml");
        // Without --scaffold, a new subtype is a word the game does not know.
        assert_eq!(
            run_octgn(args(&root.0, set.clone(), false, false)),
            ExitCode::FAILURE
        );
        assert!(!written.exists(), "the card is not written");
        let skipping = OctgnArgs {
            skip_invalid: true,
            ..args(&root.0, set, false, false)
        };
        assert_eq!(run_octgn(skipping), ExitCode::SUCCESS);
        assert!(!written.exists(), "the card is still not written");
    }

    #[test]
    fn wowtcg_json_exit_statuses() {
        let dir = std::env::temp_dir().join(format!("grimoire-wowtcg-cli-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let odd = dir.join("odd.json");
        std::fs::write(&odd, r#"[{"name": "Orc", "type": "Ally", "glitter": 1}]"#).expect("write");
        let bad = dir.join("bad.json");
        std::fs::write(&bad, "[{").expect("write");
        let out = dir.join("out");
        let strict = run_wowtcg_json(wow_args(vec![odd.clone()], out.clone(), true));
        let lenient = run_wowtcg_json(wow_args(vec![odd], out.clone(), false));
        let malformed = run_wowtcg_json(wow_args(vec![bad], out, false));
        std::fs::remove_dir_all(&dir).expect("clean up");
        assert_eq!(strict, ExitCode::FAILURE, "--strict with an unmapped field");
        assert_eq!(lenient, ExitCode::SUCCESS);
        assert_eq!(malformed, ExitCode::from(2));
    }
}
