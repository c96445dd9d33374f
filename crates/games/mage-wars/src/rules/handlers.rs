//! The native handlers of Mage Wars: the generated `Handlers` trait, implemented.
//!
//! The codex and the cards name a handler for what their data cannot say. Every handler of the
//! content is a method here (the generated trait has no default bodies, so content that names
//! a new handler does not compile until the rules answer it). A handler is one of three
//! kinds:
//! - **behaviour**: the rules call it through [`fire`] at a [`Trigger`] and it acts (Tainted's
//!   damage, Vampiric healing, Rage tokens, Push, Slam on an Unmovable object, Corrode's
//!   overflow, Poison Fangs' effect-die bonus);
//! - **in the rules**: the behaviour is part of a procedure the rules run anyway (the attack
//!   sequence, immunity, Flying); the method says where ([`Outcome::InRules`]);
//! - **not modelled yet**: the method answers [`Outcome::NotModelled`]; when play meets such a
//!   card the rules log [`GameEvent::NotModelled`](super::GameEvent::NotModelled) once per
//!   object, so a scenario shows what the engine ignored.

use std::marker::PhantomData;

use grimoire_engine::{Dice, ObjectId};

use super::attack::push;
use super::conditions::TAINTED_DAMAGE;
use super::content::{Condition, EffectOp, Handler, Handlers, Timing, Trait};
use super::state::{DamageSource, Game, GameEvent, Marker, RulesError};

/// What handlers work on: the game, and the dice when the moment may roll some.
pub struct Table<'d> {
    /// The game.
    pub game: &'d mut Game,
    /// The dice, when the trigger may need rolls.
    pub dice: Option<&'d mut dyn Dice>,
}

/// The moments the rules consult native handlers. The source passed with it is the object
/// whose card or codex entry names the handler.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// The object takes part in an attack (card handlers: the engine reports those it does not
    /// model).
    Met,
    /// A `condition` marker is about to be placed on `target` by `source` (condition
    /// handlers): the handler may replace or prevent it.
    ConditionArriving {
        /// The object receiving it.
        target: ObjectId,
        /// The condition.
        condition: Condition,
    },
    /// A `condition` marker was placed on `target` (condition handlers).
    ConditionPlaced {
        /// The object that received it.
        target: ObjectId,
        /// The condition.
        condition: Condition,
    },
    /// The effect die of `source`'s attack against `defender` is being modified (attack-bar
    /// handlers).
    EffectDie {
        /// The defender.
        defender: ObjectId,
    },
    /// `attacker`'s attack dealt damage to `defender` (handlers of the attack's traits and of
    /// the defender's traits).
    AttackDamaged {
        /// The attacker.
        attacker: ObjectId,
        /// The defender.
        defender: ObjectId,
        /// Damage dealt, up to the defender's remaining health.
        counted: u32,
        /// The first attack of the attack action.
        first: bool,
        /// A creature's own attack (not a barrier, wall or bash).
        by_creature: bool,
    },
    /// An effect-table outcome that leaves no marker (the condition's handler) applies to
    /// `defender`; the source is the attacker.
    EffectOutcome {
        /// The defender.
        defender: ObjectId,
    },
}

/// What a handler did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// It acted (or had nothing to do at this trigger).
    Done,
    /// An effect-die modifier.
    Modifier(i32),
    /// The arriving condition is replaced by this one.
    Replace(Condition),
    /// The arriving condition is not placed.
    Prevent,
    /// The behaviour is part of the rules' procedures, at the place named.
    InRules(&'static str),
    /// The engine does not model this handler yet.
    NotModelled(Handler),
}

/// The Mage Wars implementation of the generated [`Handlers`] trait.
pub struct MageWarsHandlers<'d>(PhantomData<&'d mut Game>);

/// Runs `handler` of `source` at `trigger`.
pub fn fire<'d>(
    game: &'d mut Game,
    dice: Option<&'d mut dyn Dice>,
    handler: Handler,
    source: ObjectId,
    trigger: Trigger,
) -> Result<Outcome, RulesError> {
    let mut table = Table { game, dice };
    handler.run::<MageWarsHandlers<'d>>(&mut table, source, &trigger)
}

