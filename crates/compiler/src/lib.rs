//! The game-agnostic Grimoire compiler: loads a game's TOML, resolves and validates it, and
//! lowers it to the [`ir`].
//!
//! ```no_run
//! let root = std::path::Path::new(".");
//! for name in grimoire_compiler::discover_games(root)? {
//!     let input = grimoire_compiler::load_game(root, &name)?;
//!     match grimoire_compiler::compile(&input) {
//!         Ok(game) => println!("{}: {} cards", game.name, game.cards.len()),
//!         Err(diagnostics) => eprint!("{}", diagnostics.render(false)),
//!     }
//! }
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! **Architecture Invariant:** the compiler knows no game's words; it learns them from
//! `game.toml` and the codex files.

mod cards;
mod codex;
mod context;
pub mod diagnostic;
mod errata;
mod handlers;
mod ident;
pub mod ir;
mod load;
mod schema;
mod template;
mod tree;
mod types;
mod values;

use std::time::{Duration, Instant};

pub use diagnostic::{Diagnostic, Diagnostics};

/// The most card kinds a game may declare: generated tables store each card's kind in one
/// byte (error `E0038` past it).
pub const MAX_KINDS: usize = 256;
pub use handlers::handler_ident;
pub use load::{discover_games, load_game};

use context::Context;
use ir::{Derives, Game, RecordDef};

/// One input file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFile {
    /// Display path relative to the content root, `/` separators (`cards/demo/core/units.toml`).
    pub path: String,
    /// The file's text.
    pub text: String,
}

/// Every file of one game.
#[derive(Debug, Clone)]
pub struct GameInput {
    /// The game's slug, its directory name (`mage-wars`).
    pub name: String,
    /// `codex/<name>/game.toml`.
    pub game_toml: SourceFile,
    /// The other `codex/<name>/*.toml` files.
    pub codex: Vec<SourceFile>,
    /// `cards/<name>/<set>/*.toml`.
    pub cards: Vec<SourceFile>,
    /// `cards/<name>/errata/*.toml`.
    pub errata: Vec<SourceFile>,
    /// Files among the above that are not UTF-8: their text is decoded with each invalid
    /// sequence replaced by U+FFFD, and compiling reports each as a located error (checking
    /// goes on with the rest).
    pub not_utf8: Vec<NotUtf8>,
}

/// A file whose bytes are not UTF-8.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotUtf8 {
    /// The file's path, as in its [`SourceFile`].
    pub path: String,
    /// Byte offset of the first invalid sequence in the decoded text (after the byte-order
    /// mark is dropped and line endings become LF), where it is located.
    pub offset: usize,
    /// Byte offset of the first invalid byte in the file as stored, which the message names.
    pub file_offset: usize,
    /// The first invalid byte.
    pub byte: u8,
}

/// Time spent in each phase of [`compile_with_timings`].
#[derive(Debug, Clone, Copy, Default)]
pub struct Phases {
    /// Parsing TOML into spanned trees.
    pub parse: Duration,
    /// Resolving and validating, and building the IR.
    pub resolve: Duration,
}

/// Compiles; `Err` holds all diagnostics found.
pub fn compile(input: &GameInput) -> Result<Game, Diagnostics> {
    compile_with_timings(input).0
}

