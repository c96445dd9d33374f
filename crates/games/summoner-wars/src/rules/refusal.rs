//! Why the rules refuse an action: one variant per rule, carrying ids, squares, phases,
//! numbers and the card or ability names a message prints. Only `Display` turns a refusal
//! into words.

use std::fmt;

use grimoire_engine::{Board, ObjectId, PlayerId, Square};

use super::content::{Phase, Requirement};
use super::state::grid;

/// A card as a refusal names it: its name and, while it is on the battlefield, its square
/// (what `Game::describe` prints); an id that names no card prints as `object N`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Named {
    /// The card's id.
    pub id: ObjectId,
    /// Its name, when the id is a card of the game.
    pub name: Option<&'static str>,
    /// Its square, when it is on the battlefield.
    pub at: Option<Square>,
}

impl fmt::Display for Named {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.name, self.at) {
            (Some(name), Some(at)) => write!(f, "{name} at {}", grid().position_name(&at)),
            (Some(name), None) => f.write_str(name),
            (None, _) => write!(f, "object {}", self.id.0),
        }
    }
}

/// A square, printed by its position name (`c4`).
struct Spot(Square);

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&grid().position_name(&self.0))
    }
}

/// An action the rules refuse, and the rule it breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Winning the game: once a summoner is destroyed nothing more is played.
    GameOver {
        /// The player who won.
        winner: PlayerId,
    },
    /// The end of the turn (FAQ, Renewed Hope): only triggered effects and Renewed Hope's
    /// summoning happen then.
    EndOfTurn,
    /// Activated abilities: only a unit the active player controls on the battlefield uses one.
    NotOwnUnit {
        /// The card asked to use an ability.
        unit: Named,
    },
    /// Activated abilities: the unit must have the ability now.
    NoSuchAbility {
        /// The unit.
        unit: Named,
        /// The ability's name as the action gave it (a player's input, printed quoted).
        asked: String,
    },
    /// Activated abilities: only an `Activated` ability with a handler is used by a player.
    NotActivated {
        /// The ability's name.
        ability: &'static str,
    },
    /// Setting up: a game is played with two decks.
    DeckCount {
        /// How many decks were given.
        decks: usize,
    },
    /// Setting up: a deck's layout puts one card on each square.
    LayoutTwice {
        /// The square.
        at: Square,
        /// The card already there.
        other: Named,
    },
    /// Setting up: a layout places only cards the deck holds.
    LayoutExtra {
        /// The card's name.
        card: &'static str,
    },
    /// Setting up: a layout places the player's summoner.
    LayoutNoSummoner {
        /// The player.
        player: PlayerId,
    },
    /// Instant operations (`pick: one`): there must be a card to pick.
    NothingToPick {
        /// The ability's name.
        ability: &'static str,
    },
    /// Instant operations with a magic cost per card: the player pays it.
    Costs {
        /// The magic it costs.
        magic: u32,
    },
    /// Healing (`heal` with a champion cost): healing a champion costs magic.
    HealChampionCosts {
        /// The magic it costs.
        magic: u32,
    },
    /// An ability with a phase is used only in that phase.
    AbilityPhase {
        /// The ability's name.
        ability: &'static str,
        /// Its phase.
        phase: Phase,
    },
    /// An ability used once per turn.
    UsedThisTurn {
        /// The ability's name.
        ability: &'static str,
    },
    /// An ability used a number of times per turn.
    UsedTimes {
        /// The ability's name.
        ability: &'static str,
        /// How many times per turn it may be used.
        times: u8,
    },
    /// A card or ability with a requirement is used or played only while it holds.
    Needs {
        /// The card's or ability's name.
        what: &'static str,
        /// The requirement.
        requirement: Requirement,
    },
    /// An ability used instead of moving is used in the Move Phase.
    InsteadOfMoving {
        /// The ability's name.
        ability: &'static str,
    },
    /// An ability used instead of attacking is used in the Attack Phase.
    InsteadOfAttacking {
        /// The ability's name.
        ability: &'static str,
    },
    /// The Attack Phase: a unit is chosen to attack once per phase.
    AlreadyAttacked {
        /// The unit.
        unit: Named,
    },
    /// The Attack Phase: only so many units are chosen to attack.
    AttackersChosen {
        /// How many may be chosen.
        allowed: u32,
    },
    /// An ability with a magic cost: its controller pays it.
    AbilityCosts {
        /// The ability's name.
        ability: &'static str,
        /// The cost printed on the ability.
        magic: u8,
    },
    /// Summoning, building and playing events: the card comes from the active player's hand.
    NotInHand {
        /// The card's name.
        card: &'static str,
    },
    /// Summoning, building and playing events: the player pays the card's cost.
    CannotPay {
        /// The card's name.
        card: &'static str,
        /// Its cost.
        cost: u32,
        /// The paying player.
        player: PlayerId,
        /// The magic they have.
        magic: u32,
    },
    /// Summoning and building: the square must be empty.
    Taken {
        /// The square.
        at: Square,
        /// The card on it.
        other: Named,
    },
    /// The Summon Phase: units are summoned then (or with Renewed Hope).
    SummonPhase {
        /// The card's name.
        card: &'static str,
    },
    /// Summoning: only units are summoned.
    NotSummonable {
        /// The card's name.
        card: &'static str,
    },
    /// Summoning: a unit is summoned next to a gate its player controls (or where an ability
    /// allows).
    NoGate {
        /// The square.
        at: Square,
        /// The summoning player.
        player: PlayerId,
    },
    /// The Build Phase: structures are built then.
    BuildPhase {
        /// The card's name.
        card: &'static str,
    },
    /// Building: only structures are built.
    NotStructure {
        /// The card's name.
        card: &'static str,
    },
    /// Building: a structure goes in the player's back rows or next to their summoner.
    BuildWhere {
        /// The square.
        at: Square,
        /// The building player.
        player: PlayerId,
    },
    /// Playing events: only events are played.
    NotEvent {
        /// The card's name.
        card: &'static str,
    },
    /// Active events: a player has one copy of an active event in play at a time.
    ActiveInPlay {
        /// The player.
        player: PlayerId,
        /// The event's name.
        card: &'static str,
    },
    /// Reaction events: they are played only when what they answer happens.
    ReactionOnly {
        /// The event's name.
        card: &'static str,
    },
    /// Active events: they are not played on a card.
    ActiveNotOn {
        /// The event's name.
        card: &'static str,
    },
    /// A card an event is played on, or a unit that moves, is on the battlefield.
    NotOnBattlefield {
        /// The card.
        card: Named,
    },
    /// The Magic Phase: cards are discarded for magic then.
    DiscardPhase,
    /// The Attack Phase: units attack in their controller's Attack Phase.
    AttackPhase {
        /// The unit.
        unit: Named,
    },
    /// Moving and attacking: only the active player's units move and attack.
    NotActiveControlled {
        /// The unit.
        unit: Named,
    },
    /// Attacking: both cards are on the battlefield.
    AttackOffBattlefield,
    /// Attacking (an ability): a unit that moved this turn does not attack.
    MovedNoAttack {
        /// The unit.
        unit: Named,
    },
    /// Attacking (an ability): a unit that moved this turn attacks only a card next to it.
    MovedAdjacentOnly {
        /// The unit.
        unit: Named,
    },
    /// Summon The Night: the player's units attack only cards next to them this turn.
    NightAdjacentOnly {
        /// The unit.
        unit: Named,
    },
    /// Restraints (Grapple, Conceal): a restrained unit does not attack this turn.
    Restrained {
        /// The unit.
        unit: Named,
    },
    /// Restraints that spare their source: the unit does not attack that card this turn.
    Spared {
        /// The unit.
        unit: Named,
        /// The card it may not attack.
        target: Named,
    },
    /// Holding abilities: a held unit attacks only the card that holds it.
    HeldTo {
        /// The unit.
        unit: Named,
        /// The card it may attack.
        only: Named,
    },
    /// Blocks against attacks from afar: the card is attacked only from a space next to it.
    NotFromAfar {
        /// The card attacked.
        target: Named,
    },
    /// Melee attacks: the target is next to the attacker.
    MeleeAdjacent {
        /// The attacker.
        unit: Named,
    },
    /// Ranged attacks: the target is in a straight line.
    NotStraight {
        /// The attacker.
        unit: Named,
    },
    /// Ranged attacks: the target is within the attacker's reach.
    OutOfReach {
        /// The attacker.
        unit: Named,
        /// How far the target is.
        distance: u32,
        /// The attacker's ranged reach.
        reach: u32,
    },
    /// Ranged attacks: cards between the attacker and its target block it.
    ShotBlocked {
        /// The attacker.
        unit: Named,
        /// The card in between.
        between: Named,
    },
    /// Attacking: only units attack.
    NotAUnit {
        /// The card.
        unit: Named,
    },
    /// The Move Phase: units move in their controller's Move Phase.
    MovePhase {
        /// The unit.
        unit: Named,
    },
    /// The Move Phase: a unit is chosen to move once per phase.
    AlreadyMoved {
        /// The unit.
        unit: Named,
    },
    /// The Move Phase: only so many units are chosen to move.
    MoversChosen {
        /// How many may be chosen.
        allowed: u32,
    },
    /// Movement: a unit with no movement does not move.
    CannotMove {
        /// The unit.
        unit: Named,
    },
    /// Movement: a move is at least one space.
    EmptyPath,
    /// Movement: units move orthogonally, one space at a time.
    NotNextTo {
        /// The square stepped on.
        square: Square,
        /// The square before it.
        previous: Square,
    },
    /// Movement: a unit moves up to its movement (more in a straight line with some abilities).
    TooFar {
        /// The unit.
        unit: Named,
        /// The spaces it may move this way.
        allowed: i32,
        /// The spaces the path has.
        spaces: usize,
    },
    /// Movement: a unit ends its move on an empty square.
    Occupied {
        /// The square.
        at: Square,
    },
    /// Movement: a unit moves through cards only where an ability lets it.
    CannotPass {
        /// The unit.
        unit: Named,
        /// The card in the way.
        other: Named,
    },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Refusal as R;
        match self {
            R::GameOver { winner } => write!(f, "the game is over: player {} won", winner.0),
            R::EndOfTurn => f.write_str(
                "it is the end of the turn: only triggered effects and Renewed Hope's summoning \
                 happen now",
            ),
            R::NotOwnUnit { unit } => write!(
                f,
                "{unit} is not a unit the active player controls on the battlefield"
            ),
            R::NoSuchAbility { unit, asked } => write!(f, "{unit} has no ability {asked:?} now"),
            R::NotActivated { ability } => {
                write!(f, "{ability} is not an ability a player activates")
            }
            R::DeckCount { decks } => {
                write!(f, "Summoner Wars is played with 2 decks, not {decks}")
            }
            R::LayoutTwice { at, other } => write!(
                f,
                "the layout puts two cards on {} ({other} already)",
                Spot(*at)
            ),
            R::LayoutExtra { card } => {
                write!(f, "the layout places more {card} than the deck holds")
            }
            R::LayoutNoSummoner { player } => write!(
                f,
                "player {}'s layout does not place the summoner",
                player.0
            ),
            R::NothingToPick { ability } => write!(f, "{ability}: there is nothing to pick"),
            R::Costs { magic } => write!(f, "it costs {magic} magic"),
            R::HealChampionCosts { magic } => {
                write!(f, "healing a champion costs {magic} magic")
            }
            R::AbilityPhase { ability, phase } => {
                write!(f, "{ability} is used in the {phase:?} Phase")
            }
            R::UsedThisTurn { ability } => write!(f, "{ability} was already used this turn"),
            R::UsedTimes { ability, times } => {
                write!(f, "{ability} was already used {times} times this turn")
            }
            R::Needs { what, requirement } => write!(f, "{what} needs {requirement:?}"),
            R::InsteadOfMoving { ability } => {
                write!(f, "{ability} is used instead of moving, in the Move Phase")
            }
            R::InsteadOfAttacking { ability } => write!(
                f,
                "{ability} is used instead of attacking, in the Attack Phase"
            ),
            R::AlreadyAttacked { unit } => {
                write!(f, "{unit} was already chosen to attack this phase")
            }
            R::AttackersChosen { allowed } => write!(
                f,
                "{allowed} units were already chosen to attack this phase"
            ),
            R::AbilityCosts { ability, magic } => write!(f, "{ability} costs {magic} magic"),
            R::NotInHand { card } => write!(f, "{card} is not in the active player's hand"),
            R::CannotPay {
                card,
                cost,
                player,
                magic,
            } => write!(
                f,
                "{card} costs {cost} magic; player {} has {magic}",
                player.0
            ),
            R::Taken { at, other } => write!(f, "{} is not empty ({other})", Spot(*at)),
            R::SummonPhase { card } => {
                write!(f, "{card} can be summoned only in the Summon Phase")
            }
            R::NotSummonable { card } => write!(f, "{card} is not a unit that can be summoned"),
            R::NoGate { at, player } => write!(
                f,
                "{} is not next to a gate player {} controls",
                Spot(*at),
                player.0
            ),
            R::BuildPhase { card } => write!(f, "{card} can be built only in the Build Phase"),
            R::NotStructure { card } => write!(f, "{card} is not a structure"),
            R::BuildWhere { at, player } => write!(
                f,
                "{} is neither in player {}'s back rows nor next to their summoner",
                Spot(*at),
                player.0
            ),
            R::NotEvent { card } => write!(f, "{card} is not an event"),
            R::ActiveInPlay { player, card } => write!(
                f,
                "player {} already has an active {card} in play",
                player.0
            ),
            R::ReactionOnly { card } => write!(
                f,
                "{card} is played only as a reaction, when what it answers happens"
            ),
            R::ActiveNotOn { card } => {
                write!(f, "{card} is an active event: it is not played on a card")
            }
            R::NotOnBattlefield { card } => write!(f, "{card} is not on the battlefield"),
            R::DiscardPhase => f.write_str("cards are discarded for magic in the Magic Phase"),
            R::AttackPhase { unit } => {
                write!(f, "{unit} can attack only in its controller's Attack Phase")
            }
            R::NotActiveControlled { unit } => {
                write!(f, "{unit} is not controlled by the active player")
            }
            R::AttackOffBattlefield => {
                f.write_str("both the attacker and its target must be on the battlefield")
            }
            R::MovedNoAttack { unit } => write!(f, "{unit} cannot attack in a turn it moved"),
            R::MovedAdjacentOnly { unit } => {
                write!(
                    f,
                    "{unit} moved this turn: it attacks only a card next to it"
                )
            }
            R::NightAdjacentOnly { unit } => write!(
                f,
                "{unit} may attack only a card next to it this turn (Summon The Night)"
            ),
            R::Restrained { unit } => {
                write!(f, "{unit} is restrained: it cannot attack this turn")
            }
            R::Spared { unit, target } => write!(f, "{unit} cannot attack {target} this turn"),
            R::HeldTo { unit, only } => write!(f, "{unit} may attack only {only}"),
            R::NotFromAfar { target } => {
                write!(f, "{target} cannot be attacked from a space not next to it")
            }
            R::MeleeAdjacent { unit } => {
                write!(f, "{unit} attacks in melee: its target must be next to it")
            }
            R::NotStraight { unit } => write!(f, "{unit}'s target is not in a straight line"),
            R::OutOfReach {
                unit,
                distance,
                reach,
            } => write!(
                f,
                "{unit}'s target is {distance} spaces away; its ranged reach is {reach}"
            ),
            R::ShotBlocked { unit, between } => {
                write!(f, "{unit} cannot attack through {between}")
            }
            R::NotAUnit { unit } => write!(f, "{unit} is not a unit"),
            R::MovePhase { unit } => {
                write!(f, "{unit} can move only in its controller's Move Phase")
            }
            R::AlreadyMoved { unit } => write!(f, "{unit} was already chosen to move this phase"),
            R::MoversChosen { allowed } => {
                write!(f, "{allowed} units were already chosen to move this phase")
            }
            R::CannotMove { unit } => write!(f, "{unit} cannot move"),
            R::EmptyPath => f.write_str("a move needs at least one space"),
            R::NotNextTo { square, previous } => write!(
                f,
                "{} is not next to {} (units move orthogonally, one space at a time)",
                Spot(*square),
                Spot(*previous)
            ),
            R::TooFar {
                unit,
                allowed,
                spaces,
            } => write!(
                f,
                "{unit} may move {allowed} space(s) this way, not {spaces}"
            ),
            R::Occupied { at } => write!(f, "{} is not empty", Spot(*at)),
            R::CannotPass { unit, other } => write!(f, "{unit} cannot move through {other}"),
        }
    }
}