/// Reports, once per object, a card handler the engine does not model (the `Met` trigger).
pub fn meet(game: &mut Game, object: ObjectId) -> Result<(), RulesError> {
    let Some(handler) = game.cards.get(object.0 as usize).and_then(|c| c.handler) else {
        return Ok(());
    };
    if game.reported.contains(&(object, handler)) {
        return Ok(());
    }
    if let Outcome::NotModelled(handler) = fire(game, None, handler, object, Trigger::Met)? {
        game.reported.push((object, handler));
        game.log.push(GameEvent::NotModelled { object, handler });
    }
    Ok(())
}

type Answer = Result<Outcome, RulesError>;

/// Handlers whose methods answer "not modelled yet".
macro_rules! not_modelled {
    ($($method:ident => $variant:ident,)*) => {
        $(
            fn $method(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
                Ok(Outcome::NotModelled(Handler::$variant))
            }
        )*
    };
}

impl<'d> Handlers for MageWarsHandlers<'d> {
    type State = Table<'d>;
    type Source = ObjectId;
    type Trigger = Trigger;
    type Outcome = Answer;

    /// Tainted: the marker deals direct damage as it is placed. Its source is the condition,
    /// not the attack, so it is not damage dealt by the attack (supplement: Codex, Tainted
    /// and Vampiric; ruling 41), but it still destroys by damage (ruling 89).
    fn tainted(table: &mut Table<'d>, _: ObjectId, trigger: &Trigger) -> Answer {
        if let Trigger::ConditionPlaced { target, condition } = *trigger {
            let source = DamageSource::Condition(condition);
            table.game.deal_damage(target, TAINTED_DAMAGE, source);
        }
        Ok(Outcome::Done)
    }

    /// Slam on an Unmovable object: it takes Slam's replacement (its `replace_with` at
    /// `OnActivation`, Daze) straight away.
    fn slam_on_unmovable(table: &mut Table<'d>, _: ObjectId, trigger: &Trigger) -> Answer {
        let Trigger::ConditionArriving { target, condition } = *trigger else {
            return Ok(Outcome::Done);
        };
        if !table.game.has_trait(target, Trait::Unmovable) {
            return Ok(Outcome::Done);
        }
        let replacement = condition.meta().effects.iter().find_map(|op| match *op {
            EffectOp::ReplaceWith {
                condition,
                timing: Timing::OnActivation,
            } => Some(condition),
            _ => None,
        });
        Ok(replacement.map_or(Outcome::Done, Outcome::Replace))
    }

    /// Corrode: a marker that would take Armor below zero becomes one direct damage instead.
    fn corrode_overflow(table: &mut Table<'d>, _: ObjectId, trigger: &Trigger) -> Answer {
        let Trigger::ConditionArriving { target, condition } = *trigger else {
            return Ok(Outcome::Done);
        };
        if table.game.armor(target) > 0 {
            return Ok(Outcome::Done);
        }
        let source = DamageSource::Condition(condition);
        table.game.deal_damage(target, 1, source);
        Ok(Outcome::Prevent)
    }

    /// Poison Fangs: +4 on the effect die against a Restrained or Incapacitated defender
    /// (supplement: Codex, Tainted).
    fn poison_fangs(table: &mut Table<'d>, _: ObjectId, trigger: &Trigger) -> Answer {
        let Trigger::EffectDie { defender } = *trigger else {
            return Ok(Outcome::Done);
        };
        let game = &table.game;
        let held = game.is_restrained(defender) || game.is_incapacitated(defender);
        Ok(Outcome::Modifier(if held { 4 } else { 0 }))
    }

    /// Vampiric: damage to a Living creature heals the attacker by half of it, rounded up,
    /// counting only damage up to the target's remaining health; first attack only.
    fn vampiric(table: &mut Table<'d>, _: ObjectId, trigger: &Trigger) -> Answer {
        if let Trigger::AttackDamaged {
            attacker,
            defender,
            counted,
            first: true,
            ..
        } = *trigger
        {
            if table.game.is_living(defender) {
                table.game.heal(attacker, counted.div_ceil(2));
            }
        }
        Ok(Outcome::Done)
    }

