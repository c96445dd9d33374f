//! The translator on real rules text of `../shared/data/wow-tcg` (each line as the data prints
//! it), read through [`text::read`] as the importer does.

use toml::Value;

use super::super::text;
use super::super::vocab::Vocabulary;
use super::{quest_reading, reading};

/// The `card_abilities` the translator writes for a card, as inline TOML, or `None`.
fn translated(kind: &str, name: &str, rules: &str) -> Option<String> {
    let vocab = Vocabulary::builtin();
    let text = text::read(rules, &vocab);
    let abilities = reading(kind, name, text.ongoing, &text.powers, &vocab).ok()?;
    Some(Value::Array(abilities).to_string())
}

#[test]
fn a_played_ability_deals_damage_to_its_target_and_draws() {
    // Arcane Shot (cd1 and hoa print it as one or two powers).
    let expected = r#"[{ targets = [{ card = "Character" }], effects = [{ op = "deal_damage", amount = 1, damage_type = "Arcane" }, { op = "draw", count = 1 }] }]"#;
    for rules in [
        "Your hero deals 1 arcane damage to target hero or ally. Draw a card.",
        "Your hero deals 1 arcane damage to target hero or ally.; Draw a card.",
    ] {
        assert_eq!(
            translated("ability", "Arcane Shot", rules).as_deref(),
            Some(expected)
        );
    }
}

#[test]
fn a_played_ability_heals_its_target() {
    assert_eq!(
        translated(
            "ability",
            "Healing Touch",
            "Your hero heals 10 damage from target hero or ally."
        )
        .as_deref(),
        Some(
            r#"[{ targets = [{ card = "Character" }], effects = [{ op = "heal", amount = 10 }] }]"#
        )
    );
}

#[test]
fn a_payment_power_with_resources_and_exhaust_hits_each_opposing_character() {
    assert_eq!(
        translated(
            "ally",
            "Adept Breton",
            "3, [Exhaust] -> Adept Breton deals 1 arcane damage to each opposing hero and ally."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = "activate", cost = [{ pay = "resources", amount = 3 }, "exhaust_this"], effects = [{ op = "deal_damage", amount = 1, damage_type = "Arcane", from = "ThisCard", to = "OpposingCharacters" }] }]"#
        )
    );
}

#[test]
fn a_payment_power_once_per_turn_heals_from_the_card() {
    assert_eq!(
        translated(
            "ally",
            "Deacon Johanna",
            "2 -> Deacon Johanna heals 2 damage from target hero or ally. Use only once per turn."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = "activate", cost = [{ pay = "resources", amount = 2 }], targets = [{ card = "Character" }], effects = [{ op = "heal", amount = 2, from = "ThisCard" }], once_per_turn = true }]"#
        )
    );
    assert!(translated(
        "ally",
        "Freya Lightsworn",
        "[Exhaust] -> Freya Lightsworn heals 3 damage from target hero or ally."
    )
    .is_some());
}

#[test]
fn keywords_beside_a_power_leave_the_power_to_translate() {
    assert_eq!(
        translated(
            "ally",
            "Brann",
            "<b>Elusive</b>; 1, [Exhaust] -> Exhaust target ally."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = "activate", cost = [{ pay = "resources", amount = 1 }, "exhaust_this"], targets = [{ card = "Ally" }], effects = [{ op = "exhaust" }] }]"#
        )
    );
}

#[test]
fn triggered_powers_on_entering_play_and_on_being_destroyed() {
    assert_eq!(
        translated(
            "ally",
            "Weeble",
            "<b>Protector</b>; When Weeble enters play, draw two cards."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = { when = "triggered", event = "ThisEntersPlay" }, effects = [{ op = "draw", count = 2 }] }]"#
        )
    );
    assert_eq!(
        translated(
            "ally",
            "Arnold Flem",
            "When Arnold Flem is destroyed, he deals 1 fire damage to each opposing hero and ally."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = { when = "triggered", event = "ThisDestroyed" }, effects = [{ op = "deal_damage", amount = 1, damage_type = "Fire", from = "ThisCard", to = "OpposingCharacters" }] }]"#
        )
    );
}

#[test]
fn text_not_fully_understood_is_not_translated() {
    let untranslated = [
        // A cost the vocabulary has no word for.
        ("ally", "Acolyte Demia", "1, Put 1 damage on Acolyte Demia -> Demia deals 1 shadow damage to target hero or ally. Use only on your turn."),
        // X damage.
        ("ability", "Aimed Shot", "<b>Marksmanship Hero Required</b>; Your hero deals X ranged damage to target hero or ally."),
        // Ongoing text with a played part before it: the played part is not told apart.
        ("ability", "Battle Cry", "Draw a card.; <b>Ongoing:</b> Allies in your party have +1 ATK."),
        // Attaching with a condition on the target the vocabulary has no filter for.
        ("ability", "Deadly Poison", "Attach to target hero or ally that was dealt combat damage by your hero this turn.; At the start of your turn, your hero deals 2 nature damage to attached character."),
        // Another card than this one deals the damage.
        ("ally", "Adept Breton", "3, [Exhaust] -> Acolyte Demia deals 1 arcane damage to each opposing hero and ally."),
        // A power beside one that is read: the whole card keeps its handler.
        ("ally", "Donna Calister", "<b>Protector</b>; When an opposing hero or ally attacks, ready Donna Calister."),
        ("ally", "Parvink", "When Parvink enters play, draw a card.; Parvink has +3 ATK while attacking an exhausted hero or ally."),
        // Quests: their completion is not played.
        ("quest", "A Quest", "Pay 1 to complete this quest.;<b>Reward:</b> Draw a card."),
        // Two targets in one played effect.
        ("ability", "Two Shots", "Your hero deals 1 fire damage to target ally. Your hero deals 1 fire damage to target hero."),
        // Eight cards is more than a draw can say.
        ("ability", "Big Draw", "Draw eight cards."),
        // A payment power that grants a keyword until another time than this turn.
        ("item", "Ring of Invincibility", "1, [Exhaust] -> Target ally has Invincible until your next turn."),
        // Text before Ongoing on an ability that stays in play (Maul).
        ("ability", "Maul", "Your hero has +1 ATK this turn.; <b>Ongoing:</b> Your hero is in bear form. <i>(Has <b>Protector</b>.)</i>"),
    ];
    for (kind, name, rules) in untranslated {
        assert_eq!(translated(kind, name, rules), None, "{name}: {rules}");
    }
}

