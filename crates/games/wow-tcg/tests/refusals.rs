//! The words of every refusal: typed refusals render exactly the messages the rules gave when
//! they were built as text (scenarios match them as substrings).

use std::sync::Arc;

use grimoire_engine::{ObjectId, PlayerId};

use grimoire_wow_tcg::rules::{
    CombatRefusal, GameRefusal, Kind, MainAction, Named, PlayRefusal, PowerRefusal, RulesError,
    TimingRefusal,
};

fn words(refusal: impl Into<RulesError>) -> String {
    refusal.into().to_string()
}

fn named(name: &str) -> Named {
    Named {
        id: ObjectId(4),
        name: Some(Arc::from(name)),
    }
}

#[test]
fn game_and_timing_refusals_keep_their_words() {
    let (p, q) = (PlayerId(1), PlayerId(2));
    let cases = [
        (words(GameRefusal::Over), "the game is over (102)"),
        (
            words(GameRefusal::MulliganPending(q)),
            "player 2 decides on a mulligan before the first turn starts (101.2)",
        ),
        (
            words(GameRefusal::MulliganOutOfTurn(p)),
            "player 1 decides on a mulligan first (101.2)",
        ),
        (
            words(GameRefusal::MulliganOver),
            "a mulligan is decided only before the first turn (101.2)",
        ),
        (
            words(GameRefusal::AlreadyStarted),
            "the game has already started",
        ),
        (
            words(GameRefusal::TurnStartBusy),
            "a turn starts only with the chain empty and no combat",
        ),
        (
            words(GameRefusal::TurnEndBusy),
            "the turn ends only with the chain empty and no combat",
        ),
        (
            words(GameRefusal::NotInGame(q)),
            "player 2 is not in the game",
        ),
        (
            words(GameRefusal::Decks { needed: 2, got: 3 }),
            "a game needs 2 decks, got 3",
        ),
        (
            words(GameRefusal::RollOffTied { times: 100 }),
            "the set-up roll tied 100 times",
        ),
        (words(TimingRefusal::GameOver), "the game is over"),
        (
            words(TimingRefusal::NoPriority {
                player: p,
                holder: q,
            }),
            "player 1 does not have priority (player 2 has, 407.1)",
        ),
        (
            words(TimingRefusal::NotMainTiming(MainAction::PlayCard)),
            "a non-instant card can be played only in your non-combat action phase with the \
             chain empty (407.2b)",
        ),
        (
            words(TimingRefusal::NotMainTiming(MainAction::PlaceResource)),
            "a resource can be placed only in your non-combat action phase with the chain empty \
             (407.2b)",
        ),
        (
            words(TimingRefusal::NotMainTiming(MainAction::ProposeCombat)),
            "a combat can be proposed only in your non-combat action phase with the chain empty \
             (407.2b)",
        ),
    ];
    for (got, want) in cases {
        assert_eq!(got, want);
    }
}

