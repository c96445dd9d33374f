//! The pages of the gallery: the site index, and per game an index with search and filters,
//! a page per card and a page per codex entry.
//!
//! Layout of the site (paths relative to `--out`):
//! `index.html`, `assets/gallery.{css,js}`, `<game>/index.html`,
//! `<game>/cards/<card>.html`, `<game>/codex/<category file key>/<entry>.html`.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::PathBuf;

use grimoire_compiler::ir::{self, Type, Value};
use grimoire_engine::CoverageReport;
use serde_json::{json, Value as Json};

use super::face::{self, Chip};
use super::html::{self, attr, slug, text};

/// No page may be larger than this.
pub const MAX_PAGE_BYTES: usize = 3 * 1024 * 1024;

const CSS: &str = include_str!("assets/gallery.css");
const JS: &str = include_str!("assets/gallery.js");

/// One game's pages, ready to write.
pub struct GameSite {
    /// The game's directory name.
    pub name: String,
    /// Its display title.
    pub title: String,
    /// Its summary in our own words.
    pub summary: String,
    /// How many cards it has (each has a page).
    pub cards: usize,
    /// Files relative to the site root with their contents.
    pub files: Vec<(PathBuf, Vec<u8>)>,
}

/// What a card page shows. `coverage` is the hook for `grimoire cards coverage`: a sentence
/// saying how much of the card the rules play, shown in its own section only when given.
/// The gallery computes no coverage itself, so it is `None` until that command provides it.
pub struct CardPage {
    /// The card's index in `game.cards`.
    pub card: usize,
    /// How much of the card the rules cover, from `cards coverage`, when known.
    pub coverage: Option<String>,
}

/// Names, links and cross references of one game, computed once for all its pages.
struct Prepared<'a> {
    game: &'a ir::Game,
    card_slugs: Vec<String>,
    /// Per category: its folder, and a file name per entry.
    entry_slugs: Vec<(String, Vec<String>)>,
    /// Per card: every codex reference anywhere on it (deduplicated by text).
    refs: Vec<Vec<&'a ir::CodexRef>>,
    /// Per category, per entry: the cards that use it.
    uses: Vec<Vec<Vec<usize>>>,
}

/// Unique slugs for `names`, in order: a repeated slug gets `-2`, `-3`, ...
fn unique_slugs<'n>(names: impl Iterator<Item = &'n str>) -> Vec<String> {
    let mut seen = BTreeSet::new();
    names
        .map(|name| {
            let base = slug(name);
            let mut candidate = base.clone();
            let mut n = 2;
            while !seen.insert(candidate.clone()) {
                candidate = format!("{base}-{n}");
                n += 1;
            }
            candidate
        })
        .collect()
}

fn collect_refs<'a>(value: &'a Value, out: &mut Vec<&'a ir::CodexRef>) {
    match value {
        Value::Codex(reference) if !out.iter().any(|seen| seen.text == reference.text) => {
            out.push(reference);
        }
        Value::List(items) => items.iter().for_each(|item| collect_refs(item, out)),
        Value::Record { fields, .. } => fields.iter().for_each(|item| collect_refs(item, out)),
        Value::Some(inner) => collect_refs(inner, out),
        _ => {}
    }
}

impl<'a> Prepared<'a> {
    fn new(game: &'a ir::Game) -> Self {
        let card_slugs = unique_slugs(game.cards.iter().map(|card| card.name.as_str()));
        let folders = unique_slugs(game.categories.iter().map(|c| c.file_key.as_str()));
        let entry_slugs = game
            .categories
            .iter()
            .zip(folders)
            .map(|(category, folder)| {
                (
                    folder,
                    unique_slugs(category.entries.iter().map(|e| e.name.as_str())),
                )
            })
            .collect();
        let refs: Vec<Vec<&ir::CodexRef>> = game
            .cards
            .iter()
            .map(|card| {
                let mut found = Vec::new();
                card.fields
                    .iter()
                    .for_each(|value| collect_refs(value, &mut found));
                found
            })
            .collect();
        let mut uses: Vec<Vec<Vec<usize>>> = game
            .categories
            .iter()
            .map(|category| vec![Vec::new(); category.entries.len()])
            .collect();
        for (card, found) in refs.iter().enumerate() {
            for reference in found {
                let users = &mut uses[reference.category][reference.entry];
                if users.last() != Some(&card) {
                    users.push(card);
                }
            }
        }
        Prepared {
            game,
            card_slugs,
            entry_slugs,
            refs,
            uses,
        }
    }

