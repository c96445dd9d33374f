//! Why the rules refuse an action, as data: the warriors by id (with their card names, so the
//! words need no game), the abilities, terrain kinds and numbers involved. [`Refusal`] groups
//! them by the part of the rules they enforce; only `Display` puts them into words.

use std::fmt;

use super::content::{ActionKind, SpecialAbility};
use super::state::{RulesError, WarriorId, Warriors};
use crate::map::{Terrain, TerrainKind};

/// A warrior named in a refusal: its id, and its card's name (the catalog's data, read when the
/// refusal is made) that `Display` shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Named {
    /// The warrior.
    pub id: WarriorId,
    /// Its card's name.
    pub name: &'static str,
}

impl Named {
    /// The warrior `id` of `warriors`, eliminated or not.
    ///
    /// # Panics
    /// If `warriors` has no warrior `id` (refusals name only warriors of the game).
    pub fn of(warriors: &Warriors, id: WarriorId) -> Self {
        Self {
            id,
            name: warriors[id].name(),
        }
    }
}

impl fmt::Display for Named {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// A terrain feature named in a refusal: the map's name for it, if any, and its type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Feature {
    /// The name the map gives it.
    pub name: Option<String>,
    /// Its type.
    pub kind: TerrainKind,
}

impl From<&Terrain> for Feature {
    fn from(t: &Terrain) -> Self {
        Self {
            name: t.name.clone(),
            kind: t.kind,
        }
    }
}

impl fmt::Display for Feature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.name {
            Some(name) => write!(f, "{name} ({} terrain)", self.kind.name()),
            None => write!(f, "{} terrain", self.kind.name()),
        }
    }
}

/// Why terrain blocks a line of fire (rules p.18-19, "Terrain").
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FireBlock {
    /// Blocking terrain blocks lines of fire.
    Crosses(Feature),
    /// An elevated feature blocks unless the attacker or the target occupies it.
    Elevated(Feature),
    /// Stealth: a line of fire to the target through hindering or concealing terrain.
    Stealth,
}

impl fmt::Display for FireBlock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FireBlock::Crosses(t) => write!(f, "the line of fire crosses {t}"),
            FireBlock::Elevated(t) => write!(
                f,
                "the line of fire crosses elevated {t} that neither the attacker nor the target \
                 occupies"
            ),
            FireBlock::Stealth => f.write_str(
                "the target has Stealth and the line of fire passes through hindering or \
                 concealing terrain",
            ),
        }
    }
}

/// An action the rules refuse, by the part of the rules it breaks.
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    /// Who may be given an action, and the special actions and abilities it uses.
    Action(ActionRefusal),
    /// Moves: speed, bases, terrain, Terrify, double-time.
    Move(MoveRefusal),
    /// Close and ranged combat: moves within an attack, targets, lines of fire, healing,
    /// captures.
    Combat(CombatRefusal),
    /// Formations, Strong Flier, Magic Levitation, Magic Confusion, Shockwave, Necromancy,
    /// Summon and Revenant.
    Special(SpecialRefusal),
    /// Setting up a standard game.
    Setup(SetupRefusal),
}

/// Who may be given an action now, and the special actions and optional abilities it uses.
#[derive(Debug, Clone, PartialEq)]
pub enum ActionRefusal {
    /// Nothing is played after the game ends.
    GameOver,
    /// One action per warrior per turn (a second one only with Magestone Trance).
    AlreadyActed { warrior: Named },
    /// A warrior holding two action tokens cannot be given an action.
    TooManyTokens { warrior: Named, tokens: u8 },
    /// A captive cannot be given actions (rules p.14-15).
    HeldCaptive { warrior: Named },
    /// A captor can only be given move actions or a close attack on its captive.
    HoldsCaptive { warrior: Named },
    /// An ability the warrior shows forbids actions of this kind (Berserk, Demoralized, ...).
    Forbidden {
        warrior: Named,
        kind: ActionKind,
        ability: SpecialAbility,
    },
    /// Frenzy: a friendly Frenzy warrior that can act must be given an action first.
    Frenzy { frenzied: Named, warrior: Named },
    /// A special action or a cancelled ability must show on the warrior's dial now.
    DoesNotShow {
        warrior: Named,
        ability: SpecialAbility,
    },
    /// Necromancy, Summon and Revenant name the figure and where it comes back.
    ReanimationNeedsTarget { ability: SpecialAbility },
    /// Magic Levitation names the figure and where it moves.
    LevitationNeedsTarget,
    /// The special action is not played by the rules yet.
    NotPlayed { ability: SpecialAbility },
    /// An ability is cancelled once a turn.
    AlreadyCancelled { ability: SpecialAbility },
    /// Only optional abilities can be cancelled.
    NotOptional { ability: SpecialAbility },
    /// Only Nimble and Sniper change facing without an action.
    NoFreeFacing { warrior: Named },
    /// A facing is a finite number of degrees.
    FacingNotANumber,
}

