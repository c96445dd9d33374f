//! Maps one OCTGN card of any spell type to a [`Card`].

use super::attack::{cross_check, parse_attacks};
use super::bar_text::parse_attack_bar;
use super::fields::{
    canonical_trait, correct_spelling, handler_name, parse_defense, parse_mana, parse_pairs,
    parse_range, parse_schools, parse_slot, split_list, why_not_a_number, TraitText,
};
use super::mage::map_mage;
use super::model::{Card, Defense, Printing};
use super::xml::RawCard;
use crate::report::CardLog;

/// What became of one OCTGN card.
#[derive(Debug)]
pub enum Mapped {
    /// A card to write.
    Card(Box<Card>),
    /// Not a card of the game (a phase marker, a table element, a Mage's figure without stats).
    Skipped(String),
}

/// OCTGN types that are table furniture rather than cards.
const NON_CARD_TYPES: [&str; 3] = ["Internal", "Phase", "DiceRoll"];

/// Properties that only repeat information read elsewhere or drive OCTGN's interface.
const IGNORED: [&str; 2] = ["Nickname", "cTargets"];

/// The trait of objects printed with `-` for Armor.
const NO_ARMOR: &str = "No Armor";

/// OCTGN types `Conjuration-<Form>` are conjurations of that form (`Wall`, `Terrain`).
const CONJURATION_FORM_PREFIX: &str = "Conjuration-";

/// The OCTGN type of the Druid's Vine marker: a marker object, not a spell.
const MARKER_TYPE: &str = "Conjuration-Vine";

/// Subtypes the data misspells, as whole words, with the subtype meant (Rewind is a Time
/// spell like Temporal Aid).
const SUBTYPE_SPELLINGS: [(&str, &str); 1] = [("Tie", "Time")];

/// The kind key of marker objects.
const MARKER_KIND: &str = "marker";

/// A Mage's figure: a `Creature` of subtype Mage that prints nothing of its own (no cost, no
/// stats, no attacks); its Mage's stats card is imported instead. A creature that prints stats
/// but no cost is a defective card, not a figure.
fn is_mage_figure(raw: &RawCard) -> bool {
    raw.non_empty("Type") == Some("Creature")
        && raw.non_empty("Cost").is_none()
        && raw
            .non_empty("Subtype")
            .is_some_and(|subtypes| split_list(subtypes).iter().any(|s| s == "Mage"))
        && ["Stats", "StatLife", "cAttacks", "School"]
            .iter()
            .all(|property| raw.non_empty(property).is_none())
}

/// Maps one card. `set` is the set's slug, used for the printing.
pub fn map_card(raw: &RawCard, set: &str, log: &mut CardLog<'_>) -> Mapped {
    let octgn_type = raw.non_empty("Type").unwrap_or_default();
    if NON_CARD_TYPES.contains(&octgn_type) {
        return Mapped::Skipped(format!("OCTGN type `{octgn_type}` is not a card"));
    }
    let is_mage = octgn_type == "Magestats" || raw.non_empty("StatSpellBookPoints").is_some();
    if is_mage {
        return Mapped::Card(Box::new(map_mage(raw, set, log)));
    }
    if is_mage_figure(raw) {
        return Mapped::Skipped(
            "a Mage's figure: no cost and no stats (the stats card is imported)".to_owned(),
        );
    }
    let (kind, form) = match octgn_type {
        "Creature" => ("creature", None),
        "Conjuration" => ("conjuration", None),
        "Enchantment" => ("enchantment", None),
        "Equipment" => ("equipment", None),
        "Incantation" => ("incantation", None),
        "Attack" => ("attack", None),
        MARKER_TYPE => (MARKER_KIND, None),
        other => match other.strip_prefix(CONJURATION_FORM_PREFIX) {
            Some(form) if !form.is_empty() => ("conjuration", Some(form.to_owned())),
            _ => {
                log.unmapped("Type", format!("unknown card type `{other}`"));
                return Mapped::Skipped(format!("unknown type `{other}`"));
            }
        },
    };
    let mut card = Card {
        name: raw.name.clone(),
        kind: kind.to_owned(),
        form,
        printings: vec![Printing {
            set: set.to_owned(),
            number: raw.non_empty("CardID").map(str::to_owned),
        }],
        ..Card::default()
    };
    for (key, value) in &raw.properties {
        map_spell_property(&mut card, raw, key, value, log);
    }
    read_attacks_shown_only_in_the_bar(&mut card, raw, log);
    if let Some(text) = raw.non_empty("Text") {
        if !wholly_read(text, &card) {
            card.handler = Some(handler_name(&card.name));
        }
    }
    if !raw.alternates_with_properties.is_empty() {
        if kind == MARKER_KIND {
            // The other side of a marker is the same marker in another player's colour.
            log.note(
                "alternate",
                "the other face is the same marker for another player",
            );
        } else {
            log.unmapped("alternate", "an alternate face with its own properties");
        }
    }
    check_required(&card, log);
    if raw.non_empty("Text").is_none() {
        give_effect_spells_a_handler(&mut card, log);
    }
    Mapped::Card(Box::new(card))
}

