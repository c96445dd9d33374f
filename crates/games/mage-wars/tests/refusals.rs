//! The words of every rules error: typed refusals render exactly the messages the rules gave
//! when they were built as text (scenarios match them as substrings).

use grimoire_engine::{ObjectId, PlayerId, Zone, ZonedArena};

use grimoire_mage_wars::rules::refusal::{ArenaZone, Obligation, UnmodelledEffect};
use grimoire_mage_wars::rules::{
    AttackRefusal, CastRefusal, MoveRefusal, ObjectRefusal, RevealRefusal, RulesError,
    SetupRefusal, SpellRefusal, TurnRefusal,
};
use grimoire_mage_wars::{Condition, Handler, Trait};

fn words(error: impl Into<RulesError>) -> String {
    error.into().to_string()
}

#[test]
fn turn_setup_and_object_refusals_keep_their_words() {
    let (p, o) = (PlayerId(2), ObjectId(7));
    let cases = [
        (
            words(TurnRefusal::GameOver),
            "illegal: the game is over: nobody is to act",
        ),
        (words(TurnRefusal::NoPlayer(p)), "illegal: no player 2"),
        (
            words(TurnRefusal::NotToAct(p)),
            "illegal: player 2 is not the one to act",
        ),
        (
            words(TurnRefusal::MustActivate),
            "illegal: a player with a ready creature must activate one",
        ),
        (
            words(TurnRefusal::NotReady {
                creature: o,
                name: "Grey Wraith",
                player: p,
            }),
            "illegal: Grey Wraith is not a ready creature of player 2",
        ),
        (
            words(TurnRefusal::NotThisStep),
            "illegal: not possible at this point of the round",
        ),
        (words(TurnRefusal::NotNow), "illegal: not possible now"),
        (
            words(TurnRefusal::NoActingCreature),
            "illegal: no creature is acting",
        ),
        (
            words(SetupRefusal::Players { spellbooks: 3 }),
            "illegal: Mage Wars is played by two players (got 3 spellbooks)",
        ),
        (
            words(SetupRefusal::NotAMage {
                card: "Bear Strength",
            }),
            "illegal: Bear Strength is not a Mage",
        ),
        (
            words(ObjectRefusal::AttachedToItself(o)),
            "illegal: object 7 cannot be attached to itself",
        ),
        (
            words(ObjectRefusal::NoGrantToRevoke {
                object: o,
                value: Trait::Flying,
            }),
            "illegal: object 7 has no granted \"Flying\" to revoke",
        ),
    ];
    for (got, want) in cases {
        assert_eq!(got, want);
    }
}

#[test]
fn move_refusals_keep_their_words() {
    let o = ObjectId(3);
    let arena = ZonedArena::new(4, 3);
    let cases = [
        (
            words(MoveRefusal::QuickActionUsed {
                creature: o,
                name: "Goblin Grunt",
            }),
            "illegal: Goblin Grunt has used its quick action to move",
        ),
        (
            words(MoveRefusal::MovedNoFullAction {
                creature: o,
                name: "Goblin Grunt",
            }),
            "illegal: Goblin Grunt moved this Action Phase: no full action",
        ),
        (
            words(MoveRefusal::NotAdjacent {
                to: ArenaZone::of(&arena, Zone(11)),
                from: ArenaZone::of(&arena, Zone(1)),
            }),
            "illegal: D3 is not adjacent to B1",
        ),
        (
            words(MoveRefusal::CannotMove {
                creature: o,
                name: "Goblin Grunt",
                because: "Restrained",
            }),
            "illegal: Goblin Grunt is Restrained and cannot move",
        ),
        (
            words(MoveRefusal::NoMoreMoves {
                creature: o,
                name: "Goblin Grunt",
            }),
            "illegal: Goblin Grunt cannot move further this Action Phase",
        ),
        (
            words(MoveRefusal::IncapacitatedGuard),
            "illegal: an Incapacitated creature cannot guard",
        ),
        (
            words(MoveRefusal::PassageBlocked {
                to: ArenaZone::of(&arena, Zone(2)),
                from: ArenaZone::of(&arena, Zone(1)),
            }),
            "illegal: a wall with Passage Blocked stands between B1 and C1",
        ),
    ];
    for (got, want) in cases {
        assert_eq!(got, want);
    }
}

