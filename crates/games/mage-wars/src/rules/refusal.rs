//! Why the rules refuse an action, as data: object and player ids, codex values, numbers,
//! zones and the names of the generated tables. Only `Display` words them (issue 17: errors
//! typed, rendered only by Display), so checks that are tried many times (listing legal
//! actions) build no text.
//!
//! The refusals are grouped by what is asked: the turn's flow ([`TurnRefusal`]), setting up
//! ([`SetupRefusal`]), moving and acting ([`MoveRefusal`]), attacking ([`AttackRefusal`]),
//! direct changes to objects ([`ObjectRefusal`]), planning and casting ([`CastRefusal`], with
//! the checks of one spell in [`SpellRefusal`]) and revealing ([`RevealRefusal`]).

use std::fmt;

use grimoire_engine::{ObjectId, PlayerId, Zone, ZonedArena};

use super::content::{Condition, Handler, Trait};
use super::state::RulesError;

/// An action the rules refuse, by group.
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    /// Who acts and what the round allows now.
    Turn(TurnRefusal),
    /// Setting a game up.
    Setup(SetupRefusal),
    /// Moving and the actions a movement leaves.
    Move(MoveRefusal),
    /// Declaring an attack.
    Attack(AttackRefusal),
    /// A direct change to an object (attaching, traits).
    Object(ObjectRefusal),
    /// Planning and casting spells.
    Cast(CastRefusal),
    /// Revealing a face-down enchantment.
    Reveal(RevealRefusal),
    /// Planning and casting by a familiar or a spawnpoint.
    Caster(CasterRefusal),
}

grimoire_engine::refusal_groups!(Refusal => RulesError {
    Turn(TurnRefusal),
    Setup(SetupRefusal),
    Move(MoveRefusal),
    Attack(AttackRefusal),
    Object(ObjectRefusal),
    Cast(CastRefusal),
    Reveal(RevealRefusal),
    Caster(CasterRefusal),
});

/// A zone of the arena with its place, so that it is named like `B2`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArenaZone {
    /// The zone.
    pub zone: Zone,
    /// Its column from 0 (letter `A` in its name).
    pub column: u32,
    /// Its row from 0 (number 1 in its name).
    pub row: u32,
}

impl ArenaZone {
    /// `zone` placed in `arena`.
    pub fn of(arena: &ZonedArena, zone: Zone) -> Self {
        let (column, row) = arena.zone_position(zone);
        ArenaZone { zone, column, row }
    }
}

impl fmt::Display for ArenaZone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = char::from(b'A' + (self.column % 26) as u8);
        write!(f, "{letter}{}", self.row + 1)
    }
}

/// Who acts and what the round allows now (supplement: Round Structure).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnRefusal {
    /// The game is over: nobody acts any more.
    GameOver,
    /// The player is not seated in the game.
    NoPlayer(PlayerId),
    /// Only the player to act acts.
    NotToAct(PlayerId),
    /// Deployment Phase: a player with a ready creature cannot pass, it activates one.
    MustActivate,
    /// Deployment Phase: a player activates only a ready creature of its own.
    NotReady {
        /// The creature asked for.
        creature: ObjectId,
        /// Its card's name.
        name: &'static str,
        /// The player asking.
        player: PlayerId,
    },
    /// The action does not fit the step of the round.
    NotThisStep,
    /// The action does not fit the step of the round (found while it was performed).
    NotNow,
    /// Moving needs a creature in its Action Phase.
    NoActingCreature,
}

impl fmt::Display for TurnRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurnRefusal::GameOver => f.write_str("the game is over: nobody is to act"),
            TurnRefusal::NoPlayer(p) => write!(f, "no player {}", p.0),
            TurnRefusal::NotToAct(p) => write!(f, "player {} is not the one to act", p.0),
            TurnRefusal::MustActivate => {
                f.write_str("a player with a ready creature must activate one")
            }
            TurnRefusal::NotReady { name, player, .. } => {
                write!(f, "{name} is not a ready creature of player {}", player.0)
            }
            TurnRefusal::NotThisStep => f.write_str("not possible at this point of the round"),
            TurnRefusal::NotNow => f.write_str("not possible now"),
            TurnRefusal::NoActingCreature => f.write_str("no creature is acting"),
        }
    }
}