fn map_spell_property(
    card: &mut Card,
    raw: &RawCard,
    key: &str,
    value: &str,
    log: &mut CardLog<'_>,
) {
    let value = value.trim();
    match key {
        _ if IGNORED.contains(&key) || value.is_empty() => {}
        "Type" | "CardID" | "Level" | "AttackBar" => {}
        "StatArmor" | "StatLife" | "StatChanneling" | "StatDefense"
            if raw.non_empty("Stats").is_some() => {}
        "StatArmor" => card.armor = int_stat(key, value, log),
        "StatLife" => card.life = int_stat(key, value, log),
        "StatChanneling" => card.channeling = int_stat(key, value, log),
        "StatDefense" => match parse_defense(value) {
            Some(defense) => card.defense = Some(defense),
            None => log.unmapped(key, format!("defense `{value}` is not `N+ Mx`")),
        },
        "StatEquipmentSlot" => card.slot = parse_slot(value),
        "Subtype" => {
            let (subtypes, corrected) = correct_spelling(value);
            if corrected {
                log.note(key, format!("`{value}` misspelled; read as `{subtypes}`"));
            }
            card.subtypes = split_list(&subtypes)
                .into_iter()
                .map(|subtype| {
                    match SUBTYPE_SPELLINGS
                        .iter()
                        .find(|(wrong, _)| *wrong == subtype)
                    {
                        Some((wrong, right)) => {
                            log.note(
                                key,
                                format!("subtype `{wrong}` misspelled; read as `{right}`"),
                            );
                            (*right).to_owned()
                        }
                        None => subtype,
                    }
                })
                .collect();
        }
        "Cost" => map_cost(card, value, log),
        "Action" => match value {
            "Quick" | "Full" => card.action = Some(value.to_owned()),
            "Q" | "F" => {
                let action = if value == "Q" { "Quick" } else { "Full" };
                log.note(key, format!("`{value}` abbreviated; read as `{action}`"));
                card.action = Some(action.to_owned());
            }
            other => log.unmapped(key, format!("unknown action `{other}`")),
        },
        "Range" => match parse_range(value) {
            Some(range) => card.range = Some(range),
            None => log.unmapped(key, format!("range `{value}` is not min-max")),
        },
        "Target" => card.target = Some(value.to_owned()),
        "School" => match parse_schools(value, raw.get("Level").unwrap_or_default()) {
            Ok((schools, any)) => {
                card.schools = schools;
                card.school_rule = any.then(|| "Any".to_owned());
            }
            Err(message) => log.unmapped(key, message),
        },
        "Stats" => map_stats(card, raw, value, log),
        "Traits" => map_traits(card, value),
        "cAttacks" => {
            card.attacks = parse_attacks(
                value,
                raw.get("AttackBar").unwrap_or_default(),
                &card.name,
                log,
            );
            if card.attacks.iter().any(|attack| attack.handler.is_some()) {
                card.handler = Some(handler_name(&card.name));
            }
            cross_check(&card.attacks, raw.get("AttackBar").unwrap_or_default(), log);
        }
        "Text" => {
            if GRANTING_KINDS.contains(&card.kind.as_str()) {
                card.grants = granted_traits(value);
                card.removes = removed_traits(value);
                card.melee_attacks_gain = melee_attack_traits(value);
                card.defense = card.defense.or_else(|| granted_defense(value));
            }
        }
        other => log.unmapped(other, format!("unknown property (value `{value}`)")),
    }
}

/// A card whose `cAttacks` is empty but whose `AttackBar` shows attacks (Steam Elemental): the
/// attacks are read from the bar, and a note says so.
fn read_attacks_shown_only_in_the_bar(card: &mut Card, raw: &RawCard, log: &mut CardLog<'_>) {
    let bar = raw.non_empty("AttackBar").unwrap_or_default();
    if raw.non_empty("cAttacks").is_some() || bar.is_empty() {
        return;
    }
    card.attacks = parse_attack_bar(bar, &card.name, log);
    if !card.attacks.is_empty() {
        log.note("cAttacks", "empty; the attacks are read from AttackBar");
    }
    if card.attacks.iter().any(|attack| attack.handler.is_some()) {
        card.handler = Some(handler_name(&card.name));
    }
}

