//! Whole games from the example spellbooks: set-up, the round, casting, movement and a
//! winner, with the engine's contract check (complete `legal_actions`, untouched state on a
//! rejected action).

use grimoire_engine::{
    check_contract, playout, ContractCheck, Ctx, EventLog, FirstOption, Outcome, Playable,
    PlayerId, PlayoutOptions, Rules, ScriptedDice, Zone,
};
use grimoire_mage_wars::rules::{Catalog, MageWarsGame, Match, Play, SpellTarget, Spellbook, Step};
use grimoire_mage_wars::spellbook::SpellbookFile;

/// An example spellbook of `decks/mage-wars/`.
fn example(name: &str) -> Spellbook {
    let path = format!(
        "{}/../../../decks/mage-wars/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("the example spellbook is readable");
    let file = SpellbookFile::from_toml(&text).expect("the example spellbook parses");
    Spellbook::from_names(
        &file.mage,
        file.cards.iter().map(|(n, c)| (n.as_str(), *c)),
        Catalog::compiled(),
    )
    .expect("the example spellbook's cards are known")
}

fn decks() -> Vec<Spellbook> {
    vec![example("warlock"), example("beastmaster")]
}

/// Set-up with the effect die rolls given (initiative) and the first option of every choice.
fn set_up(rolls: &[u32]) -> Match {
    let mut dice = ScriptedDice::new();
    for &r in rolls {
        dice.push("effect", [r - 1]);
    }
    let mut log = EventLog::new();
    let mut first = FirstOption;
    let mut ctx = Ctx::new(&mut dice, &mut first, &mut log);
    MageWarsGame
        .setup(&decks(), &mut ctx)
        .expect("the example spellbooks set up")
}

#[test]
fn set_up_puts_the_mages_in_opposite_corners_and_begins_round_one() {
    let state = set_up(&[3, 9]);
    let game = &state.game;
    let warlock = state.seats[0].mage;
    let beastmaster = state.seats[1].mage;
    assert_eq!(state.name(warlock), "Warlock");
    assert_eq!(state.name(beastmaster), "Beastmaster");
    assert_eq!(state.zone_name(game.zone_of(warlock).unwrap()), "A1");
    assert_eq!(state.zone_name(game.zone_of(beastmaster).unwrap()), "D3");
    assert_eq!(game.life(warlock), 38);
    // Player 2 rolled higher and kept the initiative (the first option).
    assert_eq!(state.initiative, PlayerId(2));
    assert_eq!(state.round, 1);
    assert_eq!(
        state.step,
        Step::Planning {
            player: PlayerId(2)
        }
    );
    // Channeling of round 1 on top of the starting mana.
    assert_eq!(game.mana_of(PlayerId(1)), 10);
}

/// `book` (player 1, who wins the initiative roll) against the example Beastmaster, set up.
fn set_up_against_the_beastmaster(book: Spellbook) -> Match {
    let mut dice = ScriptedDice::new();
    dice.push("effect", [8]);
    dice.push("effect", [2]);
    let mut log = EventLog::new();
    let mut first = FirstOption;
    let mut ctx = Ctx::new(&mut dice, &mut first, &mut log);
    MageWarsGame
        .setup(&[book, example("beastmaster")], &mut ctx)
        .expect("set up")
}

/// Index of a spell in a seat's spellbook.
fn spell(state: &Match, player: PlayerId, name: &str) -> usize {
    state.seats[player.0 as usize - 1]
        .spellbook
        .iter()
        .position(|(c, _)| c.name() == name)
        .expect("the spell is in the spellbook")
}

fn apply(state: &mut Match, action: Play) {
    let mut dice = grimoire_engine::SeededDice::new(7);
    let mut log = EventLog::new();
    let mut first = FirstOption;
    let mut ctx = Ctx::new(&mut dice, &mut first, &mut log);
    let player = state.to_act().unwrap();
    assert!(
        MageWarsGame.legal_actions(state, player).contains(&action),
        "{action:?} is legal"
    );
    MageWarsGame.apply(state, &action, &mut ctx).unwrap();
}

#[test]
fn a_round_plans_summons_moves_and_passes_the_initiative() {
    let mut state = set_up(&[9, 3]);
    let (one, two) = (PlayerId(1), PlayerId(2));
    let imp = spell(&state, one, "Firebrand Imp");
    apply(&mut state, Play::Plan(imp));
    apply(&mut state, Play::Pass);
    apply(&mut state, Play::Pass);
    assert_eq!(state.step, Step::Activation { player: one });
    let warlock = state.seats[0].mage;
    apply(&mut state, Play::Activate(warlock));
    // A full spell after no movement: the Imp is summoned into the Warlock's zone.
    let zone = state.game.zone_of(warlock).unwrap();
    apply(
        &mut state,
        Play::Cast {
            spell: imp,
            target: SpellTarget::Zone(zone),
            quickcast: false,
        },
    );
    assert_eq!(state.game.mana_of(one), 5);
    assert_eq!(state.step, Step::Activation { player: two });
    let beastmaster = state.seats[1].mage;
    apply(&mut state, Play::Activate(beastmaster));
    let legal = MageWarsGame.legal_actions(&state, two);
    assert!(legal.contains(&Play::Move(Zone(7))) && legal.contains(&Play::Move(Zone(10))));
    apply(&mut state, Play::Move(Zone(7)));
    apply(&mut state, Play::Move(Zone(6)));
    // Two moves used the Beastmaster's quick action: its Action Phase is over, and the Imp,
    // summoned this round, does not act: the Final Quickcast Phase.
    assert_eq!(state.game.zone_of(beastmaster), Some(Zone(6)));
    assert_eq!(
        state.step,
        Step::FinalQuickcast {
            player: one,
            done: 0
        }
    );
    apply(&mut state, Play::Pass);
    apply(&mut state, Play::Pass);
    assert_eq!(state.round, 2);
    assert_eq!(state.initiative, two);
}

#[test]
fn random_games_end_by_the_rules() {
    let game = MageWarsGame;
    let mut finished = 0;
    for seed in 0..20 {
        let played = playout(&game, &decks(), seed, PlayoutOptions::default())
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        if played.outcome != Outcome::Playing {
            finished += 1;
        }
    }
    assert_eq!(finished, 20);
}

#[test]
fn the_contract_holds_on_random_states() {
    let report = check_contract(
        &MageWarsGame,
        &decks(),
        ContractCheck {
            games: 2,
            seed: 11,
            max_actions: 400,
            every: 37,
        },
        &MageWarsGame::candidates,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(report.accepted > 0 && report.states > 0, "{report:?}");
}

#[test]
fn a_healing_incantation_heals_its_target_by_its_ability_data() {
    let priestess = Spellbook::from_names(
        "Priestess",
        [("Minor Heal", 1), ("Disciple of Radiance", 1)],
        Catalog::compiled(),
    )
    .expect("the spellbook's cards are known");
    let mut state = set_up_against_the_beastmaster(priestess);
    let one = PlayerId(1);
    let mage = state.seats[0].mage;
    state.game.store.get_mut(mage).expect("the Mage").damage = 9;
    let heal = spell(&state, one, "Minor Heal");
    apply(&mut state, Play::Plan(heal));
    apply(&mut state, Play::Pass);
    apply(&mut state, Play::Pass);
    apply(&mut state, Play::Activate(mage));
    let mana = state.game.mana_of(one);
    let cast = Play::Cast {
        spell: heal,
        target: SpellTarget::Object(mage),
        quickcast: false,
    };
    assert!(MageWarsGame.legal_actions(&state, one).contains(&cast));
    // Five attack dice: 2, 2, 1, 0 and a critical 2 heal 7.
    let mut dice = ScriptedDice::new();
    dice.push("attack", [3, 3, 2, 0, 5]);
    let mut log = EventLog::new();
    let mut first = FirstOption;
    let mut ctx = Ctx::new(&mut dice, &mut first, &mut log);
    MageWarsGame
        .apply(&mut state, &cast, &mut ctx)
        .expect("cast");
    assert_eq!(state.game.mana_of(one), mana - 5);
    assert_eq!(state.game.store.get(mage).expect("the Mage").damage, 2);
}

#[test]
fn an_enchantment_cast_face_down_is_revealed_for_its_reveal_cost_plus_magebind_on_a_mage() {
    // Ghoul Rot: cast for 2 face down, revealed for 4, plus Magebind +2 on a Mage.
    let warlock = Spellbook::from_names(
        "Warlock",
        [("Ghoul Rot", 1), ("Firebrand Imp", 1)],
        Catalog::compiled(),
    )
    .expect("the spellbook's cards are known");
    let mut state = set_up_against_the_beastmaster(warlock);
    let one = PlayerId(1);
    let mage = state.seats[0].mage;
    let rot = spell(&state, one, "Ghoul Rot");
    apply(&mut state, Play::Plan(rot));
    apply(&mut state, Play::Pass);
    apply(&mut state, Play::Pass);
    apply(&mut state, Play::Activate(mage));
    let mana = state.game.mana_of(one);
    apply(
        &mut state,
        Play::Cast {
            spell: rot,
            target: SpellTarget::Object(mage),
            quickcast: false,
        },
    );
    assert_eq!(state.game.mana_of(one), mana - 2);
    let hidden = *state.hidden.first().expect("Ghoul Rot lies face down");
    // Revealing it on the Warlock costs its reveal cost 4 plus Magebind +2.
    assert_eq!(
        grimoire_mage_wars::rules::cast::check_reveal(&state, one, hidden),
        Ok(6)
    );
    assert!(
        !state.game.in_play(hidden),
        "face down, it is not in play yet"
    );
}

#[test]
fn a_legendary_zone_exclusive_conjuration_is_not_cast_while_one_is_in_play() {
    use grimoire_mage_wars::rules::cast::check_cast;
    let warlock = Spellbook::from_names(
        "Warlock",
        [("Idol of Pestilence", 1), ("Firebrand Imp", 1)],
        Catalog::compiled(),
    )
    .expect("the spellbook's cards are known");
    let mut state = set_up_against_the_beastmaster(warlock);
    let one = PlayerId(1);
    let mage = state.seats[0].mage;
    let idol = spell(&state, one, "Idol of Pestilence");
    apply(&mut state, Play::Plan(idol));
    apply(&mut state, Play::Pass);
    apply(&mut state, Play::Pass);
    apply(&mut state, Play::Activate(mage));
    let here = state.game.zone_of(mage).expect("in play");
    let next = Zone(here.0 + 1);
    assert!(check_cast(&state, one, idol, SpellTarget::Zone(here), false).is_ok());
    // An Idol of the other player's in play elsewhere: Legendary forbids a second one.
    let card = grimoire_mage_wars::CardId::IdolOfPestilence;
    let other = state.game.add_card(card, PlayerId(2), next);
    state.sources.push(card.card());
    let error = check_cast(&state, one, idol, SpellTarget::Zone(here), false).unwrap_err();
    assert!(error.to_string().contains("Legendary"), "{error}");
    // Gone from play, the Idol may be cast again.
    state.game.store.get_mut(other).expect("the Idol").in_play = false;
    assert!(check_cast(&state, one, idol, SpellTarget::Zone(here), false).is_ok());
}

#[test]
fn movement_limits_come_from_the_move_actions_operations_not_the_names() {
    use grimoire_engine::TraitEffectKind;
    use grimoire_mage_wars::rules::movement::{move_limits, MoveLimits};
    use grimoire_mage_wars::{CardId, Trait};

    let mut state = set_up(&[9, 3]);
    let mut add = |name: &str| {
        let card = CardId::from_name(name).expect("a card of the pool");
        state.game.add_card(card, PlayerId(1), Zone(5))
    };
    let (fox, hydra, zombie) = (
        add("Bitterwood Fox"),
        add("Darkfenne Hydra"),
        add("Plague Zombie"),
    );
    let limits = |state: &Match, id| move_limits(state, id);
    let fast = MoveLimits {
        cap: Some((2, "Fast")),
        ends_phase: false,
    };
    assert_eq!(limits(&state, fox), fast);
    assert_eq!(
        limits(&state, hydra),
        MoveLimits {
            cap: Some((1, "Slow")),
            ends_phase: true
        }
    );
    assert_eq!(
        limits(&state, zombie),
        MoveLimits {
            cap: Some((1, "Lumbering")),
            ends_phase: false
        }
    );
    // Slow cancels Fast and Fast cancels Slow: neither acts.
    state
        .game
        .change_trait(fox, Trait::Slow, TraitEffectKind::Grant);
    assert_eq!(
        limits(&state, fox),
        MoveLimits {
            cap: None,
            ends_phase: false
        }
    );
    // Rooted takes every move away, whatever else it has.
    state
        .game
        .change_trait(hydra, Trait::Rooted, TraitEffectKind::Grant);
    assert_eq!(limits(&state, hydra).cap, Some((0, "Rooted")));
}

#[test]
fn a_unique_spell_is_not_cast_while_its_player_has_one_in_play_but_the_other_player_may() {
    use grimoire_mage_wars::rules::cast::check_cast;
    let warlock = Spellbook::from_names(
        "Warlock",
        [("Mana Prism", 1), ("Firebrand Imp", 1)],
        Catalog::compiled(),
    )
    .expect("the spellbook's cards are known");
    let mut state = set_up_against_the_beastmaster(warlock);
    let one = PlayerId(1);
    let mage = state.seats[0].mage;
    let prism = spell(&state, one, "Mana Prism");
    apply(&mut state, Play::Plan(prism));
    apply(&mut state, Play::Pass);
    apply(&mut state, Play::Pass);
    apply(&mut state, Play::Activate(mage));
    let here = state.game.zone_of(mage).expect("in play");
    let next = Zone(here.0 + 1);
    assert!(check_cast(&state, one, prism, SpellTarget::Zone(here), false).is_ok());
    // The other player's Mana Prism does not stop this one (Unique counts per player).
    let card = grimoire_mage_wars::CardId::ManaPrism;
    state.game.add_card(card, PlayerId(2), next);
    state.sources.push(card.card());
    assert!(check_cast(&state, one, prism, SpellTarget::Zone(here), false).is_ok());
    // One of player 1's own in play does.
    let own = state.game.add_card(card, one, next);
    state.sources.push(card.card());
    let error = check_cast(&state, one, prism, SpellTarget::Zone(here), false).unwrap_err();
    assert!(error.to_string().contains("Unique"), "{error}");
    state.game.store.get_mut(own).expect("the Prism").in_play = false;
    assert!(check_cast(&state, one, prism, SpellTarget::Zone(here), false).is_ok());
}

#[test]
fn an_extendable_wall_is_cast_on_two_connected_borders_and_blocks_moves_across_them() {
    use grimoire_mage_wars::rules::Border;
    let warlock = Spellbook::from_names("Warlock", [("Wall of Stone", 2)], Catalog::compiled())
        .expect("the spellbook's cards are known");
    let mut state = set_up_against_the_beastmaster(warlock);
    let one = PlayerId(1);
    let mage = state.seats[0].mage;
    let wall = spell(&state, one, "Wall of Stone");
    apply(&mut state, Play::Plan(wall));
    apply(&mut state, Play::Pass);
    apply(&mut state, Play::Pass);
    apply(&mut state, Play::Activate(mage));
    state.game.set_mana(one, 30);
    let arena = state.game.arena;
    let (a1, b1, a2, b2) = (Zone(0), Zone(1), Zone(4), Zone(5));
    assert_eq!(state.game.zone_of(mage), Some(a1));
    let first = Border::between(&arena, a1, b1).expect("a border");
    let second = Border::between(&arena, b1, b2).expect("a border");
    let legal = MageWarsGame.legal_actions(&state, one);
    let cast_on = |extend| Play::Cast {
        spell: wall,
        target: SpellTarget::Border {
            border: first,
            extend,
        },
        quickcast: false,
    };
    assert!(legal.contains(&cast_on(None)));
    assert!(legal.contains(&cast_on(Some(second))));
    // A wall goes on a border, never into a zone; a border out of range is not offered.
    assert!(!legal.iter().any(|play| matches!(
        play,
        Play::Cast {
            target: SpellTarget::Zone(_),
            ..
        }
    )));
    let far = Border::between(&arena, Zone(2), Zone(3)).expect("a border");
    assert!(!legal.contains(&Play::Cast {
        spell: wall,
        target: SpellTarget::Border {
            border: far,
            extend: None
        },
        quickcast: false,
    }));
    // Extendable: 7 for the spell, then the wall's cost plus its Level (7 + 2) for the second.
    apply(&mut state, cast_on(Some(second)));
    assert_eq!(state.game.mana_of(one), 30 - 7 - 9);
    assert_eq!(state.seats[0].spellbook[wall].1, 0);
    for border in [first, second] {
        let on = grimoire_mage_wars::rules::walls::walls_on(&state.game, border);
        assert_eq!(on.len(), 1, "one wall on {}", border.name(&arena));
    }
    // Passage Blocked: a creature cannot move east through the wall, but south is open.
    use grimoire_mage_wars::rules::movement::check_move;
    let error = check_move(&state, mage, 0, false, b1).unwrap_err();
    assert!(error.to_string().contains("Passage Blocked"), "{error}");
    assert!(check_move(&state, mage, 0, false, a2).is_ok());
}

#[test]
fn a_casting_discount_lowers_a_matching_reveal_cost_once_a_round() {
    use grimoire_mage_wars::rules::cast::check_reveal;
    use grimoire_mage_wars::rules::Marker;
    use grimoire_mage_wars::CardId;
    let warlock = Spellbook::from_names("Warlock", [("Agony", 1)], Catalog::compiled())
        .expect("the spellbook's cards are known");
    let mut state = set_up_against_the_beastmaster(warlock);
    let one = PlayerId(1);
    let mage = state.seats[0].mage;
    let agony = spell(&state, one, "Agony");
    apply(&mut state, Play::Plan(agony));
    apply(&mut state, Play::Pass);
    apply(&mut state, Play::Pass);
    apply(&mut state, Play::Activate(mage));
    apply(
        &mut state,
        Play::Cast {
            spell: agony,
            target: SpellTarget::Object(mage),
            quickcast: false,
        },
    );
    let hidden = *state.hidden.last().expect("Agony is face down");
    // Agony's reveal cost is 3; a worn Ring of Curses takes 1 off a curse once a round.
    assert_eq!(check_reveal(&state, one, hidden).unwrap(), 3);
    let zone = state.game.zone_of(mage).expect("in play");
    let ring = state.game.add_card(CardId::RingOfCurses, one, zone);
    state.sources.push(CardId::RingOfCurses.card());
    state.game.attach(ring, mage);
    assert_eq!(check_reveal(&state, one, hidden).unwrap(), 2);
    let marker = |state: &Match| {
        state
            .game
            .store
            .get(ring)
            .map_or(0, |o| o.marker_count(&Marker::DiscountUsed))
    };
    assert_eq!(marker(&state), 0);
    // A use spent this round: full price.
    state.game.set_markers(ring, Marker::DiscountUsed, 1);
    assert_eq!(check_reveal(&state, one, hidden).unwrap(), 3);
    // Revealing with the use left pays 2 and spends it.
    state.game.set_markers(ring, Marker::DiscountUsed, 0);
    let mana = state.game.mana_of(one);
    let mut dice = ScriptedDice::new();
    let mut events = Vec::new();
    grimoire_mage_wars::rules::cast::reveal(&mut state, one, hidden, &mut dice, &mut events)
        .expect("Agony is revealed");
    assert_eq!(state.game.mana_of(one), mana - 2);
    assert_eq!(marker(&state), 1);
}

#[test]
fn a_zone_enchantment_is_cast_face_down_on_a_zone_and_its_aura_acts_once_revealed() {
    use grimoire_mage_wars::rules::abilities::refresh_auras;
    use grimoire_mage_wars::rules::cast::{check_reveal, reveal};
    use grimoire_mage_wars::Trait;
    let priestess = Spellbook::from_names("Priestess", [("Sacred Ground", 1)], Catalog::compiled())
        .expect("the spellbook's cards are known");
    let mut state = set_up_against_the_beastmaster(priestess);
    let one = PlayerId(1);
    let mage = state.seats[0].mage;
    let ground = spell(&state, one, "Sacred Ground");
    apply(&mut state, Play::Plan(ground));
    apply(&mut state, Play::Pass);
    apply(&mut state, Play::Pass);
    apply(&mut state, Play::Activate(mage));
    let zone = state.game.zone_of(mage).expect("in play");
    let cast = Play::Cast {
        spell: ground,
        target: SpellTarget::Zone(zone),
        quickcast: false,
    };
    apply(&mut state, cast);
    let hidden = *state.hidden.last().expect("face down");
    assert_eq!(state.game.zone_of(hidden), Some(zone));
    assert!(!state.game.has_trait(mage, Trait::Aegis(1)));
    // Revealed for its reveal cost (4), it gives the friendly Living Mage in its zone Aegis 1.
    assert_eq!(check_reveal(&state, one, hidden).unwrap(), 4);
    state.game.set_mana(one, 10);
    let (mut dice, mut events) = (ScriptedDice::new(), Vec::new());
    reveal(&mut state, one, hidden, &mut dice, &mut events).expect("revealed");
    refresh_auras(&mut state.game, &state.hidden);
    assert_eq!(state.game.mana_of(one), 6);
    assert!(state.game.has_trait(mage, Trait::Aegis(1)));
}

#[test]
fn a_spawnpoint_summons_in_the_deployment_phase_paying_from_its_own_mana_first() {
    use grimoire_mage_wars::rules::Marker;
    use grimoire_mage_wars::CardId;
    let beastmaster = Spellbook::from_names(
        "Beastmaster",
        [("Timber Wolf", 1), ("Bear Strength", 1)],
        Catalog::compiled(),
    )
    .expect("the spellbook's cards are known");
    let mut state = set_up_against_the_beastmaster(beastmaster);
    let one = PlayerId(1);
    let mage = state.seats[0].mage;
    let zone = state.game.zone_of(mage).expect("in play");
    let lair = state.game.add_card(CardId::Lair, one, zone);
    state.sources.push(CardId::Lair.card());
    state.game.set_markers(lair, Marker::Mana, 2);
    let (wolf, strength) = (
        spell(&state, one, "Timber Wolf"),
        spell(&state, one, "Bear Strength"),
    );
    // Lair summons animal creatures only: an enchantment is not planned for it.
    let refused = Play::PlanFor {
        caster: lair,
        spell: strength,
    };
    assert!(!MageWarsGame.legal_actions(&state, one).contains(&refused));
    apply(
        &mut state,
        Play::PlanFor {
            caster: lair,
            spell: wolf,
        },
    );
    // The Mage's spells are still to plan; the player ends planning, then player 2 does.
    apply(&mut state, Play::Pass);
    apply(&mut state, Play::Pass);
    assert_eq!(state.step, Step::Deployment { player: one });
    let legal = MageWarsGame.legal_actions(&state, one);
    let here = Play::CastBy {
        caster: lair,
        target: SpellTarget::Zone(zone),
    };
    assert!(legal.contains(&here), "{legal:?}");
    // Lair's Mage casts nothing in the Deployment Phase.
    assert!(!legal.iter().any(|a| matches!(a, Play::Cast { .. })));
    let mana = state.game.mana_of(one);
    apply(&mut state, here);
    let summoned = state
        .game
        .store
        .iter()
        .filter(|o| o.in_play && o.controller == one && state.name(o.id) == "Timber Wolf")
        .count();
    assert_eq!(summoned, 1);
    // Timber Wolf costs 9: the 2 mana on Lair first, then 7 from the pool.
    assert_eq!(
        state
            .game
            .store
            .get(lair)
            .map(|o| o.marker_count(&Marker::Mana)),
        Some(0)
    );
    assert_eq!(state.game.mana_of(one), mana - 7);
    // Nothing more to deploy: passing starts the Action Stage.
    apply(&mut state, Play::Pass);
    assert!(matches!(state.step, Step::Activation { .. }));
}

#[test]
fn a_familiar_casts_its_planned_spell_with_its_own_action_and_channels_onto_itself() {
    use grimoire_mage_wars::rules::phases::channeling_phase;
    use grimoire_mage_wars::rules::Marker;
    use grimoire_mage_wars::CardId;
    let warlock = Spellbook::from_names(
        "Warlock",
        [("Agony", 1), ("Minor Heal", 1)],
        Catalog::compiled(),
    )
    .expect("the spellbook's cards are known");
    let mut state = set_up_against_the_beastmaster(warlock);
    let one = PlayerId(1);
    let mage = state.seats[0].mage;
    let zone = state.game.zone_of(mage).expect("in play");
    let imp = state.game.add_card(CardId::SersiryxImpFamiliar, one, zone);
    state.sources.push(CardId::SersiryxImpFamiliar.card());
    state.ready.push(imp);
    // Its Channeling 1 goes onto it, not into the pool.
    let pool = state.game.mana_of(one);
    channeling_phase(&mut state.game);
    let on_imp = |state: &Match| {
        state
            .game
            .store
            .get(imp)
            .map_or(0, |o| o.marker_count(&Marker::Mana))
    };
    assert_eq!(on_imp(&state), 1);
    let channeled = state.game.mana_of(one) - pool;
    assert_eq!(channeled, state.game.channeling(mage));
    let (agony, heal) = (
        spell(&state, one, "Agony"),
        spell(&state, one, "Minor Heal"),
    );
    // Sersiryx casts curses (and fire attacks) only.
    let not_a_curse = Play::PlanFor {
        caster: imp,
        spell: heal,
    };
    assert!(!MageWarsGame
        .legal_actions(&state, one)
        .contains(&not_a_curse));
    apply(
        &mut state,
        Play::PlanFor {
            caster: imp,
            spell: agony,
        },
    );
    apply(&mut state, Play::Pass);
    apply(&mut state, Play::Pass);
    // No spawnpoint spell: straight to the Action Stage.
    assert_eq!(state.step, Step::Activation { player: one });
    apply(&mut state, Play::Activate(imp));
    let cast = Play::CastBy {
        caster: imp,
        target: SpellTarget::Object(mage),
    };
    apply(&mut state, cast);
    assert!(state.hidden.iter().any(|&e| state.name(e) == "Agony"));
    assert_eq!(on_imp(&state), 0, "its own mana paid first");
}
