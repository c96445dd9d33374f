//! `grimoire check`: validate content without writing anything (beyond finishing a build a
//! kill interrupted).

use std::process::ExitCode;

use crate::content::{codex_entries, compile_all, content_root, ContentArgs};
use crate::{out, outln, output};

/// How diagnostics are printed.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MessageFormat {
    /// rustc-style text with the source line and a caret.
    Human,
    /// One JSON object per diagnostic per line on stdout.
    Json,
}

/// Arguments of `grimoire check`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    content: ContentArgs,
    /// Output format of diagnostics.
    #[arg(long, value_enum, default_value = "human")]
    message_format: MessageFormat,
}

/// Runs `grimoire check`: exit 0 when clean, 1 when the content has errors, 2 when it
/// cannot be read. Like `build`, it first finishes a build a kill interrupted.
pub fn run(args: Args) -> ExitCode {
    let compiled = match content_root().and_then(|root| {
        crate::build::recover(&root)?;
        compile_all(&args.content, &root)
    }) {
        Ok(compiled) => compiled,
        Err(message) => {
            crate::errln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let mut failed = false;
    for game in &compiled {
        match (&game.result, args.message_format) {
            (Ok(ir), MessageFormat::Human) => {
                // Warnings (draft codex entries) do not fail the check but are shown.
                if !ir.warnings.is_empty() {
                    crate::err!("{}", ir.warnings.render(crate::color::stderr()));
                }
                outln!(
                    "{}: ok ({} cards, {} codex entries, {} errata{})",
                    game.name,
                    ir.cards.len(),
                    codex_entries(ir),
                    ir.errata.len(),
                    match ir.warnings.len() {
                        0 => String::new(),
                        n => format!(", {n} warning(s)"),
                    }
                );
            }
            (Ok(ir), MessageFormat::Json) => {
                out!("{}", ir.warnings.to_json_lines());
            }
            (Err(diagnostics), MessageFormat::Human) => {
                failed = true;
                crate::err!("{}", diagnostics.render(crate::color::stderr()));
                crate::errln!("{}: {} error(s)", game.name, diagnostics.len());
            }
            (Err(diagnostics), MessageFormat::Json) => {
                failed = true;
                out!("{}", diagnostics.to_json_lines());
            }
        }
    }
    output::finish(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
