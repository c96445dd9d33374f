//! Card text as ability data: the regular sentences of a card's powers read into the typed
//! `card_abilities` of `codex/wow-tcg/game.toml`, exactly or not at all.
//!
//! A card is translated only when every one of its powers is read; then it gets
//! `card_abilities` and no handler. Otherwise it keeps its named handler and nothing is
//! written from its text, so coverage stays honest. The text itself is never written: only
//! the typed values it means. What is read (case aside, numbers as digits or `a`/`one`..):
//!
//! - a **played effect** (ability cards without Ongoing): sentences such as `Your hero deals
//!   N [type] damage to <who>`, `Your hero heals N damage from <who>`, `Draw N cards`,
//!   `Exhaust <target>` (then optionally `It can't ready during its controller's next ready
//!   step`), `Ready <target>`, `Destroy <ally target>`, `<who> has +N/-N ATK this turn`, `<who> has <Keyword>
//!   this turn`, all of one duration, naming at most one target;
//! - a **payment power** `[On your turn:] <costs> -> <effect>` with costs of resources (`2`),
//!   `[Exhaust]` and destroying the card itself (`Destroy <its name>`),
//!   one effect (the card itself may be its subject, by its name, a word of it, or `he`/`she`/
//!   `it`/`this ally`), optionally `Use only once per turn` and `Use only on your turn`;
//! - a **triggered power** `When <this card> enters play | is destroyed | attacks, <effect>`
//!   or `At the start | end of your turn, <effect>`, with one damage, healing, drawing,
//!   exhausting, readying or ally-destroying effect, or an ATK gain this turn;
//! - a **continuous power** of a card in play, one sentence: `Your hero|<this card> has +N ATK
//!   [while attacking|while defending]`, `Allies you control have +N ATK [...]`, `Your
//!   hero|<this card> has <Keyword>[ and <Keyword>]` (keywords without a number);
//! - an **ongoing ability** whose whole text follows `Ongoing:`: each power as a power of a card
//!   in play (306.2a, 306.2c);
//! - an **attaching ability** (306.3): `Attach to <target>[, and your hero deals|heals N ... it]`,
//!   then, with or without `Ongoing:`, triggered powers whose recipient is `attached
//!   character|ally|hero` and continuous powers `Attached <character> has ...`.
//!
//! `<who>` is a target (`target [opposing|friendly] hero or ally|ally|hero`, `... you
//! control`, `... in your party`) or a group (`each opposing hero and ally`, `each opposing
//! ally`, `the opposing hero`, `each hero and ally`, `each ally in your party`, `your hero`,
//! `itself`).

use toml::{Table, Value};

use super::text::PowerText;
use super::vocab::Vocabulary;

/// The damage types as the text writes them.
const DAMAGE_TYPES: [&str; 8] = [
    "Arcane", "Fire", "Frost", "Holy", "Melee", "Nature", "Ranged", "Shadow",
];

/// One target a power chooses (706): `card` (`Hero`, `Ally`, `Character`, or a card in play of
/// another type: `AbilityCard`, `Equipment`, `Weapon`, `Armor`, `Item`) and the other kinds it
/// may be instead (`also`), `side`, and the state it must be in (`damaged`, `exhausted`,
/// `attacking`, `defending`) or the most it may cost.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Target {
    card: &'static str,
    also: Vec<&'static str>,
    /// A card on the chain (`target ability card`, 300.2), what an interrupt names.
    on_chain: bool,
    side: &'static str,
    state: Option<&'static str>,
    cost_at_most: Option<i64>,
}

/// Who an effect applies to: a `Recipient` value, and the target it names, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Who {
    recipient: &'static str,
    target: Option<Target>,
}

/// The sentence saying the target just exhausted skips its next ready step.
const KEEP_EXHAUSTED: &str = "It can't ready during its controller's next ready step";

/// One read effect with its duration (`instant` or `this_turn`).
#[derive(Debug, Clone, PartialEq)]
struct Effect {
    value: Table,
    target: Option<Target>,
    duration: &'static str,
}

/// The `card_abilities` of a quest named `name` (702): its Reward as a completion power that
/// costs `completion_cost` resources, `own_turn` when the only other power says the cost is
/// paid on its controller's turn (`On your turn: Pay N to complete this quest`, `During your
/// turn, pay N ...`); the Reward is read as an ability card's played effect, one effect that
/// names no target.
/// Otherwise what stopped the translation, as [`reading`] tells it.
pub fn quest_reading(
    name: &str,
    completion_cost: Option<i64>,
    powers: &[PowerText],
    vocab: &Vocabulary,
) -> Result<Vec<Value>, String> {
    let Some(cost) = completion_cost.filter(|c| (0..=20).contains(c)) else {
        return Err("a quest without a completion cost it can pay".to_owned());
    };
    let mut own_turn = false;
    let mut rewards = Vec::new();
    for power in powers {
        if power.labelled {
            rewards.push(power.clone());
            continue;
        }
        let restriction = ["On your turn: pay ", "During your turn, pay "]
            .iter()
            .find_map(|prefix| strip_prefix_ci(&power.text, prefix));
        let same_cost = restriction
            .and_then(|rest| strip_suffix_ci(rest.trim_end_matches('.'), " to complete this quest"))
            .and_then(|n| n.trim().parse::<i64>().ok())
            == Some(cost);
        if !same_cost || own_turn {
            return Err(shape(&power.text, name));
        }
        own_turn = true;
    }
    let [reward] = rewards.as_slice() else {
        return Err("a quest whose Reward is not one power".to_owned());
    };
    let reader = Reader {
        name,
        kind: "ability",
        vocab,
        attached: false,
    };
    let unlabelled = PowerText {
        labelled: false,
        ..reward.clone()
    };
    // The rules play a Reward of one effect that names no target (rules/card.rs, `lower`).
    let read = reader.played(std::slice::from_ref(&unlabelled));
    let Some(Value::Table(mut ability)) = read.filter(|value| {
        let one = value
            .get("effects")
            .and_then(Value::as_array)
            .is_some_and(|effects| effects.len() == 1);
        one && value.get("targets").is_none() && value.get("duration").is_none()
    }) else {
        return Err(shape(&reward.text, name));
    };
    let mut when = Table::new();
    when.insert("when".into(), text("reward"));
    ability.insert("trigger".into(), Value::Table(when));
    let mut paid = Table::new();
    paid.insert("pay".into(), text("resources"));
    paid.insert("amount".into(), Value::Integer(cost));
    ability.insert("cost".into(), Value::Array(vec![Value::Table(paid)]));
    if own_turn {
        ability.insert("own_turn".into(), Value::Boolean(true));
    }
    Ok(vec![Value::Table(ability)])
}

