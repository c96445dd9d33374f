//! Why the rules refuse an action, as data: object and player ids, card kinds, numbers and
//! the names objects go by. Only `Display` words them (issue 17: errors typed, rendered only
//! by Display), so checks tried many times (listing legal actions) build no text. Each
//! refusal names the rule it enforces, as the message does.
//!
//! The refusals are grouped by what is asked: the game's course and set-up ([`GameRefusal`]),
//! priority and timing ([`TimingRefusal`]), playing cards and placing resources
//! ([`PlayRefusal`]), payment powers ([`PowerRefusal`]) and combat ([`CombatRefusal`]).

use std::fmt;
use std::sync::Arc;

use grimoire_engine::{ObjectId, PlayerId};

use super::card::Kind;
use super::state::RulesError;

/// An action the rules refuse, by group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The game's course: its end, mulligans, set-up, turns.
    Game(GameRefusal),
    /// Priority and timing (407).
    Timing(TimingRefusal),
    /// Playing cards and placing resources (406, 408).
    Play(PlayRefusal),
    /// Payment powers (701).
    Power(PowerRefusal),
    /// Combat (601, 602) and weapon strikes (303.2).
    Combat(CombatRefusal),
}

grimoire_engine::refusal_groups!(Refusal => RulesError {
    Game(GameRefusal),
    Timing(TimingRefusal),
    Play(PlayRefusal),
    Power(PowerRefusal),
    Combat(CombatRefusal),
});

/// An object with the name choices and events give it: the scenario's id, else its card's
/// name (shared with the game, not copied); `#` and its number when the game has no name
/// for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Named {
    /// The object.
    pub id: ObjectId,
    /// Its name, if the game has one.
    pub name: Option<Arc<str>>,
}

impl fmt::Display for Named {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.name {
            Some(name) => f.write_str(name),
            None => write!(f, "#{}", self.id.0),
        }
    }
}

/// The game's course: its end (102), mulligans (101.2), set-up (101.1) and turns (500-503).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameRefusal {
    /// 102: once a player has won or the game is drawn, nothing more happens.
    Over,
    /// 101.2: every mulligan is decided before the first turn starts.
    MulliganPending(PlayerId),
    /// 101.2: players decide on mulligans in turn order.
    MulliganOutOfTurn(PlayerId),
    /// 101.2: a mulligan is decided only before the first turn.
    MulliganOver,
    /// 101.1: the game starts once.
    AlreadyStarted,
    /// 500.1: a turn starts after the previous one ended, with the chain empty and no combat.
    TurnStartBusy,
    /// 503.2a: a turn ends in its wrap-up step, with the chain empty and no combat.
    TurnEndBusy,
    /// 102.2: a player who lost is removed from the game and takes no turns.
    NotInGame(PlayerId),
    /// 101.1: each player needs a deck.
    Decks {
        /// Decks the game needs.
        needed: usize,
        /// Decks given.
        got: usize,
    },
    /// 101.1: a random method decides who chooses the first player; the set-up roll is
    /// rerolled while it ties, up to this many times.
    RollOffTied {
        /// Roll-offs made.
        times: usize,
    },
}

impl fmt::Display for GameRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameRefusal::Over => f.write_str("the game is over (102)"),
            GameRefusal::MulliganPending(p) => write!(
                f,
                "player {} decides on a mulligan before the first turn starts (101.2)",
                p.0
            ),
            GameRefusal::MulliganOutOfTurn(p) => {
                write!(f, "player {} decides on a mulligan first (101.2)", p.0)
            }
            GameRefusal::MulliganOver => {
                f.write_str("a mulligan is decided only before the first turn (101.2)")
            }
            GameRefusal::AlreadyStarted => f.write_str("the game has already started"),
            GameRefusal::TurnStartBusy => {
                f.write_str("a turn starts only with the chain empty and no combat")
            }
            GameRefusal::TurnEndBusy => {
                f.write_str("the turn ends only with the chain empty and no combat")
            }
            GameRefusal::NotInGame(p) => write!(f, "player {} is not in the game", p.0),
            GameRefusal::Decks { needed, got } => {
                write!(f, "a game needs {needed} decks, got {got}")
            }
            GameRefusal::RollOffTied { times } => {
                write!(f, "the set-up roll tied {times} times")
            }
        }
    }
}