/// Setting a game up (supplement: Setup).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetupRefusal {
    /// Mage Wars is a game for two players: one spellbook each.
    Players {
        /// Spellbooks given.
        spellbooks: usize,
    },
    /// A spellbook is led by a Mage card.
    NotAMage {
        /// The card leading the spellbook.
        card: &'static str,
    },
}

impl fmt::Display for SetupRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupRefusal::Players { spellbooks } => write!(
                f,
                "Mage Wars is played by two players (got {spellbooks} spellbooks)"
            ),
            SetupRefusal::NotAMage { card } => write!(f, "{card} is not a Mage"),
        }
    }
}

/// Moving and the actions left after moving (supplement: Action Phase, Movement; codex:
/// Fast, Slow, Unmovable and the other movement limits).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveRefusal {
    /// A quick action comes before the last move its limits allow (two moves when Fast).
    QuickActionUsed {
        /// The acting creature.
        creature: ObjectId,
        /// Its card's name.
        name: &'static str,
    },
    /// A full action needs an Action Phase without movement.
    MovedNoFullAction {
        /// The acting creature.
        creature: ObjectId,
        /// Its card's name.
        name: &'static str,
    },
    /// A move goes to an adjacent zone.
    NotAdjacent {
        /// The zone asked for.
        to: ArenaZone,
        /// The zone of the creature.
        from: ArenaZone,
    },
    /// A limit of 0 moves (Unmovable, Restrained and the like) forbids any move.
    CannotMove {
        /// The acting creature.
        creature: ObjectId,
        /// Its card's name.
        name: &'static str,
        /// The codex entry whose limit applies.
        because: &'static str,
    },
    /// The creature has made every move its limits allow this Action Phase.
    NoMoreMoves {
        /// The acting creature.
        creature: ObjectId,
        /// Its card's name.
        name: &'static str,
    },
    /// codex: Incapacitated: no actions, guarding included.
    IncapacitatedGuard,
    /// codex: Passage Blocked: no creature moves through the wall (Flying ones fly over).
    PassageBlocked {
        /// The zone asked for.
        to: ArenaZone,
        /// The zone of the creature.
        from: ArenaZone,
    },
}

impl fmt::Display for MoveRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveRefusal::QuickActionUsed { name, .. } => {
                write!(f, "{name} has used its quick action to move")
            }
            MoveRefusal::MovedNoFullAction { name, .. } => {
                write!(f, "{name} moved this Action Phase: no full action")
            }
            MoveRefusal::NotAdjacent { to, from } => write!(f, "{to} is not adjacent to {from}"),
            MoveRefusal::CannotMove { name, because, .. } => {
                write!(f, "{name} is {because} and cannot move")
            }
            MoveRefusal::NoMoreMoves { name, .. } => {
                write!(f, "{name} cannot move further this Action Phase")
            }
            MoveRefusal::IncapacitatedGuard => {
                f.write_str("an Incapacitated creature cannot guard")
            }
            MoveRefusal::PassageBlocked { to, from } => write!(
                f,
                "a wall with Passage Blocked stands between {from} and {to}"
            ),
        }
    }
}

/// What obliges a creature to melee attack (supplement: Mandatory Actions).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Obligation {
    /// codex: Taunt.
    Taunt,
    /// codex: Bloodthirsty +X.
    Bloodthirsty,
    /// Both: a taunter and Bloodthirsty prey.
    TauntOrBloodthirsty,
}

impl fmt::Display for Obligation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Obligation::Taunt => "Taunt",
            Obligation::Bloodthirsty => "Bloodthirsty",
            Obligation::TauntOrBloodthirsty => "Taunt or Bloodthirsty",
        })
    }
}

