//! The rules' runtime model of cards: stats, traits, attacks and conditions.
//!
//! Card data reaches the rules from the generated card tables (see
//! [`GeneratedCatalog`](super::GeneratedCatalog)); the rules never name a card.

use grimoire_engine::TraitKind;
use serde::Serialize;

/// A damage type (codex: Damage Type).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum DamageType {
    /// Flame.
    Flame,
    /// Lightning.
    Lightning,
    /// Hydro.
    Hydro,
    /// Acid.
    Acid,
    /// Poison.
    Poison,
    /// Psychic.
    Psychic,
    /// Light.
    Light,
    /// Frost.
    Frost,
    /// Wind.
    Wind,
}

impl DamageType {
    /// Parses the name printed on cards ("Flame", "Lightning", ...).
    pub fn parse(name: &str) -> Option<Self> {
        Some(match name.trim().to_ascii_lowercase().as_str() {
            "flame" | "fire" => DamageType::Flame,
            "lightning" => DamageType::Lightning,
            "hydro" => DamageType::Hydro,
            "acid" => DamageType::Acid,
            "poison" => DamageType::Poison,
            "psychic" => DamageType::Psychic,
            "light" => DamageType::Light,
            "frost" => DamageType::Frost,
            "wind" => DamageType::Wind,
            _ => return None,
        })
    }
}

/// A trait of an object, as the rules understand it. Unknown traits are kept as text.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Trait {
    /// Armor +/- X.
    Armor(i32),
    /// Life +/- X.
    Life(i32),
    /// Damage Type +/- X: attacks of that type against this object get X dice and X on the
    /// effect die.
    DamageTypeModifier(DamageType, i32),
    /// Immunity to a damage type.
    Immunity(DamageType),
    /// Aegis X.
    Aegis(u32),
    /// Melee +X.
    Melee(i32),
    /// Ranged +X.
    Ranged(i32),
    /// Charge +X.
    Charge(i32),
    /// Bloodthirsty +X.
    Bloodthirsty(i32),
    /// Rage +X (maximum tokens).
    Rage(u32),
    /// Tough -X (stored signed, as printed: -2).
    Tough(i32),
    /// Regenerate X.
    Regenerate(u32),
    /// Upkeep +X.
    Upkeep(u32),
    /// Flying.
    Flying,
    /// Incorporeal.
    Incorporeal,
    /// Nonliving.
    Nonliving,
    /// Living.
    Living,
    /// Finite Life.
    FiniteLife,
    /// No Armor.
    NoArmor,
    /// Unmovable.
    Unmovable,
    /// Uncontainable.
    Uncontainable,
    /// Elusive: may bypass enemy guards.
    Elusive,
    /// Invisible: cannot be targeted; also Elusive.
    Invisible,
    /// Indestructible: cannot be damaged.
    Indestructible,
    /// Burnproof.
    Burnproof,
    /// Any other trait, as printed.
    Other(String),
}

impl TraitKind for Trait {
    fn same_kind(&self, other: &Self) -> bool {
        match (self, other) {
            (Trait::DamageTypeModifier(a, _), Trait::DamageTypeModifier(b, _)) => a == b,
            (Trait::Immunity(a), Trait::Immunity(b)) => a == b,
            (Trait::Other(a), Trait::Other(b)) => a.eq_ignore_ascii_case(b),
            _ => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }
}

impl Trait {
    /// True when both are the same kind of trait, parameters aside.
    pub fn same_kind_as(&self, other: &Trait) -> bool {
        self.same_kind(other)
    }

