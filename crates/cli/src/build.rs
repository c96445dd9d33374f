//! `grimoire build`: compile content and write the generated Rust, schemas and JSON dump.

use std::process::ExitCode;

use crate::content::{codex_entries, compile_all, ContentArgs};

/// Arguments of `grimoire build`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    content: ContentArgs,
}

/// Runs `grimoire build`. Nothing is written unless every requested game compiles.
pub fn run(args: Args) -> ExitCode {
    let compiled = match compile_all(&args.content) {
        Ok(compiled) => compiled,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let color = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let mut games = Vec::new();
    for game in compiled {
        match game.result {
            Ok(ir) => games.push(ir),
            Err(diagnostics) => {
                eprint!("{}", diagnostics.render(color));
                eprintln!(
                    "{}: {} error(s); nothing written",
                    game.name,
                    diagnostics.len()
                );
                return ExitCode::from(1);
            }
        }
    }
    let mut outputs = grimoire_codegen::generate_common();
    let mut per_game = Vec::new();
    for ir in &games {
        let generated = grimoire_codegen::generate_game(ir);
        per_game.push(generated.len());
        outputs.extend(generated);
    }
    let written = match grimoire_codegen::write_outputs(&args.content.root, &outputs) {
        Ok(written) => written,
        Err(e) => {
            eprintln!(
                "error: writing outputs under {}: {e}",
                args.content.root.display()
            );
            return ExitCode::from(2);
        }
    };
    for (ir, files) in games.iter().zip(per_game) {
        let errata_cards = ir.cards.iter().filter(|c| !c.errata.is_empty()).count();
        println!(
            "{}: {} cards, {} codex entries, {} errata applied to {} cards, {} output files",
            ir.name,
            ir.cards.len(),
            codex_entries(ir),
            ir.errata.len(),
            errata_cards,
            files
        );
    }
    println!("{} of {} files changed", written.len(), outputs.len());
    ExitCode::SUCCESS
}
