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
use super::content::{Condition, EffectOp, Handler, Handlers, Timing, Trait, TRAIT_META};
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

/// Reports, once per object and entry, a draft codex entry (`draft = true`) of `category`.
pub fn report_draft(
    game: &mut Game,
    object: ObjectId,
    category: &'static str,
    entry: &'static str,
) {
    if !game.drafts_reported.contains(&(object, entry)) {
        game.drafts_reported.push((object, entry));
        game.log.push(GameEvent::DraftEntry {
            object,
            category,
            entry,
        });
    }
}

/// Reports, once per object, a card handler the engine does not model (the `Met` trigger),
/// and every draft trait the object has.
pub fn meet(game: &mut Game, object: ObjectId) -> Result<(), RulesError> {
    if codex_has_draft_traits() {
        report_draft_traits(game, object);
    }
    let Some(handler) = game.cards.get(object.0 as usize).and_then(|c| c.handler) else {
        return Ok(());
    };
    if game.reported.reported(object, handler.name()) {
        return Ok(());
    }
    meet_handler(game, object, handler)
}

/// True when some trait entry of the codex is still a draft: only then is an object's trait
/// list worth searching on every attack (worked out once).
fn codex_has_draft_traits() -> bool {
    static ANY: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ANY.get_or_init(|| TRAIT_META.iter().any(|meta| meta.draft))
}

/// Reports every draft trait `object` has.
fn report_draft_traits(game: &mut Game, object: ObjectId) {
    let drafts: Vec<&'static str> = game
        .traits(object)
        .iter()
        .map(|(value, _)| value.meta())
        .filter(|meta| meta.draft)
        .map(|meta| meta.name)
        .collect();
    for entry in drafts {
        report_draft(game, object, "Trait", entry);
    }
}