    /// Parses a trait as printed ("Armor +2", "Flame -2", "Aegis 1", "Flying",
    /// "Flame Immunity"). Anything not understood becomes [`Trait::Other`].
    pub fn parse(text: &str) -> Trait {
        let text = text.trim();
        let lower = text.to_ascii_lowercase();
        let flag = match lower.as_str() {
            "flying" => Some(Trait::Flying),
            "incorporeal" => Some(Trait::Incorporeal),
            "nonliving" => Some(Trait::Nonliving),
            "living" => Some(Trait::Living),
            "finite life" => Some(Trait::FiniteLife),
            "no armor" => Some(Trait::NoArmor),
            "unmovable" => Some(Trait::Unmovable),
            "uncontainable" => Some(Trait::Uncontainable),
            "elusive" => Some(Trait::Elusive),
            "invisible" => Some(Trait::Invisible),
            "indestructible" => Some(Trait::Indestructible),
            "burnproof" => Some(Trait::Burnproof),
            _ => None,
        };
        if let Some(flag) = flag {
            return flag;
        }
        if let Some(kind) = lower.strip_suffix(" immunity") {
            if let Some(damage) = DamageType::parse(kind) {
                return Trait::Immunity(damage);
            }
        }
        let Some((name, number)) = lower.rsplit_once(' ') else {
            return Trait::Other(text.to_string());
        };
        let Ok(x) = number.trim_start_matches('+').parse::<i32>() else {
            return Trait::Other(text.to_string());
        };
        let unsigned = u32::try_from(x).ok();
        let parsed = match name {
            "armor" => Some(Trait::Armor(x)),
            "life" => Some(Trait::Life(x)),
            "aegis" => unsigned.map(Trait::Aegis),
            "melee" => Some(Trait::Melee(x)),
            "ranged" => Some(Trait::Ranged(x)),
            "charge" => Some(Trait::Charge(x)),
            "bloodthirsty" => Some(Trait::Bloodthirsty(x)),
            "rage" => unsigned.map(Trait::Rage),
            "tough" => Some(Trait::Tough(x)),
            "regenerate" => unsigned.map(Trait::Regenerate),
            "upkeep" => unsigned.map(Trait::Upkeep),
            other => DamageType::parse(other).map(|d| Trait::DamageTypeModifier(d, x)),
        };
        parsed.unwrap_or_else(|| Trait::Other(text.to_string()))
    }
}

/// A condition marker (codex: Condition).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, PartialOrd, Ord)]
pub enum Condition {
    /// Burn (flame).
    Burn,
    /// Rot (poison).
    Rot,
    /// Bleed.
    Bleed,
    /// Corrode (acid): armor -1 each.
    Corrode,
    /// Daze.
    Daze,
    /// Stun (incapacitated).
    Stun,
    /// Sleep (psychic, incapacitated).
    Sleep,
    /// Slam (incapacitated until activated).
    Slam,
    /// Cripple (poison, restrained).
    Cripple,
    /// Tainted (poison).
    Tainted,
    /// Weak (poison).
    Weak,
    /// Stuck.
    Stuck,
    /// Taunt: the creature must melee attack its taunter (see [`Game::taunter`](super::Game::taunter)).
    Taunt,
}

impl Condition {
    /// Every condition, in a fixed order.
    pub const ALL: [Condition; 13] = [
        Condition::Burn,
        Condition::Rot,
        Condition::Bleed,
        Condition::Corrode,
        Condition::Daze,
        Condition::Stun,
        Condition::Sleep,
        Condition::Slam,
        Condition::Cripple,
        Condition::Tainted,
        Condition::Weak,
        Condition::Stuck,
        Condition::Taunt,
    ];

    /// Parses a condition name.
    pub fn parse(name: &str) -> Option<Condition> {
        Condition::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The condition's name.
    pub fn name(self) -> &'static str {
        match self {
            Condition::Burn => "Burn",
            Condition::Rot => "Rot",
            Condition::Bleed => "Bleed",
            Condition::Corrode => "Corrode",
            Condition::Daze => "Daze",
            Condition::Stun => "Stun",
            Condition::Sleep => "Sleep",
            Condition::Slam => "Slam",
            Condition::Cripple => "Cripple",
            Condition::Tainted => "Tainted",
            Condition::Weak => "Weak",
            Condition::Stuck => "Stuck",
            Condition::Taunt => "Taunt",
        }
    }

    /// The damage type the codex gives the condition, which immunities block.
    pub fn damage_type(self) -> Option<DamageType> {
        match self {
            Condition::Burn => Some(DamageType::Flame),
            Condition::Rot | Condition::Cripple | Condition::Tainted | Condition::Weak => {
                Some(DamageType::Poison)
            }
            Condition::Corrode => Some(DamageType::Acid),
            Condition::Sleep => Some(DamageType::Psychic),
            _ => None,
        }
    }

    /// True for conditions that make the creature Incapacitated.
    pub fn incapacitates(self) -> bool {
        matches!(self, Condition::Stun | Condition::Sleep | Condition::Slam)
    }

    /// True for conditions that make the creature Restrained.
    pub fn restrains(self) -> bool {
        matches!(self, Condition::Cripple)
    }
}

/// A marker on an object: a condition or a bookkeeping token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Marker {
    /// A condition marker.
    Condition(Condition),
    /// A Guard marker.
    Guard,
    /// A Rage token.
    Rage,
    /// Defense uses spent this round.
    DefenseUsed,
}

/// Melee, ranged, or neither (damage barriers, walls, bashes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub enum AttackKind {
    /// A melee attack.
    Melee,
    /// A ranged attack.
    Ranged,
    /// Neither melee nor ranged.
    #[default]
    Other,
}

/// What an effect-die row does.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Effect {
    /// Places a condition marker.
    Condition(Condition),
    /// Pushes the defender one zone.
    Push,
    /// Any other effect, as printed (recorded, not resolved).
    Other(String),
}

impl Effect {
    /// The effect's name.
    pub fn name(&self) -> &str {
        match self {
            Effect::Condition(c) => c.name(),
            Effect::Push => "Push",
            Effect::Other(name) => name,
        }
    }

    /// Parses an effect name.
    pub fn parse(name: &str) -> Effect {
        match Condition::parse(name) {
            Some(c) => Effect::Condition(c),
            None if name.trim().eq_ignore_ascii_case("push") => Effect::Push,
            None => Effect::Other(name.trim().to_string()),
        }
    }
}

/// One row of an effect table: from `threshold` up to the next row's threshold.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EffectRow {
    /// The lowest modified d12 result for this row.
    pub threshold: i32,
    /// What happens.
    pub effects: Vec<Effect>,
}

