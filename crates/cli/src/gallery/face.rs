//! SVG card faces: one shared frame (cost badge, title, corner, art band, type line, codex
//! chips, text lines, stat boxes) filled by one layout per card kind of each game.
//!
//! A layout reads the card in the dump's form ([`crate::live::card_json`]); the chips are the
//! card's codex references with the codex summary as their tooltip (an SVG `<title>` for
//! hover, `data-tip` for the keyboard tooltip of `gallery.js`).

use std::fmt::Write as _;

use serde_json::{json, Value as Json};

use super::html::{attr, json as json_attr, text};

/// A codex reference drawn on a face: its text, the codex summary and the entry's page.
#[derive(Clone)]
pub struct Chip {
    /// As printed (`Flame -2`).
    pub text: String,
    /// The codex summary in our own words (or a note that the entry has none).
    pub tip: String,
    /// Link to the entry's page, relative to the page the face is on.
    pub href: String,
}

/// Everything a face shows, in the order it is drawn.
#[derive(Default)]
pub struct Face {
    /// Frame colour (CSS colour).
    pub colour: String,
    /// The cost badge, top left.
    pub cost: Option<String>,
    /// What the badge counts (`Mana`, `Points`), for the text alternative.
    pub cost_label: &'static str,
    /// The card's name.
    pub title: String,
    /// Top right: school levels, faction, rank.
    pub corner: String,
    /// Inside the art band.
    pub band: String,
    /// Kind and subtypes.
    pub type_line: String,
    /// Codex references with tooltips.
    pub chips: Vec<Chip>,
    /// Text lines (attacks, card summary, what kind of behaviour it has).
    pub lines: Vec<String>,
    /// Stat boxes along the bottom: label, value.
    pub stats: Vec<(String, String)>,
    /// Mage Knight: the dial clicks (JSON list) and dead clicks, making the face turnable.
    /// The last [`DIAL_LINES`] of `lines` then show the current click.
    pub dial: Option<(Json, i64)>,
}

const WIDTH: f64 = 250.0;