#[test]
fn attack_refusals_keep_their_words() {
    let (a, d) = (ObjectId(1), ObjectId(4));
    let attack = "Bite";
    let cases = [
        (
            words(AttackRefusal::Incapacitated),
            "illegal: an Incapacitated creature cannot attack".to_string(),
        ),
        (
            words(AttackRefusal::ZoneAttack { attack }),
            "illegal: Bite is a zone attack".into(),
        ),
        (
            words(AttackRefusal::NotZoneAttack { attack }),
            "illegal: Bite is not a zone attack".into(),
        ),
        (
            words(AttackRefusal::NotSweeping { attack }),
            "illegal: Bite needs the Sweeping trait and two different targets".into(),
        ),
        (
            words(AttackRefusal::CannotReachFlying { attack }),
            "illegal: Bite cannot reach a Flying defender".into(),
        ),
        (
            words(AttackRefusal::SweepMixedFlying { attack }),
            "illegal: Bite: a Flying attacker's Sweeping melee cannot take a Flying and a \
             non-Flying target"
                .into(),
        ),
        (
            words(AttackRefusal::Mandatory {
                attacker: a,
                obligation: Obligation::TauntOrBloodthirsty,
                targets: vec![(ObjectId(2), "Goblin Grunt"), (d, "Timber Wolf")],
            }),
            "illegal: mandatory attack (Taunt or Bloodthirsty): object 1 must melee attack one \
             of objects 2 (Goblin Grunt), 4 (Timber Wolf)"
                .into(),
        ),
        (
            words(AttackRefusal::Mandatory {
                attacker: a,
                obligation: Obligation::Taunt,
                targets: vec![(d, "Timber Wolf")],
            }),
            "illegal: mandatory attack (Taunt): object 1 must melee attack one of objects 4 \
             (Timber Wolf)"
                .into(),
        ),
        (
            words(AttackRefusal::Mandatory {
                attacker: a,
                obligation: Obligation::Bloodthirsty,
                targets: vec![(d, "")],
            }),
            "illegal: mandatory attack (Bloodthirsty): object 1 must melee attack one of objects \
             4 ()"
                .into(),
        ),
        (
            words(AttackRefusal::CannotPay {
                attack,
                cost: 2,
                mana: 1,
            }),
            "illegal: Bite costs 2 mana and the controller has 1".into(),
        ),
        (
            words(AttackRefusal::OutOfRange {
                attack,
                min: 0,
                max: 1,
                distance: 3,
            }),
            "illegal: Bite has range 0-1, and its target is 3 zone(s) away".into(),
        ),
        (
            words(AttackRefusal::DefenderNotInPlay(d)),
            "illegal: object 4 is not in play".into(),
        ),
        (
            words(AttackRefusal::Invisible(d)),
            "illegal: an Invisible object cannot be targeted".into(),
        ),
        (
            words(AttackRefusal::NoLineOfSight { attack }),
            "illegal: a wall blocks Bite's line of sight to its target".into(),
        ),
        (
            words(AttackRefusal::Immune {
                attack,
                defender: d,
            }),
            "illegal: Bite cannot target an object immune to its damage type".into(),
        ),
        (
            words(AttackRefusal::Guarded(d)),
            "illegal: an enemy Guard protects the zone: melee attacks there must target a Guard"
                .into(),
        ),
        (
            words(AttackRefusal::LenderNotAttached(d)),
            "illegal: object 4 lends its attacks only to the object it is attached to".into(),
        ),
        (
            words(AttackRefusal::AtItself {
                creature: a,
                name: "Timber Wolf",
            }),
            "illegal: Timber Wolf cannot attack itself".into(),
        ),
        (
            words(AttackRefusal::NotAttackable {
                defender: d,
                name: "Bear Strength",
            }),
            "illegal: Bear Strength is not a creature or conjuration in a zone".into(),
        ),
        (
            words(AttackRefusal::LendsNothing {
                source: d,
                source_name: "Hand Axe",
                creature: a,
                creature_name: "Timber Wolf",
            }),
            "illegal: Hand Axe lends no attack to Timber Wolf".into(),
        ),
        (
            words(AttackRefusal::NoAttackNumber(5)),
            "illegal: no attack number 5".into(),
        ),
        (
            words(AttackRefusal::NotAnAction { attack }),
            "illegal: Bite is not an attack action".into(),
        ),
        (
            words(AttackRefusal::AttackerNotInPlay {
                creature: a,
                name: "Timber Wolf",
            }),
            "illegal: Timber Wolf is not in play".into(),
        ),
        (
            words(AttackRefusal::PushWithoutDice),
            "illegal: a push needs dice for its bash".into(),
        ),
        (
            words(RulesError::UnknownAttack {
                card: "Timber Wolf",
                bar: 2,
            }),
            "Timber Wolf has no attack named \"number 2\"".into(),
        ),
        (
            words(RulesError::NotModelled(UnmodelledEffect {
                effect: Condition::Burn,
                handler: None,
            })),
            format!(
                "not modelled yet: the effect {}: it leaves no marker and names no handler",
                Condition::Burn
            ),
        ),
        (
            words(RulesError::NotModelled(UnmodelledEffect {
                effect: Condition::Burn,
                handler: Some(Handler::AcademyDruid),
            })),
            format!(
                "not modelled yet: the effect {} (native handler `{}`)",
                Condition::Burn,
                Handler::AcademyDruid
            ),
        ),
    ];
    for (got, want) in cases {
        assert_eq!(got, want);
    }
}