impl fmt::Display for ActionRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionRefusal::GameOver => write!(f, "the game is over"),
            ActionRefusal::AlreadyActed { warrior } => {
                write!(f, "{warrior} was already given an action this turn")
            }
            ActionRefusal::TooManyTokens { warrior, tokens } => write!(
                f,
                "{warrior} has {tokens} action tokens and cannot be given an action"
            ),
            ActionRefusal::HeldCaptive { warrior } => {
                write!(f, "{warrior} is held captive and cannot be given actions")
            }
            ActionRefusal::HoldsCaptive { warrior } => write!(
                f,
                "{warrior} holds a captive: it can only be given move actions or a close attack \
                 on its captive"
            ),
            ActionRefusal::Forbidden {
                warrior,
                kind,
                ability,
            } => write!(
                f,
                "{warrior} cannot be given a {} action while it shows {ability}",
                kind.name()
            ),
            ActionRefusal::Frenzy { frenzied, warrior } => write!(
                f,
                "{frenzied} has Frenzy and must be given an action before {warrior}"
            ),
            ActionRefusal::DoesNotShow { warrior, ability } => {
                write!(f, "{warrior} does not show {ability} now")
            }
            ActionRefusal::ReanimationNeedsTarget { ability } => {
                write!(f, "{ability} needs a `target` and where it comes back `to`")
            }
            ActionRefusal::LevitationNeedsTarget => write!(
                f,
                "Magic Levitation needs a `target` and where it moves `to`"
            ),
            ActionRefusal::NotPlayed { ability } => {
                write!(f, "{ability} is not a special action the rules play yet")
            }
            ActionRefusal::AlreadyCancelled { ability } => {
                write!(f, "{ability} is already cancelled this turn")
            }
            ActionRefusal::NotOptional { ability } => {
                write!(f, "{ability} is not optional and cannot be cancelled")
            }
            ActionRefusal::NoFreeFacing { warrior } => write!(
                f,
                "{warrior} shows no ability that changes facing without an action"
            ),
            ActionRefusal::FacingNotANumber => write!(f, "a facing is a number of degrees"),
        }
    }
}

/// Moves (rules: "Movement"; terrain p.18-19): speed, bases, terrain, captives, Demoralized,
/// Terrify, double-time.
#[derive(Debug, Clone, PartialEq)]
pub enum MoveRefusal {
    /// A move is at most the warrior's speed (halved from hindering terrain), in inches.
    TooLong {
        warrior: Named,
        length: f64,
        speed: f64,
    },
    /// A captive moves with its captor and cannot end over terrain that blocks movement.
    CaptiveOverTerrain {
        captor: Named,
        captive: Named,
        kind: TerrainKind,
    },
    /// A captive moves with its captor and cannot end on another figure's base.
    CaptiveOnBase {
        captor: Named,
        captive: Named,
        other: Named,
    },
    /// A move cannot end on another figure's base.
    EndsOnBase { warrior: Named, other: Named },
    /// A move without Flight cannot cross another figure's base.
    CrossesBase { warrior: Named, other: Named },
    /// A Demoralized warrior cannot move into base contact with an opposing figure.
    Demoralized { warrior: Named, opponent: Named },
    /// A failed Terrify roll keeps the mover out of base contact with the terrifier for the rest
    /// of the turn.
    Terrified { mover: Named, terrifier: Named },
    /// Some abilities forbid double-time.
    NoDoubleTime {
        warrior: Named,
        ability: SpecialAbility,
    },
    /// A warrior in base contact with an opponent cannot use double-time.
    DoubleTimeInContact { warrior: Named },
    /// Nothing ends a move with its base over terrain that blocks movement (even flying).
    EndsOverTerrain { warrior: Named, terrain: Feature },
    /// A move without Flight cannot cross terrain that blocks movement.
    CrossesTerrain { warrior: Named, terrain: Feature },
    /// A move from clear terrain ends as soon as the base is completely inside hindering
    /// terrain.
    StopsInHindering {
        warrior: Named,
        terrain: Feature,
        at: f64,
    },
    /// A move ends as soon as the warrior occupies an elevated feature it did not start on.
    StopsOnElevated {
        warrior: Named,
        terrain: Feature,
        at: f64,
    },
}