#[test]
fn targets_read_side_and_kind() {
    let cases = [
        (
            "target opposing ally",
            r#"{ card = "Ally", side = "Opposing" }"#,
        ),
        (
            "target ally you control",
            r#"{ card = "Ally", side = "Friendly" }"#,
        ),
        (
            "target friendly hero or ally",
            r#"{ card = "Character", side = "Friendly" }"#,
        ),
        ("target hero", r#"{ card = "Hero" }"#),
    ];
    for (phrase, target) in cases {
        let rules = format!("Your hero deals 2 shadow damage to {phrase}.");
        let got = translated("ability", "Shadow Bolt", &rules).expect("translated");
        assert!(
            got.contains(&format!("targets = [{target}]")),
            "{phrase}: {got}"
        );
    }
}

#[test]
fn this_turn_changes_are_one_duration() {
    assert_eq!(
        translated("ability", "Blessing", "Target ally has +2 ATK this turn.").as_deref(),
        Some(
            r#"[{ targets = [{ card = "Ally" }], duration = "this_turn", effects = [{ op = "modify_atk", amount = 2 }] }]"#
        )
    );
    assert_eq!(
        translated(
            "ability",
            "Fade",
            "Target hero or ally has Stealth this turn."
        )
        .as_deref(),
        Some(
            r#"[{ targets = [{ card = "Character" }], duration = "this_turn", effects = [{ op = "grant_keyword", keyword = "Stealth" }] }]"#
        )
    );
    // An instant effect and a this-turn one: two durations, not one ability.
    assert_eq!(
        translated(
            "ability",
            "Mixed",
            "Target ally has +2 ATK this turn. Draw a card."
        ),
        None
    );
}

#[test]
fn turn_triggers_and_lowered_atk() {
    assert_eq!(
        translated(
            "ally",
            "Fa'tafi",
            "At the start of your turn, Fa'tafi heals 1 damage from himself."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = { when = "triggered", event = "YourTurnStarts" }, effects = [{ op = "heal", amount = 1, from = "ThisCard", to = "ThisCard" }] }]"#
        )
    );
    assert_eq!(
        translated(
            "ability",
            "Curse",
            "Target hero or ally has -2 ATK this turn."
        )
        .as_deref(),
        Some(
            r#"[{ targets = [{ card = "Character" }], duration = "this_turn", effects = [{ op = "modify_atk", amount = -2 }] }]"#
        )
    );
    // Each turn, not only its controller's: not the same event.
    assert_eq!(
        translated(
            "ally",
            "Fa'tafi",
            "<b>Protector</b>; At the start of each turn, Fa'tafi heals 1 damage from himself."
        ),
        None
    );
}

#[test]
fn destroying_an_ally_and_powers_only_on_your_turn() {
    assert_eq!(
        translated("ability", "Assassinate", "Destroy target ally.").as_deref(),
        Some(r#"[{ targets = [{ card = "Ally" }], effects = [{ op = "destroy" }] }]"#)
    );
    // A hero is not destroyed by the vocabulary's `destroy`.
    assert_eq!(
        translated("ability", "Doom", "Destroy target hero or ally."),
        None
    );
    assert_eq!(
        translated(
            "ally",
            "Varanis",
            "3, [Exhaust] -> Varanis deals 2 fire damage to target hero. Use only on your turn."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = "activate", cost = [{ pay = "resources", amount = 3 }, "exhaust_this"], targets = [{ card = "Hero" }], effects = [{ op = "deal_damage", amount = 2, damage_type = "Fire", from = "ThisCard" }], own_turn = true }]"#
        )
    );
}

#[test]
fn destroying_the_card_as_a_cost_and_on_your_turn_before_the_costs() {
    assert_eq!(
        translated(
            "item",
            "Major Healing Potion",
            "1, Destroy Major Healing Potion -> Your hero heals 6 damage from itself."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = "activate", cost = [{ pay = "resources", amount = 1 }, "destroy_this"], effects = [{ op = "heal", amount = 6, to = "YourHero" }] }]"#
        )
    );
    assert_eq!(
        translated(
            "ally",
            "Kurzen",
            "On your turn: [Exhaust] -> Kurzen deals 2 shadow damage to target ally."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = "activate", cost = ["exhaust_this"], targets = [{ card = "Ally" }], effects = [{ op = "deal_damage", amount = 2, damage_type = "Shadow", from = "ThisCard" }], own_turn = true }]"#
        )
    );
    // Destroying another card is no cost of the vocabulary.
    assert_eq!(
        translated(
            "ally",
            "Kurzen",
            "2, Destroy an ally in your party -> Draw a card."
        ),
        None
    );
}

#[test]
fn an_attaching_ability_hurts_its_target_then_the_attached_character_each_turn() {
    assert_eq!(
        translated(
            "ability",
            "Fireball",
            "Attach to target hero or ally, and your hero deals 4 fire damage to it.;<b>Ongoing</b>: At the start of your turn, your hero deals 1 fire damage to attached character."
        )
        .as_deref(),
        Some(
            r#"[{ targets = [{ card = "Character" }], effects = [{ op = "attach" }, { op = "deal_damage", amount = 4, damage_type = "Fire" }] }, { trigger = { when = "triggered", event = "YourTurnStarts" }, effects = [{ op = "deal_damage", amount = 1, damage_type = "Fire", to = "AttachedCharacter" }] }]"#
        )
    );
    assert_eq!(
        translated(
            "ability",
            "Renew",
            "Attach to target hero or ally.; <b>Ongoing:</b> At the start of your turn, your hero heals 1 damage from attached character."
        )
        .as_deref(),
        Some(
            r#"[{ targets = [{ card = "Character" }], effects = [{ op = "attach" }] }, { trigger = { when = "triggered", event = "YourTurnStarts" }, effects = [{ op = "heal", amount = 1, to = "AttachedCharacter" }] }]"#
        )
    );
}