#[test]
fn cast_and_reveal_refusals_keep_their_words() {
    let (p, o) = (PlayerId(1), ObjectId(9));
    let spell = |why| CastRefusal::Spell {
        spell: "Dissolve",
        why,
    };
    let cases = [
        (
            words(CastRefusal::PlannedAlready { limit: 2 }),
            "illegal: 2 spells are planned already",
        ),
        (
            words(CastRefusal::NoCopyLeft { spell: "Dissolve" }),
            "illegal: no copy of Dissolve is left in the spellbook",
        ),
        (
            words(CastRefusal::NoSpellNumber(12)),
            "illegal: no spell number 12",
        ),
        (
            words(CastRefusal::NotPlanned(3)),
            "illegal: spell number 3 is not planned",
        ),
        (
            words(CastRefusal::NotASpellCard {
                card: "Beastmaster",
            }),
            "illegal: Beastmaster is not a spell",
        ),
        (words(CastRefusal::NoZone(Zone(14))), "illegal: no zone 14"),
        (
            words(CastRefusal::MageDestroyed),
            "illegal: a destroyed Mage casts nothing",
        ),
        (
            words(CastRefusal::EnchantmentWithoutObject),
            "illegal: an enchantment needs an object",
        ),
        (words(CastRefusal::NoAttack), "illegal: no attack"),
        (
            words(CastRefusal::AttackWithoutTarget),
            "illegal: an attack needs a target",
        ),
        (words(CastRefusal::NotASpell), "illegal: not a spell"),
        (
            words(spell(SpellRefusal::Quickcast)),
            "illegal: Dissolve: the quickcast action casts one quick spell, outside Action Phases",
        ),
        (
            words(spell(SpellRefusal::NoAction)),
            "illegal: Dissolve: a spell needs the Mage's action or its quickcast action",
        ),
        (
            words(spell(SpellRefusal::NotActiveMage)),
            "illegal: Dissolve: only the active Mage casts with its action",
        ),
        (
            words(spell(SpellRefusal::Incapacitated)),
            "illegal: Dissolve: an Incapacitated Mage casts only quick spells that are not attacks",
        ),
        (
            words(spell(SpellRefusal::TargetLine {
                line: "Object, Conjuration",
            })),
            "illegal: Dissolve: the target does not fit its target line \"Object, Conjuration\"",
        ),
        (
            words(spell(SpellRefusal::OutOfRange {
                min: 0,
                max: 2,
                distance: 4,
            })),
            "illegal: Dissolve: range 0-2, and the target is 4 zone(s) away",
        ),
        (
            words(spell(SpellRefusal::XWithoutObject)),
            "illegal: Dissolve: X spells are cast only on an object (X is its Level)",
        ),
        (
            words(spell(SpellRefusal::CannotPay {
                cost: 6,
                player: p,
                mana: 5,
            })),
            "illegal: Dissolve: costs 6 mana and player 1 has 5",
        ),
        (
            words(spell(SpellRefusal::Legendary)),
            "illegal: Dissolve: it is Legendary and an object of its name is in play",
        ),
        (
            words(spell(SpellRefusal::Unique { player: p })),
            "illegal: Dissolve: it is Unique and player 1 already has an object of its name in \
             play",
        ),
        (
            words(spell(SpellRefusal::ZoneExclusive)),
            "illegal: Dissolve: the zone already holds a Zone Exclusive conjuration",
        ),
        (
            words(spell(SpellRefusal::CreatureNeedsZone)),
            "illegal: Dissolve: a creature is summoned into a zone",
        ),
        (
            words(spell(SpellRefusal::WallNeedsBorder)),
            "illegal: Dissolve: a wall is cast on a zone border",
        ),
        (
            words(spell(SpellRefusal::BorderNeedsWall)),
            "illegal: Dissolve: only a wall is cast on a zone border",
        ),
        (
            words(spell(SpellRefusal::BorderTaken)),
            "illegal: Dissolve: the zone border already holds a wall",
        ),
        (
            words(spell(SpellRefusal::NoLineOfSight)),
            "illegal: Dissolve: a wall blocks the caster's line of sight to the target",
        ),
        (
            words(spell(SpellRefusal::NotExtendable)),
            "illegal: Dissolve: only an Extendable wall places a second wall",
        ),
        (
            words(spell(SpellRefusal::ExtensionNotConnected)),
            "illegal: Dissolve: the second wall goes on a free zone border connected to the first",
        ),
        (
            words(spell(SpellRefusal::NoSecondCopy)),
            "illegal: Dissolve: the spellbook holds no second copy of the wall",
        ),
        (
            words(spell(SpellRefusal::SameConjuration)),
            "illegal: Dissolve: a zone holds one conjuration of a name",
        ),
        (
            words(spell(SpellRefusal::AttachedConjurationNotModelled)),
            "illegal: Dissolve: conjurations attached to objects are not cast yet",
        ),
        (
            words(spell(SpellRefusal::EquipmentOnCaster)),
            "illegal: Dissolve: equipment is attached to its caster",
        ),
        (
            words(spell(SpellRefusal::SameEnchantment)),
            "illegal: Dissolve: a same-name enchantment is already on the target",
        ),
        (
            words(spell(SpellRefusal::EnchantmentNeedsObjectOrZone)),
            "illegal: Dissolve: an enchantment is cast on an object or a zone",
        ),
        (
            words(spell(SpellRefusal::NoAttack)),
            "illegal: Dissolve: the attack spell prints no attack",
        ),
        (
            words(spell(SpellRefusal::AttackKind)),
            "illegal: Dissolve: the attack's target does not fit its kind of attack",
        ),
        (
            words(spell(SpellRefusal::NotASpell)),
            "illegal: Dissolve: not a spell",
        ),
        (
            words(RevealRefusal::NotFaceDown {
                object: o,
                name: "Nullify",
            }),
            "illegal: Nullify is not face down",
        ),
        (
            words(RevealRefusal::NotController(o)),
            "illegal: only its controller reveals an enchantment",
        ),
        (
            words(RevealRefusal::ObjectGone(o)),
            "illegal: its object is no longer in play",
        ),
        (
            words(RevealRefusal::NotEnchantment(o)),
            "illegal: not an enchantment",
        ),
        (
            words(RevealRefusal::CannotPay {
                enchantment: "Nullify",
                cost: 3,
                player: p,
                mana: 0,
            }),
            "illegal: revealing Nullify costs 3 mana and player 1 has 0",
        ),
    ];
    for (got, want) in cases {
        assert_eq!(got, want);
    }
}