/// A "+X vs. <types or traits>" bonus.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VersusBonus {
    /// X.
    pub bonus: i32,
    /// Lower-case words that qualify a defender (subtypes, schools or trait names).
    pub against: Vec<String>,
}

/// An attack bar.
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
pub struct Attack {
    /// Name on the attack bar.
    pub name: String,
    /// Melee, ranged or other.
    pub kind: AttackKind,
    /// Attack dice.
    pub dice: u32,
    /// Damage type, if any.
    pub damage_type: Option<DamageType>,
    /// Effect table.
    pub effects: Vec<EffectRow>,
    /// Piercing +X.
    pub piercing: u32,
    /// Unavoidable.
    pub unavoidable: bool,
    /// Ethereal.
    pub ethereal: bool,
    /// Zone attack.
    pub zone: bool,
    /// Range in zones (min, max) of a ranged or other attack; an attack spell's is the
    /// spell's range. Melee attacks always need the defender in the attacker's zone. `None`
    /// sets no limit.
    pub range: Option<(u32, u32)>,
    /// Individual attacks against the same defender (1, 2 Doublestrike, 3 Triplestrike).
    pub strikes: u32,
    /// Sweeping.
    pub sweeping: bool,
    /// Vampiric.
    pub vampiric: bool,
    /// Counterstrike.
    pub counterstrike: bool,
    /// The attack is a Damage Barrier (made by the object it is attached to's protector).
    pub damage_barrier: bool,
    /// All damage is critical.
    pub all_critical: bool,
    /// Deals no damage (effects only).
    pub no_damage: bool,
    /// Mana paid to make the attack.
    pub cost: u32,
    /// A quick action (the attacks a Guard can counterstrike with).
    pub quick: bool,
    /// An attack spell's attack (Weak does not reduce it).
    pub spell: bool,
    /// Mana Drain +X (or Mana Transfer +X, see `mana_transfer`).
    pub mana_drain: u32,
    /// The drained mana goes to the attacker's controller (Mana Transfer +X).
    pub mana_transfer: bool,
    /// Reach: this melee attack can attack Flying creatures.
    pub reach: bool,
    /// Extinguish: fewer dice and a lower effect die per Burn on the defender, then all its
    /// Burns are removed.
    pub extinguish: bool,
    /// +X vs. bonuses.
    pub versus: Vec<VersusBonus>,
    /// Effect-die bonus against Restrained (or Incapacitated) defenders.
    pub restrained_effect_bonus: i32,
}

impl Attack {
    /// True for melee attacks.
    pub fn is_melee(&self) -> bool {
        self.kind == AttackKind::Melee
    }

    /// True for ranged attacks.
    pub fn is_ranged(&self) -> bool {
        self.kind == AttackKind::Ranged
    }

    /// True when the attack cannot be avoided by Defenses (zone attacks always are).
    pub fn is_unavoidable(&self) -> bool {
        self.unavoidable || self.zone
    }
}

/// A Defense attribute: the d12 result needed to avoid an attack, and uses per round
/// (`None` = unlimited).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Defense {
    /// Minimum d12 roll.
    pub threshold: i32,
    /// Uses per round, if limited.
    pub uses_per_round: Option<u32>,
    /// Cannot be used against ranged attacks.
    pub no_ranged: bool,
}

/// Attack traits a card attached to a creature adds to some of its attacks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub struct AttackBoost {
    /// Vampiric.
    pub vampiric: bool,
    /// Unavoidable.
    pub unavoidable: bool,
    /// Ethereal.
    pub ethereal: bool,
    /// Piercing +X.
    pub piercing: u32,
}

impl AttackBoost {
    /// True when it adds nothing.
    pub fn is_empty(&self) -> bool {
        *self == AttackBoost::default()
    }

    /// `attack` with the boost's traits added.
    pub fn apply(&self, attack: &mut Attack) {
        attack.vampiric |= self.vampiric;
        attack.unavoidable |= self.unavoidable;
        attack.ethereal |= self.ethereal;
        attack.piercing += self.piercing;
    }
}

/// Printed card data the rules need.
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
pub struct CardStats {
    /// Card name.
    pub name: String,
    /// Card type ("Creature", "Conjuration", ...).
    pub card_type: String,
    /// Lower-case subtypes and schools, for "+X vs." checks.
    pub subtypes: Vec<String>,
    /// Level.
    pub level: u32,
    /// Life (0 when it has none).
    pub life: u32,
    /// Printed armor.
    pub armor: u32,
    /// Defense, if any.
    pub defense: Option<Defense>,
    /// Channeling.
    pub channeling: u32,
    /// Printed traits.
    pub traits: Vec<Trait>,
    /// Traits an enchantment or equipment gives the object it is attached to.
    pub grants: Vec<Trait>,
    /// Traits an enchantment or equipment makes the object it is attached to lose.
    pub removes: Vec<Trait>,
    /// What an enchantment or equipment adds to the melee attacks of the creature it is
    /// attached to.
    pub melee_attacks_gain: AttackBoost,
    /// Attack bars.
    pub attacks: Vec<Attack>,
}