#[test]
fn an_attaching_ability_gives_the_attached_character_atk_or_keywords() {
    assert_eq!(
        translated(
            "ability",
            "Blessing of Might",
            "Attach to target hero or ally.; <b>Ongoing:</b> Attached character has +1 ATK while attacking."
        )
        .as_deref(),
        Some(
            r#"[{ targets = [{ card = "Character" }], effects = [{ op = "attach" }] }, { trigger = "ongoing", condition = "recipient_attacking", duration = "while_in_play", effects = [{ op = "modify_atk", amount = 1, to = "AttachedCharacter" }] }]"#
        )
    );
    assert_eq!(
        translated(
            "ability",
            "Guard Duty",
            "Attach to target ally.; <b>Ongoing:</b> Attached ally has <b>Protector</b>."
        )
        .as_deref(),
        Some(
            r#"[{ targets = [{ card = "Ally" }], effects = [{ op = "attach" }] }, { trigger = "ongoing", duration = "while_in_play", effects = [{ op = "grant_keyword", keyword = "Protector", to = "AttachedCharacter" }] }]"#
        )
    );
    // More to do as it attaches (Delve), or a stat change with a condition: not read.
    for rules in [
        "Attach to target ally, then <b>Delve</b>.<p><b>Ongoing:</b> Attached ally has +4 ATK.",
        "Attach to target ally.; Attached ally has +2 / +2 while attacking.",
    ] {
        assert_eq!(
            translated("ability", "Frozen Strength", rules),
            None,
            "{rules}"
        );
    }
}

#[test]
fn the_attached_character_is_named_only_by_an_attaching_ability() {
    assert_eq!(
        translated("ally", "Bala", "Attached ally has Stealth."),
        None
    );
    assert_eq!(
        translated(
            "ally",
            "Bala",
            "At the start of your turn, your hero deals 1 fire damage to attached character."
        ),
        None
    );
}

#[test]
fn continuous_powers_of_a_card_in_play() {
    assert_eq!(
        translated("armor", "Draconian Deflector", "Your hero has Protector.").as_deref(),
        Some(
            r#"[{ trigger = "ongoing", duration = "while_in_play", effects = [{ op = "grant_keyword", keyword = "Protector", to = "YourHero" }] }]"#
        )
    );
    assert_eq!(
        translated(
            "item",
            "Masons Fraternity Ring",
            "Your hero has +1 ATK while attacking."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = "ongoing", condition = "recipient_attacking", duration = "while_in_play", effects = [{ op = "modify_atk", amount = 1, to = "YourHero" }] }]"#
        )
    );
    assert_eq!(
        translated(
            "ally",
            "Tyrus Lionheart",
            "<b>Protector</b>; Tyrus has +4 ATK while defending."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = "ongoing", condition = "recipient_defending", duration = "while_in_play", effects = [{ op = "modify_atk", amount = 4, to = "ThisCard" }] }]"#
        )
    );
    // A keyword's number is the keyword's own.
    assert_eq!(
        translated(
            "ability",
            "Blessing of the Templar",
            "Attach to target hero.;<b>Ongoing:</b> Attached hero has <b>Assault 3</b> and <b>Mend 3</b>."
        )
        .as_deref(),
        Some(
            r#"[{ targets = [{ card = "Hero" }], effects = [{ op = "attach" }] }, { trigger = "ongoing", duration = "while_in_play", effects = [{ op = "grant_keyword", keyword = "Assault 3", to = "AttachedCharacter" }, { op = "grant_keyword", keyword = "Mend 3", to = "AttachedCharacter" }] }]"#
        )
    );
    // Keywords for a group with a condition, and conditions of another kind: not read.
    for rules in [
        "Allies you control have Protector while attacking.",
        "Your hero has +1 ATK while you have a weapon.",
    ] {
        assert_eq!(translated("item", "Trinket", rules), None, "{rules}");
    }
}

#[test]
fn triggered_powers_exhaust_destroy_or_raise_atk_this_turn() {
    assert_eq!(
        translated(
            "ally",
            "Daroka Venomfist",
            "When this ally attacks, exhaust target opposing ally."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = { when = "triggered", event = "ThisAttacks" }, targets = [{ card = "Ally", side = "Opposing" }], effects = [{ op = "exhaust" }] }]"#
        )
    );
    assert_eq!(
        translated(
            "ally",
            "Moro Wildmesa",
            "When this ally enters play, target ally has +3 ATK this turn."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = { when = "triggered", event = "ThisEntersPlay" }, targets = [{ card = "Ally" }], duration = "this_turn", effects = [{ op = "modify_atk", amount = 3 }] }]"#
        )
    );
    assert_eq!(
        translated(
            "ally",
            "Boneshanks",
            "When Boneshanks is destroyed, destroy target ally."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = { when = "triggered", event = "ThisDestroyed" }, targets = [{ card = "Ally" }], effects = [{ op = "destroy" }] }]"#
        )
    );
    // A triggered ATK loss is no effect a triggered power carries.
    assert_eq!(
        translated(
            "ally",
            "Moro",
            "When this ally enters play, target ally has -2 ATK this turn."
        ),
        None
    );
}

#[test]
fn health_changes_are_continuous_powers() {
    assert_eq!(
        translated(
            "ability",
            "Mark of Goldrinn",
            "Attach to target ally.; <b>Ongoing:</b> Attached ally has +5 / +5."
        )
        .as_deref(),
        Some(
            r#"[{ targets = [{ card = "Ally" }], effects = [{ op = "attach" }] }, { trigger = "ongoing", duration = "while_in_play", effects = [{ op = "modify_atk", amount = 5, to = "AttachedCharacter" }, { op = "modify_health", amount = 5, to = "AttachedCharacter" }] }]"#
        )
    );
    assert_eq!(
        translated(
            "ability",
            "Soul Inversion",
            "Attach to target ally.; Attached ally has +2 ATK / -2 health."
        )
        .as_deref(),
        Some(
            r#"[{ targets = [{ card = "Ally" }], effects = [{ op = "attach" }] }, { trigger = "ongoing", duration = "while_in_play", effects = [{ op = "modify_atk", amount = 2, to = "AttachedCharacter" }, { op = "modify_health", amount = -2, to = "AttachedCharacter" }] }]"#
        )
    );
    assert_eq!(
        translated("item", "Myrmidon's Signet", "Your hero has +5 health.").as_deref(),
        Some(
            r#"[{ trigger = "ongoing", duration = "while_in_play", effects = [{ op = "modify_health", amount = 5, to = "YourHero" }] }]"#
        )
    );
    // A health change this turn is no continuous power.
    assert_eq!(
        translated(
            "ability",
            "Spiritual Imbalance",
            "Target ally has -3 / -3 this turn."
        ),
        None
    );
}