/// [`compile`], also reporting how long each phase took.
pub fn compile_with_timings(input: &GameInput) -> (Result<Game, Diagnostics>, Phases) {
    let started = Instant::now();
    let files = ordered_files(input);
    let schema_files = 1 + input.codex.len();
    let mut sink = diagnostic::Sink::default();
    let parsed: Vec<_> = files[..schema_files]
        .iter()
        .enumerate()
        .map(|(id, f)| tree::parse(&f.text, id, &mut sink))
        .collect();
    let mut parse = started.elapsed();

    let mut inputs: Vec<String> = files.iter().map(|f| f.path.clone()).collect();
    inputs.sort();
    let mut cx = Context::new(files, empty_game(inputs));
    cx.sink = sink;
    let result = match &parsed[0] {
        Some(root) => build(&mut cx, input, root, &parsed, &mut parse),
        None => None,
    };
    // Reported after the passes, which check cards only when the schema has no errors.
    for bad in &input.not_utf8 {
        if let Some(file) = cx.files.iter().position(|f| f.path == bad.path) {
            cx.sink
                .error(
                    diagnostic::codes::NOT_UTF8,
                    file,
                    bad.offset..bad.offset + char::REPLACEMENT_CHARACTER.len_utf8(),
                    format!(
                        "the file is not UTF-8: byte 0x{:02X} at byte offset {}",
                        bad.byte, bad.file_offset
                    ),
                )
                .help("save the file as UTF-8");
        }
    }
    let outcome = match result {
        Some(mut game) if cx.sink.is_empty() => {
            game.warnings = cx.sink.take_warnings().finish(&cx.files);
            Ok(game)
        }
        _ => Err(std::mem::take(&mut cx.sink).finish(&cx.files)),
    };
    let total = started.elapsed();
    (
        outcome,
        Phases {
            parse,
            resolve: total.saturating_sub(parse),
        },
    )
}

/// `game.toml` first, then codex, card and errata files, each group sorted by path so the
/// result does not depend on the order files were read in.
fn ordered_files(input: &GameInput) -> Vec<&SourceFile> {
    fn sorted(files: &[SourceFile]) -> Vec<&SourceFile> {
        let mut refs: Vec<&SourceFile> = files.iter().collect();
        refs.sort_by(|a, b| a.path.cmp(&b.path));
        refs
    }
    let mut files = vec![&input.game_toml];
    files.extend(sorted(&input.codex));
    files.extend(sorted(&input.cards));
    files.extend(sorted(&input.errata));
    files
}

fn empty_game(inputs: Vec<String>) -> Game {
    use ir::{FieldDef, Type};
    let text_field = |name: &str, ty: Type, summary: &str| FieldDef {
        name: name.to_owned(),
        default: matches!(ty, Type::Option { .. }).then_some(ir::Value::None),
        ty,
        summary: Some(summary.to_owned()),
        filter: None,
    };
    let printing = RecordDef {
        name: grimoire_model::PRINTING_RECORD.to_owned(),
        ident: grimoire_model::PRINTING_RECORD.to_owned(),
        summary: Some("One printing of a card: its set and its number in that set.".to_owned()),
        fields: vec![
            text_field(
                "set",
                Type::String,
                "The set, named by its folder under cards/<game>/.",
            ),
            text_field(
                "number",
                Type::Option {
                    item: Box::new(Type::String),
                },
                "The printed collector number.",
            ),
        ],
    };
    Game {
        name: String::new(),
        title: String::new(),
        summary: String::new(),
        enums: Vec::new(),
        records: vec![printing],
        kinds: Vec::new(),
        dice: Vec::new(),
        categories: Vec::new(),
        effect_ops: Vec::new(),
        constants: Vec::new(),
        unions: Vec::new(),
        cards: Vec::new(),
        errata: Vec::new(),
        handlers: Vec::new(),
        derives: Derives::default(),
        inputs,
        warnings: Diagnostics::default(),
    }
}