#[test]
fn caster_refusals_keep_their_words() {
    use grimoire_mage_wars::rules::refusal::CasterRefusal;
    let caster = "Lair";
    let cases = [
        (
            words(CasterRefusal::NotACaster {
                object: ObjectId(4),
                name: "Timber Wolf",
            }),
            "illegal: Timber Wolf (object 4) is not a familiar or spawnpoint in play under this \
             player's control, so it casts no spells",
        ),
        (
            words(CasterRefusal::PlannedAlready { caster }),
            "illegal: Lair has a spell planned already this round",
        ),
        (
            words(CasterRefusal::CannotCast {
                caster,
                spell: "Agony",
            }),
            "illegal: Lair cannot cast Agony: its card limits what it casts",
        ),
        (
            words(CasterRefusal::TooLittleMana { caster }),
            "illegal: Lair has too little mana on it to cast its spell",
        ),
        (
            words(CasterRefusal::NothingPlanned { caster }),
            "illegal: no spell is planned for Lair this round",
        ),
        (
            words(CasterRefusal::NotDeployment { caster }),
            "illegal: Lair is a spawnpoint: it casts in its player's turn of the Deployment Phase",
        ),
        (
            words(CasterRefusal::NotItsActionPhase {
                caster: "Fellella, Pixie Familiar",
            }),
            "illegal: Fellella, Pixie Familiar is a familiar: it casts with its own action, in \
             its Action Phase",
        ),
        (
            words(CasterRefusal::Incapacitated {
                caster: "Fellella, Pixie Familiar",
            }),
            "illegal: Fellella, Pixie Familiar is Incapacitated and takes no action",
        ),
    ];
    for (got, want) in cases {
        assert_eq!(got, want);
    }
}