/// The face as an inline SVG; `id` makes its element ids unique on the page.
pub fn render(face: &Face, id: &str) -> String {
    let mut svg = String::with_capacity(4096);
    let title_id = format!("{id}-title");
    let desc_id = format!("{id}-desc");
    let dial_attr = match &face.dial {
        Some((clicks, dead)) => format!(
            " data-dial=\"{}\" data-dead=\"{dead}\" data-click=\"0\" tabindex=\"0\"",
            attr(&json_attr(clicks))
        ),
        None => String::new(),
    };
    let _ = write!(
        svg,
        "<svg class=\"face\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 250 350\" \
         width=\"300\" height=\"420\" aria-labelledby=\"{title_id} {desc_id}\"{dial_attr}>\
         <title id=\"{title_id}\">{}</title><desc id=\"{desc_id}\">{}</desc>",
        text(&face.title),
        text(&describe(face)),
    );
    let colour = attr(&face.colour);
    let _ = write!(
        svg,
        "<rect x=\"1\" y=\"1\" width=\"248\" height=\"348\" rx=\"14\" fill=\"{colour}\"/>\
         <rect x=\"9\" y=\"9\" width=\"232\" height=\"332\" rx=\"9\" fill=\"#fbf8f1\"/>"
    );
    let title_x = if face.cost.is_some() { 46.0 } else { 18.0 };
    if let Some(cost) = &face.cost {
        let _ = write!(
            svg,
            "<circle cx=\"27\" cy=\"27\" r=\"15\" fill=\"{colour}\"/>\
             <text x=\"27\" y=\"32\" text-anchor=\"middle\" class=\"cost\">{}</text>",
            text(cost)
        );
    }
    let room = WIDTH - title_x - 16.0 - face.corner.chars().count() as f64 * 6.0;
    let fit = if face.title.chars().count() as f64 * 8.0 > room {
        format!(" textLength=\"{room:.0}\" lengthAdjust=\"spacingAndGlyphs\"")
    } else {
        String::new()
    };
    let _ = write!(
        svg,
        "<text x=\"{title_x}\" y=\"31\" class=\"name\"{fit}>{}</text>\
         <text x=\"234\" y=\"31\" text-anchor=\"end\" class=\"corner\">{}</text>\
         <rect x=\"16\" y=\"46\" width=\"218\" height=\"96\" rx=\"5\" fill=\"{colour}\" opacity=\"0.22\"/>\
         <text x=\"125\" y=\"100\" text-anchor=\"middle\" class=\"band\">{}</text>\
         <text x=\"18\" y=\"160\" class=\"type\">{}</text>",
        text(&face.title),
        text(&face.corner),
        text(&face.band),
        text(&face.type_line),
    );
    // Chips flow left to right and wrap.
    let (mut x, mut y) = (16.0, 170.0);
    for chip in &face.chips {
        let width = chip.text.chars().count() as f64 * 5.6 + 12.0;
        if x + width > 234.0 && x > 16.0 {
            x = 16.0;
            y += 19.0;
        }
        if y > 260.0 {
            break;
        }
        let _ = write!(
            svg,
            "<a class=\"chip\" href=\"{}\" data-tip=\"{}\"><title>{}</title>\
             <rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{width:.1}\" height=\"16\" rx=\"8\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\">{}</text></a>",
            attr(&chip.href),
            attr(&format!("{}: {}", chip.text, chip.tip)),
            text(&format!("{}: {}", chip.text, chip.tip)),
            x + 6.0,
            y + 11.5,
            text(&chip.text),
        );
        x += width + 4.0;
    }
    let mut y = if face.chips.is_empty() {
        176.0
    } else {
        y + 30.0
    };
    let bottom = if face.stats.is_empty() { 332.0 } else { 300.0 };
    let lines: Vec<String> = face.lines.iter().flat_map(|line| wrap(line, 42)).collect();
    for (n, line) in lines.iter().enumerate() {
        if y > bottom - 2.0 {
            break;
        }
        let shown = if y + 12.0 > bottom - 2.0 && n + 1 < lines.len() {
            format!("{line} …")
        } else {
            line.clone()
        };
        let _ = write!(
            svg,
            "<text x=\"18\" y=\"{y:.0}\" class=\"line\">{}</text>",
            text(&shown)
        );
        y += 12.0;
    }
    if !face.stats.is_empty() {
        let count = face.stats.len() as f64;
        let width = (218.0 - (count - 1.0) * 4.0) / count;
        for (n, (label, value)) in face.stats.iter().enumerate() {
            let x = 16.0 + n as f64 * (width + 4.0);
            let _ = write!(
                svg,
                "<rect x=\"{x:.1}\" y=\"304\" width=\"{width:.1}\" height=\"32\" rx=\"4\" fill=\"{colour}\" opacity=\"0.85\"/>\
                 <text x=\"{:.1}\" y=\"315\" text-anchor=\"middle\" class=\"stat-label\">{}</text>\
                 <text x=\"{:.1}\" y=\"331\" text-anchor=\"middle\" class=\"stat\" data-stat=\"{}\">{}</text>",
                x + width / 2.0,
                text(label),
                x + width / 2.0,
                attr(&label.to_lowercase()),
                text(value),
            );
        }
    }
    svg.push_str("</svg>");
    svg
}

/// The face in words, for its text alternative.
fn describe(face: &Face) -> String {
    let mut parts = vec![format!("{} card.", face.type_line)];
    if let Some(cost) = &face.cost {
        parts.push(format!("{}: {cost}.", face.cost_label));
    }
    if !face.corner.is_empty() {
        parts.push(format!("{}.", face.corner));
    }
    if !face.chips.is_empty() {
        let chips: Vec<&str> = face.chips.iter().map(|chip| chip.text.as_str()).collect();
        parts.push(format!("{}.", chips.join(", ")));
    }
    if !face.stats.is_empty() {
        let stats: Vec<String> = face
            .stats
            .iter()
            .map(|(label, value)| format!("{label} {value}"))
            .collect();
        parts.push(format!("{}.", stats.join(", ")));
    }
    parts.extend(face.lines.iter().cloned());
    parts.join(" ")
}

