//! Mage Knight for `grimoire play` and `grimoire simulate`: a player's deck is an army file
//! (the one `grimoire army check` reads), with the warriors on disk ([`crate::live`]); only a
//! legal army plays.

use std::path::Path;

use grimoire_mage_knight::army::{check, ArmyFile};
use grimoire_mage_knight::map::MapFile;
use grimoire_mage_knight::rules::MageKnightRules;

use super::PlayableGame;

/// Mage Knight plays whole games from army files: `grimoire play mage-knight --deck A.toml
/// --deck B.toml` (the army must be legal).
impl PlayableGame for MageKnightRules {
    const NAME: &'static str = "mage-knight";
    const EXAMPLE_DECKS: &'static [&'static str] =
        &["orc-raiders-300.toml", "atlantis-guild-300.toml"];

    /// The rules, playing the warriors on disk (the army files name them).
    fn load() -> Result<Self, String> {
        crate::live::catalog::<grimoire_mage_knight::Card>()?;
        Ok(Self::default())
    }

    fn read_deck(&self, path: &Path, text: &str) -> Result<ArmyFile, String> {
        let catalog = crate::live::catalog::<grimoire_mage_knight::Card>()?;
        let army = ArmyFile::parse_with(text, catalog).map_err(|errors| {
            errors
                .iter()
                .map(|e| format!("{}:{e}", path.display()))
                .collect::<Vec<_>>()
                .join("\n")
        })?;
        let report = check(&army);
        if !report.is_legal() {
            let broken: Vec<String> = report.violations.iter().map(ToString::to_string).collect();
            return Err(format!(
                "{} is not a legal army: {}",
                path.display(),
                broken.join("; ")
            ));
        }
        Ok(army)
    }

    /// Set-up on the map file's terrain and objectives (`grimoire play mage-knight --map
    /// decks/mage-knight/maps/twin-hills.toml`).
    fn on_map(self, path: &Path) -> Result<Self, String> {
        Ok(MageKnightRules::on_map(MapFile::read(path)?))
    }
}