/// Runs the passes in order; `None` when the schema (game.toml and codex) has errors, so
/// cards are not checked against it.
fn build(
    cx: &mut Context<'_>,
    input: &GameInput,
    root: &toml::de::DeTable<'_>,
    parsed: &[context::Parsed<'_>],
    parse: &mut Duration,
) -> Option<Game> {
    let codex_end = 1 + input.codex.len();
    let cards_end = codex_end + input.cards.len();
    let codex: Vec<_> = (1..codex_end)
        .filter_map(|i| parsed[i].as_ref().map(|t| (i, t)))
        .collect();
    let (defaults, mut drafts) = schema::read(cx, root, &input.name);
    let sources = codex::read_entries(cx, &codex);
    check_defaults(cx, defaults, &mut drafts);
    schema::read_constants(cx, root);
    codex::finish_entries(cx, &sources);
    cx.check_deferred_filters();
    cards::assemble_kinds(cx, drafts);
    if !cx.sink.is_empty() {
        // Cards are checked against the schema; a broken schema would only add noise.
        return None;
    }
    let card_files: Vec<usize> = (codex_end..cards_end).collect();
    let (mut cards, card_parse) = cards::read_cards(cx, &card_files);
    *parse += card_parse;
    let errata_files: Vec<usize> = (cards_end..cx.files.len()).collect();
    let errata = errata::apply(cx, &errata_files, &mut cards);
    let mut game = std::mem::replace(&mut cx.game, empty_game(Vec::new()));
    game.handlers = handlers::collect(&game, &cards);
    for (first, second) in handlers::collisions(&game.handlers) {
        let message = format!(
            "handlers `{}` (used by {}) and `{}` (used by {}) both become `Handler::{}`",
            first.name,
            first.used_by.join(", "),
            second.name,
            second.used_by.join(", "),
            first.ident
        );
        cx.sink
            .error(diagnostic::codes::IDENT_COLLISION, 0, 0..0, message)
            .help("rename one of the handlers");
    }
    game.cards = cards;
    game.errata = errata;
    Some(game)
}

/// Reads every field's `where` and checks every field default against its type (and its
/// `where`), now that codex references can resolve.
fn check_defaults(
    cx: &mut Context<'_>,
    defaults: Vec<context::PendingDefault<'_, '_>>,
    drafts: &mut [schema::KindDraft],
) {
    use context::Owner;
    fn fields_of<'f>(
        game: &'f Game,
        drafts: &'f [schema::KindDraft],
        owner: Owner,
    ) -> &'f [ir::FieldDef] {
        match owner {
            Owner::Record(i) => &game.records[i].fields,
            Owner::Kind(i) => &drafts[i].fields,
            Owner::Category(i) => &game.categories[i].fields,
            Owner::EffectOp(i) => &game.effect_ops[i].fields,
            Owner::UnionVariant(u, v) => &game.unions[u].variants[v].fields,
        }
    }
    fn fields_of_mut<'f>(
        game: &'f mut Game,
        drafts: &'f mut [schema::KindDraft],
        owner: Owner,
    ) -> &'f mut [ir::FieldDef] {
        match owner {
            Owner::Record(i) => &mut game.records[i].fields,
            Owner::Kind(i) => &mut drafts[i].fields,
            Owner::Category(i) => &mut game.categories[i].fields,
            Owner::EffectOp(i) => &mut game.effect_ops[i].fields,
            Owner::UnionVariant(u, v) => &mut game.unions[u].variants[v].fields,
        }
    }
    let mut sink = std::mem::take(&mut cx.sink);
    // `where` first: a default is checked against it.
    let mut filters = Vec::new();
    for pending in defaults.iter().filter(|p| p.filter) {
        let field = &fields_of(&cx.game, drafts, pending.owner)[pending.field];
        let filter = cx.entry_filter(&mut sink, field, pending.node, 0);
        filters.push((pending.owner, pending.field, filter));
    }
    for (owner, field, filter) in filters {
        fields_of_mut(&mut cx.game, drafts, owner)[field].filter = filter;
    }
    let mut resolved = Vec::with_capacity(defaults.len());
    for pending in defaults.iter().filter(|p| !p.filter) {
        let fields = fields_of(&cx.game, drafts, pending.owner);
        let value = cx.field_value(&mut sink, fields, pending.field, pending.node, 0);
        resolved.push((pending.owner, pending.field, value));
    }
    for (owner, field, value) in resolved {
        if value.is_some() {
            fields_of_mut(&mut cx.game, drafts, owner)[field].default = value;
        }
    }
    cx.sink = sink;
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    fn repo_root() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
    }

    #[test]
    fn demo_fixture_compiles() {
        let root = repo_root().join("tests/fixtures/demo");
        assert_eq!(discover_games(&root).expect("codex/ is readable"), ["demo"]);
        let input = load_game(&root, "demo").expect("demo loads");
        let game = compile(&input).unwrap_or_else(|d| panic!("{}", d.render(false)));
        assert_eq!(
            game.kinds[0]
                .fields
                .iter()
                .map(|f| f.name.as_str())
                .collect::<Vec<_>>(),
            [
                "name",
                "summary",
                "handler",
                "printings",
                "power",
                "element",
                "traits"
            ]
        );
        let names: Vec<&str> = game.cards.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["Ember Knight", "Tide Caller"]);
        let ember = &game.cards[0];
        assert_eq!(ember.ident, "EmberKnight");
        let ir::Value::List(traits) = &ember.fields[6] else {
            panic!("traits is a list")
        };
        let piercing = game.categories[0]
            .entries
            .iter()
            .position(|e| e.name == "Piercing")
            .expect("Piercing");
        assert!(
            matches!(&traits[0], ir::Value::Codex(r) if r.entry == piercing && r.args == [ir::Value::Int(2)])
        );
        assert_eq!(game.inputs.len(), 3);
    }

    #[test]
    fn codex_entries_are_ordered_by_name_whatever_their_file_names() {
        let root = repo_root().join("tests/fixtures/demo");
        let input = load_game(&root, "demo").expect("demo loads");
        let mut renamed = input.clone();
        for file in &mut renamed.codex {
            file.path = file
                .path
                .replace(".toml", "-renamed.toml")
                .replace("codex/demo/", "codex/demo/zz-");
        }
        let mut split = input.clone();
        split.codex.reverse();
        let names = |input: &GameInput| -> Vec<String> {
            compile(input).expect("compiles").categories[0]
                .entries
                .iter()
                .map(|e| e.name.clone())
                .collect()
        };
        assert_eq!(names(&input), ["Fast", "Piercing"]);
        assert_eq!(names(&renamed), names(&input));
        assert_eq!(names(&split), names(&input));
    }

    #[test]
    fn compiling_twice_gives_the_same_ir_whatever_the_file_order() {
        let root = repo_root().join("tests/fixtures/demo");
        let input = load_game(&root, "demo").expect("demo loads");
        let mut reversed = input.clone();
        reversed.codex.reverse();
        reversed.cards.reverse();
        let a = serde_json::to_string(&compile(&input).map_err(|d| d.render(false))).ok();
        let b = serde_json::to_string(&compile(&reversed).map_err(|d| d.render(false))).ok();
        assert_eq!(a, b);
    }
}