impl fmt::Display for MoveRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveRefusal::TooLong {
                warrior,
                length,
                speed,
            } => write!(
                f,
                "{warrior} moves {length:.2} inches but its speed is {speed}"
            ),
            MoveRefusal::CaptiveOverTerrain {
                captor,
                captive,
                kind,
            } => write!(
                f,
                "{captor}'s captive {captive} cannot end the move over {} terrain",
                kind.name()
            ),
            MoveRefusal::CaptiveOnBase {
                captor,
                captive,
                other,
            } => write!(
                f,
                "{captor}'s captive {captive} cannot end the move on {other}'s base"
            ),
            MoveRefusal::EndsOnBase { warrior, other } => {
                write!(f, "{warrior} cannot end its move on {other}'s base")
            }
            MoveRefusal::CrossesBase { warrior, other } => {
                write!(f, "{warrior}'s path crosses {other}'s base")
            }
            MoveRefusal::Demoralized { warrior, opponent } => write!(
                f,
                "{warrior} is Demoralized and cannot move into base contact with {opponent}"
            ),
            MoveRefusal::Terrified { mover, terrifier } => write!(
                f,
                "{mover} is terrified and cannot move into base contact with {terrifier} this turn"
            ),
            MoveRefusal::NoDoubleTime { warrior, ability } => {
                write!(f, "{warrior} shows {ability} and cannot use double-time")
            }
            MoveRefusal::DoubleTimeInContact { warrior } => write!(
                f,
                "{warrior} is in base contact with an opposing warrior and cannot use double-time"
            ),
            MoveRefusal::EndsOverTerrain { warrior, terrain } => write!(
                f,
                "{warrior} cannot end its move with its base over {terrain}"
            ),
            MoveRefusal::CrossesTerrain { warrior, terrain } => {
                write!(f, "{warrior}'s path crosses {terrain}")
            }
            MoveRefusal::StopsInHindering {
                warrior,
                terrain,
                at,
            } => write!(
                f,
                "{warrior}'s base is completely inside {terrain} {at:.2} inches along its path: \
                 a move from clear terrain ends there"
            ),
            MoveRefusal::StopsOnElevated {
                warrior,
                terrain,
                at,
            } => write!(
                f,
                "{warrior} occupies elevated {terrain} {at:.2} inches along its path: a move \
                 ends as soon as it occupies elevated terrain"
            ),
        }
    }
}

/// Close and ranged combat (rules: "Close Combat", "Ranged Combat", "Captures"): moves within an
/// attack, who may be targeted, lines of fire, healing.
#[derive(Debug, Clone, PartialEq)]
pub enum CombatRefusal {
    // Any attack.
    /// A warrior cannot target itself.
    TargetsItself,
    /// Only its captor can attack a captive.
    TargetIsCaptive { target: Named },
    /// Friendly figures cannot target each other with damaging attacks.
    TargetIsFriendly { target: Named },
    /// The attacker must show the ability the attack uses (Charge, Bound).
    DoesNotShow {
        warrior: Named,
        ability: SpecialAbility,
    },

    // Close combat.
    /// A close combat action either charges or surges.
    ChargeAndSurge,
    /// Surge needs the sword attack type.
    SurgeNeedsSword { warrior: Named },
    /// Cavalry cannot surge.
    CavalrySurge { warrior: Named },
    /// A warrior with Charge cannot surge.
    ChargerSurge { warrior: Named },
    /// A warrior in base contact with an opponent cannot charge or surge (ruling 31).
    MoveInContact { warrior: Named },
    /// A surge ends with the front arc in base contact with an opponent.
    SurgeEndsApart { warrior: Named },
    /// A sweeping attacker names only opponents in base contact with its front arc.
    NotInFrontContact { target: Named, attacker: Named },
    /// A close attack needs a target in base contact with the front arc.
    NoCloseTarget { warrior: Named },
    /// A close attack has one target (unless the attacker sweeps).
    OneCloseTarget { warrior: Named },
    /// A close attack's target is in base contact with the attacker's front arc.
    FrontArcNotInContact { attacker: Named, target: Named },
    /// Close healing: neither the healer nor its target may touch an opponent.
    HealerInContact,
    /// A captor attacks only its captive.
    HoldsCaptive { warrior: Named },
    /// Capturing needs the sword attack type.
    CaptureNeedsSword { warrior: Named },
    /// Cavalry and warriors whose abilities forbid it cannot capture.
    CannotCapture { warrior: Named },
    /// Cavalry and warriors whose abilities forbid it cannot be captured.
    CannotBeCaptured { target: Named },

