//! Whether diagnostics on stderr are coloured: `--color auto|always|never`, where `auto`
//! colours a terminal unless `NO_COLOR` is set to a non-empty value (<https://no-color.org>).

use std::sync::OnceLock;

/// The `--color` choice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colour when stderr is a terminal and `NO_COLOR` is not set.
    #[default]
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

static CHOICE: OnceLock<ColorChoice> = OnceLock::new();

/// Records the choice of this run (once, from `main`).
pub fn set(choice: ColorChoice) {
    let _ = CHOICE.set(choice);
}

/// Whether stderr diagnostics are coloured in this run.
pub fn stderr() -> bool {
    decide(
        CHOICE.get().copied().unwrap_or_default(),
        std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty()),
        std::io::IsTerminal::is_terminal(&std::io::stderr()),
    )
}

/// The decision for a choice, whether `NO_COLOR` is set and whether stderr is a terminal.
fn decide(choice: ColorChoice, no_color: bool, terminal: bool) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => terminal && !no_color,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_color_turns_auto_off_but_not_always() {
        assert!(decide(ColorChoice::Auto, false, true));
        assert!(!decide(ColorChoice::Auto, true, true));
        assert!(!decide(ColorChoice::Auto, false, false));
        assert!(decide(ColorChoice::Always, true, false));
        assert!(!decide(ColorChoice::Never, false, true));
    }
}
