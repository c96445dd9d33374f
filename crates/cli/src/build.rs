//! `grimoire build`: compile content and write the generated Rust, schemas and JSON dump.

use std::path::Path;
use std::process::ExitCode;

use crate::check::MessageFormat;
use crate::content::{codex_entries, compile_all, content_root, ContentArgs};
use crate::{outln, output};

/// Arguments of `grimoire build`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    content: ContentArgs,
    /// Write no output (an interrupted build is still finished); exit 1 when an output on disk
    /// is stale or no longer generated (what CI runs).
    #[arg(long)]
    check: bool,
    /// Output format of diagnostics (`json`: one JSON object per diagnostic per line on stdout).
    #[arg(long, value_enum, default_value = "human")]
    message_format: MessageFormat,
}

/// Finishes a build a kill interrupted under `root`, saying so on stderr (see
/// `grimoire_codegen::recover_outputs`): afterwards the outputs are all of one build.
pub fn recover(root: &Path) -> Result<(), String> {
    match grimoire_codegen::recover_outputs(root) {
        Ok(None) => Ok(()),
        Ok(Some(recovered)) => {
            crate::errln!("note: {recovered}");
            Ok(())
        }
        Err(error) => Err(format!("cannot finish an interrupted build: {error}")),
    }
}

/// Runs `grimoire build`. It first finishes a build a kill interrupted ([`recover`]). Nothing
/// is written unless every requested game compiles, and then every changed output is replaced,
/// and every file of a `src/generated/` directory that is no longer produced removed, as one
/// switch (see `grimoire_codegen::write_outputs_removing`).
pub fn run(args: Args) -> ExitCode {
    let compiled = match content_root().and_then(|root| {
        recover(&root)?;
        let compiled = compile_all(&args.content, &root)?;
        Ok((root, compiled))
    }) {
        Ok(compiled) => compiled,
        Err(message) => {
            crate::errln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let (root, compiled) = compiled;
    let mut games = Vec::new();
    let mut failed = false;
    for game in compiled {
        match game.result {
            Ok(ir) => games.push(ir),
            Err(diagnostics) => {
                failed = true;
                match args.message_format {
                    MessageFormat::Human => {
                        crate::err!("{}", diagnostics.render(crate::color::stderr()));
                        crate::errln!(
                            "{}: {} error(s); nothing written",
                            game.name,
                            diagnostics.len()
                        );
                    }
                    MessageFormat::Json => crate::out!("{}", diagnostics.to_json_lines()),
                }
            }
        }
    }
    if failed {
        return output::finish(ExitCode::from(1));
    }
    let mut outputs = grimoire_codegen::generate_common();
    let mut per_game = Vec::new();
    for ir in &games {
        let generated = grimoire_codegen::generate_game(ir);
        per_game.push(generated.len());
        outputs.extend(generated);
    }
    let orphans = grimoire_codegen::orphaned_outputs(&root, &outputs);
    if args.check {
        let mut stale = grimoire_codegen::stale_outputs(&root, &outputs);
        stale.extend(orphans);
        for path in &stale {
            crate::errln!("stale: {path}");
        }
        if !stale.is_empty() {
            crate::errln!(
                "error: {} of {} outputs are stale; run `grimoire build`",
                stale.len(),
                outputs.len()
            );
            return output::finish(ExitCode::from(1));
        }
        if args.message_format == MessageFormat::Human {
            outln!("{} outputs up to date", outputs.len());
        }
        return output::finish(ExitCode::SUCCESS);
    }
    let written = match grimoire_codegen::write_outputs_removing(&root, &outputs, &orphans) {
        Ok(written) => written,
        Err(e) => {
            crate::errln!("error: writing outputs: {e}");
            return ExitCode::from(2);
        }
    };
    if args.message_format == MessageFormat::Human {
        for (ir, files) in games.iter().zip(per_game) {
            let errata_cards = ir.cards.iter().filter(|c| !c.errata.is_empty()).count();
            outln!(
                "{}: {} cards, {} codex entries, {} errata applied to {} cards, {} output files",
                ir.name,
                ir.cards.len(),
                codex_entries(ir),
                ir.errata.len(),
                errata_cards,
                files
            );
        }
        for path in &orphans {
            outln!("removed {path} (no longer generated)");
        }
        outln!("{} of {} files changed", written.len(), outputs.len());
    }
    output::finish(ExitCode::SUCCESS)
}