    /// Rage +X: a token, up to X, each time an enemy creature's attack damages the object.
    fn rage_tokens(table: &mut Table<'d>, source: ObjectId, trigger: &Trigger) -> Answer {
        let Trigger::AttackDamaged {
            attacker,
            defender,
            by_creature: true,
            ..
        } = *trigger
        else {
            return Ok(Outcome::Done);
        };
        let game = &mut *table.game;
        let controller = |id| game.store.get(id).map(|o| o.controller);
        let enemy = controller(attacker) != controller(defender);
        let cap = game.trait_x(source, Trait::Rage(0)).unwrap_or(0).max(0) as u32;
        if defender == source && enemy && cap > 0 && game.in_play(defender) {
            let tokens = game
                .store
                .get(defender)
                .map_or(0, |o| o.marker_count(&Marker::Rage));
            game.set_markers(defender, Marker::Rage, (tokens + 1).min(cap));
        }
        Ok(Outcome::Done)
    }

    /// Push: one zone away from the attacker, or a bash against the arena's edge.
    fn push(table: &mut Table<'d>, source: ObjectId, trigger: &Trigger) -> Answer {
        let Trigger::EffectOutcome { defender } = *trigger else {
            return Ok(Outcome::Done);
        };
        let Some(dice) = table.dice.as_deref_mut() else {
            return Err(RulesError::Illegal("a push needs dice for its bash".into()));
        };
        push(table.game, dice, source, defender)?;
        Ok(Outcome::Done)
    }

