//! Reading a card's rules text for the structure the codex can hold.
//!
//! The text itself is never written. It is cut into powers (the data separates them with `;`
//! or `<br />`), reminder text (`<i>…</i>`, parentheses after a keyword) is dropped, and each
//! power is either recognised as codex data or left for the card's named handler:
//!
//! - leading bold keywords (`<b>Protector</b>`, `<b>Ferocity, Eternal</b>`, `<b>Assault 2</b>`)
//!   and plain keyword lines (`Elusive`) become `keywords`; a keyword in the middle of a
//!   sentence ("your hero has Long-Range this combat") is a power, not the card's keyword;
//! - `<b>Ongoing:</b>` sets `ongoing` and `<b>Reward:</b>` the Reward keyword; the text after
//!   them is a power;
//! - `<b>[Trait] Hero Required</b>` (with `or` and comma alternatives) becomes `hero_required`;
//! - `Pay N to complete this quest.` becomes `completion_cost` (with a timing restriction the
//!   restriction is a power);
//! - `Your hero is in bear form.` / `cat form` becomes the Bear Form / Cat Form keyword;
//! - `FRONT:` / `BACK:` labels of double-sided cards are dropped.
//!
//! Anything else is a power the codex cannot express ([`TextReading::has_powers`]).

use super::vocab::Vocabulary;

/// What the rules text of one card gave.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct TextReading {
    /// Keywords in canonical codex text, in order of appearance, without repeats.
    pub keywords: Vec<String>,
    /// Hero traits named by "Hero Required" (alternatives), canonical.
    pub hero_required: Vec<String>,
    /// Whether the ability has an Ongoing part.
    pub ongoing: bool,
    /// The completion cost of a quest.
    pub completion_cost: Option<i64>,
    /// Whether some power is left that only a named handler can carry (unless the translator
    /// reads every one of [`TextReading::powers`] and none is [`TextReading::opaque`]).
    pub has_powers: bool,
    /// The plain text of each power left, in order (read by [`super::translate`], never
    /// written).
    pub powers: Vec<PowerText>,
    /// Whether some power is no plain text the translator could read (a bold label that is
    /// no keyword).
    pub opaque: bool,
    /// Hero Required traits that are no hero trait of the codex.
    pub unknown_traits: Vec<String>,
}

/// The plain text of one power, as the data prints it without markup or reminder text.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct PowerText {
    /// The text, trimmed of surrounding punctuation.
    pub text: String,
    /// Whether it follows a label that changes what it is (`Ongoing:`, `Reward:`, the
    /// `FRONT:`/`BACK:` of a double-sided card): then it is no played, activated or triggered
    /// power of the card itself as printed.
    pub labelled: bool,
    /// Whether it follows the `Ongoing:` label: a power of an ongoing ability while it is in
    /// play (306.2a).
    pub ongoing_part: bool,
}

impl TextReading {
    fn add_keyword(&mut self, keyword: String) {
        if !self.keywords.contains(&keyword) {
            self.keywords.push(keyword);
        }
    }
}

/// Reads a card's rules text.
pub fn read(text: &str, vocab: &Vocabulary) -> TextReading {
    let mut reading = TextReading::default();
    let normalised = text
        .replace("<br />", ";")
        .replace("<br/>", ";")
        .replace("<br>", ";")
        .replace("<p>", ";")
        .replace("</p>", ";");
    for segment in normalised.split(';') {
        read_segment(segment, vocab, &mut reading);
    }
    // A double-sided card prints its back after `BACK:`, sometimes inside another segment
    // (`Assault 10BACK: ...`): no power of it is one of the card as printed on one side.
    if strip_tags(text).contains("BACK:") {
        for power in &mut reading.powers {
            power.labelled = true;
            power.ongoing_part = false;
        }
    }
    reading
}