/// `Cost`: a mana amount, or for enchantments `cast+reveal`.
fn map_cost(card: &mut Card, value: &str, log: &mut CardLog<'_>) {
    let (cast, reveal) = match value.split_once('+') {
        Some((cast, reveal)) => (cast, Some(reveal)),
        None => (value, None),
    };
    match parse_mana(cast) {
        Some((cost, per_x)) => (card.cost, card.cost_per_x) = (Some(cost), per_x),
        None => log.unmapped("Cost", format!("cost {} (nor X)", why_not_a_number(value))),
    }
    match (reveal, card.kind == "enchantment") {
        (Some(reveal), true) => match parse_mana(reveal) {
            Some((cost, per_x)) => (card.reveal_cost, card.reveal_cost_per_x) = (Some(cost), per_x),
            None => log.unmapped(
                "Cost",
                format!("reveal cost `{reveal}` is not a number or X"),
            ),
        },
        (None, true) => log.unmapped(
            "Cost",
            format!("enchantment cost `{value}` has no reveal cost"),
        ),
        (Some(_), false) => log.unmapped(
            "Cost",
            format!("`{value}` has a reveal cost but the card is no enchantment"),
        ),
        (None, false) => {}
    }
}

/// `Stats` (`Armor=2, Life=14`, `Location=Ring`, ...) merged with the `Stat*` properties, which
/// win when both are given; disagreements are noted.
fn map_stats(card: &mut Card, raw: &RawCard, value: &str, log: &mut CardLog<'_>) {
    for (key, stat) in parse_pairs(value) {
        let explicit = raw.non_empty(&format!("Stat{key}"));
        if let Some(explicit) = explicit.filter(|explicit| *explicit != stat && key != "Defense") {
            log.note(
                "Stats",
                format!(
                    "{key} is `{stat}` in Stats but `{explicit}` in Stat{key}; using Stat{key}"
                ),
            );
        }
        let stat = explicit.unwrap_or(&stat);
        match key.as_str() {
            "Armor" if stat == "-" => card.traits.push(NO_ARMOR.to_owned()),
            "Armor" => card.armor = int_stat(&key, stat, log),
            "Life" => card.life = int_stat(&key, stat, log),
            "Channeling" if stat == "X" => card.channeling_x = true,
            "Channeling" => card.channeling = int_stat(&key, stat, log),
            "Defense" => match parse_defense(stat) {
                Some(defense) => card.defense = Some(defense),
                None => log.unmapped("Stats", format!("defense `{stat}` is not `N+ Mx`")),
            },
            "Location" => {
                card.slot = parse_slot(raw.non_empty("StatEquipmentSlot").unwrap_or(stat))
            }
            other => log.unmapped("Stats", format!("unknown stat `{other}={stat}`")),
        }
    }
}

fn int_stat(key: &str, value: &str, log: &mut CardLog<'_>) -> Option<i64> {
    let parsed = value.parse().ok();
    if parsed.is_none() {
        log.unmapped("Stats", format!("{key} {}", why_not_a_number(value)));
    }
    parsed
}

/// `Traits`: keywords become canonical trait texts; rules text makes the card need a handler.
pub fn map_traits(card: &mut Card, value: &str) {
    for item in split_list(value) {
        match canonical_trait(&item) {
            TraitText::Keyword(keyword) => card.traits.push(keyword),
            TraitText::Prose => card.handler = Some(handler_name(&card.name)),
        }
    }
}

/// Kinds that attach to an object and may give it traits.
const GRANTING_KINDS: [&str; 2] = ["enchantment", "equipment"];

/// Subjects of a rules text that speaks of the object the card is attached to.
const ATTACHED_SUBJECTS: [&str; 3] = ["This creature ", "This object ", "Mage "];

/// The first sentence of a rules text, when its subject is the object the card is attached to
/// and it gives that object something (`This creature gains`, `Mage gains`, `This creature is`).
fn attached_object_sentence(text: &str) -> Option<&str> {
    let first_sentence = first_sentence(text);
    ATTACHED_SUBJECTS
        .iter()
        .any(|subject| {
            first_sentence
                .strip_prefix(subject)
                .is_some_and(|rest| rest.starts_with("gains ") || rest.starts_with("is "))
        })
        .then_some(first_sentence)
}

/// A rules text up to its first full stop or line break.
fn first_sentence(text: &str) -> &str {
    text.split(['.', '\r', '\n'])
        .next()
        .unwrap_or_default()
        .trim()
}