    fn bleed(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules(
            "state: Game::heal, each point of healing prevented removes a Bleed",
        ))
    }

    fn extinguish(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules(
            "modifiers and attack: dice and effect die per Burn, then Burns removed",
        ))
    }

    fn incorporeal_damage(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules(
            "attack: only 1s damage it, no effects without Ethereal",
        ))
    }

    fn zone_attack(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules(
            "attack: zone_attack, one miss roll, every object in the zone",
        ))
    }

    fn flying(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules(
            "state: Game::is_flying; attack: reach and range",
        ))
    }

    fn immunity(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules(
            "state: Game::is_immune; attack damage, conditions by family",
        ))
    }

    fn incapacitated(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules(
            "attack: no defense, no counterstrike; conditions: guard removed",
        ))
    }

    fn taunt_obligation(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules("attack: check_mandatory_attack"))
    }

    fn bloodthirsty_obligation(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules("attack: check_mandatory_attack"))
    }

    not_modelled! {
        academy_beastmaster => AcademyBeastmaster,
        academy_druid => AcademyDruid,
        academy_elementalist => AcademyElementalist,
        academy_forcemaster => AcademyForcemaster,
        academy_monk => AcademyMonk,
        academy_necromancer => AcademyNecromancer,
        academy_priestess => AcademyPriestess,
        academy_warlock => AcademyWarlock,
        academy_warlord => AcademyWarlord,
        academy_wizard => AcademyWizard,
        adramelech_warlock => AdramelechWarlock,
        agony => Agony,
        akiros_battle_cry => AkirosBattleCry,
        akiros_hammer => AkirosHammer,
        animal_kinship => AnimalKinship,
        anvil_throne_warlord => AnvilThroneWarlord,
        arcane_ring => ArcaneRing,
        arcane_zap => ArcaneZap,
        archers_watchtower => ArchersWatchtower,
        armor_ward => ArmorWard,
        asyran_cleric => AsyranCleric,
        autonomous => Autonomous,
        banish => Banish,
        barracks => Barracks,
        battle_forge => BattleForge,
        battle_fury => BattleFury,
        bear_strength => BearStrength,
        bearskin => Bearskin,
        beastmaster => Beastmaster,
        blinding_flash => BlindingFlash,
        block => Block,
        blue_gremlin => BlueGremlin,
        boulder => Boulder,
        bull_endurance => BullEndurance,
        call_of_the_wild => CallOfTheWild,
        chain_lightning => ChainLightning,
        chains_of_agony => ChainsOfAgony,
        charge => Charge,
        charm => Charm,
        cheetah_speed => CheetahSpeed,
        circle_of_fire => CircleOfFire,
        circle_of_lightning => CircleOfLightning,
        climbing => Climbing,
        cobra_reflexes => CobraReflexes,
        colossus_belt => ColossusBelt,
        counterstrike => Counterstrike,
        crown_of_protection => CrownOfProtection,
        damage_barrier => DamageBarrier,
        dancing_scimitar => DancingScimitar,
        dawnbreaker_ring => DawnbreakerRing,
        death_link => DeathLink,
        deathlock => Deathlock,
        decoy => Decoy,
        defense_ring => DefenseRing,
        deflection_bracers => DeflectionBracers,
        demonhide_armor => DemonhideArmor,
        destroy_magic => DestroyMagic,
        disenchant => Disenchant,
        dispel => Dispel,
        dispel_wand => DispelWand,
        dissolve => Dissolve,
        divine_intervention => DivineIntervention,
        divine_might => DivineMight,
        divine_protection => DivineProtection,
        dragonscale_hauberk => DragonscaleHauberk,
        drain_life => DrainLife,
        drain_power => DrainPower,
        drain_soul => DrainSoul,
        druid => Druid,
        dwarf_panzergarde => DwarfPanzergarde,
        eagle_wings => EagleWings,
        eagleclaw_boots => EagleclawBoots,
        earth_elemental => EarthElemental,
        earthquake => Earthquake,
        electrify => Electrify,
        elemental_cloak => ElementalCloak,
        elemental_wand => ElementalWand,
        enchanters_ring => EnchantersRing,
        enchanters_wardstone => EnchantersWardstone,
        enchantment_transfusion => EnchantmentTransfusion,
        enfeeble => Enfeeble,
        essence_drain => EssenceDrain,
        evade => Evade,
        explode => Explode,
        extendable => Extendable,
        falcon_precision => FalconPrecision,
        familiar => Familiar,
        fireshaper_ring => FireshaperRing,
        force_bash => ForceBash,
        force_crush => ForceCrush,
        force_hold => ForceHold,
        force_orb => ForceOrb,
        force_push => ForcePush,
        force_ring => ForceRing,
        force_sword => ForceSword,
        force_wave => ForceWave,
        forcefield => Forcefield,
        forcemaster => Forcemaster,
        fortified_position => FortifiedPosition,
        gargoyle_sentry => GargoyleSentry,
        garrison_post => GarrisonPost,
        gate_to_hell => GateToHell,
        gate_to_voltari => GateToVoltari,
        gauntlets_of_strength => GauntletsOfStrength,
        ghoul_rot => GhoulRot,
        giant_wolf_spider => GiantWolfSpider,
        goblin_bomber => GoblinBomber,
        goblin_builder => GoblinBuilder,
        goran_werewolf_pet => GoranWerewolfPet,
        gray_angel => GrayAngel,
        grimson_deadeye_sniper => GrimsonDeadeyeSniper,
        group_heal => GroupHeal,
        guardian_angel => GuardianAngel,
        hand_of_bim_shalla => HandOfBimShalla,
        harmonize => Harmonize,
        hawkeye => Hawkeye,
        heal => Heal,
        healing_attack => HealingAttack,
        healing_charm => HealingCharm,
        healing_light => HealingLight,
        hellfire_trap => HellfireTrap,
        helm_of_command => HelmOfCommand,
        helm_of_fear => HelmOfFear,
        highland_unicorn => HighlandUnicorn,
        horn_of_gothos => HornOfGothos,
        huginn_raven_familiar => HuginnRavenFamiliar,
        hunting_bow => HuntingBow,
        ichthellid_larva => IchthellidLarva,
        idol_of_pestilence => IdolOfPestilence,
        intercept => Intercept,
        jinx => Jinx,
        johktari_beastmaster => JohktariBeastmaster,
        ki => Ki,
        knockdown => Knockdown,
        lair => Lair,
        lay_hands => LayHands,
        leather_boots => LeatherBoots,
        leather_gloves => LeatherGloves,
        lightning_ring => LightningRing,
        mage_restriction => MageRestriction,
        mage_sight => MageSight,
        mage_wand => MageWand,
        magebane => Magebane,
        maim_wings => MaimWings,
        makunda => Makunda,
        malacoda => Malacoda,
        mana_crystal => ManaCrystal,
        mana_flower => ManaFlower,
        mana_prism => ManaPrism,
        mana_siphon => ManaSiphon,
        mangler_caltrops => ManglerCaltrops,
        marked_for_death => MarkedForDeath,
        mass_sleep => MassSleep,
        mind_control => MindControl,
        mind_shield => MindShield,
        minor_heal => MinorHeal,
        mohktari_great_tree_of_life => MohktariGreatTreeOfLife,
        mongoose_agility => MongooseAgility,
        moonglow_amulet => MoonglowAmulet,
        necromancer => Necromancer,
        necropian_vampiress => NecropianVampiress,
        nullify => Nullify,
        pacify => Pacify,
        paladin => Paladin,
        passage_attack => PassageAttack,
        pentagram => Pentagram,
        perfect_strike => PerfectStrike,
        piercing_strike => PiercingStrike,
        poisoned_blood => PoisonedBlood,
        power_strike => PowerStrike,
        priest => Priest,
        priestess => Priestess,
        psi_orb => PsiOrb,
        purge_magic => PurgeMagic,
        purify => Purify,
        quicksand => Quicksand,
        rajans_fury => RajansFury,
        ravens_eye => RavensEye,
        redclaw_alpha_male => RedclawAlphaMale,
        redeeming_sacrifice => RedeemingSacrifice,
        reflex_boots => ReflexBoots,
        regrowth => Regrowth,
        regrowth_belt => RegrowthBelt,
        renewing_spring => RenewingSpring,
        repair => Repair,
        repulse => Repulse,
        resurrection => Resurrection,
        retaliate => Retaliate,
        reverse_attack => ReverseAttack,
        reverse_magic => ReverseMagic,
        rhino_hide => RhinoHide,
        ring_of_asyra => RingOfAsyra,
        ring_of_beasts => RingOfBeasts,
        ring_of_command => RingOfCommand,
        ring_of_curses => RingOfCurses,
        ring_of_fire => RingOfFire,
        rouse_the_beast => RouseTheBeast,
        sacred_ground => SacredGround,
        sacrificial_altar => SacrificialAltar,
        sectarus_dark_rune_sword => SectarusDarkRuneSword,
        seeking_dispel => SeekingDispel,
        sharp_thorns => SharpThorns,
        sharpened_pikes => SharpenedPikes,
        shift_enchantment => ShiftEnchantment,
        siren => Siren,
        sleep => Sleep,
        sniper_shot => SniperShot,
        spawnpoint => Spawnpoint,
        spellbind => Spellbind,
        spiked_pit => SpikedPit,
        staff_of_beasts => StaffOfBeasts,
        standard_bearer => StandardBearer,
        steal_enchantment => StealEnchantment,
        steal_equipment => StealEquipment,
        storm_drake_hide => StormDrakeHide,
        stuck => Stuck,
        sunfire_amulet => SunfireAmulet,
        suppression_cloak => SuppressionCloak,
        suppression_orb => SuppressionOrb,
        sweeping => Sweeping,
        tanglevine => Tanglevine,
        tarok_the_skyhunter => TarokTheSkyhunter,
        teleport => Teleport,
        teleport_trap => TeleportTrap,
        temple_of_asyra => TempleOfAsyra,
        temple_of_light => TempleOfLight,
        temple_of_the_dawnbreaker => TempleOfTheDawnbreaker,
        thorg_chief_bodyguard => ThorgChiefBodyguard,
        thorgs_taunt_obligation => ThorgsTauntObligation,
        thoughtspore => Thoughtspore,
        thundergun => Thundergun,
        tooth_nail => ToothNail,
        turn_to_stone => TurnToStone,
        valshalla_lightning_angel => ValshallaLightningAngel,
        vampiric_strike => VampiricStrike,
        vampirism => Vampirism,
        variable_upkeep => VariableUpkeep,
        wall_of_fire => WallOfFire,
        wall_of_pikes => WallOfPikes,
        wall_of_thorns => WallOfThorns,
        warlock => Warlock,
        warlord => Warlord,
        whirling_strike => WhirlingStrike,
        wind_wyvern_hide => WindWyvernHide,
        wizard => Wizard,
        wizards_tower => WizardsTower,
    }
}