/// Declaring an attack (supplement: Attack Procedure, Declare Attack and Pay Costs; the codex
/// entries named).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AttackRefusal {
    /// codex: Incapacitated: no actions, attacks included.
    Incapacitated,
    /// A zone attack targets a zone, not an object.
    ZoneAttack {
        /// The attack's name.
        attack: &'static str,
    },
    /// Only a zone attack targets a zone.
    NotZoneAttack {
        /// The attack's name.
        attack: &'static str,
    },
    /// codex: Sweeping: two targets need the trait, and they differ.
    NotSweeping {
        /// The attack's name.
        attack: &'static str,
    },
    /// codex: Flying, Reach: a melee attack without Reach by an attacker without Flying cannot
    /// attack a Flying creature.
    CannotReachFlying {
        /// The attack's name.
        attack: &'static str,
    },
    /// supplement: Codex, Sweeping: a Flying attacker's Sweeping melee takes two Flying or two
    /// non-Flying targets.
    SweepMixedFlying {
        /// The attack's name.
        attack: &'static str,
    },
    /// supplement: Mandatory Actions (codex: Taunt, Bloodthirsty +X): the attack must be a
    /// melee attack on one of the obligated targets.
    Mandatory {
        /// The obliged attacker.
        attacker: ObjectId,
        /// What obliges it.
        obligation: Obligation,
        /// The obligated targets with their cards' names, in play order.
        targets: Vec<(ObjectId, &'static str)>,
    },
    /// Pay Costs: an attack its controller cannot pay for cannot be made.
    CannotPay {
        /// The attack's name.
        attack: &'static str,
        /// Its cost in mana.
        cost: u32,
        /// The controller's mana.
        mana: u32,
    },
    /// Declare Attack: the target is within the attack's range (melee: the same zone; see
    /// docs/decisions.md, "Range is counted orthogonally").
    OutOfRange {
        /// The attack's name.
        attack: &'static str,
        /// Its least range.
        min: u32,
        /// Its greatest range.
        max: u32,
        /// Zones between attacker and target.
        distance: u32,
    },
    /// Declare Attack: the defender is an object in play.
    DefenderNotInPlay(ObjectId),
    /// codex: Invisible: an Invisible object cannot be targeted.
    Invisible(ObjectId),
    /// codex: LoS: a wall with Blocks LoS stands between the attacker and its target (an
    /// Indirect attack sees past walls).
    NoLineOfSight {
        /// The attack's name.
        attack: &'static str,
    },
    /// codex: Immunity: an attack spell cannot target an object immune to its damage type.
    Immune {
        /// The attack's name.
        attack: &'static str,
        /// The immune defender.
        defender: ObjectId,
    },
    /// codex: Guard: melee attacks in a zone an enemy guards must target a Guard.
    Guarded(ObjectId),
    /// An object lends its attacks only to the object it is attached to.
    LenderNotAttached(ObjectId),
    /// Declare Attack: an object does not attack itself.
    AtItself {
        /// The attacker.
        creature: ObjectId,
        /// Its card's name.
        name: &'static str,
    },
    /// Declare Attack: attacks target creatures and conjurations standing in a zone.
    NotAttackable {
        /// The target asked for.
        defender: ObjectId,
        /// Its card's name.
        name: &'static str,
    },
    /// Supplement: Equipment: an attack is the creature's own or one of its worn equipment.
    LendsNothing {
        /// The object whose attack was asked for.
        source: ObjectId,
        /// Its card's name.
        source_name: &'static str,
        /// The attacker.
        creature: ObjectId,
        /// Its card's name.
        creature_name: &'static str,
    },
    /// The card prints no attack of that number.
    NoAttackNumber(usize),
    /// An attack without a speed is no attack action (damage barriers, passage attacks).
    NotAnAction {
        /// The attack's name.
        attack: &'static str,
    },
    /// The attacker is in play.
    AttackerNotInPlay {
        /// The attacker.
        creature: ObjectId,
        /// Its card's name.
        name: &'static str,
    },
    /// supplement: Push: a push rolls for its bash, so it needs dice.
    PushWithoutDice,
}