/// What only the turn player does in its non-combat action phase with the chain empty
/// (407.2b).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MainAction {
    /// Playing a card without the instant ability (406.1).
    PlayCard,
    /// Placing a resource (408.1).
    PlaceResource,
    /// Proposing a combat (601.1).
    ProposeCombat,
}

impl fmt::Display for MainAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MainAction::PlayCard => "a non-instant card can be played",
            MainAction::PlaceResource => "a resource can be placed",
            MainAction::ProposeCombat => "a combat can be proposed",
        })
    }
}

/// Priority and timing (407).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimingRefusal {
    /// 407.1, 102: nobody holds priority once the game is over.
    GameOver,
    /// 407.1: only the player with priority acts.
    NoPriority {
        /// The player asking.
        player: PlayerId,
        /// The player holding priority.
        holder: PlayerId,
    },
    /// 407.2b: this is done only in the turn player's non-combat action phase with the chain
    /// empty.
    NotMainTiming(MainAction),
}

impl fmt::Display for TimingRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimingRefusal::GameOver => f.write_str("the game is over"),
            TimingRefusal::NoPriority { player, holder } => write!(
                f,
                "player {} does not have priority (player {} has, 407.1)",
                player.0, holder.0
            ),
            TimingRefusal::NotMainTiming(what) => write!(
                f,
                "{what} only in your non-combat action phase with the chain empty (407.2b)"
            ),
        }
    }
}

/// Playing cards from hand (406), placing resources (408) and paying costs (707.2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayRefusal {
    /// 406.1: a card is played from its player's hand.
    NotInHandToPlay {
        /// The card.
        card: Named,
        /// The player playing it.
        player: PlayerId,
    },
    /// 406.2, 307.1: quests are only placed as resources.
    QuestNotPlayed(Named),
    /// Cards of other kinds (heroes, locations) are not played from hand by this engine.
    KindNotPlayed {
        /// The card.
        card: Named,
        /// Its kind.
        kind: Kind,
    },
    /// 706.1, 707.2: an ability needs as many different legal targets as it names.
    NotEnoughTargets {
        /// The card.
        card: Named,
        /// Different targets it needs.
        needed: usize,
    },
    /// 408.2, 707.2: a cost is paid by exhausting ready resources, or the action is rewound.
    CannotPay {
        /// The paying player.
        player: PlayerId,
        /// The cost.
        cost: u32,
        /// The player's ready resources.
        ready: usize,
    },
    /// 408.1: a resource is placed from its player's hand.
    NotInHandToPlace {
        /// The card.
        card: Named,
        /// The player placing it.
        player: PlayerId,
    },
    /// 408.1: one resource a turn.
    ResourcePlaced(PlayerId),
    /// 408.1b: only quests may be placed face up.
    NotAQuest(Named),
}