    fn entry(&self, reference: &ir::CodexRef) -> &'a ir::Entry {
        &self.game.categories[reference.category].entries[reference.entry]
    }

    /// The entry's page, from a page `depth` folders below the game's folder.
    fn entry_href(&self, category: usize, entry: usize, up: &str) -> String {
        let (folder, entries) = &self.entry_slugs[category];
        format!("{up}codex/{folder}/{}.html", entries[entry])
    }

    fn summary(&self, reference: &ir::CodexRef) -> String {
        summary(self.game, reference)
    }

    /// The chips of a card face (see [`face_refs`]), linking to the entries' pages.
    fn chips(&self, card: &ir::Card, fields: &[Value], up: &str) -> Vec<Chip> {
        face_refs(self.game, card, fields)
            .into_iter()
            .map(|reference| Chip {
                text: reference.text.clone(),
                tip: self.summary(reference),
                href: self.entry_href(reference.category, reference.entry, up),
            })
            .collect()
    }
}

/// The references a card face shows as chips: those held directly by the card's own fields,
/// or every reference on it when its kind has no such field (a Mage Knight dial's abilities).
pub fn face_refs<'a>(
    game: &ir::Game,
    card: &ir::Card,
    fields: &'a [Value],
) -> Vec<&'a ir::CodexRef> {
    let kind = &game.kinds[card.kind];
    let direct = kind.fields.iter().any(|field| holds_codex(&field.ty));
    let mut found = Vec::new();
    for (field, value) in kind.fields.iter().zip(fields) {
        if !direct || holds_codex(&field.ty) {
            collect_refs(value, &mut found);
        }
    }
    found
}

/// The codex summary of the referenced entry, in our own words.
pub fn summary(game: &ir::Game, reference: &ir::CodexRef) -> String {
    game.categories[reference.category].entries[reference.entry]
        .summary
        .clone()
        .unwrap_or_else(|| "The codex has no summary for this entry yet.".into())
}

/// Whether a field of this type holds codex references directly (not inside a record).
fn holds_codex(ty: &Type) -> bool {
    match ty {
        Type::Codex { .. } => true,
        Type::List { item } | Type::Option { item } => holds_codex(item),
        _ => false,
    }
}

/// Whether the rules play every printed ability of `card`, in a sentence, and as a flag for
/// the index filter (`None`: the card is not in the report, e.g. newer than this program).
fn coverage_of(coverage: Option<&CoverageReport>, card: &str) -> (Option<String>, Option<bool>) {
    let Some(found) = coverage.and_then(|report| report.cards.iter().find(|c| c.name == card))
    else {
        return (None, None);
    };
    let sentence = if found.covered && found.abilities.is_empty() {
        "It prints no abilities: the rules play its numbers as they are.".to_string()
    } else if found.covered {
        let names: Vec<&str> = found.abilities.iter().map(|a| a.ability.as_str()).collect();
        format!(
            "Every printed ability is played by the rules: {}.",
            names.join(", ")
        )
    } else {
        let missing: Vec<String> = found
            .missing()
            .map(|a| match a.coverage {
                grimoire_engine::Coverage::NotModelled { reason } => {
                    format!("{} ({reason})", a.ability)
                }
                grimoire_engine::Coverage::Played { .. } => a.ability.clone(),
            })
            .collect();
        format!(
            "Not every printed ability is played yet; missing: {}.",
            missing.join("; ")
        )
    };
    (Some(sentence), Some(found.covered))
}