#[test]
fn a_may_triggered_power_is_optional() {
    assert_eq!(
        translated(
            "ally",
            "Jeniva Prescott",
            "When this ally enters play, she may heal 4 damage from target hero or ally."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = { when = "triggered", event = "ThisEntersPlay" }, targets = [{ card = "Character" }], effects = [{ op = "heal", amount = 4, from = "ThisCard" }], optional = true }]"#
        )
    );
    assert_eq!(
        translated(
            "ally",
            "Zor'dul Deathbinder",
            "<b>Assault 1</b>;When this ally is destroyed, you may draw a card."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = { when = "triggered", event = "ThisDestroyed" }, effects = [{ op = "draw", count = 1 }], optional = true }]"#
        )
    );
    // A "may" ATK change is no effect a `triggered_power` makes optional here.
    assert_eq!(
        translated(
            "ally",
            "Moro",
            "When this ally enters play, you may have target ally has +3 ATK this turn."
        ),
        None
    );
}

#[test]
fn the_back_of_a_double_sided_card_is_not_read() {
    assert_eq!(
        translated(
            "hero",
            "Patchwerk",
            "<b>Conspicuous</b>, <b>Assault 10</b>BACK: <b>Conspicuous</b>, <b>Assault 12</b>;At the start of your turn, you may destroy target ally."
        ),
        None
    );
}

#[test]
fn an_attaching_ability_triggers_when_the_attached_card_is_destroyed() {
    assert_eq!(
        translated(
            "ability",
            "Favor of the Arcane",
            "Attach to target friendly ally.;<b>Ongoing:</b> Attached ally has <b>Assault 2</b>.;When attached ally is destroyed, draw a card."
        )
        .as_deref(),
        Some(
            r#"[{ targets = [{ card = "Ally", side = "Friendly" }], effects = [{ op = "attach" }] }, { trigger = "ongoing", duration = "while_in_play", effects = [{ op = "grant_keyword", keyword = "Assault 2", to = "AttachedCharacter" }] }, { trigger = { when = "triggered", event = "AttachedDestroyed" }, effects = [{ op = "draw", count = 1 }] }]"#
        )
    );
    // Only an attaching ability has an attached card.
    assert_eq!(
        translated(
            "ally",
            "Bala",
            "When attached ally is destroyed, draw a card."
        ),
        None
    );
}

#[test]
fn an_ongoing_ability_with_only_ongoing_text_has_its_powers_while_in_play() {
    assert_eq!(
        translated(
            "ability",
            "Battle Shout",
            "<b>Ongoing:</b> Allies in your party have +1 ATK."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = "ongoing", duration = "while_in_play", effects = [{ op = "modify_atk", amount = 1, to = "YourAllies" }] }]"#
        )
    );
    assert_eq!(
        translated(
            "ability",
            "Mana Agate",
            "<b>Ongoing:</b> 1, Destroy Mana Agate -> Draw 2 cards."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = "activate", cost = [{ pay = "resources", amount = 1 }, "destroy_this"], effects = [{ op = "draw", count = 2 }] }]"#
        )
    );
}

#[test]
fn targets_read_their_state_and_cost_filters() {
    assert_eq!(
        translated("ability", "Coup de Grace", "Destroy target exhausted ally.").as_deref(),
        Some(
            r#"[{ targets = [{ card = "Ally", filters = [{ is = "exhausted" }] }], effects = [{ op = "destroy" }] }]"#
        )
    );
    assert_eq!(
        translated(
            "ally",
            "Sergeant Corsetti",
            "When this ally enters play, she deals 2 melee damage to target exhausted opposing hero or ally."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = { when = "triggered", event = "ThisEntersPlay" }, targets = [{ card = "Character", side = "Opposing", filters = [{ is = "exhausted" }] }], effects = [{ op = "deal_damage", amount = 2, damage_type = "Melee", from = "ThisCard" }] }]"#
        )
    );
    assert_eq!(
        translated(
            "ability",
            "Vicious Strike",
            "Your hero deals 3 melee damage to target ally with cost 4 or less."
        )
        .as_deref(),
        Some(
            r#"[{ targets = [{ card = "Ally", filters = [{ is = "cost_at_most", amount = 4 }] }], effects = [{ op = "deal_damage", amount = 3, damage_type = "Melee" }] }]"#
        )
    );
    // Two states, a ready target, or a cost from below: no filter of the vocabulary.
    for rules in [
        "Destroy target exhausted damaged ally.",
        "Destroy target ready ally.",
        "Destroy target ally with cost 4 or more.",
    ] {
        assert_eq!(translated("ability", "Strike", rules), None, "{rules}");
    }
}

#[test]
fn powers_grant_a_keyword_this_turn() {
    assert_eq!(
        translated(
            "ally",
            "Kysa Shadowstalker",
            "When this ally enters play, target hero has Stealth this turn."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = { when = "triggered", event = "ThisEntersPlay" }, targets = [{ card = "Hero" }], duration = "this_turn", effects = [{ op = "grant_keyword", keyword = "Stealth" }] }]"#
        )
    );
    assert_eq!(
        translated(
            "ally",
            "Adrienne the Inspiring",
            "4 -> Target ally has <b>Assault 4</b> this turn."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = "activate", cost = [{ pay = "resources", amount = 4 }], targets = [{ card = "Ally" }], duration = "this_turn", effects = [{ op = "grant_keyword", keyword = "Assault 4" }] }]"#
        )
    );
}