    // Ranged combat.
    /// A warrior of range 0 makes no ranged attacks.
    NoRange { warrior: Named },
    /// A warrior in base contact with an opponent makes no ranged attacks.
    RangedInContact { warrior: Named },
    /// A ranged attack names a target.
    NoRangedTarget,
    /// A ranged attack names at most as many targets as the attacker has target arrows.
    TooManyTargets {
        warrior: Named,
        arrows: u8,
        named: usize,
    },
    /// A precision attack needs the bow attack type and a single target.
    Precision,
    /// A ranged attack targets a warrior once.
    SameTargetTwice,
    /// The target is within range (measured centre to centre, in inches).
    OutOfRange {
        target: Named,
        distance: f64,
        attacker: Named,
        range: u8,
    },
    /// The line of fire passes through the attacker's front arc.
    OutsideFrontArc { target: Named, attacker: Named },
    /// Abilities that cannot be the target of ranged attacks.
    RangedImmune { target: Named },
    /// Magic Immunity: wand ranged attacks cannot target it.
    MagicImmune { target: Named },
    /// A figure's base blocks lines of fire.
    BlockedByBase {
        attacker: Named,
        target: Named,
        blocker: Named,
    },
    /// Terrain blocks the line of fire.
    BlockedByTerrain {
        attacker: Named,
        target: Named,
        why: FireBlock,
    },
    /// Only a precision attack targets a figure touching a friend of the attacker.
    TouchesFriend { target: Named, attacker: Named },
    /// A warrior in base contact with an opponent cannot bound.
    BoundInContact { warrior: Named },
    /// Overwatch needs a warrior showing it and names no target.
    Overwatch { warrior: Named },
    /// Overwatch is a ranged combat action: range above 0, not in base contact with an opponent.
    OverwatchCannotFire { warrior: Named },
    /// Ranged Magic Healing: the target may not touch an opponent.
    HealTargetInContact,
}