/// `line` cut into lines of at most `width` characters at spaces.
fn wrap(line: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut current = String::new();
    for word in line.split_whitespace() {
        if !current.is_empty() && current.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(word);
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
}

/// A stable colour for a school, faction or class name.
pub fn colour(name: &str) -> String {
    let known = match name {
        "Arcane" => "#6b3fa0",
        "Dark" => "#2f2a33",
        "Earth" => "#7a5a2e",
        "Fire" => "#b8321f",
        "Holy" => "#c9a227",
        "Nature" => "#3f7d32",
        "War" => "#8a4b2a",
        "Water" => "#2a6fb0",
        "Air" => "#5aa5c8",
        "Mind" => "#b04a8a",
        "Alliance" => "#1f4e9c",
        "Horde" => "#9c1f1f",
        "Neutral" | "" => "#6d6a63",
        _ => "",
    };
    if !known.is_empty() {
        return known.to_string();
    }
    let hue = name.bytes().fold(7u32, |hash, byte| {
        hash.wrapping_mul(31).wrapping_add(byte.into())
    }) % 360;
    format!("hsl({hue}, 42%, 38%)")
}

fn str_of<'a>(card: &'a Json, field: &str) -> &'a str {
    card.get(field).and_then(Json::as_str).unwrap_or("")
}

fn int_of(card: &Json, field: &str) -> Option<i64> {
    card.get(field).and_then(Json::as_i64)
}

fn strings(card: &Json, field: &str) -> Vec<String> {
    match card.get(field) {
        Some(Json::Array(items)) => items
            .iter()
            .filter_map(|item| item.as_str().map(str::to_string))
            .collect(),
        Some(Json::String(one)) => vec![one.clone()],
        _ => Vec::new(),
    }
}

/// `Creature — Goblin Soldier`.
fn type_line(kind: &str, extra: &[String]) -> String {
    let kind = title_case(kind);
    let extra: Vec<&str> = extra
        .iter()
        .map(String::as_str)
        .filter(|s| !s.is_empty())
        .collect();
    if extra.is_empty() {
        kind
    } else {
        format!("{kind} — {}", extra.join(" "))
    }
}