#[test]
fn exhausted_target_skips_its_next_ready_step() {
    assert_eq!(
        translated(
            "ability",
            "Gouge",
            "Exhaust target hero or ally. It can't ready during its controller's next ready step."
        )
        .as_deref(),
        Some(
            r#"[{ targets = [{ card = "Character" }], effects = [{ op = "exhaust" }, { op = "keep_exhausted" }] }]"#
        )
    );
    // Only after exhausting a target: no other effect's target is meant by `It`.
    for rules in [
        "It can't ready during its controller's next ready step.",
        "Ready target ally. It can't ready during its controller's next ready step.",
        "Draw a card. It can't ready during its controller's next ready step.",
    ] {
        assert_eq!(translated("ability", "Gouge", rules), None, "{rules}");
    }
}

#[test]
fn destroying_cards_in_play_of_other_types() {
    // Dismantle, Dispel Magic, Sunder Armor, Tail Swipe, Bully (300.2: cards in play).
    let cases = [
        ("Destroy target equipment.", r#"{ card = "Equipment" }"#),
        ("Destroy target ability.", r#"{ card = "AbilityCard" }"#),
        ("Destroy target armor.", r#"{ card = "Armor" }"#),
        (
            "Destroy target ability, ally, or equipment.",
            r#"{ card = "AbilityCard", also = ["Ally", "Equipment"] }"#,
        ),
        (
            "Destroy target ally or equipment with cost 4 or less.",
            r#"{ card = "Ally", also = ["Equipment"], filters = [{ is = "cost_at_most", amount = 4 }] }"#,
        ),
    ];
    for (rules, target) in cases {
        assert_eq!(
            translated("ability", "Card", rules),
            Some(format!(
                r#"[{{ targets = [{target}], effects = [{{ op = "destroy" }}] }}]"#
            )),
            "{rules}"
        );
    }
    // Moira Darkheart: a payment power destroying the card itself to destroy one of two kinds.
    assert_eq!(
        translated(
            "ally",
            "Moira Darkheart",
            "1, Destroy Moira Darkheart -> Destroy target armor or weapon."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = "activate", cost = [{ pay = "resources", amount = 1 }, "destroy_this"], targets = [{ card = "Armor", also = ["Weapon"] }], effects = [{ op = "destroy" }] }]"#
        )
    );
    // Sister Rot: a "may" trigger.
    assert_eq!(
        translated(
            "ally",
            "Sister Rot",
            "When Sister Rot enters play, you may destroy target ability."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = { when = "triggered", event = "ThisEntersPlay" }, targets = [{ card = "AbilityCard" }], effects = [{ op = "destroy" }], optional = true }]"#
        )
    );
    // Damage is dealt to characters only; an ability is not exhausted.
    assert_eq!(
        translated(
            "ability",
            "Odd",
            "Your hero deals 2 fire damage to target equipment."
        ),
        None
    );
    assert_eq!(
        translated("ability", "Odd", "Exhaust target ability."),
        None
    );
    // A state is a character's.
    assert_eq!(
        translated("ability", "Odd", "Destroy target damaged equipment."),
        None
    );
}