impl fmt::Display for CombatRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CombatRefusal::TargetsItself => write!(f, "a warrior cannot target itself"),
            CombatRefusal::TargetIsCaptive { target } => {
                write!(f, "{target} is a captive: only its captor can attack it")
            }
            CombatRefusal::TargetIsFriendly { target } => write!(
                f,
                "{target} is friendly: friendly figures cannot target each other with damaging \
                 attacks"
            ),
            CombatRefusal::DoesNotShow { warrior, ability } => {
                write!(f, "{warrior} does not show {ability}")
            }
            CombatRefusal::ChargeAndSurge => {
                write!(f, "a close combat action cannot both charge and surge")
            }
            CombatRefusal::SurgeNeedsSword { warrior } => {
                write!(f, "{warrior} needs the sword attack type to surge")
            }
            CombatRefusal::CavalrySurge { warrior } => {
                write!(f, "{warrior} is cavalry and cannot surge")
            }
            CombatRefusal::ChargerSurge { warrior } => {
                write!(f, "{warrior} has Charge and cannot use surge")
            }
            CombatRefusal::MoveInContact { warrior } => write!(
                f,
                "{warrior} is in base contact with an opposing warrior and cannot move as part \
                 of this attack"
            ),
            CombatRefusal::SurgeEndsApart { warrior } => write!(
                f,
                "{warrior} must end a surge with its front arc in base contact with an opposing \
                 warrior"
            ),
            CombatRefusal::NotInFrontContact { target, attacker } => write!(
                f,
                "{target} is not an opposing warrior in base contact with {attacker}'s front arc"
            ),
            CombatRefusal::NoCloseTarget { warrior } => write!(
                f,
                "{warrior} has no target in base contact with its front arc"
            ),
            CombatRefusal::OneCloseTarget { warrior } => {
                write!(f, "{warrior} makes a close attack against one target")
            }
            CombatRefusal::FrontArcNotInContact { attacker, target } => write!(
                f,
                "{attacker}'s front arc is not in base contact with {target}"
            ),
            CombatRefusal::HealerInContact => write!(
                f,
                "neither the healer nor its target may be in base contact with an opposing \
                 warrior"
            ),
            CombatRefusal::HoldsCaptive { warrior } => write!(
                f,
                "{warrior} holds a captive and can attack only its captive"
            ),
            CombatRefusal::CaptureNeedsSword { warrior } => {
                write!(f, "{warrior} needs the sword attack type to capture")
            }
            CombatRefusal::CannotCapture { warrior } => write!(f, "{warrior} cannot capture"),
            CombatRefusal::CannotBeCaptured { target } => {
                write!(f, "{target} cannot be captured")
            }
            CombatRefusal::NoRange { warrior } => {
                write!(f, "{warrior} has range 0 and cannot make ranged attacks")
            }
            CombatRefusal::RangedInContact { warrior } => write!(
                f,
                "{warrior} is in base contact with an opposing warrior and cannot make a ranged \
                 attack"
            ),
            CombatRefusal::NoRangedTarget => write!(f, "a ranged attack needs a target"),
            CombatRefusal::TooManyTargets {
                warrior,
                arrows,
                named,
            } => write!(
                f,
                "{warrior} has {arrows} target arrow(s) but names {named} targets"
            ),
            CombatRefusal::Precision => {
                write!(f, "precision needs the bow attack type and a single target")
            }
            CombatRefusal::SameTargetTwice => {
                write!(f, "a ranged attack cannot target the same warrior twice")
            }
            CombatRefusal::OutOfRange {
                target,
                distance,
                attacker,
                range,
            } => write!(
                f,
                "{target} is {distance:.2} inches away, beyond {attacker}'s range of {range}"
            ),
            CombatRefusal::OutsideFrontArc { target, attacker } => write!(
                f,
                "the line of fire to {target} does not pass through {attacker}'s front arc"
            ),
            CombatRefusal::RangedImmune { target } => {
                write!(f, "{target} cannot be the target of ranged attacks")
            }
            CombatRefusal::MagicImmune { target } => write!(
                f,
                "{target} has Magic Immunity: wand ranged attacks cannot target it"
            ),
            CombatRefusal::BlockedByBase {
                attacker,
                target,
                blocker,
            } => write!(
                f,
                "the line of fire from {attacker} to {target} is blocked by {blocker}"
            ),
            CombatRefusal::BlockedByTerrain {
                attacker,
                target,
                why,
            } => write!(f, "{attacker} cannot target {target}: {why}"),
            CombatRefusal::TouchesFriend { target, attacker } => write!(
                f,
                "{target} is in base contact with a warrior friendly to {attacker}: only a \
                 precision attack may target it"
            ),
            CombatRefusal::BoundInContact { warrior } => write!(
                f,
                "{warrior} is in base contact with an opposing warrior and cannot bound"
            ),
            CombatRefusal::Overwatch { warrior } => write!(
                f,
                "Overwatch needs a warrior showing it and names no target (it has {warrior})"
            ),
            CombatRefusal::OverwatchCannotFire { warrior } => {
                write!(f, "{warrior} cannot be given a ranged combat action now")
            }
            CombatRefusal::HealTargetInContact => write!(
                f,
                "the target of Magic Healing may not be in base contact with an opposing warrior"
            ),
        }
    }
}

/// Formations, Strong Flier, Magic Levitation, Magic Confusion, Shockwave and the abilities that
/// bring figures back (Necromancy, Summon, Revenant).
#[derive(Debug, Clone, PartialEq)]
pub enum SpecialRefusal {
    // Formations.
    /// A formation has 3 to 5 different warriors.
    FormationSize {
        min: usize,
        max: usize,
        count: usize,
    },
    /// The members of a formation share a faction symbol (Fact shares every friend's).
    NoSharedFaction,
    /// A formation's members belong to one player.
    NotYourWarrior { warrior: Named },
    /// A warrior with Frenzy cannot be part of a formation.
    FrenzyInFormation { warrior: Named },
    /// Each member of a formation is in base contact with another member.
    FormationApart { warrior: Named },
    /// Some abilities forbid movement formations.
    NoMovementFormation {
        warrior: Named,
        ability: SpecialAbility,
    },
    /// A movement formation ends with each member in base contact with another.
    FormationEndsApart { warrior: Named },
    /// A ranged combat formation attacks a single warrior.
    FormationTargets,
    /// A ranged combat formation makes a plain damaging attack on one opponent.
    FormationPlainAttack,