#[cfg(test)]
mod semantics {
    use super::*;
    use ir::Value;

    fn file(path: &str, text: &str) -> SourceFile {
        SourceFile {
            path: path.into(),
            text: text.into(),
        }
    }

    fn game(cards: &str, errata: Vec<SourceFile>) -> GameInput {
        GameInput {
            not_utf8: Vec::new(),
            name: "t".into(),
            game_toml: file(
                "codex/t/game.toml",
                r#"
[game]
name = "t"
title = "T"
summary = "A test game."
[kinds.piece]
fields.size = { type = "int(1..=5)", default = 1 }
fields.tags = { type = "[Tag]", default = [] }
fields.note = "string?"
[categories.Tag]
file = "tags"
"#,
            ),
            codex: vec![file(
                "codex/t/tags.toml",
                "[[tags]]\nname = \"Big\"\nhandler = \"big\"\n[[tags]]\nname = \"Level\"\ntemplate = \"Level {n}\"\nparams.n = \"int(1..=3)\"\n",
            )],
            cards: vec![file("cards/t/base/pieces.toml", cards)],
            errata,
        }
    }

    #[test]
    fn defaults_printings_and_handlers() {
        let input = game(
            "[[card]]\nname = \"Pawn\"\nkind = \"piece\"\ntags = [\"Big\", \"Level 2\"]\n",
            Vec::new(),
        );
        let game = compile(&input).unwrap_or_else(|d| panic!("{}", d.render(false)));
        let pawn = &game.cards[0];
        // name, summary, handler, printings, size, tags, note
        assert_eq!(pawn.fields[4], Value::Int(1));
        assert_eq!(pawn.fields[6], Value::None);
        let Value::List(printings) = &pawn.fields[3] else {
            panic!("printings is a list")
        };
        assert!(
            matches!(&printings[0], Value::Record { index: 0, fields } if fields[0] == Value::Str("base".into()))
        );
        assert_eq!(game.handlers.len(), 1);
        assert_eq!(game.handlers[0].used_by, ["Big"]);
        assert_eq!(pawn.origin.line, 1);
    }

