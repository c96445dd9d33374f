//! The README shows what the tool really prints and how to install it.

use crate::support::{grimoire_in, mage_wars_copy, repository, summary};

fn readme() -> String {
    std::fs::read_to_string(repository().join("README.md")).expect("README.md")
}

/// The fenced block after `marker` in the README.
fn block_after(readme: &str, marker: &str) -> String {
    let start = readme.find(marker).expect("the marker is in the README");
    let fence = readme[start..].find("```").expect("a block") + start;
    let body = readme[fence..].find('\n').expect("fence line") + fence + 1;
    let end = readme[body..].find("```").expect("closing fence") + body;
    readme[body..end].to_string()
}

#[test]
fn the_diagnostic_example_is_what_check_prints() {
    let readme = readme();
    let copy = mage_wars_copy();
    let set = copy.path().join("cards/mage-wars/my-set");
    std::fs::create_dir_all(&set).expect("set");
    std::fs::write(
        set.join("creatures.toml"),
        block_after(&readme, "holding this creature"),
    )
    .expect("card file");
    let (code, _, stderr) = summary(&grimoire_in(copy.path(), &["check", "mage-wars"]));
    assert_eq!(code, Some(1));
    assert_eq!(
        block_after(&readme, "makes `grimoire check mage-wars` print"),
        stderr
    );
}

#[test]
fn the_readme_says_how_to_install_and_keeps_two_set_up_commands() {
    let readme = readme();
    assert!(readme.contains("cargo install --path crates/cli"));
    let fresh = &readme[readme.find("## On a fresh machine").expect("section")..];
    let fresh = &fresh[..fresh[3..].find("\n## ").map_or(fresh.len(), |e| e + 3)];
    let commands: Vec<&str> = fresh
        .split("```")
        .skip(1)
        .step_by(2)
        .flat_map(|block| block.lines().skip(1))
        .filter(|line| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .collect();
    assert_eq!(
        commands,
        [
            "cargo run -p grimoire-cli -- build",
            "cargo test --workspace"
        ]
    );
}