fn read_segment(segment: &str, vocab: &Vocabulary, reading: &mut TextReading) {
    let without_reminders = remove_spans(segment, "<i>", "</i>");
    let mut rest = without_reminders.trim();
    let mut labelled = false;
    let mut ongoing_part = false;
    for label in ["FRONT:", "BACK:", "<b>FRONT:</b>", "<b>BACK:</b>"] {
        if let Some(stripped) = rest.strip_prefix(label) {
            labelled = true;
            rest = stripped.trim_start();
        }
    }
    // Leading bold spans: keywords, Ongoing, Reward, Hero Required.
    while let Some(after_open) = rest.strip_prefix("<b>") {
        let Some(close) = after_open.find("</b>") else {
            break;
        };
        let bold = strip_tags(&after_open[..close]);
        let label = clean(&bold);
        ongoing_part |= label.eq_ignore_ascii_case("Ongoing");
        if ["Ongoing", "Reward"]
            .iter()
            .any(|l| label.eq_ignore_ascii_case(l))
            || label.starts_with("FRONT")
            || label.starts_with("BACK")
        {
            labelled = true;
        }
        read_bold(&bold, vocab, reading);
        rest = skip_separators(&after_open[close + "</b>".len()..]);
    }
    let plain = clean(&strip_tags(rest));
    if plain.is_empty() {
        return;
    }
    if read_plain(&plain, vocab, reading) {
        return;
    }
    reading.has_powers = true;
    reading.powers.push(PowerText {
        text: plain,
        labelled,
        ongoing_part: ongoing_part && !labelled_side(segment),
    });
}

/// A bold label at the start of a power.
fn read_bold(bold: &str, vocab: &Vocabulary, reading: &mut TextReading) {
    let mut label = clean(bold);
    for prefix in ["FRONT:", "BACK:"] {
        if let Some(stripped) = label.strip_prefix(prefix) {
            label = clean(stripped);
        }
    }
    if label.is_empty() {
        return;
    }
    if let Some(traits) = label.strip_suffix("Hero Required") {
        read_hero_required(traits, vocab, reading);
        return;
    }
    if label.eq_ignore_ascii_case("Ongoing") {
        reading.ongoing = true;
        reading.add_keyword("Ongoing".to_owned());
        return;
    }
    if !read_keyword_list(&label, vocab, reading) {
        reading.has_powers = true;
        reading.opaque = true;
    }
}

/// A comma list of keywords; adds them all and returns true, or adds none and returns false.
fn read_keyword_list(text: &str, vocab: &Vocabulary, reading: &mut TextReading) -> bool {
    let keywords: Option<Vec<String>> = text
        .split(',')
        .map(|piece| keyword(clean(piece).as_str(), vocab))
        .collect();
    match keywords {
        Some(keywords) if !keywords.is_empty() => {
            for keyword in keywords {
                reading.add_keyword(keyword);
            }
            true
        }
        _ => false,
    }
}

/// One keyword, with the spellings the data uses for a few (`Long Range`).
fn keyword(text: &str, vocab: &Vocabulary) -> Option<String> {
    if text.eq_ignore_ascii_case("Long Range") {
        return vocab.keyword("Long-Range");
    }
    vocab.keyword(text)
}

/// A power without a leading bold label: a plain keyword line, a quest's completion cost or
/// a shapeshift form. Returns whether the whole power was recognised.
fn read_plain(plain: &str, vocab: &Vocabulary, reading: &mut TextReading) -> bool {
    if read_keyword_list(plain, vocab, reading) {
        return true;
    }
    let lower = plain.to_ascii_lowercase();
    for (sentence, form) in [
        ("your hero is in bear form", "Bear Form"),
        ("your hero is in cat form", "Cat Form"),
    ] {
        if lower == sentence {
            if let Some(keyword) = vocab.keyword(form) {
                reading.add_keyword(keyword);
                return true;
            }
        }
    }
    if let Some((cost, whole)) = completion_cost(&lower) {
        reading.completion_cost = Some(cost);
        return whole;
    }
    false
}

/// `pay N to complete this quest` in a power: the cost, and whether that is all the power says.
fn completion_cost(lower: &str) -> Option<(i64, bool)> {
    const TAIL: &str = " to complete this quest";
    let end = lower.find(TAIL)?;
    let before = &lower[..end];
    let pay = before.rfind("pay ")?;
    let cost: i64 = before[pay + "pay ".len()..].trim().parse().ok()?;
    let whole = pay == 0 && lower[end + TAIL.len()..].trim().is_empty();
    Some((cost, whole))
}

fn read_hero_required(traits: &str, vocab: &Vocabulary, reading: &mut TextReading) {
    for alternative in traits.split(',').flat_map(|part| part.split(" or ")) {
        let name = clean(alternative.trim().trim_start_matches("or "));
        let name = name.trim_matches(['[', ']']).trim();
        if name.is_empty() {
            continue;
        }
        match vocab.enum_word("HeroTrait", name) {
            Some(canonical) => {
                if !reading.hero_required.contains(&canonical) {
                    reading.hero_required.push(canonical);
                }
            }
            None => reading.unknown_traits.push(name.to_owned()),
        }
    }
}