#[test]
fn groups_destroyed_or_exhausted_together() {
    // Legend of Mount Hyjal, Wrath of Onyxia, War Stomp.
    assert_eq!(
        translated("ability", "Legend of Mount Hyjal", "Destroy all allies.").as_deref(),
        Some(r#"[{ effects = [{ op = "destroy", to = "EachAlly" }] }]"#)
    );
    assert_eq!(
        translated("ability", "Wrath of Onyxia", "Destroy all opposing allies.").as_deref(),
        Some(r#"[{ effects = [{ op = "destroy", to = "OpposingAllies" }] }]"#)
    );
    assert_eq!(
        translated(
            "ability",
            "War Stomp",
            "<b>Tauren Hero Required</b>; Exhaust all opposing heroes and allies."
        )
        .as_deref(),
        Some(r#"[{ effects = [{ op = "exhaust", to = "OpposingCharacters" }] }]"#)
    );
    // Heroes are not destroyed as a group either.
    assert_eq!(
        translated("ability", "Odd", "Destroy all heroes and allies."),
        None
    );
}

#[test]
fn putting_a_card_into_its_owners_hand() {
    // Fear, Kryton Barleybeard (the rules' own example of 300.2), Censure.
    assert_eq!(
        translated(
            "ability",
            "Fear",
            "Put target opposing ally into its owner's hand."
        )
        .as_deref(),
        Some(
            r#"[{ targets = [{ card = "Ally", side = "Opposing" }], effects = [{ op = "return_to_hand" }] }]"#
        )
    );
    assert_eq!(
        translated(
            "ally",
            "Kryton Barleybeard",
            "2, Destroy Kryton Barleybeard -> Put target ability into its owner's hand."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = "activate", cost = [{ pay = "resources", amount = 2 }, "destroy_this"], targets = [{ card = "AbilityCard" }], effects = [{ op = "return_to_hand" }] }]"#
        )
    );
    assert_eq!(
        translated(
            "ability",
            "Censure",
            "Put target opposing attacking ally into its owner's hand."
        )
        .as_deref(),
        Some(
            r#"[{ targets = [{ card = "Ally", side = "Opposing", filters = [{ is = "attacking" }] }], effects = [{ op = "return_to_hand" }] }]"#
        )
    );
    // A hero is never put into a hand.
    assert_eq!(
        translated(
            "ability",
            "Odd",
            "Put target hero or ally into its owner's hand."
        ),
        None
    );
}

#[test]
fn attacking_targets() {
    // Vengeful Crusader Strike: `target attacker` is an attacking hero or ally.
    assert_eq!(
        translated(
            "ability",
            "Vengeful Crusader Strike",
            "Your hero deals 4 melee damage to target attacker."
        )
        .as_deref(),
        Some(
            r#"[{ targets = [{ card = "Character", filters = [{ is = "attacking" }] }], effects = [{ op = "deal_damage", amount = 4, damage_type = "Melee" }] }]"#
        )
    );
    assert_eq!(
        translated(
            "ability",
            "Righteous Vengeance",
            "Destroy target attacking ally."
        )
        .as_deref(),
        Some(
            r#"[{ targets = [{ card = "Ally", filters = [{ is = "attacking" }] }], effects = [{ op = "destroy" }] }]"#
        )
    );
}

#[test]
fn attack_restrictions() {
    let ongoing = |effect: &str| {
        format!(r#"[{{ trigger = "ongoing", duration = "while_in_play", effects = [{effect}] }}]"#)
    };
    // Guardian Steelhoof, Anduros Silversong, Jadefire Scout.
    for (rules, effect) in [
        (
            "<b>Protector</b>; This ally can't attack.",
            r#"{ op = "cannot_attack" }"#,
        ),
        (
            "<b>Protector</b>; Guardian Steppestrider can't attack.",
            r#"{ op = "cannot_attack" }"#,
        ),
        (
            "This ally can't attack heroes.",
            r#"{ op = "cannot_attack", limit = "Heroes" }"#,
        ),
        (
            "This ally can attack only heroes.",
            r#"{ op = "cannot_attack", limit = "Allies" }"#,
        ),
    ] {
        assert_eq!(
            translated("ally", "Guardian Steppestrider", rules),
            Some(ongoing(effect)),
            "{rules}"
        );
    }
    // Interest You in a Pint?: an attaching ability's attached ally can't attack.
    assert_eq!(
        translated(
            "ability",
            "Interest You in a Pint?",
            "Attach to target ally.; <b>Ongoing:</b> Attached ally can't attack."
        )
        .as_deref(),
        Some(
            r#"[{ targets = [{ card = "Ally" }], effects = [{ op = "attach" }] }, { trigger = "ongoing", duration = "while_in_play", effects = [{ op = "cannot_attack", to = "AttachedCharacter" }] }]"#
        )
    );
    // Another card's restriction, or one with a condition, is not read.
    assert_eq!(
        translated(
            "ally",
            "Crusader",
            "This ally can't attack unless an opponent controls more allies than you."
        ),
        None
    );
}

#[test]
fn weapon_strike_triggers() {
    // Ancient Bone Bow: a keyword for this combat.
    assert_eq!(
        translated(
            "weapon",
            "Ancient Bone Bow",
            "When you strike with Ancient Bone Bow, your hero has <b>Long-Range</b> this combat. <i>(Defenders deal no combat damage to it.)</i>"
        )
        .as_deref(),
        Some(
            r#"[{ trigger = { when = "triggered", event = "ThisStrikes" }, duration = "this_combat", effects = [{ op = "grant_keyword", keyword = "Long-Range", to = "YourHero" }] }]"#
        )
    );
    // Downfall Hammer: `this weapon`, a "may" exhaust.
    assert_eq!(
        translated(
            "weapon",
            "Downfall Hammer",
            "When you strike with this weapon, you may exhaust target hero or ally."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = { when = "triggered", event = "ThisStrikes" }, targets = [{ card = "Character" }], effects = [{ op = "exhaust" }], optional = true }]"#
        )
    );
    // Only a weapon strikes; `this combat` outside a combat trigger is not read.
    assert_eq!(
        translated(
            "ally",
            "Ancient Bone Bow",
            "When you strike with Ancient Bone Bow, your hero has Long-Range this combat."
        ),
        None
    );
    assert_eq!(
        translated(
            "ally",
            "Watcher",
            "When Watcher enters play, your hero has Long-Range this combat."
        ),
        None
    );
    assert_eq!(
        translated("ability", "Aim", "Your hero has Long-Range this combat."),
        None
    );
}

#[test]
fn the_phrase_that_stopped_a_translation() {
    let vocab = Vocabulary::builtin();
    let stopped = |kind: &str, name: &str, rules: &str| {
        let text = text::read(rules, &vocab);
        reading(kind, name, text.ongoing, &text.powers, &vocab).err()
    };
    // The card's name is `~`, numbers are `N`.
    assert_eq!(
        stopped(
            "ally",
            "Parvink",
            "When Parvink enters play, draw a card.; Parvink has +3 ATK while attacking an exhausted hero or ally."
        )
        .as_deref(),
        Some("~ has +N ATK while attacking an exhausted hero or ally")
    );
    // A played ability: the sentence that is not read.
    assert_eq!(
        stopped(
            "ability",
            "Aimed Shot",
            "Draw a card. Your hero deals X ranged damage to target hero or ally."
        )
        .as_deref(),
        Some("Your hero deals X ranged damage to target hero or ally")
    );
}

/// A quest's text read as its importer reads it: the completion cost, then the Reward.
fn quest(name: &str, rules: &str) -> Result<String, String> {
    let vocab = Vocabulary::builtin();
    let text = text::read(rules, &vocab);
    quest_reading(name, text.completion_cost, &text.powers, &vocab)
        .map(|abilities| Value::Array(abilities).to_string())
}

#[test]
fn a_quest_reward_is_a_completion_power_paid_with_its_completion_cost() {
    // 702.1-702.2: the Reward is the completion effect, the text before it the cost and when
    // it may be paid.
    assert_eq!(
        quest(
            "A Quest",
            "Pay 1 to complete this quest.;<b>Reward:</b> Draw a card."
        )
        .as_deref(),
        Ok(
            r#"[{ effects = [{ op = "draw", count = 1 }], trigger = { when = "reward" }, cost = [{ pay = "resources", amount = 1 }] }]"#
        )
    );
    assert_eq!(
        quest(
            "A Quest",
            "On your turn: Pay 4 to complete this quest.;<b>Reward:</b> Draw two cards."
        )
        .as_deref(),
        Ok(
            r#"[{ effects = [{ op = "draw", count = 2 }], trigger = { when = "reward" }, cost = [{ pay = "resources", amount = 4 }], own_turn = true }]"#
        )
    );
    // A condition on the cost, a Reward of two effects or with a target: not read.
    assert_eq!(
        quest(
            "A Quest",
            "If you control an ally: Pay 1 to complete this quest.;<b>Reward:</b> Draw a card."
        )
        .err()
        .as_deref(),
        Some("If you control an ally: Pay N to complete this quest")
    );
    assert_eq!(
        quest(
            "A Quest",
            "Pay 5 to complete this quest.;<b>Reward:</b> Your hero heals 3 damage from itself. Draw a card."
        )
        .err()
        .as_deref(),
        Some("Your hero heals N damage from itself. Draw a card")
    );
    assert_eq!(
        quest(
            "A Quest",
            "Pay 2 to complete this quest.;<b>Reward:</b> Ready target ally."
        )
        .err()
        .as_deref(),
        Some("Ready target ally")
    );
}

