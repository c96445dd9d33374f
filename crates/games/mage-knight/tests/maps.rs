//! Map files: the example maps read, the JSON Schema is current, and whole games set up and
//! play to the end on each example map with the contract kept.

use std::path::PathBuf;

use grimoire_engine::{
    check_contract, playout, ContractCheck, Outcome, Playable, PlayoutOptions, Rules,
};
use grimoire_mage_knight::army::ArmyFile;
use grimoire_mage_knight::map::{MapFile, TerrainKind};
use grimoire_mage_knight::rules::actions::MageKnightRules;
use grimoire_mage_knight::rules::state::Game;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../..")
}

fn armies() -> Vec<ArmyFile> {
    let root = repo().join("decks/mage-knight");
    ["orc-raiders-300.toml", "atlantis-guild-300.toml"]
        .iter()
        .map(|name| {
            let text = std::fs::read_to_string(root.join(name)).expect("example army");
            ArmyFile::parse(&text).expect("a readable army")
        })
        .collect()
}

const MAPS: [&str; 2] = ["woods-and-wall.toml", "twin-hills.toml"];

fn map(name: &str) -> MapFile {
    MapFile::read(&repo().join("decks/mage-knight/maps").join(name))
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_example_maps_read_with_terrain_of_several_kinds() {
    let mut kinds = Vec::new();
    let mut elevated = 0;
    for name in MAPS {
        let m = map(name);
        assert_eq!((m.width, m.height), (36.0, 36.0), "{name}");
        assert_eq!(m.objectives.len(), 3, "{name}");
        kinds.extend(m.terrain.iter().map(|t| t.kind));
        elevated += m.terrain.iter().filter(|t| t.elevated).count();
    }
    for kind in TerrainKind::ALL {
        assert!(kinds.contains(&kind), "no example map has {kind:?} terrain");
    }
    assert!(elevated >= 2);
}

#[test]
fn a_map_file_error_names_the_file_line_and_column() {
    let dir = std::env::temp_dir().join(format!("grimoire-map-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join("bad.toml");
    std::fs::write(
        &path,
        "width = 36\nheight = 36\n[[terrain]]\nkind = \"blocking\"\nat = \"1, 1\"\n",
    )
    .expect("written");
    let error = MapFile::read(&path).expect_err("no shape");
    assert!(
        error.starts_with(&format!(
            "{}:3:1: a terrain feature needs a shape",
            path.display()
        )),
        "{error}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_map_schema_is_current() {
    let path = repo().join("schemas/mage-knight.map.schema.json");
    let want = format!(
        "{}\n",
        serde_json::to_string_pretty(&MapFile::schema()).expect("JSON")
    );
    if std::env::var_os("GRIMOIRE_WRITE_MAP_SCHEMA").is_some() {
        std::fs::write(&path, &want).expect("schema written");
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "schemas/mage-knight.map.schema.json is stale: run \
         `GRIMOIRE_WRITE_MAP_SCHEMA=1 cargo test -p grimoire-mage-knight --test main maps`"
    );
}

fn set_up(
    rules: &MageKnightRules,
    seed: u64,
) -> Result<Game, grimoire_mage_knight::rules::state::RulesError> {
    let mut dice = grimoire_engine::SeededDice::new(seed);
    let mut log = grimoire_engine::EventLog::new();
    let mut first = grimoire_engine::FirstOption;
    let mut ctx = grimoire_engine::Ctx::new(&mut dice, &mut first, &mut log);
    rules.setup(&armies(), &mut ctx)
}

#[test]
fn set_up_on_a_map_places_its_terrain_and_objectives_and_keeps_deployment_clear() {
    for name in MAPS {
        let m = map(name);
        let rules = MageKnightRules::on_map(m.clone());
        let game = set_up(&rules, 3).expect("set-up");
        assert_eq!(game.terrain, m.terrain, "{name}");
        let objectives: Vec<_> = game.objectives.iter().map(|o| o.position).collect();
        assert_eq!(objectives, m.objectives, "{name}");
        for w in &game.warriors {
            assert!(
                !game
                    .terrain
                    .iter()
                    .any(|t| t.kind.blocks_movement() && t.overlaps_base(&w.position, 0.625)),
                "{name}: {} deployed over blocking terrain",
                w.name()
            );
        }
    }
    let mut small = map(MAPS[0]);
    small.width = 24.0;
    let refused = set_up(&MageKnightRules::on_map(small), 0).expect_err("not 36 by 36");
    assert!(
        refused.to_string().contains("this map is 24 by 36"),
        "{refused}"
    );
}

#[test]
fn random_games_on_each_map_end_by_the_rules() {
    for name in MAPS {
        let rules = MageKnightRules::on_map(map(name));
        for seed in 0..6 {
            let played = playout(
                &rules,
                &armies(),
                seed,
                PlayoutOptions {
                    max_actions: 5_000,
                    record_log: false,
                },
            )
            .unwrap();
            assert!(!played.capped, "{name}: seed {seed} did not finish");
            assert_ne!(played.outcome, Outcome::Playing);
        }
    }
}

#[test]
fn the_contract_holds_on_a_map() {
    let rules = MageKnightRules::on_map(map(MAPS[0]));
    let report = check_contract(
        &rules,
        &armies(),
        ContractCheck {
            games: 2,
            seed: 5,
            max_actions: 300,
            every: 9,
        },
        &|game: &Game, player| rules.legal_actions(game, player),
    )
    .unwrap();
    assert!(report.states > 5, "{report:?}");
}