/// `master_hero` → `Master Hero`.
pub fn title_case(name: &str) -> String {
    name.split(['_', '-'])
        .filter(|word| !word.is_empty())
        .map(|word| {
            let mut chars = word.chars();
            chars
                .next()
                .map(|first| first.to_uppercase().chain(chars).collect::<String>())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn stat(label: &str, value: Option<i64>) -> Option<(String, String)> {
    value.map(|value| (label.to_string(), value.to_string()))
}

/// `0–2`, or `2` when both ends are equal.
fn range_text(range: &Json) -> Option<String> {
    let (min, max) = (int_of(range, "min")?, int_of(range, "max")?);
    Some(if min == max {
        min.to_string()
    } else {
        format!("{min}–{max}")
    })
}

/// The lines every face ends with: the card's own summary, and what behaviour it has.
fn behaviour_lines(card: &Json, chips: &[Chip], lines: &mut Vec<String>) {
    let summary = str_of(card, "summary");
    if !summary.is_empty() {
        lines.push(summary.to_string());
    }
    if summary.is_empty() && card.get("handler").is_some() {
        lines.push("Has rules of its own, played by its handler.".into());
    }
    if summary.is_empty() && card.get("handler").is_none() && chips.is_empty() {
        lines.push("Its data gives it no behaviour of its own.".into());
    }
}

/// The face of a card of `game` (the game's directory name).
pub fn layout(game: &str, card: &Json, chips: Vec<Chip>) -> Face {
    match game {
        "mage-wars" => mage_wars(card, chips),
        "summoner-wars" => summoner_wars(card, chips),
        "wow-tcg" => wow_tcg(card, chips),
        "mage-knight" => mage_knight(card, chips),
        _ => generic(card, chips),
    }
}

/// A game the gallery has no layout for: name, kind, chips and summary.
fn generic(card: &Json, chips: Vec<Chip>) -> Face {
    let mut lines = Vec::new();
    behaviour_lines(card, &chips, &mut lines);
    let kind = str_of(card, "kind");
    Face {
        colour: colour(kind),
        cost: int_of(card, "cost").map(|c| c.to_string()),
        cost_label: "Cost",
        title: str_of(card, "name").into(),
        band: title_case(kind),
        type_line: type_line(kind, &[]),
        chips,
        lines,
        ..Face::default()
    }
}

fn mage_wars(card: &Json, chips: Vec<Chip>) -> Face {
    let kind = str_of(card, "kind");
    let schools: Vec<(String, i64)> = match card.get("schools") {
        Some(Json::Array(items)) => items
            .iter()
            .map(|s| {
                (
                    str_of(s, "school").to_string(),
                    int_of(s, "level").unwrap_or(0),
                )
            })
            .collect(),
        _ => Vec::new(),
    };
    let joiner = if str_of(card, "school_rule") == "Any" {
        " / "
    } else {
        " + "
    };
    let corner = schools
        .iter()
        .map(|(school, level)| format!("{school} {level}"))
        .collect::<Vec<_>>()
        .join(joiner);
    let first_school = schools.first().map(|(s, _)| s.as_str()).unwrap_or("");
    let cost = int_of(card, "cost").map(|cost| match int_of(card, "cost_per_x") {
        Some(per) if per > 0 => format!("{cost}+{per}X"),
        _ => cost.to_string(),
    });
    let mut lines = Vec::new();
    if kind != "mage" && kind != "marker" {
        let mut spell = format!("{} action", str_of(card, "action"));
        if let Some(range) = card.get("range").and_then(range_text) {
            spell += &format!(" · range {range}");
        }
        let target = str_of(card, "target");
        if !target.is_empty() {
            spell += &format!(" · target {target}");
        }
        lines.push(spell);
    }
    match kind {
        "equipment" => {
            let slot = str_of(card, "slot");
            if !slot.is_empty() {
                lines.push(format!("Slot: {slot}"));
            }
        }
        "enchantment" => {
            if let Some(reveal) = int_of(card, "reveal_cost") {
                let per = int_of(card, "reveal_cost_per_x").unwrap_or(0);
                let per = if per > 0 {
                    format!("+{per}X")
                } else {
                    String::new()
                };
                lines.push(format!("Reveal cost {reveal}{per}"));
            }
        }
        "mage" => {
            if let Some(points) = int_of(card, "spellbook_points") {
                lines.push(format!("Spellbook: {points} points"));
            }
            let trained = strings(card, "trained_schools");
            if !trained.is_empty() {
                lines.push(format!("Trained in {}", trained.join(", ")));
            }
        }
        _ => {}
    }
    if let Some(Json::Array(attacks)) = card.get("attacks") {
        for attack in attacks {
            lines.push(attack_line(attack));
        }
    }
    for field in ["grants", "removes"] {
        let granted = strings(card, field);
        if !granted.is_empty() {
            lines.push(format!("{}: {}", title_case(field), granted.join(", ")));
        }
    }
    behaviour_lines(card, &chips, &mut lines);
    let mut stats = Vec::new();
    if ["creature", "mage", "conjuration", "marker"].contains(&kind) {
        stats.extend(stat("Life", int_of(card, "life")));
    }
    if ["creature", "mage", "conjuration", "marker", "equipment"].contains(&kind) {
        stats.extend(stat("Armor", int_of(card, "armor")));
    }
    if ["creature", "mage", "conjuration", "equipment"].contains(&kind)
        && int_of(card, "channeling").unwrap_or(0) > 0
    {
        stats.extend(stat("Channeling", int_of(card, "channeling")));
    }
    if kind == "mage" {
        stats.extend(stat("Mana", int_of(card, "starting_mana")));
    }
    let mut extra = strings(card, "subtypes");
    if kind == "mage" {
        extra.insert(0, str_of(card, "class").to_string());
    }
    Face {
        colour: colour(first_school),
        cost,
        cost_label: "Mana cost",
        title: str_of(card, "name").into(),
        corner,
        band: title_case(kind),
        type_line: type_line(kind, &extra),
        chips,
        lines,
        stats,
        dial: None,
    }
}

/// `Hammer: Quick Melee, 2 dice, range 0 (Piercing +1); 7+ Daze`.
fn attack_line(attack: &Json) -> String {
    let kind = str_of(attack, "kind");
    let words: Vec<&str> = [
        str_of(attack, "speed"),
        if kind == "Neither" { "" } else { kind },
    ]
    .into_iter()
    .filter(|word| !word.is_empty())
    .collect();
    let mut line = format!("{}: {}", str_of(attack, "name"), words.join(" "));
    let dice = int_of(attack, "dice").unwrap_or(0);
    let per_x = int_of(attack, "dice_per_x").unwrap_or(0);
    if dice > 0 || per_x > 0 {
        let per_x = if per_x > 0 {
            format!("+{per_x}X")
        } else {
            String::new()
        };
        line += &format!(", {dice}{per_x} dice");
    }
    if let Some(range) = attack.get("range").and_then(range_text) {
        line += &format!(", range {range}");
    }
    let traits = strings(attack, "traits");
    if !traits.is_empty() {
        line += &format!(" ({})", traits.join(", "));
    }
    if let Some(Json::Array(effects)) = attack.get("effects") {
        let rows: Vec<String> = effects
            .iter()
            .map(|row| {
                let roll = row
                    .get("roll")
                    .map(|r| match r {
                        Json::Object(_) => range_text(r).unwrap_or_default(),
                        other => other.to_string(),
                    })
                    .unwrap_or_default();
                let what = row
                    .as_object()
                    .map(|fields| {
                        fields
                            .iter()
                            .filter(|(key, _)| *key != "roll")
                            .map(|(_, value)| match value {
                                Json::String(s) => s.clone(),
                                Json::Array(items) => items
                                    .iter()
                                    .filter_map(Json::as_str)
                                    .collect::<Vec<_>>()
                                    .join(", "),
                                other => other.to_string(),
                            })
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .unwrap_or_default();
                format!("{roll}: {what}")
            })
            .collect();
        if !rows.is_empty() {
            line += &format!("; effect die {}", rows.join("; "));
        }
    }
    line
}

fn summoner_wars(card: &Json, chips: Vec<Chip>) -> Face {
    let kind = str_of(card, "kind");
    let mut lines = Vec::new();
    if card.get("structure").and_then(Json::as_bool) == Some(true) {
        lines.push("Structure: cannot move unless an ability says so.".into());
    }
    if card.get("gate").and_then(Json::as_bool) == Some(true) {
        lines.push("Gate: units may be summoned next to it.".into());
    }
    if let Some(active) = card.get("active").and_then(Json::as_bool) {
        lines.push(if active {
            "Active: stays in play until its owner's next turn.".into()
        } else {
            "Not active: resolves and is discarded.".into()
        });
    }
    behaviour_lines(card, &chips, &mut lines);
    let mut stats = Vec::new();
    if let Some(strength) = int_of(card, "strength") {
        stats.push(("Attack".into(), strength.to_string()));
    }
    if let Some(range) = int_of(card, "range") {
        stats.push(("Range".into(), range.to_string()));
    }
    stats.extend(stat("Life", int_of(card, "life")));
    let faction = str_of(card, "faction");
    Face {
        colour: colour(faction),
        cost: int_of(card, "cost").map(|c| c.to_string()),
        cost_label: "Magic cost",
        title: str_of(card, "name").into(),
        corner: str_of(card, "edition").to_string(),
        band: faction.to_string(),
        type_line: type_line(kind, &[str_of(card, "attack_type").to_string()]),
        chips,
        lines,
        stats,
        dial: None,
    }
}

fn wow_tcg(card: &Json, chips: Vec<Chip>) -> Face {
    let kind = str_of(card, "kind");
    let mut extra = vec![
        str_of(card, "race").to_string(),
        str_of(card, "class").to_string(),
        str_of(card, "second_class").to_string(),
    ];
    if card.get("ongoing").and_then(Json::as_bool) == Some(true) {
        extra.insert(0, "Ongoing".into());
    }
    let mut lines = Vec::new();
    let classes = strings(card, "classes");
    if !classes.is_empty() {
        lines.push(format!("Classes: {}", classes.join(", ")));
    }
    let required = strings(card, "hero_required");
    if !required.is_empty() {
        lines.push(format!("{} Hero Required", required.join(" or ")));
    }
    if let Some(cost) = int_of(card, "completion_cost") {
        lines.push(format!("Complete: pay {cost}"));
    }
    let professions = strings(card, "professions");
    if !professions.is_empty() {
        lines.push(format!("Professions: {}", professions.join(", ")));
    }
    let talent = str_of(card, "talent_spec");
    if !talent.is_empty() {
        lines.push(format!("Talent: {talent}"));
    }
    behaviour_lines(card, &chips, &mut lines);
    let mut stats = Vec::new();
    if let Some(atk) = int_of(card, "atk") {
        let damage = str_of(card, "damage_type");
        let value = if damage.is_empty() {
            atk.to_string()
        } else {
            format!("{atk} {damage}")
        };
        stats.push(("ATK".into(), value));
    }
    stats.extend(stat("Strike", int_of(card, "strike_cost")));
    stats.extend(stat("DEF", int_of(card, "defense")));
    stats.extend(stat("Health", int_of(card, "health")));
    let faction = str_of(card, "faction");
    let printed = str_of(card, "printed_name");
    Face {
        colour: colour(faction),
        cost: int_of(card, "cost").map(|c| c.to_string()),
        cost_label: "Cost",
        title: if printed.is_empty() {
            str_of(card, "name").into()
        } else {
            printed.into()
        },
        corner: str_of(card, "rarity").to_string(),
        band: faction.to_string(),
        type_line: type_line(kind, &extra),
        chips,
        lines,
        stats,
        dial: None,
    }
}

/// How many of a dial face's last lines show its current click: the click line and a line per
/// slot.
pub const DIAL_LINES: usize = 1 + DIAL_SLOTS.len();

/// The four combat values of a Mage Knight dial click, each with its ability slot.
const DIAL_SLOTS: [&str; 4] = ["speed", "attack", "defense", "damage"];

fn mage_knight(card: &Json, chips: Vec<Chip>) -> Face {
    let factions = strings(card, "factions");
    let mut lines = vec![format!(
        "{} · front arc {}° · range {} · {} target(s)",
        str_of(card, "expansion"),
        int_of(card, "front_arc").unwrap_or(0),
        int_of(card, "range").unwrap_or(0),
        int_of(card, "targets").unwrap_or(0),
    )];
    behaviour_lines(card, &chips, &mut lines);
    let clicks: Vec<Json> = match card.get("dial") {
        Some(Json::Array(items)) => items
            .iter()
            .map(|click| {
                let slots: Vec<String> = DIAL_SLOTS
                    .iter()
                    .map(|slot| {
                        let ability = str_of(click, &format!("{slot}_ability"));
                        let ability = if ability.is_empty() { "—" } else { ability };
                        format!("{}: {ability}", title_case(slot))
                    })
                    .collect();
                json!({
                    "speed": int_of(click, "speed"),
                    "attack": int_of(click, "attack"),
                    "defense": int_of(click, "defense"),
                    "damage": int_of(click, "damage"),
                    "slots": slots,
                })
            })
            .collect(),
        _ => Vec::new(),
    };
    let first = clicks.first().cloned().unwrap_or(Json::Null);
    let shown = |field: &str| {
        first
            .get(field)
            .and_then(Json::as_i64)
            .map_or_else(|| "—".to_string(), |v| v.to_string())
    };
    let stats = DIAL_SLOTS
        .iter()
        .map(|slot| (title_case(slot), shown(slot)))
        .collect();
    let total = clicks.len() as i64 + int_of(card, "dead_clicks").unwrap_or(0);
    // `gallery.js` finds the click line by its words and rewrites it and the slot lines after it.
    lines.push(format!("Click 1 of {total}"));
    if let Some(Json::Array(slots)) = first.get("slots") {
        lines.extend(slots.iter().filter_map(Json::as_str).map(str::to_string));
    }
    Face {
        colour: colour(factions.first().map(String::as_str).unwrap_or("")),
        cost: int_of(card, "point_value").map(|c| c.to_string()),
        cost_label: "Point value",
        title: str_of(card, "name").into(),
        corner: str_of(card, "rank").to_string(),
        band: factions.join(" · "),
        type_line: type_line(
            str_of(card, "kind"),
            &[str_of(card, "base_type").to_string()],
        ),
        chips,
        lines,
        stats,
        dial: Some((
            Json::Array(clicks),
            int_of(card, "dead_clicks").unwrap_or(0),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_face_escapes_its_text_and_says_what_it_shows() {
        let card = json!({"name": "<Bear & Co>", "kind": "creature", "cost": 5,
            "schools": [{"school": "Nature", "level": 1}], "life": 6, "armor": 1,
            "action": "Full", "attacks": [{"name": "Bite", "speed": "Quick", "kind": "Melee",
            "dice": 3, "range": {"min": 0, "max": 0}, "traits": [], "effects": []}]});
        let chip = Chip {
            text: "Vigilant".into(),
            tip: "Stays \"ready\".".into(),
            href: "../codex/traits/vigilant.html".into(),
        };
        let svg = render(&layout("mage-wars", &card, vec![chip]), "f");
        assert!(svg.contains("&lt;Bear &amp; Co&gt;"), "{svg}");
        assert!(!svg.contains("<Bear"));
        assert!(svg.contains("data-tip=\"Vigilant: Stays &quot;ready&quot;.\""));
        assert!(svg.contains("Bite: Quick Melee, 3 dice, range 0"));
        assert!(svg.contains("Life 6, Armor 1."), "{svg}");
        assert_eq!(wrap("aa bb cc", 5), ["aa bb", "cc"]);
    }
}