    #[test]
    fn errata_apply_in_date_order_and_keep_the_printed_card() {
        let later = file(
            "cards/t/errata/a-later.toml",
            "date = \"2021-05-01\"\nsource = \"second\"\n[[erratum]]\ncard = \"Pawn\"\nremove.tags = [\"Level 2\"]\nset.size = 3\n",
        );
        let earlier = file(
            "cards/t/errata/b-earlier.toml",
            "date = \"2020-01-01\"\nsource = \"first\"\n[[erratum]]\ncard = \"Pawn\"\nadd.tags = [\"Level 2\"]\nset.size = 2\n",
        );
        let input = game(
            "[[card]]\nname = \"Pawn\"\nkind = \"piece\"\ntags = [\"Big\"]\n",
            vec![later, earlier],
        );
        let game = compile(&input).unwrap_or_else(|d| panic!("{}", d.render(false)));
        assert_eq!(
            game.errata
                .iter()
                .map(|e| e.source.as_str())
                .collect::<Vec<_>>(),
            ["first", "second"]
        );
        let pawn = &game.cards[0];
        assert_eq!(pawn.errata, [0, 1]);
        assert_eq!(pawn.fields[4], Value::Int(3));
        let Value::List(tags) = &pawn.fields[5] else {
            panic!("tags is a list")
        };
        assert_eq!(tags.len(), 1);
        let printed = pawn.printed.as_ref().map(|p| p[4].clone());
        assert_eq!(printed, Some(Value::Int(1)));
    }

    #[test]
    fn implied_is_the_breadth_first_closure_without_duplicates_or_itself() {
        let mut input = game("", Vec::new());
        input.codex[0].text = "[[tags]]\nname = \"A\"\nimplies = [\"B\", \"C\"]\n\
            [[tags]]\nname = \"B\"\nimplies = [\"D\", \"C\", \"Level 2\"]\n\
            [[tags]]\nname = \"C\"\nimplies = [\"D\"]\n\
            [[tags]]\nname = \"D\"\n\
            [[tags]]\nname = \"Level\"\ntemplate = \"Level {n}\"\nparams.n = \"int(1..=3)\"\n"
            .into();
        input.cards[0].text = "[[card]]\nname = \"Pawn\"\nkind = \"piece\"\n".into();
        let game = compile(&input).unwrap_or_else(|d| panic!("{}", d.render(false)));
        let entries = &game.categories[0].entries;
        let implied = |i: usize| -> Vec<&str> {
            entries[i].implied.iter().map(|r| r.text.as_str()).collect()
        };
        assert_eq!(implied(0), ["B", "C", "D", "Level 2"]);
        assert_eq!(implied(1), ["D", "C", "Level 2"]);
        assert_eq!(implied(2), ["D"]);
        assert!(implied(3).is_empty());
    }