/// The `card_abilities` of a card of kind `kind` named `name` whose powers are `powers`, read
/// only when every power is read exactly; otherwise what stopped the translation: the first
/// power (or sentence of a played ability) that was not read, its card's name written `~` and
/// its numbers `N`, so that cards stopped by the same shape of text tell the same phrase (the
/// importer's report counts them; the phrase is shown, never written into cards).
/// An ability card with an Ongoing part (`ongoing`) is not read unless all of its text follows
/// `Ongoing:`: the text before it applies as it resolves while the card stays in play, which no
/// typed shape the rules play says.
pub fn reading(
    kind: &str,
    name: &str,
    ongoing: bool,
    powers: &[PowerText],
    vocab: &Vocabulary,
) -> Result<Vec<Value>, String> {
    let stopped = |text: &str| Err(shape(text, name));
    if powers.is_empty() {
        return Err("no power".to_owned());
    }
    if kind == "ability" && is_attach(&powers[0]) {
        let reader = Reader {
            name,
            kind,
            vocab,
            attached: true,
        };
        if let Some(abilities) = reader.attaching(powers) {
            return Ok(abilities);
        }
        // The attach description itself, or the first power of the card while attached.
        if reader.attach_description(&powers[0].text).is_none() {
            return stopped(&powers[0].text);
        }
        for power in &powers[1..] {
            if reader
                .triggered(&power.text)
                .or_else(|| reader.continuous(&power.text))
                .is_none()
            {
                return stopped(&power.text);
            }
        }
        return stopped(&powers[0].text);
    }
    let reader = Reader {
        name,
        kind,
        vocab,
        attached: false,
    };
    // A non-attaching ongoing ability whose text is all after `Ongoing:`: it enters play as it
    // resolves (306.2c) and its powers work while it is there (306.2a).
    if kind == "ability" && ongoing && powers.iter().all(|power| power.ongoing_part) {
        return reader.each_power(powers);
    }
    if let Some(power) = powers
        .iter()
        .find(|power| power.labelled && !power.ongoing_part)
    {
        return Err(format!(
            "a labelled part (the back face, a reward): {}",
            shape(&power.text, name)
        ));
    }
    if ongoing {
        let before = powers.iter().find(|power| !power.ongoing_part);
        return Err(match before {
            Some(power) => format!("text before Ongoing: {}", shape(&power.text, name)),
            None => "an ongoing part on a card that is no ability".to_owned(),
        });
    }
    if kind == "ability" && strip_prefix_ci(&powers[0].text, "Choose one:").is_some() {
        return match reader.modal(powers) {
            Some(ability) => Ok(vec![ability]),
            None => stopped(&powers[0].text),
        };
    }
    if kind == "ability" {
        return match reader.played(powers) {
            Some(ability) => Ok(vec![ability]),
            None => {
                // The first sentence not read as an effect, else the mix of them.
                for power in powers {
                    for sentence in sentences(&power.text) {
                        if !sentence.eq_ignore_ascii_case(KEEP_EXHAUSTED)
                            && reader.effect(&sentence, false).is_none()
                        {
                            return stopped(&sentence);
                        }
                    }
                }
                Err("the effects together (durations or targets)".to_owned())
            }
        };
    }
    reader.each_power(powers)
}