#[test]
fn removing_from_the_game_and_entering_play_exhausted() {
    // Void Rip (411.6a), Observer's Shield (710.2).
    assert_eq!(
        translated("ability", "Void Rip", "Remove target ally from the game.").as_deref(),
        Some(r#"[{ targets = [{ card = "Ally" }], effects = [{ op = "remove_from_game" }] }]"#)
    );
    assert_eq!(
        translated("ability", "Odd", "Remove target hero from the game."),
        None
    );
    assert_eq!(
        translated(
            "armor",
            "Observer's Shield",
            "Observer's Shield enters play exhausted."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = "ongoing", duration = "while_in_play", effects = [{ op = "enters_play_exhausted" }] }]"#
        )
    );
}

#[test]
fn exhausting_the_hero_as_a_cost() {
    // The Hammer of Grace, God-Grinding Grips.
    assert_eq!(
        translated(
            "weapon",
            "The Hammer of Grace",
            "1, [Exhaust], Exhaust your hero -> Your hero heals 2 damage from target hero or ally."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = "activate", cost = [{ pay = "resources", amount = 1 }, "exhaust_this", "exhaust_hero"], targets = [{ card = "Character" }], effects = [{ op = "heal", amount = 2 }] }]"#
        )
    );
    assert_eq!(
        translated(
            "armor",
            "God-Grinding Grips",
            "4, Exhaust your hero -> Your hero deals 2 arcane damage to target hero or ally."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = "activate", cost = [{ pay = "resources", amount = 4 }, "exhaust_hero"], targets = [{ card = "Character" }], effects = [{ op = "deal_damage", amount = 2, damage_type = "Arcane" }] }]"#
        )
    );
}

#[test]
fn powers_over_your_allies_and_weapons() {
    let ongoing = |effects: &str| {
        format!(r#"[{{ trigger = "ongoing", duration = "while_in_play", effects = [{effects}] }}]"#)
    };
    // Ruby Stalker, Fang, Kal'ai the Uplifting, Eye of Rend, Wuzlo Grindergear.
    for (kind, name, rules, effects) in [
        (
            "ally",
            "Ruby Stalker",
            "Allies you control have <b>Stealth</b>. <i>(They can't be protected against.)</i>",
            r#"{ op = "grant_keyword", keyword = "Stealth", to = "YourAllies" }"#,
        ),
        (
            "ally",
            "Fang",
            "<b>Protector</b>;Allies you control have <b>Assault 1</b>.",
            r#"{ op = "grant_keyword", keyword = "Assault 1", to = "YourAllies" }"#,
        ),
        (
            "ally",
            "Kal'ai the Uplifting",
            "<b>Draenei Hero Required</b>; Other allies in your party have +1 ATK and +1 health.",
            r#"{ op = "modify_atk", amount = 1, to = "YourOtherAllies" }, { op = "modify_health", amount = 1, to = "YourOtherAllies" }"#,
        ),
        (
            "item",
            "Eye of Rend",
            "Your weapons have +1 ATK.",
            r#"{ op = "modify_atk", amount = 1, to = "YourWeapons" }"#,
        ),
        (
            "ally",
            "Wuzlo Grindergear",
            "Weapons you control have <b>Assault 2.</b>",
            r#"{ op = "grant_keyword", keyword = "Assault 2", to = "YourWeapons" }"#,
        ),
    ] {
        assert_eq!(
            translated(kind, name, rules),
            Some(ongoing(effects)),
            "{rules}"
        );
    }
    // Heroic Strike: the weapons' ATK this turn.
    assert_eq!(
        translated(
            "ability",
            "Heroic Strike",
            "Your weapons have +3 ATK this turn."
        )
        .as_deref(),
        Some(
            r#"[{ duration = "this_turn", effects = [{ op = "modify_atk", amount = 3, to = "YourWeapons" }] }]"#
        )
    );
    // Weapons neither attack nor have health.
    assert_eq!(
        translated("item", "Odd", "Your weapons have +1 ATK while attacking."),
        None
    );
    assert_eq!(
        translated("item", "Odd", "Your weapons have +1 health."),
        None
    );
}

#[test]
fn double_check_triggered_powers() {
    // Terina Calin, Bronze Guardian (703.2: the if-condition after the trigger event).
    assert_eq!(
        translated(
            "ally",
            "Terina Calin",
            "When this ally enters play, if you control an equipment, you may destroy target equipment."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = { when = "triggered", event = "ThisEntersPlay" }, targets = [{ card = "Equipment" }], effects = [{ op = "destroy" }], condition = { requires = "controls", card = "Equipment" }, optional = true }]"#
        )
    );
    assert_eq!(
        translated(
            "ally",
            "Bronze Guardian",
            "<b>Protector</b>;When this ally enters play, if you control no ready resources, you may draw a card."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = { when = "triggered", event = "ThisEntersPlay" }, effects = [{ op = "draw", count = 1 }], condition = "no_ready_resources", optional = true }]"#
        )
    );
    // Another condition is not read.
    assert_eq!(
        translated(
            "ally",
            "Odd",
            "When this ally enters play, if you control a Demon or a Pet, she deals 2 fire damage to target hero."
        ),
        None
    );
}