    #[test]
    fn typed_constants_and_handler_fields() {
        let mut input = game(
            "[[card]]\nname = \"Pawn\"\nkind = \"piece\"\nhandler = \"pawn_move\"\nhook = \"on_board\"\n",
            Vec::new(),
        );
        input.game_toml.text = input.game_toml.text.replace(
            "fields.note = \"string?\"\n",
            "fields.note = \"string?\"\nfields.hook = \"handler?\"\n",
        );
        input.game_toml.text.push_str(
            "[constants]\nPLAIN = 3\n\
             OPENING = { type = \"[Tag]\", value = [\"Big\", \"Level 3\"], summary = \"Tags to start with.\" }\n\
             LIMIT = { type = \"int(0..=9)\", value = 4 }\n",
        );
        let game = compile(&input).unwrap_or_else(|d| panic!("{}", d.render(false)));
        let pawn = &game.cards[0];
        assert_eq!(
            pawn.fields[2],
            Value::Some(Box::new(Value::Handler("pawn_move".into())))
        );
        assert_eq!(
            pawn.fields[7],
            Value::Some(Box::new(Value::Handler("on_board".into())))
        );
        let names: Vec<(&str, &str, &[String])> = game
            .handlers
            .iter()
            .map(|h| (h.name.as_str(), h.ident.as_str(), h.used_by.as_slice()))
            .collect();
        assert_eq!(
            names,
            [
                ("big", "Big", &["Big".to_string()][..]),
                ("on_board", "OnBoard", &["Pawn".to_string()][..]),
                ("pawn_move", "PawnMove", &["Pawn".to_string()][..]),
            ]
        );
        assert_eq!(game.constants[0].value, ir::ConstValue::Int(3));
        let ir::ConstValue::Typed { ty, value } = &game.constants[1].value else {
            panic!("OPENING is typed")
        };
        assert_eq!(
            *ty,
            ir::Type::List {
                item: Box::new(ir::Type::Codex { index: 0 })
            }
        );
        let Value::List(items) = value else {
            panic!("a list")
        };
        assert!(matches!(&items[1], Value::Codex(r) if r.entry == 1 && r.args == [Value::Int(3)]));
        assert_eq!(
            game.constants[1].summary.as_deref(),
            Some("Tags to start with.")
        );
        assert!(matches!(
            &game.constants[2].value,
            ir::ConstValue::Typed {
                value: Value::Int(4),
                ..
            }
        ));
    }

    /// A game whose `Tag` entries have a `side`, with a `front` field taking front tags only.
    fn sided(cards: &str, errata: Vec<SourceFile>) -> GameInput {
        let mut input = game(cards, errata);
        input.game_toml.text = input
            .game_toml
            .text
            .replace(
                "fields.note = \"string?\"\n",
                "fields.note = \"string?\"\n\
                 fields.front = { type = \"Tag?\", where = { side = \"Front\" } }\n\
                 fields.backs = { type = \"[Tag]\", default = [], where = { side = \"Back\" } }\n",
            )
            .replace(
                "file = \"tags\"\n",
                "file = \"tags\"\nfields.side = \"Side?\"\n[enums.Side]\nvalues = [\"Front\", \"Back\"]\n",
            );
        input.codex[0].text = "[[tags]]\nname = \"Big\"\nside = \"Front\"\n\
            [[tags]]\nname = \"Level\"\ntemplate = \"Level {n}\"\nparams.n = \"int(1..=3)\"\nside = \"Back\"\n\
            [[tags]]\nname = \"Loose\"\n"
            .into();
        input
    }

    fn codes_and_lines(input: &GameInput) -> Vec<(&'static str, String, usize, usize)> {
        match compile(input) {
            Ok(_) => Vec::new(),
            Err(d) => d
                .iter()
                .map(|d| (d.code, d.file.clone(), d.line, d.column))
                .collect(),
        }
    }

    #[test]
    fn where_accepts_entries_with_the_value_through_options_and_lists() {
        let input = sided(
            "[[card]]\nname = \"Pawn\"\nkind = \"piece\"\nfront = \"Big\"\nbacks = [\"Level 2\", \"Level 3\"]\n",
            Vec::new(),
        );
        let game = compile(&input).unwrap_or_else(|d| panic!("{}", d.render(false)));
        let front = game.kinds[0]
            .fields
            .iter()
            .find(|f| f.name == "front")
            .and_then(|f| f.filter.clone())
            .expect("front has a where");
        assert_eq!(front.category, 0);
        assert_eq!(
            front.conditions,
            [(
                0,
                Value::Enum {
                    index: 0,
                    variant: 0
                }
            )]
        );
    }