impl fmt::Display for AttackRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AttackRefusal::Incapacitated => f.write_str("an Incapacitated creature cannot attack"),
            AttackRefusal::ZoneAttack { attack } => write!(f, "{attack} is a zone attack"),
            AttackRefusal::NotZoneAttack { attack } => write!(f, "{attack} is not a zone attack"),
            AttackRefusal::NotSweeping { attack } => write!(
                f,
                "{attack} needs the Sweeping trait and two different targets"
            ),
            AttackRefusal::CannotReachFlying { attack } => {
                write!(f, "{attack} cannot reach a Flying defender")
            }
            AttackRefusal::SweepMixedFlying { attack } => write!(
                f,
                "{attack}: a Flying attacker's Sweeping melee cannot take a Flying and a \
                 non-Flying target"
            ),
            AttackRefusal::Mandatory {
                attacker,
                obligation,
                targets,
            } => {
                write!(
                    f,
                    "mandatory attack ({obligation}): object {} must melee attack one of objects ",
                    attacker.0
                )?;
                for (i, (id, name)) in targets.iter().enumerate() {
                    let comma = if i == 0 { "" } else { ", " };
                    write!(f, "{comma}{} ({name})", id.0)?;
                }
                Ok(())
            }
            AttackRefusal::CannotPay { attack, cost, mana } => write!(
                f,
                "{attack} costs {cost} mana and the controller has {mana}"
            ),
            AttackRefusal::OutOfRange {
                attack,
                min,
                max,
                distance,
            } => write!(
                f,
                "{attack} has range {min}-{max}, and its target is {distance} zone(s) away"
            ),
            AttackRefusal::DefenderNotInPlay(id) => write!(f, "object {} is not in play", id.0),
            AttackRefusal::Invisible(_) => f.write_str("an Invisible object cannot be targeted"),
            AttackRefusal::NoLineOfSight { attack } => {
                write!(f, "a wall blocks {attack}'s line of sight to its target")
            }
            AttackRefusal::Immune { attack, .. } => write!(
                f,
                "{attack} cannot target an object immune to its damage type"
            ),
            AttackRefusal::Guarded(_) => f.write_str(
                "an enemy Guard protects the zone: melee attacks there must target a Guard",
            ),
            AttackRefusal::LenderNotAttached(id) => write!(
                f,
                "object {} lends its attacks only to the object it is attached to",
                id.0
            ),
            AttackRefusal::AtItself { name, .. } => write!(f, "{name} cannot attack itself"),
            AttackRefusal::NotAttackable { name, .. } => {
                write!(f, "{name} is not a creature or conjuration in a zone")
            }
            AttackRefusal::LendsNothing {
                source_name,
                creature_name,
                ..
            } => write!(f, "{source_name} lends no attack to {creature_name}"),
            AttackRefusal::NoAttackNumber(bar) => write!(f, "no attack number {bar}"),
            AttackRefusal::NotAnAction { attack } => write!(f, "{attack} is not an attack action"),
            AttackRefusal::AttackerNotInPlay { name, .. } => write!(f, "{name} is not in play"),
            AttackRefusal::PushWithoutDice => f.write_str("a push needs dice for its bash"),
        }
    }
}

/// A direct change to an object (the direct actions of [`super::Action`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ObjectRefusal {
    /// An object is not attached to itself.
    AttachedToItself(ObjectId),
    /// Only a trait granted by an effect can be revoked.
    NoGrantToRevoke {
        /// The object.
        object: ObjectId,
        /// The trait asked for.
        value: Trait,
    },
}

impl fmt::Display for ObjectRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ObjectRefusal::AttachedToItself(id) => {
                write!(f, "object {} cannot be attached to itself", id.0)
            }
            ObjectRefusal::NoGrantToRevoke { object, value } => write!(
                f,
                "object {} has no granted {:?} to revoke",
                object.0,
                value.to_string()
            ),
        }
    }
}

/// Planning and casting spells (supplement: Planning Phase, Casting Spells).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CastRefusal {
    /// Planning Phase: a player plans this many spells a round.
    PlannedAlready {
        /// Spells planned per round.
        limit: usize,
    },
    /// Planning Phase: a planned spell is a copy left in the spellbook.
    NoCopyLeft {
        /// The spell's name.
        spell: &'static str,
    },
    /// The spellbook has no spell of that number.
    NoSpellNumber(usize),
    /// Only a planned spell is cast.
    NotPlanned(usize),
    /// Only spells are cast (a Mage or marker card is not).
    NotASpellCard {
        /// The card's name.
        card: &'static str,
    },
    /// The arena has no zone of that number.
    NoZone(Zone),
    /// A destroyed Mage casts nothing.
    MageDestroyed,
    /// Enchantments are cast face down on an object.
    EnchantmentWithoutObject,
    /// The attack spell prints no attack (found while it was cast).
    NoAttack,
    /// An attack spell is cast on a zone or an object.
    AttackWithoutTarget,
    /// A Mage or marker card is not cast (found while it was cast).
    NotASpell,
    /// Only an incantation resolves on its own (a scenario's `cast` step names another card).
    NotAnIncantation(&'static str),
    /// One spell's checks, named by the spell.
    Spell {
        /// The spell's name.
        spell: &'static str,
        /// The check it fails.
        why: SpellRefusal,
    },
}