/// `text` with `name` written `~` and each number `N`.
fn shape(text: &str, name: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while !rest.is_empty() {
        if !name.is_empty() && strip_prefix_ci(rest, name).is_some() {
            out.push('~');
            rest = &rest[name.len()..];
            continue;
        }
        let c = rest.chars().next().unwrap_or(' ');
        if c.is_ascii_digit() {
            out.push('N');
            rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
            continue;
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// Whether a power is the attach description of an attaching ability (306.3a): its text
/// before any `Ongoing:` starts with `Attach to`.
fn is_attach(power: &PowerText) -> bool {
    !power.labelled && strip_prefix_ci(&power.text, "Attach to ").is_some()
}

struct Reader<'a> {
    name: &'a str,
    /// The card's kind (`ally`, `weapon`, ...).
    kind: &'a str,
    vocab: &'a Vocabulary,
    /// The card is an attaching ability: `attached character` names what it is attached to.
    attached: bool,
}

impl Reader<'_> {
    /// The effect of an ability card as it resolves: every sentence of every power, one
    /// duration, at most one target.
    fn played(&self, powers: &[PowerText]) -> Option<Value> {
        let mut effects: Vec<Effect> = Vec::new();
        for power in powers {
            for sentence in sentences(&power.text) {
                // `It can't ready during its controller's next ready step` right after
                // `Exhaust <target>`: the exhausted target stays so (714.3f).
                if sentence.eq_ignore_ascii_case(KEEP_EXHAUSTED) {
                    let last = effects.last()?;
                    let exhausts = last.value.get("op").and_then(Value::as_str) == Some("exhaust");
                    if !exhausts || last.target.is_none() {
                        return None;
                    }
                    effects.push(plain(op_table("keep_exhausted", &[])));
                    continue;
                }
                effects.push(self.effect(&sentence, false)?);
            }
        }
        let duration = effects.first()?.duration;
        if duration == "this_combat" || effects.iter().any(|effect| effect.duration != duration) {
            return None;
        }
        let targets: Vec<&Target> = effects.iter().filter_map(|e| e.target.as_ref()).collect();
        if targets.len() > 1 {
            return None;
        }
        let mut ability = Table::new();
        if let Some(target) = targets.first() {
            ability.insert("targets".into(), targets_value(target));
        }
        if duration != "instant" {
            ability.insert("duration".into(), text(duration));
        }
        ability.insert(
            "effects".into(),
            Value::Array(effects.into_iter().map(|e| Value::Table(e.value)).collect()),
        );
        Some(Value::Table(ability))
    }

    /// A modal ability card (707.1b): `Choose one: <effect>; or <effect>` (the data cuts the
    /// modes into powers at the semicolon; `, or ` inside one power too): one `choose_one`
    /// effect whose options are instant effects, each naming its own target, if any.
    fn modal(&self, powers: &[PowerText]) -> Option<Value> {
        let (first, rest) = powers.split_first()?;
        let head = strip_prefix_ci(&first.text, "Choose one:")?.trim();
        let mut texts: Vec<String> = Vec::new();
        if rest.is_empty() {
            // `Choose one: A, or B.`
            let at = find_ci(head, ", or ")?;
            texts.push(head[..at].to_owned());
            texts.push(head[at + ", or ".len()..].to_owned());
        } else {
            texts.push(head.to_owned());
            for power in rest {
                texts.push(strip_prefix_ci(power.text.trim(), "or ")?.to_owned());
            }
        }
        let mut targets = Vec::new();
        let mut options = Vec::new();
        for option in &texts {
            let [sentence] = sentences(option).try_into().ok()?;
            let effect = self.effect(&capitalised(&sentence), false)?;
            if effect.duration != "instant" {
                return None;
            }
            let mut value = effect.value;
            if let Some(target) = effect.target {
                targets.push(target);
                if targets.len() > 1 {
                    value.insert("target".into(), Value::Integer(targets.len() as i64));
                }
            }
            options.push(Value::Table(value));
        }
        if targets.len() > 3 {
            return None;
        }
        let mut ability = Table::new();
        if !targets.is_empty() {
            let values = targets
                .iter()
                .filter_map(|target| targets_value(target).as_array()?.first().cloned())
                .collect();
            ability.insert("targets".into(), Value::Array(values));
        }
        let choose = op_table("choose_one", &[("options", Value::Array(options))]);
        ability.insert("effects".into(), Value::Array(vec![Value::Table(choose)]));
        Some(Value::Table(ability))
    }

    /// An attaching ability (306.3): `Attach to <target>[, and <effect on it>]` as it resolves,
    /// then powers of the card while attached: `At the start|end of your turn, <effect on the
    /// attached character>`, `When attached <character> is destroyed, <effect>` and continuous
    /// `Attached <character> has ...`.
    fn attaching(&self, powers: &[PowerText]) -> Option<Vec<Value>> {
        let (first, rest) = powers.split_first()?;
        let mut abilities = vec![self.attach_description(&first.text)?];
        for power in rest {
            let ability = self
                .triggered(&power.text)
                .or_else(|| self.continuous(&power.text))?;
            abilities.push(ability);
        }
        Some(abilities)
    }

    /// `Attach to <target>[, and <effect on it>]`: the attaching ability's effect as it
    /// resolves.
    fn attach_description(&self, text_: &str) -> Option<Value> {
        let [sentence] = sentences(text_).try_into().ok()?;
        let description = strip_prefix_ci(&sentence, "Attach to ")?;
        let (target_text, follow) = match find_ci(description, ", and ") {
            Some(at) => (
                &description[..at],
                Some(&description[at + ", and ".len()..]),
            ),
            None => (description, None),
        };
        let target = target_phrase(target_text)?;
        let mut effects = vec![Value::Table(op_table("attach", &[]))];
        if let Some(follow) = follow {
            // `your hero deals N damage to it`: `it` is the attach target.
            let body = strip_suffix_ci(follow, " it")?;
            let effect = self.deals_or_heals(&format!("{body} {}", target_text.trim()), false)?;
            if effect.target.as_ref() != Some(&target) {
                return None;
            }
            effects.push(Value::Table(effect.value));
        }
        let mut played = Table::new();
        played.insert("targets".into(), targets_value(&target));
        played.insert("effects".into(), Value::Array(effects));
        Some(Value::Table(played))
    }

    /// Every power as a power of a card in play, or the first one not read.
    fn each_power(&self, powers: &[PowerText]) -> Result<Vec<Value>, String> {
        powers
            .iter()
            .map(|power| {
                self.power(&power.text)
                    .ok_or_else(|| shape(&power.text, self.name))
            })
            .collect()
    }

    /// A power of a card in play: a payment power, a triggered power or a continuous one.
    fn power(&self, text: &str) -> Option<Value> {
        if let Some((costs, effect)) = text.split_once("->") {
            return self.payment(costs.trim(), effect.trim());
        }
        self.triggered(text).or_else(|| self.continuous(text))
    }

    /// A continuous power, one sentence: `<who> has|have +N ATK [while attacking|while
    /// defending]` or `<who> has|is <Keyword>[ and <Keyword>]`, where `<who>` is `your hero`,
    /// the card itself, `allies you control` (ATK only) or, on an attaching ability,
    /// `attached character|ally|hero`.
    fn continuous(&self, text_: &str) -> Option<Value> {
        let [sentence] = sentences(text_).try_into().ok()?;
        if let Some(ability) = self.attack_restriction(&sentence) {
            return Some(ability);
        }
        // `You pay N less to strike with weapons` (707.1e).
        if let Some(amount) = strip_prefix_ci(&sentence, "You pay ")
            .and_then(|rest| strip_suffix_ci(rest, " less to strike with weapons"))
            .and_then(|n| n.trim().parse::<i64>().ok())
            .filter(|n| (1..=10).contains(n))
        {
            let mut ability = Table::new();
            ability.insert("trigger".into(), text("ongoing"));
            ability.insert("duration".into(), text("while_in_play"));
            let effect = op_table(
                "strike_cost_reduction",
                &[("amount", Value::Integer(amount))],
            );
            ability.insert("effects".into(), Value::Array(vec![Value::Table(effect)]));
            return Some(Value::Table(ability));
        }
        // `<this card> enters play exhausted` (710.2).
        if let Some(subject) = strip_suffix_ci(&sentence, " enters play exhausted") {
            if self.attached || !self.is_self(subject) || is_pronoun(subject) {
                return None;
            }
            let mut ability = Table::new();
            ability.insert("trigger".into(), text("ongoing"));
            ability.insert("duration".into(), text("while_in_play"));
            ability.insert(
                "effects".into(),
                Value::Array(vec![Value::Table(op_table("enters_play_exhausted", &[]))]),
            );
            return Some(Value::Table(ability));
        }
        let (subject, what) = [" has ", " have ", " is "].iter().find_map(|verb| {
            let at = find_ci(&sentence, verb)?;
            Some((&sentence[..at], &sentence[at + verb.len()..]))
        })?;
        let lower = subject.trim().to_ascii_lowercase();
        let recipient = match lower.as_str() {
            "your hero" => "YourHero",
            "attached character" | "attached ally" | "attached hero" if self.attached => {
                "AttachedCharacter"
            }
            "allies you control" | "allies in your party" => "YourAllies",
            "other allies you control" | "other allies in your party" => "YourOtherAllies",
            "your weapons" | "weapons you control" => "YourWeapons",
            _ if !self.attached && self.is_self(subject) && !is_pronoun(subject) => "ThisCard",
            _ => return None,
        };
        let weapons = recipient == "YourWeapons";
        let mut condition = None;
        let mut what = what.trim();
        for (suffix, requires) in [
            (" while attacking", "recipient_attacking"),
            (" while defending", "recipient_defending"),
        ] {
            if let Some(rest) = strip_suffix_ci(what, suffix) {
                condition = Some(requires);
                what = rest;
            }
        }
        let mut effects = Vec::new();
        if let Some(amount) = signed_atk(what) {
            effects.push(op_table(
                "modify_atk",
                &[("amount", Value::Integer(amount)), ("to", text(recipient))],
            ));
        } else if let Some((atk, health)) = stat_change(what) {
            // Health changes are continuous only, with no condition; weapons have no health.
            if condition.is_some() || weapons {
                return None;
            }
            if let Some(atk) = atk {
                effects.push(op_table(
                    "modify_atk",
                    &[("amount", Value::Integer(atk)), ("to", text(recipient))],
                ));
            }
            effects.push(op_table(
                "modify_health",
                &[("amount", Value::Integer(health)), ("to", text(recipient))],
            ));
        } else {
            // Keywords without a condition (`state::for_each_continuous_keyword`).
            if condition.is_some() {
                return None;
            }
            // A keyword's number is the entry's own (Assault 2, Mend 3): the keyword carries it.
            for word in what.split(" and ") {
                let keyword = self.vocab.keyword(word.trim())?;
                effects.push(op_table(
                    "grant_keyword",
                    &[("keyword", text(&keyword)), ("to", text(recipient))],
                ));
            }
        }
        // A weapon neither attacks nor defends.
        if weapons && condition.is_some() {
            return None;
        }
        let mut ability = Table::new();
        ability.insert("trigger".into(), text("ongoing"));
        if let Some(requires) = condition {
            ability.insert("condition".into(), text(requires));
        }
        ability.insert("duration".into(), text("while_in_play"));
        ability.insert(
            "effects".into(),
            Value::Array(effects.into_iter().map(Value::Table).collect()),
        );
        Some(Value::Table(ability))
    }

    /// `<who> can't attack`, `<who> can't attack heroes`, `<who> can attack only heroes`, where
    /// `<who>` is the card itself, `your hero` or `attached ally|character|hero` (601.2a).
    fn attack_restriction(&self, sentence: &str) -> Option<Value> {
        let (subject, limit) = [
            (" can't attack heroes", "Heroes"),
            (" can attack only heroes", "Allies"),
            (" can't attack", "Any"),
        ]
        .iter()
        .find_map(|(tail, limit)| Some((strip_suffix_ci(sentence, tail)?, *limit)))?;
        let lower = subject.trim().to_ascii_lowercase();
        let recipient = match lower.as_str() {
            "your hero" => "YourHero",
            "attached character" | "attached ally" | "attached hero" if self.attached => {
                "AttachedCharacter"
            }
            _ if !self.attached && self.is_self(subject) && !is_pronoun(subject) => "ThisCard",
            _ => return None,
        };
        let mut fields = Vec::new();
        if limit != "Any" {
            fields.push(("limit", text(limit)));
        }
        if recipient != "ThisCard" {
            fields.push(("to", text(recipient)));
        }
        let mut ability = Table::new();
        ability.insert("trigger".into(), text("ongoing"));
        ability.insert("duration".into(), text("while_in_play"));
        ability.insert(
            "effects".into(),
            Value::Array(vec![Value::Table(op_table("cannot_attack", &fields))]),
        );
        Some(Value::Table(ability))
    }

    /// `<costs> -> <effect>[. Use only once per turn]`.
    fn payment(&self, costs: &str, effect: &str) -> Option<Value> {
        let mut paid = Vec::new();
        let mut resources = false;
        let mut exhaust = false;
        let mut destroy = false;
        let mut exhaust_hero = false;
        let mut flip = false;
        // "On your turn:" before the costs says when it may be used, as "Use only on your
        // turn" after the effect does.
        let (costs, mut own_turn) = match strip_prefix_ci(costs, "On your turn:") {
            Some(rest) => (rest.trim(), true),
            None => (costs, false),
        };
        for cost in costs.split(',').map(str::trim) {
            // Some printings write a resource cost in parentheses: `(4)`.
            let number = cost
                .strip_prefix('(')
                .and_then(|c| c.strip_suffix(')'))
                .unwrap_or(cost);
            if let Ok(amount) = number.parse::<i64>() {
                if resources || !(0..=20).contains(&amount) {
                    return None;
                }
                resources = true;
                let mut value = Table::new();
                value.insert("pay".into(), text("resources"));
                value.insert("amount".into(), Value::Integer(amount));
                paid.push(Value::Table(value));
            } else if cost.eq_ignore_ascii_case("[Exhaust]") && !exhaust {
                exhaust = true;
                paid.push(text("exhaust_this"));
            } else if cost.eq_ignore_ascii_case("Exhaust your hero") && !exhaust_hero {
                exhaust_hero = true;
                paid.push(text("exhaust_hero"));
            } else if let Some(what) = strip_prefix_ci(cost, "Flip ") {
                // 301.2: a hero's power flips the hero face down.
                if flip || self.kind != "hero" || !self.is_self(what) || is_pronoun(what) {
                    return None;
                }
                flip = true;
                paid.push(text("flip_this"));
            } else if let Some(what) = strip_prefix_ci(cost, "Destroy ") {
                if destroy || !self.is_self(what) || is_pronoun(what) {
                    return None;
                }
                destroy = true;
                paid.push(text("destroy_this"));
            } else {
                return None;
            }
        }
        let mut parts = sentences(effect);
        let mut once = false;
        while let Some(last) = parts.last() {
            if last.eq_ignore_ascii_case("Use only once per turn") && !once {
                once = true;
            } else if last.eq_ignore_ascii_case("Use only on your turn") {
                own_turn = true;
            } else {
                break;
            }
            parts.pop();
        }
        let [sentence] = parts.as_slice() else {
            return None;
        };
        let effect = self.effect(sentence, true)?;
        // A payment power's ATK change is a gain (rules/card.rs lowers no loss).
        let loses_atk = effect.value.get("op").and_then(Value::as_str) == Some("modify_atk")
            && effect
                .value
                .get("amount")
                .and_then(Value::as_integer)
                .is_some_and(|amount| amount < 0);
        if effect.duration == "this_combat" || loses_atk {
            return None;
        }
        let mut ability = Table::new();
        ability.insert("trigger".into(), text("activate"));
        ability.insert("cost".into(), Value::Array(paid));
        let mut ability = finish(ability, effect, once);
        if own_turn {
            ability.insert("own_turn".into(), Value::Boolean(true));
        }
        Some(Value::Table(ability))
    }

    /// `When <this card> enters play|is destroyed|attacks, <effect>`, or `At the start|end of
    /// your turn, <effect>`.
    fn triggered(&self, text_: &str) -> Option<Value> {
        for (prefix, event) in [
            ("At the start of your turn, ", "YourTurnStarts"),
            ("At the end of your turn, ", "YourTurnEnds"),
        ] {
            if let Some(rest) = strip_prefix_ci(text_, prefix) {
                return self.triggered_effect(event, rest);
            }
        }
        // `When you strike with <this weapon>, <effect>` (303.2a, 705.3).
        if let Some(rest) = strip_prefix_ci(text_, "When you strike with ") {
            let (subject, effect) = rest.split_once(", ")?;
            if self.kind != "weapon" || !self.is_self(subject) || is_pronoun(subject) {
                return None;
            }
            return self.triggered_effect("ThisStrikes", effect);
        }
        let rest = strip_prefix_ci(text_, "When ")?;
        let (event, subject_len) = [
            (" enters play, ", "ThisEntersPlay"),
            (" is destroyed, ", "ThisDestroyed"),
            (" attacks, ", "ThisAttacks"),
        ]
        .iter()
        .find_map(|(phrase, event)| {
            let at = find_ci(rest, phrase)?;
            Some((*event, (at, phrase.len())))
        })?;
        let (at, phrase_len) = subject_len;
        let subject = &rest[..at];
        // An attaching ability's "when attached <character> is destroyed".
        let attached = ["attached character", "attached ally", "attached hero"]
            .iter()
            .any(|a| subject.trim().eq_ignore_ascii_case(a));
        let event = match (attached, event) {
            (true, "ThisDestroyed") if self.attached => "AttachedDestroyed",
            (false, _) if self.is_self(subject) => event,
            _ => return None,
        };
        self.triggered_effect(event, &rest[at + phrase_len..])
    }

    /// The one effect of a triggered power watching `event`: damage, healing, drawing,
    /// exhausting, readying, destroying (instant) or an ATK change this turn.
    fn triggered_effect(&self, event: &str, rest: &str) -> Option<Value> {
        // A double-check power's if-condition (703.2): `if you control an equipment, ...`.
        let mut condition = None;
        let mut rest = rest;
        if let Some(after) = strip_prefix_ci(rest, "if ") {
            let (said, effect) = after.split_once(", ")?;
            let value = match said.trim().to_ascii_lowercase().as_str() {
                "you control an equipment" => controls("Equipment"),
                "you control an ability" => controls("AbilityCard"),
                "you control no ready resources" => text("no_ready_resources"),
                _ => return None,
            };
            condition = Some(value);
            rest = effect;
        }
        let parts = sentences(rest);
        let [sentence] = parts.as_slice() else {
            return None;
        };
        let (sentence, optional) = without_may(sentence);
        let effect = self.effect(&capitalised(&sentence), true)?;
        let op = effect.value.get("op").and_then(Value::as_str)?;
        // "May" is read for the effects a `triggered_power` carries with their amounts.
        if optional
            && (!matches!(
                op,
                "deal_damage"
                    | "heal"
                    | "draw"
                    | "exhaust"
                    | "ready"
                    | "destroy"
                    | "return_to_hand"
                    | "remove_from_game"
                    | "interrupt"
            ) || effect
                .value
                .get("amount")
                .and_then(Value::as_integer)
                .is_some_and(|amount| amount > 20))
        {
            return None;
        }
        // "This combat" lasts only for a trigger inside a combat (603.3a ends it).
        let in_combat = matches!(event, "ThisStrikes" | "ThisAttacks");
        let fits = match op {
            "deal_damage" | "heal" | "draw" | "exhaust" | "ready" | "destroy"
            | "return_to_hand" | "remove_from_game" | "interrupt" => effect.duration == "instant",
            // A triggered ATK change is a gain (the `triggered_power` effect's amount).
            "grant_keyword" => {
                effect.duration == "this_turn" || in_combat && effect.duration == "this_combat"
            }
            "modify_atk" => {
                effect.duration == "this_turn"
                    && effect
                        .value
                        .get("amount")
                        .and_then(Value::as_integer)
                        .is_some_and(|amount| amount > 0)
            }
            _ => false,
        };
        if !fits {
            return None;
        }
        let mut trigger = Table::new();
        trigger.insert("when".into(), text("triggered"));
        trigger.insert("event".into(), text(event));
        let mut ability = Table::new();
        ability.insert("trigger".into(), Value::Table(trigger));
        let mut ability = finish(ability, effect, false);
        if let Some(condition) = condition {
            ability.insert("condition".into(), condition);
        }
        if optional {
            ability.insert("optional".into(), Value::Boolean(true));
        }
        Some(Value::Table(ability))
    }

    /// Who an effect applies to (see [`who_phrase`]); on an attaching ability also `attached
    /// character|ally|hero`, what it is attached to.
    fn who(&self, phrase: &str, subject: &'static str) -> Option<Who> {
        let attached = ["attached character", "attached ally", "attached hero"]
            .iter()
            .any(|a| phrase.trim().eq_ignore_ascii_case(a));
        if attached {
            return self.attached.then_some(Who {
                recipient: "AttachedCharacter",
                target: None,
            });
        }
        who_phrase(phrase, subject)
    }

    /// Whether `subject` names the card carrying the power: `this ally` (or another kind),
    /// `he`/`she`/`it`, its name, or one word of its name (`Demia` of `Acolyte Demia`).
    fn is_self(&self, subject: &str) -> bool {
        let subject = subject.trim();
        let pronoun = ["he", "she", "it"]
            .iter()
            .any(|p| subject.eq_ignore_ascii_case(p));
        let this = strip_prefix_ci(subject, "this ").is_some_and(|kind| {
            ["ally", "weapon", "armor", "item", "location", "hero"]
                .iter()
                .any(|k| kind.eq_ignore_ascii_case(k))
        });
        let name_words: Vec<&str> = self.name.split_whitespace().collect();
        let named = subject.eq_ignore_ascii_case(self.name)
            || (name_words.len() > 1
                && subject.len() > 2
                && name_words
                    .iter()
                    .any(|word| word.trim_end_matches(',') == subject));
        pronoun || this || named
    }

    /// One effect sentence; `self_subject`: the card itself may be a subject.
    fn effect(&self, sentence: &str, self_subject: bool) -> Option<Effect> {
        let sentence = sentence.trim();
        if let Some(count) = strip_prefix_ci(sentence, "Draw ").and_then(card_count) {
            return Some(plain(op_table("draw", &[("count", Value::Integer(count))])));
        }
        if let Some(who) = strip_prefix_ci(sentence, "Exhaust ") {
            // A group: `all opposing heroes and allies`, `each opposing ally`, ...
            if let Some(group) = exhaust_group(who) {
                return Some(plain(op_table("exhaust", &[("to", text(group))])));
            }
            let effect = self.targeted_only("exhaust", who)?;
            return effect.target.as_ref()?.exhaustible().then_some(effect);
        }
        if let Some(who) = strip_prefix_ci(sentence, "Ready ") {
            // `ready <this card>` (`him`, `her`, `it`) in a power of the card itself.
            let pronoun = ["him", "her", "it"]
                .iter()
                .any(|p| who.trim().eq_ignore_ascii_case(p));
            if self_subject && (pronoun || self.is_self(who)) {
                return Some(plain(op_table("ready", &[("to", text("ThisCard"))])));
            }
            let effect = self.targeted_only("ready", who)?;
            return effect.target.as_ref()?.exhaustible().then_some(effect);
        }
        if let Some(who) = strip_prefix_ci(sentence, "Destroy ") {
            if let Some(group) = ally_group(who) {
                return Some(plain(op_table("destroy", &[("to", text(group))])));
            }
            let effect = self.targeted_only("destroy", who)?;
            // Destroying a hero is no power of the vocabulary.
            return effect.target.as_ref()?.never_hero().then_some(effect);
        }
        // `Interrupt <target> card` (711): a card on the chain.
        if let Some(who) = strip_prefix_ci(sentence, "Interrupt ") {
            let effect = self.targeted_only("interrupt", who)?;
            return effect.target.as_ref()?.on_chain.then_some(effect);
        }
        // `Remove <target> from the game` (411.6a).
        if let Some(who) = strip_prefix_ci(sentence, "Remove ")
            .and_then(|rest| strip_suffix_ci(rest, " from the game"))
        {
            let effect = self.targeted_only("remove_from_game", who)?;
            return effect.target.as_ref()?.never_hero().then_some(effect);
        }
        // `Put <target> into its owner's hand` (300.2: a card in play).
        if let Some(who) = strip_prefix_ci(sentence, "Put ")
            .and_then(|rest| strip_suffix_ci(rest, " into its owner's hand"))
        {
            let effect = self.targeted_only("return_to_hand", who)?;
            return effect.target.as_ref()?.never_hero().then_some(effect);
        }
        if let Some(effect) = self.deals_or_heals(sentence, self_subject) {
            return Some(effect);
        }
        self.has_this_turn(sentence, self_subject)
    }

    /// `Exhaust|Ready <target>`: only a target.
    fn targeted_only(&self, op: &str, who: &str) -> Option<Effect> {
        let target = target_phrase(who)?;
        Some(Effect {
            value: op_table(op, &[]),
            target: Some(target),
            duration: "instant",
        })
    }

    /// `<subject> deals N [type] damage to <who>` / `<subject> heals N damage from <who>`.
    fn deals_or_heals(&self, sentence: &str, self_subject: bool) -> Option<Effect> {
        let (subject, verb, rest) = [" deals ", " heals "].iter().find_map(|verb| {
            let at = find_ci(sentence, verb)?;
            Some((&sentence[..at], verb.trim(), &sentence[at + verb.len()..]))
        })?;
        let from = if subject.eq_ignore_ascii_case("Your hero") {
            "YourHero"
        } else if self_subject && self.is_self(subject) {
            "ThisCard"
        } else {
            return None;
        };
        let (amount, rest) = rest.split_once(' ')?;
        let amount: i64 = amount.parse().ok()?;
        let (damage_type, rest) = match rest.split_once(' ') {
            Some((word, after)) if verb == "deals" => {
                match DAMAGE_TYPES.iter().find(|t| t.eq_ignore_ascii_case(word)) {
                    Some(t) => (Some(*t), after),
                    None => (None, rest),
                }
            }
            _ => (None, rest),
        };
        let (op, who) = if verb == "deals" {
            ("deal_damage", strip_prefix_ci(rest, "damage to ")?)
        } else {
            ("heal", strip_prefix_ci(rest, "damage from ")?)
        };
        let max = if op == "heal" { 40 } else { 20 };
        if !(1..=max).contains(&amount) {
            return None;
        }
        let who = self.who(who, from)?;
        let mut fields = vec![("amount", Value::Integer(amount))];
        if let Some(t) = damage_type {
            fields.push(("damage_type", text(t)));
        }
        if from != "YourHero" {
            fields.push(("from", text(from)));
        }
        if who.recipient != "TargetCharacter" {
            fields.push(("to", text(who.recipient)));
        }
        Some(Effect {
            value: op_table(op, &fields),
            target: who.target,
            duration: "instant",
        })
    }

    /// `<who> has +N ATK this turn` / `<who> has <Keyword> this turn` (or `this combat`: only a
    /// trigger inside a combat keeps that duration, see [`Reader::triggered_effect`]).
    fn has_this_turn(&self, sentence: &str, self_subject: bool) -> Option<Effect> {
        let (body, duration) = match strip_suffix_ci(sentence, " this turn") {
            Some(body) => (body, "this_turn"),
            None => (strip_suffix_ci(sentence, " this combat")?, "this_combat"),
        };
        // `Your weapons have +N ATK this turn`: a group.
        if let Some(at) = find_ci(body, " have ") {
            let subject = body[..at].trim().to_ascii_lowercase();
            if !matches!(subject.as_str(), "your weapons" | "weapons you control") {
                return None;
            }
            let amount = signed_atk(&body[at + " have ".len()..])?;
            return Some(Effect {
                value: op_table(
                    "modify_atk",
                    &[
                        ("amount", Value::Integer(amount)),
                        ("to", text("YourWeapons")),
                    ],
                ),
                target: None,
                duration,
            });
        }
        let at = find_ci(body, " has ")?;
        let (subject, what) = (&body[..at], &body[at + " has ".len()..]);
        let who = if self_subject && self.is_self(subject) {
            Who {
                recipient: "ThisCard",
                target: None,
            }
        } else {
            self.who(subject, "YourHero")?
        };
        let mut fields = Vec::new();
        let op = if let Some(amount) = signed_atk(what) {
            fields.push(("amount", Value::Integer(amount)));
            "modify_atk"
        } else {
            let keyword = self.vocab.keyword(what)?;
            fields.push(("keyword", text(&keyword)));
            "grant_keyword"
        };
        if who.recipient != "TargetCharacter" {
            fields.push(("to", text(who.recipient)));
        }
        Some(Effect {
            value: op_table(op, &fields),
            target: who.target,
            duration,
        })
    }
}

/// A triggered effect without its "may": `you may <effect>` or `<subject> may deal|heal ...`
/// read as `<effect>` / `<subject> deals|heals ...`, and whether it said "may".
fn without_may(sentence: &str) -> (String, bool) {
    if let Some(rest) = strip_prefix_ci(sentence, "you may ") {
        return (rest.to_owned(), true);
    }
    for (may, verb) in [(" may deal ", " deals "), (" may heal ", " heals ")] {
        if let Some(at) = find_ci(sentence, may) {
            let said = format!("{}{verb}{}", &sentence[..at], &sentence[at + may.len()..]);
            return (said, true);
        }
    }
    (sentence.to_owned(), false)
}

/// The condition `controls` a card of `kind`.
fn controls(kind: &str) -> Value {
    Value::Table(Table::from_iter([
        ("requires".into(), text("controls")),
        ("card".into(), text(kind)),
    ]))
}

/// `+N ATK` / `-N ATK` (1..=10): the signed amount.
fn signed_atk(what: &str) -> Option<i64> {
    let what = what.trim();
    let (sign, rest) = match what.chars().next()? {
        '+' => (1, &what[1..]),
        '-' => (-1, &what[1..]),
        _ => return None,
    };
    let digits = strip_suffix_ci(rest, " ATK")?;
    let amount: i64 = digits.parse().ok()?;
    (1..=10).contains(&amount).then_some(amount * sign)
}

/// A health change with or without an ATK change: `+N health` (`[Health]`), `+N / +N`,
/// `+N ATK / -N health`, `+N ATK and +N health`: the ATK amount, if any, and the health
/// amount (each 1..=10 either way).
fn stat_change(what: &str) -> Option<(Option<i64>, i64)> {
    let signed = |part: &str| -> Option<i64> {
        let part = part.trim();
        let (sign, digits) = match part.chars().next()? {
            '+' => (1, &part[1..]),
            '-' => (-1, &part[1..]),
            _ => return None,
        };
        let amount: i64 = digits.trim().parse().ok()?;
        (1..=10).contains(&amount).then_some(amount * sign)
    };
    let health = |part: &str| -> Option<i64> {
        let part = part.trim();
        let number =
            strip_suffix_ci(part, " health").or_else(|| strip_suffix_ci(part, " [Health]"));
        signed(number?)
    };
    if let Some(amount) = health(what) {
        return Some((None, amount));
    }
    let (atk_part, health_part) = what
        .split_once(" / ")
        .or_else(|| what.split_once('/'))
        .or_else(|| what.split_once(" and "))?;
    let atk_part = atk_part.trim();
    let atk = signed(strip_suffix_ci(atk_part, " ATK").unwrap_or(atk_part))?;
    let health_part = health_part.trim();
    let amount = health(health_part).or_else(|| signed(health_part))?;
    Some((Some(atk), amount))
}

/// Whether a subject is a pronoun (which names the card only after the card was named).
fn is_pronoun(subject: &str) -> bool {
    ["he", "she", "it"]
        .iter()
        .any(|p| subject.trim().eq_ignore_ascii_case(p))
}

/// The ability of one read effect with `ability`'s trigger and cost.
fn finish(mut ability: Table, effect: Effect, once: bool) -> Table {
    if let Some(target) = &effect.target {
        ability.insert("targets".into(), targets_value(target));
    }
    if effect.duration != "instant" {
        ability.insert("duration".into(), text(effect.duration));
    }
    ability.insert(
        "effects".into(),
        Value::Array(vec![Value::Table(effect.value)]),
    );
    if once {
        ability.insert("once_per_turn".into(), Value::Boolean(true));
    }
    ability
}

fn plain(value: Table) -> Effect {
    Effect {
        value,
        target: None,
        duration: "instant",
    }
}

fn targets_value(target: &Target) -> Value {
    let mut value = Table::new();
    value.insert("card".into(), text(target.card));
    if !target.also.is_empty() {
        value.insert(
            "also".into(),
            Value::Array(target.also.iter().map(|kind| text(kind)).collect()),
        );
    }
    if target.side != "Any" {
        value.insert("side".into(), text(target.side));
    }
    let mut filters = Vec::new();
    if let Some(state) = target.state {
        filters.push(Value::Table(Table::from_iter([("is".into(), text(state))])));
    }
    if target.on_chain {
        filters.push(Value::Table(Table::from_iter([(
            "is".into(),
            text("on_chain"),
        )])));
    }
    if let Some(amount) = target.cost_at_most {
        filters.push(Value::Table(Table::from_iter([
            ("is".into(), text("cost_at_most")),
            ("amount".into(), Value::Integer(amount)),
        ])));
    }
    if !filters.is_empty() {
        value.insert("filters".into(), Value::Array(filters));
    }
    Value::Array(vec![Value::Table(value)])
}

fn op_table(op: &str, fields: &[(&str, Value)]) -> Table {
    let mut table = Table::new();
    table.insert("op".into(), text(op));
    for (key, value) in fields {
        table.insert((*key).into(), value.clone());
    }
    table
}

fn text(s: &str) -> Value {
    Value::String(s.to_owned())
}

/// `a card`, `one card`, `two cards`, `3 cards`: the number, 1..=7.
fn card_count(rest: &str) -> Option<i64> {
    let (number, noun) = rest.trim().split_once(' ')?;
    let count = match number.to_ascii_lowercase().as_str() {
        "a" | "one" => 1,
        "two" => 2,
        "three" => 3,
        "four" => 4,
        "five" => 5,
        digits => digits.parse().ok()?,
    };
    let noun_fits = if count == 1 {
        noun.eq_ignore_ascii_case("card")
    } else {
        noun.eq_ignore_ascii_case("cards")
    };
    (noun_fits && (1..=7).contains(&count)).then_some(count)
}

/// A target phrase: `target [exhausted|damaged|attacking|defending] [opposing|friendly]
/// [exhausted|...] <kinds> [with cost N or less]`, with `you control` or `in your party` as
/// friendly; `<kinds>` is `hero or ally`, `ally`, `hero`, `attacker` (an attacking hero or
/// ally), or card types in play (300.2: `ability`, `equipment`, `weapon`, `armor`, `item`,
/// `ally`) alone or as alternatives (`armor or weapon`, `ability, ally, or equipment`).
fn target_phrase(phrase: &str) -> Option<Target> {
    let rest = strip_prefix_ci(phrase.trim(), "target ")?;
    let mut state = None;
    let mut rest = rest;
    let mut read_state = |rest: &mut &str| {
        for word in ["exhausted", "damaged", "attacking", "defending"] {
            if let Some(r) = strip_prefix_ci(rest, &format!("{word} ")) {
                if state.is_some() {
                    return false;
                }
                state = Some(word);
                *rest = r;
            }
        }
        true
    };
    if !read_state(&mut rest) {
        return None;
    }
    let (after_side, mut side) = if let Some(r) = strip_prefix_ci(rest, "opposing ") {
        (r, "Opposing")
    } else if let Some(r) = strip_prefix_ci(rest, "friendly ") {
        (r, "Friendly")
    } else {
        (rest, "Any")
    };
    rest = after_side;
    if !read_state(&mut rest) {
        return None;
    }
    let mut cost_at_most = None;
    if let Some(r) = strip_suffix_ci(rest, " or less") {
        let (before, number) = r.rsplit_once(' ')?;
        let before = strip_suffix_ci(before, " with cost")?;
        let amount: i64 = number.parse().ok()?;
        if !(0..=20).contains(&amount) {
            return None;
        }
        cost_at_most = Some(amount);
        rest = before;
    }
    for tail in [" you control", " in your party"] {
        if let Some(r) = strip_suffix_ci(rest, tail) {
            if side != "Any" {
                return None;
            }
            side = "Friendly";
            rest = r;
        }
    }
    // `target ability card`: a card on the chain (300.2).
    let on_chain = match strip_suffix_ci(rest, " card") {
        Some(r) => {
            rest = r;
            true
        }
        None => false,
    };
    let lower = rest.to_ascii_lowercase();
    let (card, also) = match lower.as_str() {
        "hero or ally" => ("Character", Vec::new()),
        "hero" => ("Hero", Vec::new()),
        "attacker" if state.is_none() => {
            state = Some("attacking");
            ("Character", Vec::new())
        }
        _ => {
            // One card type or alternatives: `a or b`, `a, b, or c`.
            let words: Vec<&str> = lower
                .split(", or ")
                .flat_map(|part| part.split(", "))
                .flat_map(|part| part.split(" or "))
                .map(str::trim)
                .collect();
            let kinds: Option<Vec<&'static str>> = words
                .iter()
                .map(|word| match *word {
                    "ally" => Some("Ally"),
                    "ability" => Some("AbilityCard"),
                    "equipment" => Some("Equipment"),
                    "weapon" => Some("Weapon"),
                    "armor" => Some("Armor"),
                    "item" => Some("Item"),
                    _ => None,
                })
                .collect();
            let kinds = kinds?;
            let (first, also) = kinds.split_first()?;
            if also.len() > 2 || also.contains(first) {
                return None;
            }
            (*first, also.to_vec())
        }
    };
    // A state is a character's (damaged, attacking, ...).
    let characters = also.is_empty() && matches!(card, "Hero" | "Ally" | "Character");
    if state.is_some() && !characters || on_chain && (state.is_some() || side != "Any") {
        return None;
    }
    Some(Target {
        card,
        also,
        on_chain,
        side,
        state,
        cost_at_most,
    })
}

impl Target {
    /// Whether it can only be a hero or an ally in play.
    fn characters_only(&self) -> bool {
        !self.on_chain && self.also.is_empty() && matches!(self.card, "Hero" | "Ally" | "Character")
    }

    /// Whether it can never be a hero (what is destroyed or put into a hand), in play.
    fn never_hero(&self) -> bool {
        !self.on_chain
            && std::iter::once(&self.card)
                .chain(&self.also)
                .all(|kind| !matches!(*kind, "Hero" | "Character"))
    }

    /// Whether it can only be a card that exhausts and readies: a character or equipment.
    fn exhaustible(&self) -> bool {
        !self.on_chain
            && std::iter::once(&self.card)
                .chain(&self.also)
                .all(|kind| *kind != "AbilityCard")
    }
}

/// Who an effect applies to; `subject` is the `Dealer` saying who `itself` is.
fn who_phrase(phrase: &str, subject: &'static str) -> Option<Who> {
    let phrase = phrase.trim();
    if let Some(target) = target_phrase(phrase) {
        // Damage, healing, ATK and keywords are a character's.
        return target.characters_only().then_some(Who {
            recipient: "TargetCharacter",
            target: Some(target),
        });
    }
    let lower = phrase.to_ascii_lowercase();
    let recipient = match lower.as_str() {
        "each opposing hero and ally" => "OpposingCharacters",
        "each opposing ally" => "OpposingAllies",
        "the opposing hero" | "each opposing hero" => "OpposingHero",
        "each hero and ally" => "EachCharacter",
        "each ally in your party" | "each ally you control" => "YourAllies",
        "your hero" => "YourHero",
        "itself" | "himself" | "herself" => subject,
        _ => return None,
    };
    Some(Who {
        recipient,
        target: None,
    })
}

/// A group of characters exhausted together: `all opposing heroes and allies`, `each opposing
/// hero and ally`, `all opposing allies`, `all allies`, ...
fn exhaust_group(phrase: &str) -> Option<&'static str> {
    if let Some(group) = ally_group(phrase) {
        return Some(group);
    }
    match phrase.trim().to_ascii_lowercase().as_str() {
        "all opposing heroes and allies" | "each opposing hero and ally" => {
            Some("OpposingCharacters")
        }
        "all heroes and allies" | "each hero and ally" => Some("EachCharacter"),
        _ => None,
    }
}