/// Fires the `Met` trigger of `object`'s card handler, the first time play meets it.
fn meet_handler(game: &mut Game, object: ObjectId, handler: Handler) -> Result<(), RulesError> {
    if let Outcome::NotModelled(handler) = fire(game, None, handler, object, Trigger::Met)? {
        if let Some(event) = game.reported.first(object, handler.name()) {
            game.log.push(GameEvent::NotModelled(event));
        }
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

    /// Snatch: the defender is pulled one zone toward the attacker.
    fn snatch(table: &mut Table<'d>, source: ObjectId, trigger: &Trigger) -> Answer {
        let Trigger::EffectOutcome { defender } = *trigger else {
            return Ok(Outcome::Done);
        };
        super::attack::snatch(table.game, source, defender)?;
        Ok(Outcome::Done)
    }

    fn resilient(_: &mut Table<'d>, _: ObjectId, _: &Trigger) -> Answer {
        Ok(Outcome::InRules(
            "attack: roll_and_apply, critical damage counted as normal against it",
        ))
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
        acolyte_of_the_bog_queen => AcolyteOfTheBogQueen,
        adramelech_warlock => AdramelechWarlock,
        adramelechs_torment => AdramelechsTorment,
        adramelechs_touch => AdramelechsTouch,
        agony => Agony,
        akiros_battle_cry => AkirosBattleCry,
        akiros_favor => AkirosFavor,
        akiros_hammer => AkirosHammer,
        alandell_the_blue_knight => AlandellTheBlueKnight,
        alluring_orchid => AlluringOrchid,
        altar_of_carnage => AltarOfCarnage,
        altar_of_domination => AltarOfDomination,
        altar_of_infernia => AltarOfInfernia,
        altar_of_skulls => AltarOfSkulls,
        altar_of_the_iron_guard => AltarOfTheIronGuard,
        animal_kinship => AnimalKinship,
        animate_dead => AnimateDead,
        ankh_of_asyra => AnkhOfAsyra,
        anvil_throne_warlord => AnvilThroneWarlord,
        arcane_corruption => ArcaneCorruption,
        arcane_ring => ArcaneRing,
        arcane_zap => ArcaneZap,
        archers_watchtower => ArchersWatchtower,
        armor_ward => ArmorWard,
        armory => Armory,
        artemis_dawnbreakers_eye => ArtemisDawnbreakersEye,
        asyran_cleric => AsyranCleric,
        asyras_grace => AsyrasGrace,
        autonomous => Autonomous,
        avaricious_strike => AvariciousStrike,
        ballad_of_courage => BalladOfCourage,
        ballista => Ballista,
        banish => Banish,
        barkskin => Barkskin,
        barracks => Barracks,
        battle_forge => BattleForge,
        battle_fury => BattleFury,
        battle_meditation => BattleMeditation,
        bear_strength => BearStrength,
        bearskin => Bearskin,
        beastmaster => Beastmaster,
        bed_of_urchins => BedOfUrchins,
        bind_spirit => BindSpirit,
        blightheart => Blightheart,
        blind => Blind,
        blinding_flash => BlindingFlash,
        block => Block,
        bloodfire_helmet => BloodfireHelmet,
        bloodthirsty_strike => BloodthirstyStrike,
        bloodwave_greatbow => BloodwaveGreatbow,
        blue_gremlin => BlueGremlin,
        blur => Blur,
        boulder => Boulder,
        bound_healing => BoundHealing,
        brace_yourself => BraceYourself,
        bull_endurance => BullEndurance,
        burst_of_thorns => BurstOfThorns,
        call_of_the_wild => CallOfTheWild,
        cassiel_shield_of_bim_shalla => CassielShieldOfBimShalla,
        cerberus => Cerberus,
        chain_lightning => ChainLightning,
        chains_of_agony => ChainsOfAgony,
        champions_gauntlets => ChampionsGauntlets,
        chant_of_rage => ChantOfRage,
        charge => Charge,
        charm => Charm,
        cheetah_speed => CheetahSpeed,
        chitin_armor => ChitinArmor,
        circle_of_fire => CircleOfFire,
        circle_of_light => CircleOfLight,
        circle_of_lightning => CircleOfLightning,
        cleansing_aura => CleansingAura,
        clear_mind => ClearMind,
        climbing => Climbing,
        cloak_of_shadows => CloakOfShadows,
        cobra_reflexes => CobraReflexes,
        cobra_stance => CobraStance,
        colossal_crab => ColossalCrab,
        colossus_belt => ColossusBelt,
        combustion => Combustion,
        confusion => Confusion,
        conquer => Conquer,
        consecrated_ground => ConsecratedGround,
        construction_yard => ConstructionYard,
        corrosive_orchid => CorrosiveOrchid,
        counterstrike => Counterstrike,
        critical_strike => CriticalStrike,
        crown_of_protection => CrownOfProtection,
        crusade_banner => CrusadeBanner,
        damage_barrier => DamageBarrier,
        dancing_scimitar => DancingScimitar,
        dawnbreaker_ring => DawnbreakerRing,
        dawnbreakers_initiate => DawnbreakersInitiate,
        dawns_bastion => DawnsBastion,
        death_link => DeathLink,
        death_ring => DeathRing,
        deathlock => Deathlock,
        deathshroud_staff => DeathshroudStaff,
        debilitate => Debilitate,
        decoy => Decoy,
        defend => Defend,
        defense_ring => DefenseRing,
        deflection_bracers => DeflectionBracers,
        demonhide_armor => DemonhideArmor,
        demonic_bloodlust => DemonicBloodlust,
        deptonne_berserker => DeptonneBerserker,
        deptonne_bloodshaman => DeptonneBloodshaman,
        destroy_magic => DestroyMagic,
        devour => Devour,
        devouring_jelly => DevouringJelly,
        disarm => Disarm,
        disenchant => Disenchant,
        dispel => Dispel,
        dispel_wand => DispelWand,
        dissolve => Dissolve,
        divine_intervention => DivineIntervention,
        divine_might => DivineMight,
        divine_protection => DivineProtection,
        dorseus_stallion_of_westlock => DorseusStallionOfWestlock,
        dragonclaw_wolverine => DragonclawWolverine,
        dragons_breath => DragonsBreath,
        dragonscale_hauberk => DragonscaleHauberk,
        drain_life => DrainLife,
        drain_power => DrainPower,
        drain_soul => DrainSoul,
        drokkar => Drokkar,
        drown => Drown,
        druid => Druid,
        druids_leaf_ring => DruidsLeafRing,
        dwarf_panzergarde => DwarfPanzergarde,
        eagle_wings => EagleWings,
        eagleclaw_boots => EagleclawBoots,
        earth_elemental => EarthElemental,
        earthquake => Earthquake,
        echo_of_the_depths => EchoOfTheDepths,
        eisenachs_forge_hammer => EisenachsForgeHammer,
        electrify => Electrify,
        elemental_cloak => ElementalCloak,
        elemental_drake => ElementalDrake,
        elemental_mail => ElementalMail,
        elemental_wand => ElementalWand,
        elephant_grass => ElephantGrass,
        elfrics_life_ring => ElfricsLifeRing,
        eligor_larington => EligorLarington,
        enchanters_ring => EnchantersRing,
        enchanters_wardstone => EnchantersWardstone,
        enchantment_transfusion => EnchantmentTransfusion,
        enfeeble => Enfeeble,
        essence_drain => EssenceDrain,
        etherian_lifetree => EtherianLifetree,
        evade => Evade,
        explode => Explode,
        extendable => Extendable,
        eye_for_an_eye => EyeForAnEye,
        falcon_precision => FalconPrecision,
        familiar => Familiar,
        fire_elemental => FireElemental,
        fireshaper_ring => FireshaperRing,
        five_point_death_strike => FivePointDeathStrike,
        flame_strike => FlameStrike,
        flank_attack => FlankAttack,
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
        formation => Formation,
        fortified_position => FortifiedPosition,
        fortified_resolve => FortifiedResolve,
        freeze => Freeze,
        fumble => Fumble,
        gale_force_ring => GaleForceRing,
        gargoyle_sentry => GargoyleSentry,
        garrison_post => GarrisonPost,
        gate_to_hell => GateToHell,
        gate_to_voltari => GateToVoltari,
        gauntlets_of_strength => GauntletsOfStrength,
        generals_signet_ring => GeneralsSignetRing,
        gerard_matranga => GerardMatranga,
        ghoul_rot => GhoulRot,
        giant_wolf_spider => GiantWolfSpider,
        gloves_of_skill => GlovesOfSkill,
        goblin_bomber => GoblinBomber,
        goblin_builder => GoblinBuilder,
        goran_werewolf_pet => GoranWerewolfPet,
        grapple => Grapple,
        graveyard => Graveyard,
        gravikor => Gravikor,
        gray_angel => GrayAngel,
        grey_wraith => GreyWraith,
        grimson_deadeye_sniper => GrimsonDeadeyeSniper,
        group_heal => GroupHeal,
        guardian_angel => GuardianAngel,
        gurmash_orc_sergeant => GurmashOrcSergeant,
        hand_of_bim_shalla => HandOfBimShalla,
        harmonize => Harmonize,
        harshforge_monolith => HarshforgeMonolith,
        harshforge_plate => HarshforgePlate,
        hawkeye => Hawkeye,
        heal => Heal,
        healing_attack => HealingAttack,
        healing_charm => HealingCharm,
        healing_light => HealingLight,
        healing_madrigal => HealingMadrigal,
        hellfire_trap => HellfireTrap,
        helm_of_command => HelmOfCommand,
        helm_of_fear => HelmOfFear,
        helm_of_justice => HelmOfJustice,
        highland_unicorn => HighlandUnicorn,
        holy_strike => HolyStrike,
        horn_of_gothos => HornOfGothos,
        horse_stance => HorseStance,
        huginn_raven_familiar => HuginnRavenFamiliar,
        hunting_bow => HuntingBow,
        hunting_spear => HuntingSpear,
        hydrothermal_vent => HydrothermalVent,
        ice_golem => IceGolem,
        ichthellid => Ichthellid,
        ichthellid_larva => IchthellidLarva,
        idol_of_pestilence => IdolOfPestilence,
        ignite => Ignite,
        intercept => Intercept,
        jinx => Jinx,
        johktari_beastmaster => JohktariBeastmaster,
        joseph_trublood_high_cleric => JosephTrubloodHighCleric,
        kassandra_of_the_purging_flame => KassandraOfThePurgingFlame,
        ketsuro_sentinel => KetsuroSentinel,
        ki => Ki,
        knight_of_the_red_helm => KnightOfTheRedHelm,
        knights_courage => KnightsCourage,
        knockdown => Knockdown,
        kralathor_the_devourer => KralathorTheDevourer,
        lair => Lair,
        lay_hands => LayHands,
        leather_belt => LeatherBelt,
        leather_boots => LeatherBoots,
        leather_gloves => LeatherGloves,
        leather_helmet => LeatherHelmet,
        lesser_teleport => LesserTeleport,
        leviathan_scale_armor => LeviathanScaleArmor,
        levitation => Levitation,
        libro_mortuos => LibroMortuos,
        life_link => LifeLink,
        lightning_ring => LightningRing,
        lightning_strike => LightningStrike,
        lion_savagery => LionSavagery,
        lullaby => Lullaby,
        mage_restriction => MageRestriction,
        mage_sight => MageSight,
        mage_wand => MageWand,
        magebane => Magebane,
        magma_golem => MagmaGolem,
        maim_wings => MaimWings,
        makunda => Makunda,
        malacoda => Malacoda,
        malakais_basilica => MalakaisBasilica,
        mana_crystal => ManaCrystal,
        mana_flower => ManaFlower,
        mana_prism => ManaPrism,
        mana_siphon => ManaSiphon,
        mana_vampirism => ManaVampirism,
        mangler_caltrops => ManglerCaltrops,
        marked_for_death => MarkedForDeath,
        martial_mastery => MartialMastery,
        martyrs_aura => MartyrsAura,
        martyrs_restoration => MartyrsRestoration,
        mass_sleep => MassSleep,
        meditate => Meditate,
        meditation_amulet => MeditationAmulet,
        meltdown => Meltdown,
        melting => Melting,
        mending_wave => MendingWave,
        meredias_blessing => MerediasBlessing,
        messenger_of_bim_shalla => MessengerOfBimShalla,
        metatron_angelic_templar => MetatronAngelicTemplar,
        mind_control => MindControl,
        mind_shield => MindShield,
        minds_eye => MindsEye,
        minor_heal => MinorHeal,
        mohktari_great_tree_of_life => MohktariGreatTreeOfLife,
        mohktaris_branch => MohktarisBranch,
        mohktaris_touch => MohktarisTouch,
        mongoose_agility => MongooseAgility,
        moonglow_amulet => MoonglowAmulet,
        mordoks_tome => MordoksTome,
        mort => Mort,
        mountain_ram => MountainRam,
        naiya => Naiya,
        necromancer => Necromancer,
        necropian_vampiress => NecropianVampiress,
        nightshade_lotus => NightshadeLotus,
        nullify => Nullify,
        nunchucks => Nunchucks,
        obscured => Obscured,
        oscuda => Oscuda,
        otto_kronig_master_engineer => OttoKronigMasterEngineer,
        overextend => Overextend,
        pacify => Pacify,
        paladin => Paladin,
        paladins_cloak => PaladinsCloak,
        passage_attack => PassageAttack,
        pentagram => Pentagram,
        perfect_strike => PerfectStrike,
        piercing_strike => PiercingStrike,
        pillar_of_righteous_flame => PillarOfRighteousFlame,
        plague_zombie => PlagueZombie,
        plagued => Plagued,
        poisoned_blood => PoisonedBlood,
        power_strike => PowerStrike,
        press_the_attack => PressTheAttack,
        priest => Priest,
        priestess => Priestess,
        psi_orb => PsiOrb,
        purge_magic => PurgeMagic,
        purify => Purify,
        quicksand => Quicksand,
        radiant_breastplate => RadiantBreastplate,
        raincloud => Raincloud,
        rajans_fury => RajansFury,
        ravenous_ghoul => RavenousGhoul,
        ravens_eye => RavensEye,
        reassemble => Reassemble,
        redclaw_alpha_male => RedclawAlphaMale,
        redeeming_sacrifice => RedeemingSacrifice,
        reflex_boots => ReflexBoots,
        regrowth => Regrowth,
        regrowth_belt => RegrowthBelt,
        reinforce => Reinforce,
        remove_curse => RemoveCurse,
        renewing_rain => RenewingRain,
        renewing_spring => RenewingSpring,
        repair => Repair,
        repair_bones => RepairBones,
        repulse => Repulse,
        resolute_aura => ResoluteAura,
        resurrection => Resurrection,
        retaliate => Retaliate,
        retribution_aura => RetributionAura,
        reverse_attack => ReverseAttack,
        reverse_magic => ReverseMagic,
        rewind => Rewind,
        rhino_hide => RhinoHide,
        ring_of_asyra => RingOfAsyra,
        ring_of_beasts => RingOfBeasts,
        ring_of_command => RingOfCommand,
        ring_of_curses => RingOfCurses,
        ring_of_fire => RingOfFire,
        ring_of_healing => RingOfHealing,
        ring_of_the_oceans_depths => RingOfTheOceansDepths,
        ring_of_tides => RingOfTides,
        rise_again => RiseAgain,
        ritual_of_kallek => RitualOfKallek,
        rolling_fog => RollingFog,
        rouse_the_beast => RouseTheBeast,
        rust => Rust,
        sacred_ground => SacredGround,
        sacrificial_altar => SacrificialAltar,
        sai => Sai,
        samara_tree => SamaraTree,
        sandstorm => Sandstorm,
        sardonyx_blight_of_the_living => SardonyxBlightOfTheLiving,
        sectarus_dark_rune_sword => SectarusDarkRuneSword,
        seedling_pod => SeedlingPod,
        seeking_dispel => SeekingDispel,
        ser_rikvald_the_tireless_guardian => SerRikvaldTheTirelessGuardian,
        sersiryx_imp_familiar => SersiryxImpFamiliar,
        shaggoth_zora => ShaggothZora,
        shallow_sea => ShallowSea,
        sharp_thorns => SharpThorns,
        sharpened_pikes => SharpenedPikes,
        shift_enchantment => ShiftEnchantment,
        shoalsdeep_crocodile => ShoalsdeepCrocodile,
        shoalsdeep_tidecaller => ShoalsdeepTidecaller,
        shock => Shock,
        signet_of_the_dawnbreaker => SignetOfTheDawnbreaker,
        siren => Siren,
        sleep => Sleep,
        smite => Smite,
        sniper_shot => SniperShot,
        snowstorm => Snowstorm,
        solar_aura => SolarAura,
        song_of_love => SongOfLove,
        spawnpoint => Spawnpoint,
        spellbind => Spellbind,
        spiked_armor => SpikedArmor,
        spiked_buckler => SpikedBuckler,
        spiked_pit => SpikedPit,
        staff_of_beasts => StaffOfBeasts,
        stagger => Stagger,
        stance => Stance,
        standard_bearer => StandardBearer,
        steadfast_boots => SteadfastBoots,
        steal_enchantment => StealEnchantment,
        steal_equipment => StealEquipment,
        steam_elemental => SteamElemental,
        steep_hill => SteepHill,
        storm_drake_hide => StormDrakeHide,
        stormfront_elemental => StormfrontElemental,
        stranglevine => Stranglevine,
        stuck => Stuck,
        stumble => Stumble,
        summoning_circle => SummoningCircle,
        sunfire_amulet => SunfireAmulet,
        suppression_cloak => SuppressionCloak,
        suppression_orb => SuppressionOrb,
        swamp => Swamp,
        swarm => Swarm,
        sweeping => Sweeping,
        sword_of_radiance => SwordOfRadiance,
        talos => Talos,
        tanglevine => Tanglevine,
        tar_trap => TarTrap,
        tarok_the_skyhunter => TarokTheSkyhunter,
        tataree => Tataree,
        teleport => Teleport,
        teleport_trap => TeleportTrap,
        temple_high_guard => TempleHighGuard,
        temple_of_asyra => TempleOfAsyra,
        temple_of_light => TempleOfLight,
        temple_of_meraveran => TempleOfMeraveran,
        temple_of_the_dawnbreaker => TempleOfTheDawnbreaker,
        temporal_aid => TemporalAid,
        thorg_chief_bodyguard => ThorgChiefBodyguard,
        thorgs_taunt_obligation => ThorgsTauntObligation,
        thoughtspore => Thoughtspore,
        thundergun => Thundergun,
        tide_elemental => TideElemental,
        tiger_stance => TigerStance,
        tooth_nail => ToothNail,
        trample => Trample,
        tsunami => Tsunami,
        turn_to_stone => TurnToStone,
        unholy_resurgence => UnholyResurgence,
        unstable_fire_imp => UnstableFireImp,
        unstable_zombie => UnstableZombie,
        uproot => Uproot,
        valshalla_lightning_angel => ValshallaLightningAngel,
        vampiric_strike => VampiricStrike,
        vampirism => Vampirism,
        variable_armor => VariableArmor,
        variable_damage_type => VariableDamageType,
        variable_upkeep => VariableUpkeep,
        vengeful_aura => VengefulAura,
        veterans_belt => VeteransBelt,
        victorian_griffin => VictorianGriffin,
        vigilant => Vigilant,
        vigor_of_the_grave => VigorOfTheGrave,
        vine_tree => VineTree,
        vinewhip_staff => VinewhipStaff,
        voice_of_the_sea => VoiceOfTheSea,
        wall_of_fire => WallOfFire,
        wall_of_force => WallOfForce,
        wall_of_pikes => WallOfPikes,
        wall_of_thorns => WallOfThorns,
        wand_of_healing => WandOfHealing,
        warlock => Warlock,
        warlord => Warlord,
        water_elemental => WaterElemental,
        waterfall_cloak => WaterfallCloak,
        weapon_strike => WeaponStrike,
        whirling_strike => WhirlingStrike,
        whirlpool => Whirlpool,
        wildfire_imp => WildfireImp,
        wind_elemental => WindElemental,
        wind_wyvern_hide => WindWyvernHide,
        wizard => Wizard,
        wizards_tower => WizardsTower,
        wreck_of_the_viridian_lace => WreckOfTheViridianLace,
        ziggurat_of_undeath => ZigguratOfUndeath,
        zombie_frenzy => ZombieFrenzy,
    }
}