impl fmt::Display for CastRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CastRefusal::PlannedAlready { limit } => {
                write!(f, "{limit} spells are planned already")
            }
            CastRefusal::NoCopyLeft { spell } => {
                write!(f, "no copy of {spell} is left in the spellbook")
            }
            CastRefusal::NoSpellNumber(n) => write!(f, "no spell number {n}"),
            CastRefusal::NotPlanned(n) => write!(f, "spell number {n} is not planned"),
            CastRefusal::NotASpellCard { card } => write!(f, "{card} is not a spell"),
            CastRefusal::NoZone(zone) => write!(f, "no zone {}", zone.0),
            CastRefusal::MageDestroyed => f.write_str("a destroyed Mage casts nothing"),
            CastRefusal::EnchantmentWithoutObject => f.write_str("an enchantment needs an object"),
            CastRefusal::NoAttack => f.write_str("no attack"),
            CastRefusal::AttackWithoutTarget => f.write_str("an attack needs a target"),
            CastRefusal::NotASpell => f.write_str("not a spell"),
            CastRefusal::NotAnIncantation(card) => write!(f, "{card} is not an incantation"),
            CastRefusal::Spell { spell, why } => write!(f, "{spell}: {why}"),
        }
    }
}

/// The checks of one spell's cast (supplement: Casting Spells; the codex entries named).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpellRefusal {
    /// The quickcast action casts one quick spell, before a friendly Action Phase or in the
    /// Final Quickcast Phase.
    Quickcast,
    /// A spell takes the Mage's action or its quickcast action.
    NoAction,
    /// Only the active Mage casts with its action.
    NotActiveMage,
    /// codex: Incapacitated: a Mage casts only quick spells that are not attacks.
    Incapacitated,
    /// The target fits the spell's target line.
    TargetLine {
        /// The target line as printed.
        line: &'static str,
    },
    /// The target is within the spell's casting range.
    OutOfRange {
        /// The least range.
        min: u8,
        /// The greatest range.
        max: u8,
        /// Zones between the Mage and the target.
        distance: u32,
    },
    /// An X spell is cast on an object (X is its Level).
    XWithoutObject,
    /// The caster's controller pays the spell's cost.
    CannotPay {
        /// The cost in mana.
        cost: u32,
        /// The paying player.
        player: PlayerId,
        /// The player's mana.
        mana: u32,
    },
    /// codex: Legendary: one object of the name in play.
    Legendary,
    /// codex: Unique: one object of the name in play per player.
    Unique {
        /// The casting player.
        player: PlayerId,
    },
    /// codex: Zone Exclusive: one Zone Exclusive conjuration in a zone.
    ZoneExclusive,
    /// A creature is summoned into a zone.
    CreatureNeedsZone,
    /// supplement: Walls: a wall is cast on a zone border.
    WallNeedsBorder,
    /// Only a wall is cast on a zone border.
    BorderNeedsWall,
    /// A zone border holds one wall (docs/decisions.md, "Mage Wars: walls").
    BorderTaken,
    /// codex: LoS: a wall with Blocks LoS stands between the caster and the target.
    NoLineOfSight,
    /// codex: Extendable: only an Extendable wall places a second wall.
    NotExtendable,
    /// supplement: Extendable: the second wall goes on a border connected to the first.
    ExtensionNotConnected,
    /// supplement: Extendable: the second wall is another copy of the spell in the spellbook.
    NoSecondCopy,
    /// supplement: Conjurations: a zone holds one conjuration of a name.
    SameConjuration,
    /// Conjurations attached to objects are not cast yet.
    AttachedConjurationNotModelled,
    /// supplement: Equipment: equipment is attached to its caster.
    EquipmentOnCaster,
    /// supplement: Duplicate Enchantments: a same-name enchantment is already on the target.
    SameEnchantment,
    /// supplement: Enchantments: an enchantment is cast on an object or on a zone.
    EnchantmentNeedsObjectOrZone,
    /// The attack spell prints no attack.
    NoAttack,
    /// A zone attack spell targets a zone, another attack spell an object.
    AttackKind,
    /// A Mage or marker card is not a spell.
    NotASpell,
}