impl fmt::Display for PlayRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayRefusal::NotInHandToPlay { card, player } => {
                write!(f, "{card} is not in player {}'s hand (406.1)", player.0)
            }
            PlayRefusal::QuestNotPlayed(card) => write!(
                f,
                "{card} can't be played: quests are only placed as resources (406.2, 307.1)"
            ),
            PlayRefusal::KindNotPlayed { card, kind } => write!(
                f,
                "{card} is a {kind:?} card, which this engine does not play from hand"
            ),
            PlayRefusal::NotEnoughTargets { card, needed } => write!(
                f,
                "{card} needs {needed} different targets and there are not enough legal ones \
                 (706.1, 707.2)"
            ),
            PlayRefusal::CannotPay {
                player,
                cost,
                ready,
            } => write!(
                f,
                "player {} cannot pay ({cost}): only {ready} ready resource(s) (408.2, 707.2: \
                 the action is rewound)",
                player.0
            ),
            PlayRefusal::NotInHandToPlace { card, player } => {
                write!(f, "{card} is not in player {}'s hand (408.1)", player.0)
            }
            PlayRefusal::ResourcePlaced(player) => write!(
                f,
                "player {} already placed a resource this turn (408.1)",
                player.0
            ),
            PlayRefusal::NotAQuest(card) => write!(
                f,
                "{card} is not a quest: only quests may be placed face up (408.1b)"
            ),
        }
    }
}

/// Payment powers (701) and their costs (707.2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PowerRefusal {
    /// 701.2: only the controller of a card in play uses its powers.
    NotControlled {
        /// The card.
        card: Named,
        /// The player asking.
        player: PlayerId,
    },
    /// The card has no payment power of that number.
    NoPowerNumber {
        /// The card.
        card: Named,
        /// Its payment powers.
        powers: usize,
        /// The number asked for (from 1).
        number: usize,
    },
    /// The effect asked for is no payment power.
    NotAPaymentPower,
    /// 103.3, 707.2: a card that can't be destroyed can't pay a cost of destroying it.
    Indestructible(Named),
    /// The power says it is used only on its controller's turn.
    OwnTurnOnly(Named),
    /// 702.3: a quest is completed only while it is a face-up resource of its controller
    /// (once completed it is face down).
    NotAFaceUpQuest(Named),
    /// 301.2: a face-down hero has lost its printed payment power.
    FaceDown(Named),
    /// 701.5: a once-per-turn power was used this turn.
    OncePerTurn(Named),
    /// 701.3: an exhausted card can't pay an [Activate] cost.
    Exhausted(Named),
    /// 302.2, 701.3: an ally's activated powers wait until it has been in the party since the
    /// turn began.
    JoinedThisTurn(Named),
    /// 707.2: "Exhaust your hero" is paid only with a ready hero.
    HeroExhausted(Named),
    /// 706.1, 707.2: a power that needs a target has a legal one.
    NoTarget(Named),
}

impl fmt::Display for PowerRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PowerRefusal::NotControlled { card, player } => write!(
                f,
                "{card} is not a card in play player {} controls (701.2)",
                player.0
            ),
            PowerRefusal::NoPowerNumber {
                card,
                powers,
                number,
            } => write!(
                f,
                "{card} has {powers} payment power(s); there is no power number {number}"
            ),
            PowerRefusal::NotAPaymentPower => f.write_str("not a payment power"),
            PowerRefusal::Indestructible(card) => write!(
                f,
                "{card} can't be destroyed, so it can't pay a cost of destroying it (103.3, 707.2)"
            ),
            PowerRefusal::OwnTurnOnly(card) => write!(
                f,
                "{card}'s power can be used only on its controller's turn"
            ),
            PowerRefusal::FaceDown(card) => write!(
                f,
                "{card} is face down and has lost its printed payment power (301.2)"
            ),
            PowerRefusal::NotAFaceUpQuest(card) => write!(
                f,
                "{card} is completed only while it is a face-up quest in its controller's \
                 resource row (702.3)"
            ),
            PowerRefusal::OncePerTurn(card) => write!(
                f,
                "{card}'s power can be used only once per turn and was used this turn (701.5)"
            ),
            PowerRefusal::Exhausted(card) => {
                write!(f, "{card} is exhausted and can't be activated (701.3)")
            }
            PowerRefusal::JoinedThisTurn(card) => write!(
                f,
                "{card} joined the party this turn: its activated powers wait (302.2, 701.3)"
            ),
            PowerRefusal::HeroExhausted(card) => write!(
                f,
                "the power of {card} costs exhausting your hero, which is not ready (707.2)"
            ),
            PowerRefusal::NoTarget(card) => write!(
                f,
                "{card}'s power needs a target and there is no legal one (706.1, 707.2)"
            ),
        }
    }
}