    // Strong Flier and Magic Levitation.
    /// Strong Flier must show on the carrier's dial.
    NoStrongFlier { warrior: Named },
    /// Strong Flier carries a friend that has not been given an action this turn.
    NotACarriableFriend { friend: Named },
    /// The carried friend or levitated figure is in base contact with the warrior.
    NotInContact { other: Named, warrior: Named },
    /// The carried figure ends in base contact with the carrier.
    CarriedApart { warrior: Named },
    /// The carried figure cannot end on another figure's base.
    CarriedOnBase { other: Named },
    /// Magic Levitation moves another figure.
    LevitatesItself,
    /// Magic Levitation moves a figure not given an action this turn.
    LevitatedActed { target: Named },
    /// Magic Immunity: Magic Levitation cannot move it.
    LevitatedImmune { target: Named },
    /// Magic Levitation moves a figure at most so many inches.
    LevitationTooFar { limit: f64, distance: f64 },
    /// A levitated figure cannot end on another figure's base.
    LevitatedOnBase { target: Named, other: Named },

    // Magic Confusion and Shockwave.
    /// Magic Confusion has a single target.
    ConfusionTargets,
    /// The attacker must be able to use Magic Confusion on the target.
    CannotConfuse { attacker: Named, target: Named },
    /// Magic Confusion targets an opposing figure.
    ConfusionFriendly,
    /// A confused figure is never moved into base contact with the attacker's figures.
    ConfusedIntoFriend { friend: Named },
    /// Shockwave's area is half the range: range 0 has none.
    NoShockwaveArea { warrior: Named },

    // Necromancy, Summon and Revenant.
    /// Only an eliminated figure still in the game comes back.
    NotEliminated { target: Named },
    /// A figure comes back clear of other bases.
    PlacedOnBase { target: Named, other: Named },
    /// A warrior in base contact with an opponent cannot reanimate.
    ReanimatorInContact { warrior: Named },
    /// Necromancy and Summon bring back the player's own figures.
    NotYourFigure { target: Named },
    /// Necromancy and Summon place the figure in base contact with the warrior.
    ComesBackApart { target: Named, warrior: Named },
    /// Revenant is used at the beginning of the command phase, before any other action.
    RevenantLate,
    /// A Demoralized warrior cannot use Revenant.
    RevenantDemoralized { warrior: Named },
    /// A Revenant figure is placed within so many inches.
    RevenantTooFar { range: u8, reach: f64 },
    /// Summon brings back a Mage Spawn figure worth no more than the summoner.
    SummonTooCostly { warrior: Named },
}