impl fmt::Display for SpellRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpellRefusal::Quickcast => {
                f.write_str("the quickcast action casts one quick spell, outside Action Phases")
            }
            SpellRefusal::NoAction => {
                f.write_str("a spell needs the Mage's action or its quickcast action")
            }
            SpellRefusal::NotActiveMage => {
                f.write_str("only the active Mage casts with its action")
            }
            SpellRefusal::Incapacitated => {
                f.write_str("an Incapacitated Mage casts only quick spells that are not attacks")
            }
            SpellRefusal::TargetLine { line } => {
                write!(f, "the target does not fit its target line {line:?}")
            }
            SpellRefusal::OutOfRange { min, max, distance } => write!(
                f,
                "range {min}-{max}, and the target is {distance} zone(s) away"
            ),
            SpellRefusal::XWithoutObject => {
                f.write_str("X spells are cast only on an object (X is its Level)")
            }
            SpellRefusal::CannotPay { cost, player, mana } => {
                write!(f, "costs {cost} mana and player {} has {mana}", player.0)
            }
            SpellRefusal::Legendary => {
                f.write_str("it is Legendary and an object of its name is in play")
            }
            SpellRefusal::Unique { player } => write!(
                f,
                "it is Unique and player {} already has an object of its name in play",
                player.0
            ),
            SpellRefusal::ZoneExclusive => {
                f.write_str("the zone already holds a Zone Exclusive conjuration")
            }
            SpellRefusal::CreatureNeedsZone => f.write_str("a creature is summoned into a zone"),
            SpellRefusal::WallNeedsBorder => f.write_str("a wall is cast on a zone border"),
            SpellRefusal::BorderNeedsWall => f.write_str("only a wall is cast on a zone border"),
            SpellRefusal::BorderTaken => f.write_str("the zone border already holds a wall"),
            SpellRefusal::NoLineOfSight => {
                f.write_str("a wall blocks the caster's line of sight to the target")
            }
            SpellRefusal::NotExtendable => {
                f.write_str("only an Extendable wall places a second wall")
            }
            SpellRefusal::ExtensionNotConnected => {
                f.write_str("the second wall goes on a free zone border connected to the first")
            }
            SpellRefusal::NoSecondCopy => {
                f.write_str("the spellbook holds no second copy of the wall")
            }
            SpellRefusal::SameConjuration => f.write_str("a zone holds one conjuration of a name"),
            SpellRefusal::AttachedConjurationNotModelled => {
                f.write_str("conjurations attached to objects are not cast yet")
            }
            SpellRefusal::EquipmentOnCaster => f.write_str("equipment is attached to its caster"),
            SpellRefusal::SameEnchantment => {
                f.write_str("a same-name enchantment is already on the target")
            }
            SpellRefusal::EnchantmentNeedsObjectOrZone => {
                f.write_str("an enchantment is cast on an object or a zone")
            }
            SpellRefusal::NoAttack => f.write_str("the attack spell prints no attack"),
            SpellRefusal::AttackKind => {
                f.write_str("the attack's target does not fit its kind of attack")
            }
            SpellRefusal::NotASpell => f.write_str("not a spell"),
        }
    }
}

/// Revealing a face-down enchantment (supplement: Enchantments, Revealing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RevealRefusal {
    /// Only a face-down enchantment is revealed.
    NotFaceDown {
        /// The object asked for.
        object: ObjectId,
        /// Its card's name.
        name: &'static str,
    },
    /// Only its controller reveals an enchantment.
    NotController(ObjectId),
    /// The enchanted object is still in play.
    ObjectGone(ObjectId),
    /// The object is an enchantment.
    NotEnchantment(ObjectId),
    /// The player pays the reveal cost (plus X per Level, Magebind included).
    CannotPay {
        /// The enchantment's name.
        enchantment: &'static str,
        /// The reveal cost in mana.
        cost: u32,
        /// The revealing player.
        player: PlayerId,
        /// The player's mana.
        mana: u32,
    },
}