/// The sentences of a rules text's prose (the part before its bracketed summary), trimmed,
/// with the ways cards word one idea made one: "Its melee attacks gain" and ", and its melee
/// attacks gain" start a sentence of their own about the attached creature's melee attacks,
/// "melee attack gain" reads as "melee attacks gain" and "Channel +X" as "Channeling +X".
fn prose_sentences(text: &str) -> Vec<String> {
    let prose = text.split('[').next().unwrap_or_default();
    let prose = prose
        .replace(
            ", and its melee attacks gain ",
            ". This creature's melee attacks gain ",
        )
        .replace(
            "Its melee attacks gain ",
            "This creature's melee attacks gain ",
        )
        .replace("'s melee attack gain ", "'s melee attacks gain ")
        .replace(" Channel +", " Channeling +");
    prose
        .split(['.', '\r', '\n'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Whether a sentence says only that its subject gains or loses the traits `items`: every
/// word left once the subject, the items and the linking words are taken out is none.
fn only_items(sentence: &str, items: &[String]) -> bool {
    let mut rest = format!(" {sentence} ");
    for subject in [&MELEE_ATTACKS_GAIN]
        .into_iter()
        .chain(ATTACHED_SUBJECTS.iter())
    {
        rest = rest.replacen(subject.trim_end(), " ", 1);
    }
    for item in items {
        rest = rest.replace(item.as_str(), " ");
    }
    !items.is_empty()
        && rest
            .split([' ', ','])
            .filter(|word| !word.is_empty())
            .all(|word| LINKING_WORDS.contains(&word) || ["gains", "gain", "is"].contains(&word))
}

/// The items of the bracketed summary OCTGN appends to a rules text (`[Armor +2] [Frost -2]`).
fn bracketed_items(text: &str) -> impl Iterator<Item = &str> {
    text.split('[')
        .skip(1)
        .filter_map(|part| part.split_once(']').map(|(item, _)| item.trim()))
}

/// The traits a rules text gives the object its card is attached to: the keyword-like items
/// of the bracketed summary, when the first sentence is about the attached object (see
/// [`attached_object_sentence`]) and names each item. Items the sentence does not name
/// (`[Defense 7+ 1x]` for "gains a Defense", `[Lifegain +1]` for "gains 1 Life each Upkeep")
/// and texts about other objects or about attacks (`This creature's melee attacks gain`) give
/// nothing: their effect stays with the card's handler.
pub fn granted_traits(text: &str) -> Vec<String> {
    let sentences = prose_sentences(text);
    if no_prose(text) {
        return summary_only_traits(text);
    }
    // The first sentence, cut where another about the melee attacks begins.
    let first = match (attached_object_sentence(text), sentences.first()) {
        (Some(_), Some(first)) => first.as_str(),
        _ => "",
    };
    let mut traits = if first.is_empty() {
        Vec::new()
    } else {
        named_items(first, text)
    };
    for sentence in sentences.iter().skip(1) {
        let gains = ATTACHED_SUBJECTS.iter().any(|subject| {
            sentence
                .strip_prefix(subject)
                .is_some_and(|rest| rest.starts_with("gains "))
        });
        let items = named_items(sentence, text);
        if gains && only_items(sentence, &items) {
            for item in items {
                if !traits.contains(&item) {
                    traits.push(item);
                }
            }
        }
    }
    traits
}

/// Whether a rules text has nothing before its bracketed summary (not even a stray full stop).
fn no_prose(text: &str) -> bool {
    text.split('[').next().unwrap_or_default().trim().is_empty()
}

/// A text that is only a bracketed summary (Elemental Mail's `[Armor +1] [Wind -1] ...`)
/// gives the attached object its items, when every one is a trait with a value (`Name +N`,
/// `Name -N`); otherwise nothing (`[Nunchucks]` names the card's own rules, not a trait).
fn summary_only_traits(text: &str) -> Vec<String> {
    let mut keywords = Vec::new();
    for item in bracketed_items(text) {
        let valued = item
            .rsplit_once(' ')
            .is_some_and(|(_, value)| value.parse::<i64>().is_ok());
        match canonical_trait(item) {
            TraitText::Keyword(keyword) if valued && keyword.chars().any(char::is_alphabetic) => {
                if !keywords.contains(&keyword) {
                    keywords.push(keyword);
                }
            }
            _ => return Vec::new(),
        }
    }
    keywords
}

/// The keyword-like items of `text`'s bracketed summary that `sentence` names, each once; a
/// text with no summary gives the traits its sentence lists after "gains" when each of them is
/// a keyword ("Mage gains the Tough -2 trait.").
fn named_items(sentence: &str, text: &str) -> Vec<String> {
    if bracketed_items(text).next().is_none() {
        return listed_traits(sentence);
    }
    let mut keywords = Vec::new();
    for item in bracketed_items(text).filter(|item| sentence.contains(item)) {
        if let TraitText::Keyword(keyword) = canonical_trait(item) {
            // A bare number (`[+2]` for "gains +2 to the effect die") names no trait.
            if keyword.chars().any(char::is_alphabetic) && !keywords.contains(&keyword) {
                keywords.push(keyword);
            }
        }
    }
    // A sentence about the melee attacks may name a trait the summary leaves out ("its melee
    // attacks gain the Piercing +1 trait" with only `[Charge +2]`); the summary stays the
    // authority for what the attached object gains.
    if sentence.starts_with(MELEE_ATTACKS_GAIN) {
        for keyword in listed_traits(sentence) {
            if !keywords.contains(&keyword) {
                keywords.push(keyword);
            }
        }
    }
    keywords
}

/// The traits a sentence lists after "gains" (`Armor +1, and the Flame -2 traits`), when every
/// item is a keyword; otherwise none.
fn listed_traits(sentence: &str) -> Vec<String> {
    let Some((_, list)) = sentence
        .split_once(" gains ")
        .or_else(|| sentence.split_once(" gain "))
    else {
        return Vec::new();
    };
    let mut keywords = Vec::new();
    for item in list.split(", ").flat_map(|part| part.split(" and ")) {
        let item = item.trim();
        let item = item.strip_prefix("and ").unwrap_or(item);
        let item = item.strip_prefix("the ").unwrap_or(item);
        let item = item
            .strip_suffix(" traits")
            .or_else(|| item.strip_suffix(" trait"))
            .unwrap_or(item);
        match canonical_trait(item) {
            TraitText::Keyword(keyword) if keyword.chars().any(char::is_alphabetic) => {
                keywords.push(keyword)
            }
            _ => return Vec::new(),
        }
    }
    keywords
}

/// The trait a rules text makes the attached object lose: "This creature loses the Flying
/// trait." gives `Flying`.
pub fn removed_traits(text: &str) -> Vec<String> {
    let first_sentence = first_sentence(text);
    let lost = ATTACHED_SUBJECTS.iter().find_map(|subject| {
        first_sentence
            .strip_prefix(subject)?
            .strip_prefix("loses the ")?
            .strip_suffix(" trait")
    });
    match lost.map(canonical_trait) {
        Some(TraitText::Keyword(keyword)) => vec![keyword],
        _ => Vec::new(),
    }
}

/// How a sentence giving the attached creature's melee attacks traits begins.
const MELEE_ATTACKS_GAIN: &str = "This creature's melee attacks gain ";

/// The traits a rules text gives the attached creature's melee attacks ("This creature's
/// melee attacks gain the Vampiric trait." with `[Vampiric]`); only the items the sentence
/// names.
pub fn melee_attack_traits(text: &str) -> Vec<String> {
    let mut traits: Vec<String> = Vec::new();
    for (index, sentence) in prose_sentences(text).iter().enumerate() {
        if !sentence.starts_with(MELEE_ATTACKS_GAIN) {
            continue;
        }
        let items = named_items(sentence, text);
        // The first sentence is read as before; a later one only when it says nothing else.
        if index == 0 || only_items(sentence, &items) {
            for item in items {
                if !traits.contains(&item) {
                    traits.push(item);
                }
            }
        }
    }
    traits
}

/// The Defense a rules text gives the attached object ("Mage gains a Defense." with
/// `[Defense 7+ 1x No Ranged]`), when the sentence says no more (a Defense "unaffected by
/// conditions" is left to the handler) and the summary's Defense has the standard form.
pub fn granted_defense(text: &str) -> Option<Defense> {
    let sentence = attached_object_sentence(text)?;
    if !sentence.ends_with("gains a Defense") {
        return None;
    }
    bracketed_items(text)
        .filter_map(|item| item.strip_prefix("Defense "))
        .find_map(parse_defense)
}

/// Words a sentence that gives traits uses around them ("gains the Slow trait", "Armor +1,
/// and the Flame -2 traits").
const LINKING_WORDS: [&str; 4] = ["the", "and", "trait", "traits"];

/// Whether a rules text says nothing beyond what the card's fields already hold, so the card
/// needs no handler: its prose is one sentence about the attached object (see
/// [`attached_object_sentence`] and [`removed_traits`]) that gives it only traits read into
/// `grants`, takes only traits read into `removes`, and gives "a Defense" read into `defense`
/// or "a Damage Barrier" its attack bar prints, or one about the attached creature's melee
/// attacks that gives them only traits read into `melee_attacks_gain`; and every item of its
/// bracketed summary is one of those.
pub fn wholly_read(text: &str, card: &Card) -> bool {
    if !GRANTING_KINDS.contains(&card.kind.as_str()) {
        return false;
    }
    let sentences = prose_sentences(text);
    if !no_prose(text) && sentences.is_empty() {
        return false;
    }
    if no_prose(text) && summary_only_traits(text).is_empty() {
        return false;
    }
    let melee: Vec<&String> = card.melee_attacks_gain.iter().collect();
    let attached: Vec<&String> = card.grants.iter().chain(&card.removes).collect();
    let read_anywhere = |item: &str| match canonical_trait(item) {
        TraitText::Keyword(keyword) => melee.contains(&&keyword) || attached.contains(&&keyword),
        TraitText::Prose => false,
    };
    let every_item_read = bracketed_items(text).all(|item| {
        (item.starts_with("Defense ") && card.defense.is_some()) || read_anywhere(item)
    });
    every_item_read
        && sentences
            .iter()
            .all(|sentence| sentence_wholly_read(sentence, text, card, &melee, &attached))
}

/// Whether one sentence of a card's prose says nothing beyond the card's fields: it is about
/// the attached creature's melee attacks and gives them only traits in `melee`, or about the
/// attached object and gives or takes only traits in `attached` (and "a Defense" or "a Damage
/// Barrier" the card has).
fn sentence_wholly_read(
    sentence: &str,
    text: &str,
    card: &Card,
    melee: &[&String],
    attached: &[&String],
) -> bool {
    let (rest, read_fields) = match sentence.strip_prefix(MELEE_ATTACKS_GAIN) {
        Some(rest) => (rest, melee),
        None => {
            let Some(rest) = ATTACHED_SUBJECTS.iter().find_map(|subject| {
                let rest = sentence.strip_prefix(subject)?;
                rest.strip_prefix("gains ")
                    .or_else(|| rest.strip_prefix("loses "))
            }) else {
                return false;
            };
            (rest, attached)
        }
    };
    let mut rest = format!(" {rest} ");
    for item in bracketed_items(text) {
        if let TraitText::Keyword(keyword) = canonical_trait(item) {
            if read_fields.contains(&&keyword) {
                rest = rest.replace(item, " ");
            }
        }
    }
    for keyword in read_fields {
        rest = rest.replace(keyword.as_str(), " ");
    }
    if card.defense.is_some() {
        rest = rest.replace("a Defense", " ");
    }
    if card
        .attacks
        .iter()
        .any(|attack| attack.timing.as_deref() == Some("DamageBarrier"))
    {
        rest = rest.replace("a Damage Barrier", " ");
    }
    rest.split([' ', ','])
        .filter(|word| !word.is_empty())
        .all(|word| LINKING_WORDS.contains(&word))
}

/// Kinds whose whole point is an effect: without an attack bar, only a handler can carry it.
const EFFECT_KINDS: [&str; 2] = ["incantation", "enchantment"];

/// An incantation or enchantment with no attack bar and no rules text in the data (OCTGN leaves
/// some scripted cards' text empty) still has an effect: it gets a handler, and a note says so.
fn give_effect_spells_a_handler(card: &mut Card, log: &mut CardLog<'_>) {
    if EFFECT_KINDS.contains(&card.kind.as_str())
        && card.handler.is_none()
        && card.attacks.is_empty()
    {
        card.handler = Some(handler_name(&card.name));
        log.note(
            "Text",
            "no rules text in the data; its effect is left to a handler",
        );
    }
}

/// Fields each kind must have.
fn check_required(card: &Card, log: &mut CardLog<'_>) {
    if card.kind == MARKER_KIND {
        if card.life.is_none() {
            log.unmapped("Life", "a marker needs Life");
        }
        return;
    }
    let missing = |present: bool, field: &str, log: &mut CardLog<'_>| {
        if !present {
            log.unmapped(field, format!("a {} needs {field}", card.kind));
        }
    };
    missing(!card.schools.is_empty(), "School", log);
    missing(card.cost.is_some(), "Cost", log);
    missing(card.action.is_some(), "Action", log);
    missing(card.range.is_some(), "Range", log);
    missing(card.target.is_some(), "Target", log);
    match card.kind.as_str() {
        "creature" => missing(card.life.is_some(), "Life", log),
        "attack" => missing(!card.attacks.is_empty(), "cAttacks", log),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(name: &str, properties: &[(&str, &str)]) -> RawCard {
        RawCard {
            name: name.to_owned(),
            properties: properties
                .iter()
                .map(|(key, value)| ((*key).to_owned(), (*value).to_owned()))
                .collect(),
            alternates_with_properties: Vec::new(),
            offset: 0,
        }
    }

    fn spell(kind: &str, cost: &str, extra: &[(&str, &str)]) -> RawCard {
        let mut properties = vec![
            ("Type", kind),
            ("Cost", cost),
            ("Action", "Quick"),
            ("Range", "0-2"),
            ("Target", "Creature"),
            ("School", "Dark"),
            ("Level", "1"),
        ];
        properties.extend_from_slice(extra);
        raw("Test Spell", &properties)
    }

    fn map(raw: &RawCard) -> (Card, usize, usize) {
        let mut log = CardLog::new("test", &raw.name);
        let Mapped::Card(card) = map_card(raw, "test", &mut log) else {
            panic!("not skipped")
        };
        (*card, log.unmapped.len(), log.notes.len())
    }

    #[test]
    fn enchantment_costs_and_the_handler_for_a_textless_effect() {
        let (card, unmapped, notes) = map(&spell("Enchantment", "2+2X", &[("Text", "")]));
        assert_eq!(unmapped, 0);
        assert_eq!(
            (card.cost, card.reveal_cost, card.reveal_cost_per_x),
            (Some(2), Some(0), 2)
        );
        assert_eq!(card.handler.as_deref(), Some("test_spell"));
        assert_eq!(notes, 1);
        let (_, unmapped, _) = map(&spell("Enchantment", "5", &[]));
        assert_eq!(unmapped, 1, "an enchantment needs a reveal cost");
    }

    #[test]
    fn a_text_wholly_read_into_fields_needs_no_handler() {
        fn text(text: &str) -> [(&str, &str); 1] {
            [("Text", text)]
        }
        let (armor, _, _) = map(&spell(
            "Equipment",
            "6",
            &text("Mage gains Armor +2 and the Frost -2 trait.\n[Armor +2] [Frost -2]"),
        ));
        assert_eq!(armor.grants, ["Armor +2", "Frost -2"]);
        assert_eq!(armor.handler, None);
        let (maimed, _, _) = map(&spell(
            "Enchantment",
            "1+1",
            &text("This creature loses the Flying trait."),
        ));
        assert_eq!(
            (maimed.removes.as_slice(), maimed.handler),
            (&["Flying".to_owned()][..], None)
        );
        // Without a summary, the traits the sentence lists are read when each is a keyword.
        let (belt, _, _) = map(&spell(
            "Equipment",
            "3",
            &text("Mage gains the Tough -2 trait."),
        ));
        assert_eq!(
            (belt.grants.as_slice(), belt.handler),
            (&["Tough -2".to_owned()][..], None)
        );
        let (amulet, _, _) = map(&spell(
            "Equipment",
            "5",
            &text("Each Upkeep Phase, Mage gains 1 Life."),
        ));
        assert!(amulet.grants.is_empty());
        assert_eq!(amulet.handler.as_deref(), Some("test_spell"));
        // A second sentence says more than the fields hold.
        let (braced, _, _) = map(&spell(
            "Enchantment",
            "1+1",
            &text("This creature gains Armor +4. At the end of the round, destroy it.\n[Armor +4]"),
        ));
        assert_eq!(braced.handler.as_deref(), Some("test_spell"));
        // The attached creature's melee attacks gaining a keyword is read too.
        let (fangs, _, _) = map(&spell(
            "Enchantment",
            "2+4",
            &text("This creature's melee attacks gain the Vampiric trait.\n[Vampiric]"),
        ));
        assert_eq!(
            (fangs.melee_attacks_gain.as_slice(), fangs.handler),
            (&["Vampiric".to_owned()][..], None)
        );
        // Several sentences, each wholly about traits, are read too, a trait the summary
        // leaves out included.
        let (charger, _, _) = map(&spell(
            "Enchantment",
            "1+1",
            &text("This creature gains the Charge +2 trait. Its melee attacks gain the Piercing +1 trait.\n[Charge +2]"),
        ));
        assert_eq!(
            (
                charger.grants.as_slice(),
                charger.melee_attacks_gain.as_slice(),
                charger.handler
            ),
            (
                &["Charge +2".to_owned()][..],
                &["Piercing +1".to_owned()][..],
                None
            )
        );
        let (lusty, _, _) = map(&spell(
            "Enchantment",
            "1+1",
            &text("This creature gains the Bloodthirsty +2 trait, and its melee attacks gain the Piercing +1 trait.\n[Bloodthirsty +2] [Piercing +1]"),
        ));
        assert_eq!(
            (
                lusty.grants.as_slice(),
                lusty.melee_attacks_gain.as_slice(),
                lusty.handler
            ),
            (
                &["Bloodthirsty +2".to_owned()][..],
                &["Piercing +1".to_owned()][..],
                None
            )
        );
        // A text that is only a summary of valued traits gives them; a summary naming the
        // card's own rules does not.
        let (mail, _, _) = map(&spell("Equipment", "5", &text(" [Armor +1] [Flame -1]")));
        assert_eq!(
            (mail.grants.as_slice(), mail.handler),
            (&["Armor +1".to_owned(), "Flame -1".to_owned()][..], None)
        );
        let (sticks, _, _) = map(&spell("Equipment", "4", &text(" [Nunchucks]")));
        assert!(sticks.grants.is_empty());
        assert_eq!(sticks.handler.as_deref(), Some("test_spell"));
        // A later sentence that says more keeps the handler.
        let (slow, _, _) = map(&spell(
            "Enchantment",
            "1+1",
            &text("This creature gains the Slow trait. Its melee attacks gain the Piercing +1 trait while it guards.\n[Slow]"),
        ));
        assert!(slow.melee_attacks_gain.is_empty());
        assert_eq!(slow.handler.as_deref(), Some("test_spell"));
    }

    #[test]
    fn walls_stats_and_prose_traits() {
        let (card, unmapped, _) = map(&spell(
            "Conjuration-Wall",
            "X",
            &[
                ("Stats", "Channeling=X, Armor=-, Life=9"),
                ("Traits", "Extendable, Once per round, heal it"),
            ],
        ));
        assert_eq!(unmapped, 0);
        assert!(card.form.as_deref() == Some("Wall") && card.channeling_x);
        assert_eq!(
            (card.cost, card.cost_per_x, card.life),
            (Some(0), 1, Some(9))
        );
        assert_eq!(card.traits, ["No Armor", "Extendable"]);
        assert_eq!(
            card.handler.as_deref(),
            Some("test_spell"),
            "rules text in the traits needs a handler"
        );
    }

    #[test]
    fn non_cards_and_figures_are_skipped() {
        let mut log = CardLog::new("test", "x");
        assert!(matches!(
            map_card(&raw("Upkeep", &[("Type", "Phase")]), "test", &mut log),
            Mapped::Skipped(_)
        ));
        let figure = raw("Warlock", &[("Type", "Creature"), ("Subtype", "Mage")]);
        assert!(matches!(
            map_card(&figure, "test", &mut log),
            Mapped::Skipped(_)
        ));
        assert!(log.unmapped.is_empty());
        assert!(matches!(
            map_card(&raw("Odd", &[("Type", "Relic")]), "test", &mut log),
            Mapped::Skipped(_)
        ));
        assert_eq!(log.unmapped.len(), 1, "an unknown type is unmapped");
    }

    #[test]
    fn a_creature_without_cost_but_with_stats_is_no_figure() {
        let creature = raw(
            "Costless Brute",
            &[
                ("Type", "Creature"),
                ("Subtype", "Mage"),
                ("Stats", "Armor=1, Life=5"),
                ("Action", "Full"),
                ("Range", "0-0"),
                ("Target", "Zone"),
                ("School", "War"),
                ("Level", "1"),
            ],
        );
        let (card, unmapped, _) = map(&creature);
        assert_eq!(card.life, Some(5));
        assert_eq!(unmapped, 1, "the missing Cost is unmapped");
    }

    #[test]
    fn terrain_and_vine_marker_types() {
        let (card, unmapped, _) = map(&spell("Conjuration-Terrain", "9", &[]));
        assert_eq!(
            (card.kind.as_str(), card.form.as_deref()),
            ("conjuration", Some("Terrain"))
        );
        assert_eq!(unmapped, 0);
        let vine = raw(
            "Vine Marker",
            &[("Type", "Conjuration-Vine"), ("Stats", "Armor=-, Life=1")],
        );
        let (card, unmapped, _) = map(&vine);
        assert_eq!((card.kind.as_str(), card.life), ("marker", Some(1)));
        assert_eq!(unmapped, 0);
    }

    #[test]
    fn granted_traits_come_from_the_bracketed_summary_the_first_sentence_names() {
        assert_eq!(
            granted_traits("Mage gains Armor +2 and the Frost -2 trait.\r\n[Armor +2] [Frost -2]"),
            ["Armor +2", "Frost -2"]
        );
        assert_eq!(
            granted_traits("This creature is Restrained, and gains the Unmovable trait. More.\r\n[Unmovable] [Restrained]"),
            ["Unmovable", "Restrained"]
        );
        // Not named by the sentence: a Defense, a per-Upkeep gain.
        assert!(granted_traits("Mage gains a Defense.\r\n[Defense 7+ 1x No Ranged]").is_empty());
        assert_eq!(
            granted_defense("Mage gains a Defense.\r\n[Defense 7+ 1x No Ranged]"),
            Some(Defense {
                roll: 7,
                uses: Some(1),
                no_ranged: true
            })
        );
        // A Defense in a form the schema cannot hold stays with the handler.
        assert_eq!(
            granted_defense(
                "This creature gains a Defense, unaffected.\r\n[Defense 8+ 1x No Melee]"
            ),
            None
        );
        assert!(
            granted_traits("Each Upkeep Phase, Mage gains 1 Life.\r\n[Lifegain +1]").is_empty()
        );
        // About the object's attacks, or other objects.
        assert!(granted_traits(
            "This creature's melee attacks gain the Vampiric trait.\r\n[Vampiric]"
        )
        .is_empty());
        assert!(granted_traits(
            "All friendly Living creatures in this zone gain the Aegis 1 trait.\r\n[Aegis 1]"
        )
        .is_empty());
    }
}