/// All pages of one game; `coverage` is the game's `cards coverage` report when the rules
/// built into this program have one.
pub fn game_site(game: &ir::Game, coverage: Option<&CoverageReport>) -> GameSite {
    let prepared = Prepared::new(game);
    let mut files = Vec::with_capacity(game.cards.len() + 64);
    for (index, slug) in prepared.card_slugs.iter().enumerate() {
        let page = CardPage {
            card: index,
            coverage: coverage_of(coverage, &game.cards[index].name).0,
        };
        files.push((
            PathBuf::from(format!("{}/cards/{slug}.html", game.name)),
            card_page(&prepared, &page).into_bytes(),
        ));
    }
    for c in 0..game.categories.len() {
        let folder = &prepared.entry_slugs[c].0;
        for (e, entry_slug) in prepared.entry_slugs[c].1.iter().enumerate() {
            files.push((
                PathBuf::from(format!("{}/codex/{folder}/{entry_slug}.html", game.name)),
                codex_page(&prepared, c, e).into_bytes(),
            ));
        }
    }
    files.push((
        PathBuf::from(format!("{}/index.html", game.name)),
        game_index(&prepared, coverage).into_bytes(),
    ));
    GameSite {
        name: game.name.clone(),
        title: game.title.clone(),
        summary: game.summary.clone(),
        cards: game.cards.len(),
        files,
    }
}

/// Every file of the site: the games' pages, the site index and the shared assets.
pub fn site_files(sites: &mut [GameSite]) -> Vec<(PathBuf, Vec<u8>)> {
    let mut body = String::from(
        "<h1>Grimoire gallery</h1>\n<p>Every card of every game, drawn from the compiled content.</p>\n<ul class=\"games\">",
    );
    for site in sites.iter() {
        let _ = write!(
            body,
            "<li><a href=\"{}/index.html\">{}</a> — {} cards. {}</li>",
            attr(&site.name),
            text(&site.title),
            site.cards,
            text(&site.summary)
        );
    }
    body.push_str("</ul>");
    let mut files = vec![
        (
            PathBuf::from("index.html"),
            html::page("Games", "", &[], &body).into_bytes(),
        ),
        (PathBuf::from("assets/gallery.css"), CSS.as_bytes().to_vec()),
        (PathBuf::from("assets/gallery.js"), JS.as_bytes().to_vec()),
    ];
    for site in sites.iter_mut() {
        files.append(&mut site.files);
    }
    files
}