#[test]
fn a_card_readying_itself() {
    // Core Rager, Izzy Quizfiz.
    assert_eq!(
        translated(
            "ally",
            "Core Rager",
            "Protector; At the end of your turn, ready Core Rager."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = { when = "triggered", event = "YourTurnEnds" }, effects = [{ op = "ready", to = "ThisCard" }] }]"#
        )
    );
    assert_eq!(
        translated("ally", "Izzy Quizfiz", "2 -> Ready this ally.").as_deref(),
        Some(
            r#"[{ trigger = "activate", cost = [{ pay = "resources", amount = 2 }], effects = [{ op = "ready", to = "ThisCard" }] }]"#
        )
    );
    // An ability card has no "itself" to ready.
    assert_eq!(translated("ability", "Odd", "Ready it."), None);
}

#[test]
fn interrupting_a_card_on_the_chain() {
    // Counterspell, Will of the Legion, Silent Fang (300.2: "<type> card" is not in play).
    assert_eq!(
        translated("ability", "Counterspell", "Interrupt target ability card.").as_deref(),
        Some(
            r#"[{ targets = [{ card = "AbilityCard", filters = [{ is = "on_chain" }] }], effects = [{ op = "interrupt" }] }]"#
        )
    );
    assert_eq!(
        translated(
            "ability",
            "Will of the Legion",
            "Interrupt target ability, ally, or equipment card."
        )
        .as_deref(),
        Some(
            r#"[{ targets = [{ card = "AbilityCard", also = ["Ally", "Equipment"], filters = [{ is = "on_chain" }] }], effects = [{ op = "interrupt" }] }]"#
        )
    );
    assert_eq!(
        translated(
            "weapon",
            "Silent Fang",
            "2, Destroy Silent Fang -> Interrupt target ability card."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = "activate", cost = [{ pay = "resources", amount = 2 }, "destroy_this"], targets = [{ card = "AbilityCard", filters = [{ is = "on_chain" }] }], effects = [{ op = "interrupt" }] }]"#
        )
    );
    // A card in play is not interrupted; a card on the chain is not destroyed.
    assert_eq!(
        translated("ability", "Odd", "Interrupt target ability."),
        None
    );
    assert_eq!(
        translated("ability", "Odd", "Destroy target ability card."),
        None
    );
}

#[test]
fn modal_ability_cards() {
    // Natural Selection (modes cut at the semicolon), Nature's Focus (`, or `), Wildfire (a
    // mode without a target).
    assert_eq!(
        translated(
            "ability",
            "Natural Selection",
            "Choose one: Your hero deals 3 nature damage to target hero or ally; or your hero heals 3 damage from target hero or ally."
        )
        .as_deref(),
        Some(
            r#"[{ targets = [{ card = "Character" }, { card = "Character" }], effects = [{ op = "choose_one", options = [{ op = "deal_damage", amount = 3, damage_type = "Nature" }, { op = "heal", amount = 3, target = 2 }] }] }]"#
        )
    );
    assert_eq!(
        translated(
            "ability",
            "Nature's Focus",
            "Choose one: Your hero deals 4 nature damage to target ally, or your hero heals 4 damage from target hero."
        )
        .as_deref(),
        Some(
            r#"[{ targets = [{ card = "Ally" }, { card = "Hero" }], effects = [{ op = "choose_one", options = [{ op = "deal_damage", amount = 4, damage_type = "Nature" }, { op = "heal", amount = 4, target = 2 }] }] }]"#
        )
    );
    assert_eq!(
        translated(
            "ability",
            "Wildfire",
            "Choose one: Your hero deals 5 fire damage to target hero or ally; or your hero deals 1 fire damage to each opposing hero and ally."
        )
        .as_deref(),
        Some(
            r#"[{ targets = [{ card = "Character" }], effects = [{ op = "choose_one", options = [{ op = "deal_damage", amount = 5, damage_type = "Fire" }, { op = "deal_damage", amount = 1, damage_type = "Fire", to = "OpposingCharacters" }] }] }]"#
        )
    );
    // "Choose one or both", and an option the vocabulary cannot say: not read.
    assert_eq!(
        translated(
            "ability",
            "Ruination",
            "Choose one or both: Destroy target ally; or destroy target weapon."
        ),
        None
    );
    assert_eq!(
        translated(
            "ability",
            "Fel Rage",
            "Choose one: Draw three cards; or discard your hand and draw five cards."
        ),
        None
    );
}

#[test]
fn strike_cost_reductions() {
    // Edgemaster's Handguards (707.1e).
    assert_eq!(
        translated(
            "armor",
            "Edgemaster's Handguards",
            "You pay 1 less to strike with weapons."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = "ongoing", duration = "while_in_play", effects = [{ op = "strike_cost_reduction", amount = 1 }] }]"#
        )
    );
    // Reductions of other costs, or with a condition, are not read.
    assert_eq!(
        translated(
            "item",
            "Odd",
            "You pay 1 less to strike with this weapon while you control three or more allies."
        ),
        None
    );
    assert_eq!(
        translated("item", "Odd", "You pay 1 less to play allies."),
        None
    );
}

#[test]
fn a_hero_power_flips_the_hero() {
    // 301.2: a hero's payment power flips it face down; some printings put the resource cost
    // in parentheses.
    assert_eq!(
        translated(
            "hero",
            "Kirox Butcherblade",
            "On your turn: (4), Flip Kirox -> Kirox deals 4 melee damage to target exhausted ally."
        )
        .as_deref(),
        Some(
            r#"[{ trigger = "activate", cost = [{ pay = "resources", amount = 4 }, "flip_this"], targets = [{ card = "Ally", filters = [{ is = "exhausted" }] }], effects = [{ op = "deal_damage", amount = 4, damage_type = "Melee", from = "ThisCard" }], own_turn = true }]"#
        )
    );
    // Only a hero flips itself, and only itself.
    assert_eq!(
        translated("ally", "Kirox", "4, Flip Kirox -> Draw a card."),
        None
    );
    assert_eq!(
        translated("hero", "Kirox", "4, Flip Graccus -> Draw a card."),
        None
    );
    // A payment power's ATK loss is not read (the rules lower gains only).
    assert_eq!(
        translated(
            "hero",
            "Chaigon Steelsight",
            "1, Flip Chaigon -> Target ally has -3 ATK this turn."
        ),
        None
    );
}