/// Drops separators and reminder text between leading bold labels.
/// Whether a segment prints a side label (`FRONT:`/`BACK:`) anywhere.
fn labelled_side(segment: &str) -> bool {
    let plain = strip_tags(segment);
    plain.contains("FRONT:") || plain.contains("BACK:")
}

fn skip_separators(text: &str) -> &str {
    let mut rest = text.trim_start_matches([' ', ',', '.', ':']);
    if let Some(inner) = rest.strip_prefix('(') {
        if let Some(close) = inner.find(')') {
            rest = inner[close + 1..].trim_start_matches([' ', ',', '.', ':']);
        }
    }
    rest
}

/// Removes every `open … close` span (reminder text), keeping the rest.
fn remove_spans(text: &str, open: &str, close: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(open) {
        out.push_str(&rest[..start]);
        match rest[start..].find(close) {
            Some(end) => rest = &rest[start + end + close.len()..],
            None => {
                rest = "";
                break;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The text without HTML tags.
fn strip_tags(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

/// Trims spaces, stray reminder parentheses and trailing punctuation.
fn clean(text: &str) -> String {
    let mut text = text.trim();
    loop {
        let before = text;
        text = text.trim_matches([' ', '.', ':', ',']);
        if text == "(" || text == ")" || text == "()" {
            return String::new();
        }
        if let Some(stripped) = text.strip_suffix("()") {
            text = stripped;
        }
        if text.ends_with(')') && !text.contains('(') {
            text = &text[..text.len() - 1];
        }
        if let Some(open) = text.rfind('(') {
            if text.ends_with(')') && open > 0 {
                text = &text[..open];
            }
        }
        if text.ends_with('(') {
            text = &text[..text.len() - 1];
        }
        if text == before {
            return text.to_owned();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reading(text: &str) -> TextReading {
        read(text, &Vocabulary::builtin())
    }

    #[test]
    fn bold_keywords_with_reminders_are_keywords() {
        let r = reading("<b>Protector</b> <i>(This ally may exhaust to become the defender.)</i>");
        assert_eq!(r.keywords, ["Protector"]);
        assert!(!r.has_powers);
        let r = reading("<b>Ferocity, Eternal</b> <i>(When this enters…)</i>");
        assert_eq!(r.keywords, ["Ferocity", "Eternal"]);
        let r = reading(
            "<b>Assault 2</b>, <b>Long Range</b>;<b>Elusive</b> (<i>Can't be attacked.)</i>",
        );
        assert_eq!(r.keywords, ["Assault 2", "Long-Range", "Elusive"]);
        assert!(!r.has_powers);
    }

    #[test]
    fn a_keyword_inside_a_sentence_is_a_power() {
        let r = reading(
            "When you strike with this weapon, your hero has <b>Long-Range</b> this combat.",
        );
        assert!(r.keywords.is_empty());
        assert!(r.has_powers);
    }

    #[test]
    fn ongoing_reward_hero_required_and_quest_cost() {
        let r = reading("<b>Marksmanship Hero Required</b>; Your hero deals X ranged damage.");
        assert_eq!(r.hero_required, ["Marksmanship"]);
        assert!(r.has_powers);
        let r = reading("<b>Scourge or [Death Knight] Hero Required</b>");
        assert_eq!(r.hero_required, ["Scourge", "Death Knight"]);
        assert!(!r.has_powers);
        let r = reading("Pay 2 to complete this quest.;<b>Reward:</b> Draw a card.");
        assert_eq!(r.completion_cost, Some(2));
        assert_eq!(r.keywords, ["Reward"]);
        assert!(r.has_powers, "the reward itself is a power");
        let r = reading("On your turn: Pay 3 to complete this quest.");
        assert_eq!(r.completion_cost, Some(3));
        assert!(r.has_powers, "the timing restriction is a power");
        let r = reading("<b>Ongoing:</b> Your hero is in bear form.");
        assert!(r.ongoing);
        assert_eq!(r.keywords, ["Ongoing", "Bear Form"]);
        assert!(!r.has_powers);
    }

    #[test]
    fn unknown_hero_traits_are_collected() {
        let r = reading("<b>Gadgeteer Hero Required</b>");
        assert_eq!(r.unknown_traits, ["Gadgeteer"]);
    }
}