/// A field or JSON value in words: strings bare, lists joined, records as `key value`.
fn json_text(value: &Json) -> String {
    match value {
        Json::Null => "—".into(),
        Json::Bool(true) => "yes".into(),
        Json::Bool(false) => "no".into(),
        Json::String(s) => s.clone(),
        Json::Number(n) => n.to_string(),
        Json::Array(items) if items.is_empty() => "none".into(),
        Json::Array(items) => items
            .iter()
            .map(|item| match item {
                Json::Object(_) => format!("({})", json_text(item)),
                other => json_text(other),
            })
            .collect::<Vec<_>>()
            .join(", "),
        Json::Object(fields) => fields
            .iter()
            .filter(|(_, v)| !matches!(v, Json::Array(items) if items.is_empty()))
            .map(|(key, v)| format!("{} {}", key.replace('_', " "), json_text(v)))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// An IR value in words (enum values and codex references by name).
fn value_text(game: &ir::Game, value: &Value) -> String {
    json_text(&crate::live::value_json(game, value))
}

/// A type in words (`list of Trait`, `number 0 to 20`).
fn type_text(game: &ir::Game, ty: &Type) -> String {
    match ty {
        Type::Bool => "yes or no".into(),
        Type::Int { min, max } => format!("number {min} to {max}"),
        Type::String | Type::Text => "text".into(),
        Type::Handler => "handler".into(),
        Type::Enum { index } => game.enums[*index].name.clone(),
        Type::Record { index } => game.records[*index].name.clone(),
        Type::Union { index } => game.unions[*index].name.clone(),
        Type::Codex { index } => game.categories[*index].name.clone(),
        Type::List { item } => format!("list of {}", type_text(game, item)),
        Type::Option { item } => format!("{} (optional)", type_text(game, item)),
    }
}

/// The strings of the school / faction / class fields a card has, for the index filter.
fn groups(card: &Json) -> Vec<String> {
    let mut out = Vec::new();
    for field in [
        "school",
        "schools",
        "faction",
        "factions",
        "class",
        "second_class",
        "classes",
    ] {
        let mut push = |value: &Json| {
            let name = value
                .as_str()
                .or_else(|| value.get("school").and_then(Json::as_str));
            if let Some(name) = name {
                if !out.iter().any(|seen| seen == name) {
                    out.push(name.to_string());
                }
            }
        };
        match card.get(field) {
            Some(Json::Array(items)) => items.iter().for_each(&mut push),
            Some(one) => push(one),
            None => {}
        }
    }
    out
}

/// The number the cost filter reads: `cost`, else a figure's `point_value`.
fn cost(card: &Json) -> Option<i64> {
    card.get("cost")
        .or_else(|| card.get("point_value"))
        .and_then(Json::as_i64)
}

fn sets(card: &Json) -> Vec<String> {
    match card.get("printings") {
        Some(Json::Array(printings)) => {
            let mut sets: Vec<String> = printings
                .iter()
                .filter_map(|p| p.get("set").and_then(Json::as_str).map(str::to_string))
                .collect();
            sets.dedup();
            sets
        }
        _ => Vec::new(),
    }
}

fn game_index(prepared: &Prepared, coverage: Option<&CoverageReport>) -> String {
    let game = prepared.game;
    let mut kinds = BTreeSet::new();
    let mut all_groups = BTreeSet::new();
    let mut all_refs = BTreeSet::new();
    let mut all_sets = BTreeSet::new();
    let mut rows = Vec::with_capacity(game.cards.len());
    for (index, card) in game.cards.iter().enumerate() {
        let view = crate::live::card_json(game, card);
        let kind = face::title_case(&game.kinds[card.kind].name);
        let card_groups = groups(&view);
        let names: Vec<String> = prepared.refs[index]
            .iter()
            .map(|r| prepared.entry(r).name.clone())
            .collect();
        let card_sets = sets(&view);
        kinds.insert(kind.clone());
        all_groups.extend(card_groups.iter().cloned());
        all_refs.extend(names.iter().cloned());
        all_sets.extend(card_sets.iter().cloned());
        rows.push(json!({
            "n": card.name,
            "u": format!("cards/{}.html", prepared.card_slugs[index]),
            "k": kind,
            "g": card_groups,
            "c": cost(&view),
            "t": names,
            "s": card_sets,
            "v": coverage_of(coverage, &card.name).1,
        }));
    }
    let select = |id: &str, label: &str, all: &str, values: &BTreeSet<String>| {
        let mut out = format!(
            "<label>{} <select id=\"{id}\"><option value=\"\">{}</option>",
            text(label),
            text(all)
        );
        for value in values {
            let _ = write!(
                out,
                "<option value=\"{}\">{}</option>",
                attr(value),
                text(value)
            );
        }
        out.push_str("</select></label>");
        out
    };
    let mut body = format!(
        "<h1>{}</h1>\n<p>{}</p>\n<form id=\"filters\" class=\"filters\" role=\"search\" aria-label=\"Filter cards\">\
         <label>Search <input type=\"search\" id=\"q\" autocomplete=\"off\" placeholder=\"name, kind, keyword…\"></label>",
        text(&game.title),
        text(&game.summary)
    );
    body += &select("f-kind", "Kind", "All kinds", &kinds);
    body += &select("f-group", "School / faction / class", "All", &all_groups);
    body += "<label>Cost from <input type=\"number\" id=\"f-cmin\" min=\"0\" inputmode=\"numeric\"></label>\
             <label>to <input type=\"number\" id=\"f-cmax\" min=\"0\" inputmode=\"numeric\"></label>";
    body += &select("f-ref", "Trait / keyword / ability", "Any", &all_refs);
    body += &select("f-set", "Set", "All sets", &all_sets);
    if coverage.is_some() {
        body += "<label>Played by the rules <select id=\"f-cov\"><option value=\"\">Any</option>\
                 <option value=\"yes\">Every ability</option>\
                 <option value=\"no\">Not every ability</option></select></label>";
    }
    let _ = write!(
        body,
        "<button type=\"reset\">Clear</button></form>\n\
         <p><output id=\"count\" for=\"q\" aria-live=\"polite\">{total} cards</output></p>\n\
         <ul id=\"cards\" class=\"cards\" data-total=\"{total}\"></ul>\n\
         <p><button type=\"button\" id=\"more\" hidden>Show more</button> \
         <button type=\"button\" id=\"all\" hidden>Show all</button></p>\n\
         <noscript><p>The list needs JavaScript; every card also has its own page under cards/.</p></noscript>\n\
         <script type=\"application/json\" id=\"gallery-data\">{}</script>\n",
        html::json(&Json::Array(rows)),
        total = game.cards.len(),
    );
    body.push_str("<section class=\"codex\"><h2>Codex</h2>");
    for (c, category) in game.categories.iter().enumerate() {
        let _ = write!(
            body,
            "<h3>{}</h3><p>{}</p><ul class=\"codex-list\">",
            text(&category.name),
            text(category.summary.as_deref().unwrap_or(""))
        );
        for (e, entry) in category.entries.iter().enumerate() {
            let _ = write!(
                body,
                "<li><a href=\"{}\">{}</a> <small>{}</small></li>",
                attr(&prepared.entry_href(c, e, "")),
                text(&entry.name),
                prepared.uses[c][e].len()
            );
        }
        body.push_str("</ul>");
    }
    body.push_str("</section>");
    html::page(
        &game.title,
        "../",
        &[("Gallery".into(), "../index.html".into())],
        &body,
    )
}

/// The SVG face of a card with `fields` (current or printed), with its dial controls.
fn figure(
    prepared: &Prepared,
    card: &ir::Card,
    fields: &[Value],
    id: &str,
    caption: &str,
) -> String {
    let mut shown = card.clone();
    shown.fields = fields.to_vec();
    let view = crate::live::card_json(prepared.game, &shown);
    let chips = prepared.chips(card, fields, "../");
    let face = face::layout(&prepared.game.name, &view, chips);
    let controls = if face.dial.is_some() {
        "<div class=\"dial-controls\"><button type=\"button\" data-turn=\"-1\">◀ Heal one click</button>\
         <button type=\"button\" data-turn=\"1\">Turn one click ▶</button></div>"
    } else {
        ""
    };
    format!(
        "<figure class=\"card\">{}{controls}<figcaption>{}</figcaption></figure>",
        face::render(&face, id),
        text(caption)
    )
}

/// A card's page.
fn card_page(prepared: &Prepared, page: &CardPage) -> String {
    let game = prepared.game;
    let card = &game.cards[page.card];
    let kind = &game.kinds[card.kind];
    let view = crate::live::card_json(game, card);
    let mut body = format!(
        "<h1>{}</h1>\n<p class=\"kind\">{} · {}. {}</p>\n<div class=\"faces\">{}</div>\n",
        text(&card.name),
        text(&face::title_case(&kind.name)),
        text(&game.title),
        text(kind.summary.as_deref().unwrap_or("")),
        figure(
            prepared,
            card,
            &card.fields,
            "face",
            "The card as it plays now"
        ),
    );
    body.push_str("<section><h2>Rules on this card</h2>");
    let summary = view.get("summary").and_then(Json::as_str).unwrap_or("");
    if !summary.is_empty() {
        let _ = write!(body, "<p>{}</p>", text(summary));
    }
    let refs = &prepared.refs[page.card];
    if refs.is_empty() {
        body.push_str("<p>It uses no codex entry.</p>");
    } else {
        body.push_str("<dl class=\"rules\">");
        for reference in refs {
            let _ = write!(
                body,
                "<dt><a href=\"{}\" data-tip=\"{}\">{}</a></dt><dd>{}</dd>",
                attr(&prepared.entry_href(reference.category, reference.entry, "../")),
                attr(&prepared.summary(reference)),
                text(&reference.text),
                text(&prepared.summary(reference))
            );
        }
        body.push_str("</dl>");
    }
    match view.get("handler").and_then(Json::as_str) {
        Some(handler) => {
            let _ = write!(
                body,
                "<p>Its own rules are played by the handler <code>{}</code>.</p>",
                text(handler)
            );
        }
        None if refs.is_empty() && summary.is_empty() => {
            body.push_str("<p>Its data gives it no behaviour of its own: no summary, handler or codex entry.</p>");
        }
        None => {}
    }
    body.push_str("</section>\n");
    if let Some(coverage) = &page.coverage {
        let _ = writeln!(
            body,
            "<section id=\"coverage\"><h2>Coverage</h2><p>{}</p></section>",
            text(coverage)
        );
    }
    body.push_str("<section><h2>Printings</h2>");
    match view.get("printings") {
        Some(Json::Array(printings)) if !printings.is_empty() => {
            body.push_str("<ul class=\"printings\">");
            for printing in printings {
                let _ = write!(body, "<li>{}</li>", text(&json_text(printing)));
            }
            body.push_str("</ul>");
        }
        _ => body.push_str("<p>No printing recorded.</p>"),
    }
    body.push_str("</section>\n");
    if let Some(printed) = &card.printed {
        body += &errata_section(prepared, card, printed);
    }
    body.push_str("<section><h2>Every field</h2><table class=\"fields\"><tbody>");
    if let Json::Object(fields) = &view {
        for (key, value) in fields {
            if key == "name" || key == "printings" {
                continue;
            }
            let _ = write!(
                body,
                "<tr><th scope=\"row\">{}</th><td>{}</td></tr>",
                text(&key.replace('_', " ")),
                text(&json_text(value))
            );
        }
    }
    let _ = write!(
        body,
        "</tbody></table><p class=\"origin\">Declared in <code>{}:{}</code>.</p></section>",
        text(&card.origin.file),
        card.origin.line
    );
    html::page(
        &card.name,
        "../../",
        &[
            ("Gallery".into(), "../../index.html".into()),
            (game.title.clone(), "../index.html".into()),
        ],
        &body,
    )
}

fn errata_section(prepared: &Prepared, card: &ir::Card, printed: &[Value]) -> String {
    let game = prepared.game;
    let mut out = String::from("<section class=\"errata\"><h2>Errata</h2><ol class=\"timeline\">");
    out.push_str("<li><strong>Printed</strong>: the card as first printed.</li>");
    for &index in &card.errata {
        let erratum = &game.errata[index];
        let _ = write!(
            out,
            "<li><time datetime=\"{date}\">{date}</time> <strong>{}</strong>{}<br><small>{}:{}</small></li>",
            text(&erratum.source),
            erratum
                .summary
                .as_deref()
                .map(|s| format!(": {}", text(s)))
                .unwrap_or_default(),
            text(&erratum.origin.file),
            erratum.origin.line,
            date = attr(&erratum.date),
        );
    }
    out.push_str("</ol><div class=\"faces side-by-side\">");
    out += &figure(prepared, card, printed, "face-printed", "As printed");
    out += &figure(
        prepared,
        card,
        &card.fields,
        "face-current",
        "Current (after errata)",
    );
    out.push_str(
        "</div><table class=\"diff\"><thead><tr><th scope=\"col\">Field</th><th scope=\"col\">Printed</th>\
         <th scope=\"col\">Current</th><th scope=\"col\">Changed</th></tr></thead><tbody>",
    );
    let kind = &game.kinds[card.kind];
    for ((field, before), after) in kind.fields.iter().zip(printed).zip(&card.fields) {
        if *before == Value::None && *after == Value::None {
            continue;
        }
        let changed = before != after;
        let _ = write!(
            out,
            "<tr{}><th scope=\"row\">{}</th><td>{}</td><td>{}</td><td>{}</td></tr>",
            if changed { " class=\"changed\"" } else { "" },
            text(&field.name.replace('_', " ")),
            text(&value_text(game, before)),
            text(&value_text(game, after)),
            if changed { "<mark>changed</mark>" } else { "" }
        );
    }
    out.push_str("</tbody></table></section>\n");
    out
}

fn codex_page(prepared: &Prepared, c: usize, e: usize) -> String {
    let game = prepared.game;
    let category = &game.categories[c];
    let entry = &category.entries[e];
    let mut body = format!(
        "<h1>{}</h1>\n<p class=\"kind\">{} · {}</p>\n<p class=\"summary\">{}</p>\n",
        text(&entry.name),
        text(&category.name),
        text(&game.title),
        text(
            entry
                .summary
                .as_deref()
                .unwrap_or("The codex has no summary for this entry yet.")
        ),
    );
    if entry.draft {
        body.push_str("<p class=\"draft\">Draft: written by an importer and not reviewed yet.</p>");
    }
    let _ = write!(
        body,
        "<section><h2>How cards write it</h2><p><code>{}</code></p>",
        text(&entry.template.source)
    );
    if entry.params.is_empty() {
        body.push_str("<p>It takes no parameters.</p>");
    } else {
        body.push_str("<table><thead><tr><th scope=\"col\">Parameter</th><th scope=\"col\">Type</th></tr></thead><tbody>");
        for param in &entry.params {
            let _ = write!(
                body,
                "<tr><td><code>{}</code></td><td>{}</td></tr>",
                text(&param.name),
                text(&type_text(game, &param.ty))
            );
        }
        body.push_str("</tbody></table>");
    }
    let stacking = match entry.stacking {
        ir::Stacking::Sum => "Several instances add up.",
        ir::Stacking::Highest => "Only the highest instance counts.",
        ir::Stacking::Once => "It counts once, however often it is gained.",
        ir::Stacking::Replace => "A newer instance replaces the older one.",
    };
    let _ = writeln!(body, "<p>{stacking}</p></section>");
    body.push_str("<section><h2>What it implies</h2>");
    if entry.implied.is_empty() {
        body.push_str("<p>Nothing further.</p>");
    } else {
        body.push_str("<ul>");
        for reference in &entry.implied {
            let direct = entry.implies.iter().any(|r| r.text == reference.text);
            let _ = write!(
                body,
                "<li><a href=\"{}\">{}</a>{}</li>",
                attr(&prepared.entry_href(reference.category, reference.entry, "../")),
                text(&reference.text),
                if direct {
                    ""
                } else {
                    " (through another entry)"
                }
            );
        }
        body.push_str("</ul>");
    }
    if !entry.cancels.is_empty() {
        body.push_str("<p>It cancels: ");
        let links: Vec<String> = entry
            .cancels
            .iter()
            .map(|&other| {
                format!(
                    "<a href=\"{}\">{}</a>",
                    attr(&prepared.entry_href(c, other, "../")),
                    text(&category.entries[other].name)
                )
            })
            .collect();
        body.push_str(&links.join(", "));
        body.push_str(".</p>");
    }
    body.push_str("</section>\n<section><h2>Effects</h2>");
    if entry.effects.is_empty() {
        body.push_str("<p>It has no effects as data.</p>");
    } else {
        body.push_str("<ul>");
        for effect in &entry.effects {
            let op = &game.effect_ops[effect.op];
            let values: Vec<String> = op
                .fields
                .iter()
                .zip(&effect.fields)
                .filter(|(_, value)| **value != Value::None)
                .map(|(field, value)| {
                    format!(
                        "{} {}",
                        field.name.replace('_', " "),
                        value_text(game, value)
                    )
                })
                .collect();
            let _ = write!(
                body,
                "<li><strong>{}</strong>{}{}</li>",
                text(&op.name.replace('_', " ")),
                op.summary
                    .as_deref()
                    .map(|s| format!(": {}", text(s)))
                    .unwrap_or_default(),
                if values.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", text(&values.join(", ")))
                }
            );
        }
        body.push_str("</ul>");
    }
    if let Some(handler) = &entry.handler {
        let _ = write!(
            body,
            "<p>Rules the data cannot say are played by the handler <code>{}</code>.</p>",
            text(handler)
        );
    }
    body.push_str("</section>\n");
    let details: Vec<String> = category
        .fields
        .iter()
        .zip(&entry.fields)
        .filter(|(_, value)| **value != Value::None)
        .map(|(field, value)| {
            format!(
                "<tr><th scope=\"row\">{}</th><td>{}</td></tr>",
                text(&field.name.replace('_', " ")),
                text(&value_text(game, value))
            )
        })
        .collect();
    if !details.is_empty() {
        let _ = writeln!(
            body,
            "<section><h2>Details</h2><table class=\"fields\"><tbody>{}</tbody></table></section>",
            details.concat()
        );
    }
    let users = &prepared.uses[c][e];
    let _ = write!(
        body,
        "<section><h2>Cards that use it ({})</h2>",
        users.len()
    );
    if users.is_empty() {
        body.push_str("<p>No card uses it directly.</p>");
    } else {
        body.push_str("<ul class=\"users\">");
        for &card in users {
            let _ = write!(
                body,
                "<li><a href=\"../../cards/{}.html\">{}</a></li>",
                attr(&prepared.card_slugs[card]),
                text(&game.cards[card].name)
            );
        }
        body.push_str("</ul>");
    }
    let _ = write!(
        body,
        "</section><p class=\"origin\">Declared in <code>{}:{}</code>.</p>",
        text(&entry.origin.file),
        entry.origin.line
    );
    html::page(
        &entry.name,
        "../../../",
        &[
            ("Gallery".into(), "../../../index.html".into()),
            (game.title.clone(), "../../index.html".into()),
            (category.name.clone(), "../../index.html".into()),
        ],
        &body,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn mage_wars() -> ir::Game {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        crate::live::compile_game(&root, "mage-wars")
            .expect("compiles")
            .expect("mage-wars")
            .game
    }

    #[test]
    fn a_card_page_shows_coverage_only_when_given_and_errata_side_by_side() {
        let game = mage_wars();
        let prepared = Prepared::new(&game);
        let card = game
            .cards
            .iter()
            .position(|card| card.printed.is_some())
            .expect("a card with errata");
        let mut page = CardPage {
            card,
            coverage: None,
        };
        let without = card_page(&prepared, &page);
        assert!(!without.contains("id=\"coverage\""));
        assert!(without.contains("As printed") && without.contains("<mark>changed</mark>"));
        page.coverage = Some("Fully played by the rules.".into());
        let with = card_page(&prepared, &page);
        assert!(with.contains("<h2>Coverage</h2><p>Fully played by the rules.</p>"));
        let uses: usize = prepared.uses.iter().flatten().map(Vec::len).sum();
        assert!(uses > 0);
        let mut by_name: BTreeMap<&str, usize> = BTreeMap::new();
        for slug in &prepared.card_slugs {
            *by_name.entry(slug).or_default() += 1;
        }
        assert!(
            by_name.values().all(|&n| n == 1),
            "card file names are unique"
        );
    }
}