/// Proposing a combat (601.2) and striking with weapons (303.2, 602.4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CombatRefusal {
    /// 601.2: attacker and defender are characters in play.
    NotCharacterInPlay(Named),
    /// 601.2b: a character can't attack itself.
    AttacksItself,
    /// 601.2: the attacker is in the turn player's party.
    NotTurnPlayers(Named),
    /// 306.4: a Totem can't attack.
    Totem(Named),
    /// 601.2a: an exhausted character can't attack.
    AttackerExhausted(Named),
    /// 601.2a, 302.2: an ally that joined the party this turn attacks only with ferocity.
    NoFerocity(Named),
    /// 601.2b: the defender is controlled by an opponent.
    NotOpponents(Named),
    /// 601.2b: an elusive character can't be proposed as a defender.
    Elusive(Named),
    /// 601.2a: a modifier says the attacker can't attack the proposed defender.
    CannotAttack {
        /// The proposed attacker.
        attacker: Named,
        /// The proposed defender.
        defender: Named,
    },
    /// 602.4: weapons strike only during a combat's defend window.
    NoCombat,
    /// 602.4: weapons strike only while a defend window is open.
    NoDefendWindow,
    /// 602.4: the striking player's hero is in combat.
    HeroNotInCombat(PlayerId),
    /// 303.2: a player strikes with a weapon in play it controls.
    NotOwnWeapon {
        /// The weapon.
        weapon: Named,
        /// The player striking.
        player: PlayerId,
    },
    /// 303.2: an exhausted weapon can't strike.
    WeaponExhausted(Named),
    /// 303.2c: one weapon per combat (two Melee weapons with dual wield, 303.2d).
    AlreadyStruck(PlayerId),
}

impl fmt::Display for CombatRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CombatRefusal::NotCharacterInPlay(c) => {
                write!(f, "{c} is not a character in play (601.2)")
            }
            CombatRefusal::AttacksItself => f.write_str("a character can't attack itself (601.2b)"),
            CombatRefusal::NotTurnPlayers(c) => {
                write!(f, "{c} is not in the turn player's party (601.2)")
            }
            CombatRefusal::Totem(c) => write!(f, "{c} is a Totem and can't attack (306.4)"),
            CombatRefusal::AttackerExhausted(c) => write!(f, "{c} is exhausted (601.2a)"),
            CombatRefusal::NoFerocity(c) => write!(
                f,
                "{c} joined the party this turn and has no ferocity (601.2a, 302.2)"
            ),
            CombatRefusal::NotOpponents(c) => {
                write!(f, "{c} is not controlled by an opponent (601.2b)")
            }
            CombatRefusal::Elusive(c) => write!(
                f,
                "{c} is elusive and can't be proposed as a defender (601.2b)"
            ),
            CombatRefusal::CannotAttack { attacker, defender } => {
                write!(f, "{attacker} can't attack {defender} (601.2a)")
            }
            CombatRefusal::NoCombat => {
                f.write_str("weapons strike only during a combat's defend window (602.4)")
            }
            CombatRefusal::NoDefendWindow => {
                f.write_str("weapons strike only while a defend window is open (602.4)")
            }
            CombatRefusal::HeroNotInCombat(p) => {
                write!(f, "player {}'s hero is not in combat (602.4)", p.0)
            }
            CombatRefusal::NotOwnWeapon { weapon, player } => {
                write!(f, "{weapon} is not a weapon player {} controls", player.0)
            }
            CombatRefusal::WeaponExhausted(w) => write!(f, "{w} is exhausted (303.2)"),
            CombatRefusal::AlreadyStruck(p) => write!(
                f,
                "player {} already struck with another weapon this combat (303.2c)",
                p.0
            ),
        }
    }
}