impl fmt::Display for SpecialRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecialRefusal::FormationSize { min, max, count } => write!(
                f,
                "a formation has {min} to {max} different warriors, not {count}"
            ),
            SpecialRefusal::NoSharedFaction => {
                write!(f, "the members of a formation must share a faction symbol")
            }
            SpecialRefusal::NotYourWarrior { warrior } => {
                write!(f, "{warrior} is not one of your warriors")
            }
            SpecialRefusal::FrenzyInFormation { warrior } => {
                write!(f, "{warrior} has Frenzy and cannot be part of a formation")
            }
            SpecialRefusal::FormationApart { warrior } => write!(
                f,
                "{warrior} is not in base contact with another member of the formation"
            ),
            SpecialRefusal::NoMovementFormation { warrior, ability } => write!(
                f,
                "{warrior} shows {ability} and cannot be part of a movement formation"
            ),
            SpecialRefusal::FormationEndsApart { warrior } => write!(
                f,
                "{warrior} must end the formation's move in base contact with another member"
            ),
            SpecialRefusal::FormationTargets => {
                write!(f, "a ranged combat formation attacks a single warrior")
            }
            SpecialRefusal::FormationPlainAttack => write!(
                f,
                "a ranged combat formation makes a plain damaging attack on one opponent"
            ),
            SpecialRefusal::NoStrongFlier { warrior } => {
                write!(f, "{warrior} does not show Strong Flier")
            }
            SpecialRefusal::NotACarriableFriend { friend } => write!(
                f,
                "{friend} is not a friend that has not been given an action this turn"
            ),
            SpecialRefusal::NotInContact { other, warrior } => {
                write!(f, "{other} is not in base contact with {warrior}")
            }
            SpecialRefusal::CarriedApart { warrior } => write!(
                f,
                "the carried figure must end in base contact with {warrior}"
            ),
            SpecialRefusal::CarriedOnBase { other } => {
                write!(f, "the carried figure cannot end on {other}'s base")
            }
            SpecialRefusal::LevitatesItself => write!(f, "Magic Levitation moves another figure"),
            SpecialRefusal::LevitatedActed { target } => {
                write!(f, "{target} was already given an action this turn")
            }
            SpecialRefusal::LevitatedImmune { target } => {
                write!(f, "{target} has Magic Immunity")
            }
            SpecialRefusal::LevitationTooFar { limit, distance } => write!(
                f,
                "Magic Levitation moves a figure at most {limit} inches, not {distance:.2}"
            ),
            SpecialRefusal::LevitatedOnBase { target, other } => {
                write!(f, "{target} cannot end on {other}'s base")
            }
            SpecialRefusal::ConfusionTargets => write!(f, "Magic Confusion has a single target"),
            SpecialRefusal::CannotConfuse { attacker, target } => {
                write!(f, "{attacker} cannot use Magic Confusion on {target}")
            }
            SpecialRefusal::ConfusionFriendly => {
                write!(f, "Magic Confusion targets an opposing figure")
            }
            SpecialRefusal::ConfusedIntoFriend { friend } => write!(
                f,
                "a confused figure cannot be moved into base contact with {friend}"
            ),
            SpecialRefusal::NoShockwaveArea { warrior } => {
                write!(f, "{warrior} has range 0: Shockwave has no area")
            }
            SpecialRefusal::NotEliminated { target } => {
                write!(f, "{target} is not an eliminated figure that can come back")
            }
            SpecialRefusal::PlacedOnBase { target, other } => {
                write!(f, "{target} cannot be placed on {other}'s base")
            }
            SpecialRefusal::ReanimatorInContact { warrior } => write!(
                f,
                "{warrior} is in base contact with an opposing figure and cannot reanimate"
            ),
            SpecialRefusal::NotYourFigure { target } => {
                write!(f, "{target} is not one of your figures")
            }
            SpecialRefusal::ComesBackApart { target, warrior } => {
                write!(f, "{target} must come back in base contact with {warrior}")
            }
            SpecialRefusal::RevenantLate => write!(
                f,
                "Revenant is used at the beginning of the command phase, before any other action"
            ),
            SpecialRefusal::RevenantDemoralized { warrior } => {
                write!(f, "{warrior} is Demoralized and cannot use Revenant")
            }
            SpecialRefusal::RevenantTooFar { range, reach } => write!(
                f,
                "a Revenant figure is placed within {range} inches, not {reach:.2}"
            ),
            SpecialRefusal::SummonTooCostly { warrior } => write!(
                f,
                "Summon brings back a Mage Spawn figure worth no more than {warrior}"
            ),
        }
    }
}

/// Setting up a standard game (rules: "Setting Up").
#[derive(Debug, Clone, PartialEq)]
pub enum SetupRefusal {
    /// A standard game seats two players.
    Seats { players: usize },
    /// Set-up plays on the standard square battlefield (in inches).
    MapSize {
        standard: f64,
        width: f64,
        height: f64,
    },
    /// A player's army fits in its deployment area.
    ArmyTooLarge { player: u8 },
    /// Warrior ids are numbered up to `u32::MAX`.
    TooManyWarriors,
}

impl fmt::Display for SetupRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupRefusal::Seats { players } => {
                write!(f, "a standard game seats two players, not {players}")
            }
            SetupRefusal::MapSize {
                standard,
                width,
                height,
            } => write!(
                f,
                "set-up plays on the standard {standard} by {standard} inch battlefield; this \
                 map is {width} by {height}"
            ),
            SetupRefusal::ArmyTooLarge { player } => write!(
                f,
                "player {player}'s army does not fit in its deployment area"
            ),
            SetupRefusal::TooManyWarriors => write!(f, "too many warriors for one game"),
        }
    }
}

grimoire_engine::refusal_groups!(Refusal => RulesError {
    Action(ActionRefusal),
    Move(MoveRefusal),
    Combat(CombatRefusal),
    Special(SpecialRefusal),
    Setup(SetupRefusal),
});