impl fmt::Display for RevealRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RevealRefusal::NotFaceDown { name, .. } => write!(f, "{name} is not face down"),
            RevealRefusal::NotController(_) => {
                f.write_str("only its controller reveals an enchantment")
            }
            RevealRefusal::ObjectGone(_) => f.write_str("its object is no longer in play"),
            RevealRefusal::NotEnchantment(_) => f.write_str("not an enchantment"),
            RevealRefusal::CannotPay {
                enchantment,
                cost,
                player,
                mana,
            } => write!(
                f,
                "revealing {enchantment} costs {cost} mana and player {} has {mana}",
                player.0
            ),
        }
    }
}

/// An effect outcome the engine cannot play yet: it leaves no marker and its native handler,
/// if it names one, does not act.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnmodelledEffect {
    /// The effect (a condition entry of the codex).
    pub effect: Condition,
    /// Its native handler, `None` when it names none.
    pub handler: Option<Handler>,
}

impl fmt::Display for UnmodelledEffect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let effect = self.effect;
        match self.handler {
            None => write!(
                f,
                "the effect {effect}: it leaves no marker and names no handler"
            ),
            Some(handler) => write!(f, "the effect {effect} (native handler `{handler}`)"),
        }
    }
}

/// Why a familiar or spawnpoint may not have a spell planned for it or cast it (codex:
/// Familiar, Spawnpoint; supplement: Deployment; docs/decisions.md, "Mage Wars: familiars and
/// spawnpoints").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CasterRefusal {
    /// Besides the Mage, only a familiar or spawnpoint in play that the player controls casts.
    NotACaster {
        /// The object named.
        object: ObjectId,
        /// Its name.
        name: &'static str,
    },
    /// One spell a round is planned for each familiar or spawnpoint.
    PlannedAlready {
        /// The caster's name.
        caster: &'static str,
    },
    /// The caster's card limits the spells it casts (`casts_spells`).
    CannotCast {
        /// The caster's name.
        caster: &'static str,
        /// The spell's name.
        spell: &'static str,
    },
    /// The caster's card asks for more mana on it than it has to cast the spell.
    TooLittleMana {
        /// The caster's name.
        caster: &'static str,
    },
    /// Nothing is planned for the caster this round.
    NothingPlanned {
        /// The caster's name.
        caster: &'static str,
    },
    /// A spawnpoint casts in its player's turn of the Deployment Phase.
    NotDeployment {
        /// The spawnpoint's name.
        caster: &'static str,
    },
    /// A familiar casts with its own action in its Action Phase.
    NotItsActionPhase {
        /// The familiar's name.
        caster: &'static str,
    },
    /// codex: Incapacitated: an Incapacitated familiar takes no action, casting included.
    Incapacitated {
        /// The familiar's name.
        caster: &'static str,
    },
}

impl fmt::Display for CasterRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CasterRefusal::NotACaster { object, name } => write!(
                f,
                "{name} (object {}) is not a familiar or spawnpoint in play under this player's \
                 control, so it casts no spells",
                object.0
            ),
            CasterRefusal::PlannedAlready { caster } => {
                write!(f, "{caster} has a spell planned already this round")
            }
            CasterRefusal::CannotCast { caster, spell } => {
                write!(
                    f,
                    "{caster} cannot cast {spell}: its card limits what it casts"
                )
            }
            CasterRefusal::TooLittleMana { caster } => {
                write!(f, "{caster} has too little mana on it to cast its spell")
            }
            CasterRefusal::NothingPlanned { caster } => {
                write!(f, "no spell is planned for {caster} this round")
            }
            CasterRefusal::NotDeployment { caster } => write!(
                f,
                "{caster} is a spawnpoint: it casts in its player's turn of the Deployment Phase"
            ),
            CasterRefusal::NotItsActionPhase { caster } => write!(
                f,
                "{caster} is a familiar: it casts with its own action, in its Action Phase"
            ),
            CasterRefusal::Incapacitated { caster } => {
                write!(f, "{caster} is Incapacitated and takes no action")
            }
        }
    }
}
