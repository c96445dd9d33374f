//! `cargo xtask bench-compile`: compiler throughput on replicated content.
//!
//! The bundled cards of one game are copied N/pool times into a temporary content root, each
//! copy's cards renamed (`Name` → `Name Copy7`), then one run reports:
//!
//! - the baseline: parsing the same card bytes with the `toml` crate into `toml::Table`;
//! - the compiler's phases (parse, resolve/validate) and its total;
//! - code generation (Rust, schemas, dump) from the IR;
//! - optionally (`--cargo-build-cards M`) the debug `cargo build` time of a crate holding the
//!   generated module for M cards.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

/// Arguments of `cargo xtask bench-compile`.
#[derive(clap::Args)]
pub struct Args {
    /// Number of cards to compile.
    #[arg(long, default_value_t = 100_000)]
    cards: usize,
    /// Game whose bundled content is replicated.
    #[arg(long, default_value = "mage-wars")]
    game: String,
    /// Also time a debug `cargo build` of a generated crate holding this many cards.
    #[arg(long)]
    cargo_build_cards: Option<usize>,
}

/// Runs the benchmark and prints the report.
pub fn run(args: Args) -> ExitCode {
    if let Some(code) = crate::rerun_in_release() {
        return code;
    }
    match bench(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn bench(args: &Args) -> Result<(), String> {
    let repo = crate::repo_root();
    let temp = tempfile::tempdir().map_err(|e| format!("temp dir: {e}"))?;
    let card_files = replicate(&repo, temp.path(), &args.game, args.cards)?;
    let card_bytes: usize = card_files.iter().map(String::len).sum();
    println!(
        "bench-compile: {} cards of {} in {} files, {:.1} MiB of card TOML",
        args.cards,
        args.game,
        card_files.len(),
        card_bytes as f64 / (1024.0 * 1024.0)
    );

    let baseline = time(|| {
        for text in &card_files {
            let table: toml::Table = text.parse().expect("replicated TOML parses");
            std::hint::black_box(table);
        }
    });

    let input = grimoire_compiler::load_game(temp.path(), &args.game)
        .map_err(|e| format!("loading replicated content: {e}"))?;
    let started = Instant::now();
    let (result, phases) = grimoire_compiler::compile_with_timings(&input);
    let compile_total = started.elapsed();
    let game =
        result.map_err(|d| format!("replicated content has errors:\n{}", d.render(false)))?;
    if game.cards.len() != args.cards {
        return Err(format!(
            "expected {} cards, compiled {}",
            args.cards,
            game.cards.len()
        ));
    }

    let started = Instant::now();
    let outputs = grimoire_codegen::generate_game(&game);
    let generate = started.elapsed();
    let generated_bytes: usize = outputs.iter().map(|o| o.contents.len()).sum();

    println!("  baseline toml::Table parse  {:>10}", ms(baseline));
    println!("  compiler parse              {:>10}", ms(phases.parse));
    println!("  compiler resolve+validate   {:>10}", ms(phases.resolve));
    println!(
        "  compiler total              {:>10}  ({:.2}x baseline)",
        ms(compile_total),
        ratio(compile_total, baseline)
    );
    println!(
        "  generate (Rust+schema+dump) {:>10}  ({:.1} MiB)",
        ms(generate),
        generated_bytes as f64 / (1024.0 * 1024.0)
    );
    println!(
        "  compile + generate          {:>10}",
        ms(compile_total + generate)
    );

    if let Some(cards) = args.cargo_build_cards {
        cargo_build(&repo, &args.game, cards)?;
    }
    Ok(())
}

/// Writes `codex/<game>` and `cards` holding `total` renamed cards under `dest`; returns the
/// card files' texts.
fn replicate(repo: &Path, dest: &Path, game: &str, total: usize) -> Result<Vec<String>, String> {
    let codex = repo.join("codex").join(game);
    copy_dir(&codex, &dest.join("codex").join(game))?;
    let mut pool = Vec::new();
    collect_card_tables(&repo.join("cards").join(game), &mut pool)?;
    let pool_cards: usize = pool.iter().map(|(_, t)| cards_of(t).len()).sum();
    if pool_cards == 0 {
        return Err(format!("no cards under cards/{game}"));
    }

    let mut texts = Vec::new();
    let mut written = 0;
    let mut copy = 0;
    'copies: loop {
        for (set, table) in &pool {
            if written >= total {
                break 'copies;
            }
            let mut table = table.clone();
            let cards = table
                .get_mut("card")
                .and_then(toml::Value::as_array_mut)
                .ok_or("card file without [[card]]")?;
            cards.truncate(total - written);
            for card in cards.iter_mut() {
                if let Some(toml::Value::String(name)) = card.get_mut("name") {
                    if copy > 0 {
                        name.push_str(&format!(" Copy{copy}"));
                    }
                }
            }
            written += cards.len();
            let text = toml::to_string(&table).map_err(|e| e.to_string())?;
            let dir = dest.join("cards").join(game).join(format!("{set}-{copy}"));
            std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
            std::fs::write(dir.join(format!("cards-{}.toml", texts.len())), &text)
                .map_err(|e| e.to_string())?;
            texts.push(text);
        }
        copy += 1;
    }
    Ok(texts)
}

fn cards_of(table: &toml::Table) -> &[toml::Value] {
    table
        .get("card")
        .and_then(toml::Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[])
}

/// Every card file (not errata) under `dir`, with its set folder name.
fn collect_card_tables(dir: &Path, out: &mut Vec<(String, toml::Table)>) -> Result<(), String> {
    let mut sets: Vec<PathBuf> = read_dir(dir)?.into_iter().filter(|p| p.is_dir()).collect();
    sets.sort();
    for set in sets {
        let set_name = set
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        if set_name == "errata" {
            continue;
        }
        let mut files: Vec<PathBuf> = read_dir(&set)?
            .into_iter()
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .collect();
        files.sort();
        for file in files {
            let text =
                std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
            let table: toml::Table = text
                .parse()
                .map_err(|e| format!("{}: {e}", file.display()))?;
            if !cards_of(&table).is_empty() {
                out.push((set_name.clone(), table));
            }
        }
    }
    Ok(())
}

fn read_dir(dir: &Path) -> Result<Vec<PathBuf>, String> {
    std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .map(|entry| entry.map(|e| e.path()).map_err(|e| e.to_string()))
        .collect()
}

fn copy_dir(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::create_dir_all(to).map_err(|e| e.to_string())?;
    for path in read_dir(from)? {
        if path.is_file() {
            std::fs::copy(&path, to.join(path.file_name().unwrap_or_default()))
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    Ok(())
}

/// Times a debug `cargo build` of a fresh crate holding the generated module for `cards` cards.
fn cargo_build(repo: &Path, game: &str, cards: usize) -> Result<(), String> {
    let temp = tempfile::tempdir().map_err(|e| format!("temp dir: {e}"))?;
    replicate(repo, temp.path(), game, cards)?;
    let input = grimoire_compiler::load_game(temp.path(), game).map_err(|e| e.to_string())?;
    let ir = grimoire_compiler::compile(&input).map_err(|d| d.render(false))?;
    let krate = temp.path().join("generated-crate");
    std::fs::create_dir_all(krate.join("src")).map_err(|e| e.to_string())?;
    std::fs::write(
        krate.join("Cargo.toml"),
        "[package]\nname = \"bench-generated\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\n[workspace]\n",
    )
    .map_err(|e| e.to_string())?;
    let module = grimoire_codegen::rust_module(&ir);
    std::fs::write(krate.join("src/lib.rs"), &module).map_err(|e| e.to_string())?;
    let started = Instant::now();
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["build", "--quiet", "--offline"])
        .current_dir(&krate)
        .env("CARGO_TARGET_DIR", temp.path().join("target"))
        .status()
        .map_err(|e| format!("running cargo: {e}"))?;
    let elapsed = started.elapsed();
    if !status.success() {
        return Err(format!(
            "cargo build of the generated crate failed ({status})"
        ));
    }
    println!(
        "  cargo build (debug) of {} cards, {:.1} MiB of Rust: {}",
        cards,
        module.len() as f64 / (1024.0 * 1024.0),
        ms(elapsed)
    );
    Ok(())
}

fn time(f: impl FnOnce()) -> Duration {
    let started = Instant::now();
    f();
    started.elapsed()
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

fn ratio(a: Duration, b: Duration) -> f64 {
    a.as_secs_f64() / b.as_secs_f64().max(f64::EPSILON)
}