    #[test]
    fn where_rejects_an_entry_with_another_value_or_none_at_its_place() {
        let input = sided(
            "[[card]]\nname = \"Pawn\"\nkind = \"piece\"\nfront = \"Level 2\"\nbacks = [\"Level 1\", \"Big\", \"Loose\"]\n",
            Vec::new(),
        );
        let file = "cards/t/base/pieces.toml".to_string();
        assert_eq!(
            codes_and_lines(&input),
            [
                ("E0036", file.clone(), 4, 9),
                ("E0036", file.clone(), 5, 21),
                ("E0036", file, 5, 28),
            ]
        );
        let Err(d) = compile(&input) else {
            panic!("does not compile")
        };
        let first = d.iter().next().expect("a diagnostic");
        assert_eq!(
            first.message,
            "`Level 2` cannot be a `front`: its `side` is Back, and `front` takes Tag entries whose `side` is Front"
        );
        assert_eq!(
            first.help.as_deref(),
            Some("it belongs in `backs`; `front` takes Big")
        );
        let loose = d.iter().nth(2).expect("three diagnostics");
        assert!(
            loose.message.contains("its `side` is none"),
            "{}",
            loose.message
        );
    }

    #[test]
    fn where_checks_defaults_and_errata_against_the_entries_fields() {
        let mut input = sided(
            "[[card]]\nname = \"Pawn\"\nkind = \"piece\"\n",
            vec![file(
                "cards/t/errata/a.toml",
                "date = \"2021-05-01\"\nsource = \"x\"\n[[erratum]]\ncard = \"Pawn\"\nadd.backs = [\"Big\"]\nset.front = \"Level 1\"\n",
            )],
        );
        input.game_toml.text = input.game_toml.text.replace(
            "default = [], where = { side = \"Back\" }",
            "default = [\"Loose\"], where = { side = \"Back\" }",
        );
        let codes: Vec<(&str, String, usize)> = codes_and_lines(&input)
            .into_iter()
            .map(|(code, file, line, _)| (code, file, line))
            .collect();
        assert_eq!(codes, [("E0036", "codex/t/game.toml".to_string(), 11)]);
        // With a good default the errata are checked: both changes break the `where`.
        input.game_toml.text = input
            .game_toml
            .text
            .replace("default = [\"Loose\"]", "default = []");
        let codes: Vec<(&str, String, usize)> = codes_and_lines(&input)
            .into_iter()
            .map(|(code, file, line, _)| (code, file, line))
            .collect();
        let errata = "cards/t/errata/a.toml".to_string();
        assert_eq!(codes, [("E0036", errata.clone(), 5), ("E0036", errata, 6)]);
    }

    #[test]
    fn a_malformed_where_is_located() {
        let mut input = sided("", Vec::new());
        input.game_toml.text = input.game_toml.text.replace(
            "fields.size = { type = \"int(1..=5)\", default = 1 }",
            "fields.size = { type = \"int(1..=5)\", default = 1, where = { side = \"Front\" } }",
        );
        input.game_toml.text = input
            .game_toml
            .text
            .replace("where = { side = \"Back\" }", "where = { sid = \"Back\" }")
            .replace(
                "where = { side = \"Front\" } }\nfields.backs",
                "where = { side = \"Side\" } }\nfields.backs",
            )
            .replace(
                "fields.note",
                "fields.empty = { type = \"Tag?\", where = {} }\nfields.note",
            );
        let codes: Vec<&str> = codes_and_lines(&input).iter().map(|c| c.0).collect();
        assert_eq!(codes, ["E0037", "E0037", "E0006", "E0003"]);
    }

    #[test]
    fn a_game_declares_at_most_max_kinds() {
        let mut input = game("", Vec::new());
        let kinds: String = (0..=MAX_KINDS)
            .map(|i| format!("[kinds.extra{i}]\n"))
            .collect();
        input.game_toml.text = input
            .game_toml
            .text
            .replace("[categories.Tag]", &format!("{kinds}[categories.Tag]"));
        let codes = codes_and_lines(&input);
        // `piece` and `extra0` to `extra254` fit; `extra255` is one too many.
        assert_eq!(codes.len(), 1, "{codes:?}");
        assert_eq!(codes[0].0, "E0038");
        assert_eq!(codes[0].2, 10 + MAX_KINDS - 1);
        input.game_toml.text = input.game_toml.text.replace("[kinds.extra255]\n", "");
        input.game_toml.text = input.game_toml.text.replace("[kinds.extra256]\n", "");
        assert_eq!(codes_and_lines(&input), Vec::new());
    }
}