#[test]
fn play_and_power_refusals_keep_their_words() {
    let p = PlayerId(2);
    let card = || named("ally-1");
    let cases = [
        (
            words(PlayRefusal::NotInHandToPlay {
                card: card(),
                player: p,
            }),
            "ally-1 is not in player 2's hand (406.1)".to_string(),
        ),
        (
            words(PlayRefusal::QuestNotPlayed(card())),
            "ally-1 can't be played: quests are only placed as resources (406.2, 307.1)".into(),
        ),
        (
            words(PlayRefusal::KindNotPlayed {
                card: card(),
                kind: Kind::Hero,
            }),
            format!(
                "ally-1 is a {:?} card, which this engine does not play from hand",
                Kind::Hero
            ),
        ),
        (
            words(PlayRefusal::NotEnoughTargets {
                card: card(),
                needed: 2,
            }),
            "ally-1 needs 2 different targets and there are not enough legal ones (706.1, 707.2)"
                .into(),
        ),
        (
            words(PlayRefusal::CannotPay {
                player: p,
                cost: 3,
                ready: 1,
            }),
            "player 2 cannot pay (3): only 1 ready resource(s) (408.2, 707.2: the action is \
             rewound)"
                .into(),
        ),
        (
            words(PlayRefusal::NotInHandToPlace {
                card: card(),
                player: p,
            }),
            "ally-1 is not in player 2's hand (408.1)".into(),
        ),
        (
            words(PlayRefusal::ResourcePlaced(p)),
            "player 2 already placed a resource this turn (408.1)".into(),
        ),
        (
            words(PlayRefusal::NotAQuest(card())),
            "ally-1 is not a quest: only quests may be placed face up (408.1b)".into(),
        ),
        (
            words(PowerRefusal::NotControlled {
                card: card(),
                player: p,
            }),
            "ally-1 is not a card in play player 2 controls (701.2)".into(),
        ),
        (
            words(PowerRefusal::NoPowerNumber {
                card: card(),
                powers: 1,
                number: 2,
            }),
            "ally-1 has 1 payment power(s); there is no power number 2".into(),
        ),
        (
            words(PowerRefusal::NotAPaymentPower),
            "not a payment power".into(),
        ),
        (
            words(PowerRefusal::Indestructible(card())),
            "ally-1 can't be destroyed, so it can't pay a cost of destroying it (103.3, 707.2)"
                .into(),
        ),
        (
            words(PowerRefusal::OwnTurnOnly(card())),
            "ally-1's power can be used only on its controller's turn".into(),
        ),
        (
            words(PowerRefusal::OncePerTurn(card())),
            "ally-1's power can be used only once per turn and was used this turn (701.5)".into(),
        ),
        (
            words(PowerRefusal::Exhausted(card())),
            "ally-1 is exhausted and can't be activated (701.3)".into(),
        ),
        (
            words(PowerRefusal::JoinedThisTurn(card())),
            "ally-1 joined the party this turn: its activated powers wait (302.2, 701.3)".into(),
        ),
        (
            words(PowerRefusal::NoTarget(card())),
            "ally-1's power needs a target and there is no legal one (706.1, 707.2)".into(),
        ),
    ];
    for (got, want) in cases {
        assert_eq!(got, want);
    }
}

#[test]
fn combat_refusals_keep_their_words() {
    let p = PlayerId(1);
    let c = || named("Hogger");
    let cases = [
        (
            words(CombatRefusal::NotCharacterInPlay(c())),
            "Hogger is not a character in play (601.2)",
        ),
        (
            words(CombatRefusal::AttacksItself),
            "a character can't attack itself (601.2b)",
        ),
        (
            words(CombatRefusal::NotTurnPlayers(c())),
            "Hogger is not in the turn player's party (601.2)",
        ),
        (
            words(CombatRefusal::Totem(c())),
            "Hogger is a Totem and can't attack (306.4)",
        ),
        (
            words(CombatRefusal::AttackerExhausted(c())),
            "Hogger is exhausted (601.2a)",
        ),
        (
            words(CombatRefusal::NoFerocity(c())),
            "Hogger joined the party this turn and has no ferocity (601.2a, 302.2)",
        ),
        (
            words(CombatRefusal::NotOpponents(c())),
            "Hogger is not controlled by an opponent (601.2b)",
        ),
        (
            words(CombatRefusal::Elusive(c())),
            "Hogger is elusive and can't be proposed as a defender (601.2b)",
        ),
        (
            words(CombatRefusal::NoCombat),
            "weapons strike only during a combat's defend window (602.4)",
        ),
        (
            words(CombatRefusal::NoDefendWindow),
            "weapons strike only while a defend window is open (602.4)",
        ),
        (
            words(CombatRefusal::HeroNotInCombat(p)),
            "player 1's hero is not in combat (602.4)",
        ),
        (
            words(CombatRefusal::NotOwnWeapon {
                weapon: c(),
                player: p,
            }),
            "Hogger is not a weapon player 1 controls",
        ),
        (
            words(CombatRefusal::WeaponExhausted(c())),
            "Hogger is exhausted (303.2)",
        ),
        (
            words(CombatRefusal::AlreadyStruck(p)),
            "player 1 already struck with another weapon this combat (303.2c)",
        ),
        (
            words(CombatRefusal::Elusive(Named {
                id: ObjectId(12),
                name: None,
            })),
            "#12 is elusive and can't be proposed as a defender (601.2b)",
        ),
    ];
    for (got, want) in cases {
        assert_eq!(got, want);
    }
}