/// A group of allies (no hero): `all allies`, `all opposing allies`, `each opposing ally`,
/// `all allies you control`.
fn ally_group(phrase: &str) -> Option<&'static str> {
    match phrase.trim().to_ascii_lowercase().as_str() {
        "all allies" | "each ally" => Some("EachAlly"),
        "all opposing allies" | "each opposing ally" => Some("OpposingAllies"),
        "all allies you control" | "each ally you control" | "each ally in your party" => {
            Some("YourAllies")
        }
        _ => None,
    }
}

/// The sentences of a power, trimmed, without their final period.
fn sentences(text: &str) -> Vec<String> {
    text.split(". ")
        .map(|s| s.trim().trim_end_matches('.').trim().to_owned())
        .filter(|s| !s.is_empty())
        .collect()
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().collect::<String>() + chars.as_str())
        .unwrap_or_default()
}

fn strip_prefix_ci<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &text[prefix.len()..])
}

fn strip_suffix_ci<'a>(text: &'a str, suffix: &str) -> Option<&'a str> {
    let at = text.len().checked_sub(suffix.len())?;
    let tail = text.get(at..)?;
    tail.eq_ignore_ascii_case(suffix).then(|| &text[..at])
}

/// The byte offset of the first occurrence of `needle` in `text`, ASCII case ignored.
fn find_ci(text: &str, needle: &str) -> Option<usize> {
    let lower = text.to_ascii_lowercase();
    lower.find(&needle.to_ascii_lowercase())
}

#[cfg(test)]
mod tests;
