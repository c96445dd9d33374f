//! Damage and healing packets (403-405): created by combat conclusion or resolving links,
//! changed by replacement modifiers in the order the packet's controller chooses (716.3),
//! then passed through prevention bubbles, the source's first and then the destination's, in
//! the order each character's controller chooses, armor being an optional exhaust (717).
//! Damage that is put on a character (716.2) does not use a packet.

use grimoire_engine::{Ctx, ObjectId, PlayerId};

use super::card::Kind;
use super::content::{DamageType, EffectOp, PacketSide, Recipient};
use super::state::{Bubble, Game, GameEvent, RulesError};

/// A packet (405.2, 405.3).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Packet {
    /// Damage it would deal or heal.
    pub amount: u32,
    /// Source character.
    pub source: ObjectId,
    /// Its controller.
    pub controller: PlayerId,
    /// Destination character.
    pub destination: ObjectId,
    /// Damage type; `None`: typeless.
    #[serde(serialize_with = "damage_type_name")]
    pub damage_type: Option<DamageType>,
    /// Combat damage.
    pub combat: bool,
    /// Healing rather than damage.
    pub heal: bool,
    /// Weapons the packet is dealt with (405.3d).
    pub weapons: Vec<ObjectId>,
    /// Replacement modifiers that already changed it: (card, operation index) (716.1c).
    pub replaced_by: Vec<(ObjectId, usize)>,
}

/// Serializes a packet's damage type by its name.
fn damage_type_name<S: serde::Serializer>(
    damage_type: &Option<DamageType>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serde::Serialize::serialize(&damage_type.map(|t| t.name()), serializer)
}

impl Packet {
    /// A damage packet.
    pub fn damage(
        amount: u32,
        source: ObjectId,
        controller: PlayerId,
        destination: ObjectId,
        damage_type: Option<DamageType>,
        combat: bool,
    ) -> Self {
        Self {
            amount,
            source,
            controller,
            destination,
            damage_type,
            combat,
            heal: false,
            weapons: Vec::new(),
            replaced_by: Vec::new(),
        }
    }

    /// A healing packet.
    pub fn healing(
        amount: u32,
        source: ObjectId,
        controller: PlayerId,
        destination: ObjectId,
    ) -> Self {
        Self {
            heal: true,
            ..Self::damage(amount, source, controller, destination, None, false)
        }
    }

    /// The packet in words: source, destination, amount and kind, with card names.
    pub fn describe(&self, game: &Game) -> String {
        let kind = match (self.heal, self.damage_type) {
            (true, _) => "healing".to_string(),
            (false, Some(t)) => t.name().to_lowercase(),
            (false, None) => "typeless".to_string(),
        };
        let combat = if self.combat { " combat" } else { "" };
        let with = if self.weapons.is_empty() {
            String::new()
        } else {
            let names: Vec<String> = self.weapons.iter().map(|&w| game.label(w)).collect();
            format!(" with {}", names.join(" and "))
        };
        format!(
            "{} -> {}: {} {kind}{combat}{with}",
            game.label(self.source),
            game.label(self.destination),
            self.amount
        )
    }
}

/// A replacement modifier applicable to a packet: its card and operation.
#[derive(Debug, Clone, Copy)]
struct Replacement {
    holder: ObjectId,
    index: usize,
    multiply: u32,
    add: u32,
    next_only: bool,
}

/// Whether `who` of a modifier held by `holder` (controlled by `controller`) is `character`.
fn watches(game: &Game, who: Recipient, holder: ObjectId, character: ObjectId) -> bool {
    game.is_recipient(who, holder, game.controller(holder), character)
}

fn replacements(game: &Game, packet: &Packet) -> Vec<Replacement> {
    let mut found = Vec::new();
    for holder in game.objects_in_play() {
        game.for_each_op(holder, |index, op| {
            let EffectOp::ReplaceDamage {
                who,
                side,
                damage_type,
                multiply,
                add,
                next_only,
            } = *op
            else {
                return;
            };
            let subject = match side {
                PacketSide::Deals if !packet.heal => packet.source,
                PacketSide::IsDealt if !packet.heal => packet.destination,
                PacketSide::Heals if packet.heal => packet.source,
                _ => return,
            };
            let applies = watches(game, who, holder, subject)
                && damage_type.is_none_or(|t| packet.damage_type == Some(t))
                && !packet.replaced_by.contains(&(holder, index))
                && !(next_only && game.used_next.contains(&(holder, index)));
            if applies {
                found.push(Replacement {
                    holder,
                    index,
                    multiply: u32::from(multiply),
                    add: u32::from(add),
                    next_only,
                });
            }
        });
    }
    found
}

/// Names options for a choice, numbering repeated labels (`"World in Flames #2"`).
pub fn option_names(game: &Game, ids: &[ObjectId]) -> Vec<String> {
    let labels: Vec<String> = ids.iter().map(|&id| game.label(id)).collect();
    labels
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let same = labels.iter().filter(|m| *m == l).count();
            if same > 1 {
                let nth = labels[..=i].iter().filter(|m| *m == l).count();
                format!("{l} #{nth}")
            } else {
                l.clone()
            }
        })
        .collect()
}

/// Applies replacement modifiers until none applies; the packet's controller orders them
/// whenever more than one different modifier could apply next (716.3).
fn replace(
    game: &mut Game,
    packet: &mut Packet,
    used_next: &mut Vec<(ObjectId, usize)>,
    ctx: &mut Ctx<'_, GameEvent>,
) -> Result<(), RulesError> {
    loop {
        let candidates = replacements(game, packet);
        let Some(first) = candidates.first() else {
            return Ok(());
        };
        let all_same = candidates
            .iter()
            .all(|c| c.multiply == first.multiply && c.add == first.add);
        let pick = if all_same {
            0
        } else {
            let holders: Vec<ObjectId> = candidates.iter().map(|c| c.holder).collect();
            ctx.choose(
                &format!(
                    "player {}: which replacement modifier applies next to the packet {}",
                    packet.controller.0,
                    packet.describe(game)
                ),
                &option_names(game, &holders),
            )?
        };
        let chosen = candidates[pick];
        let before = packet.amount;
        // Amounts saturate: no packet deals more than u32::MAX, which destroys anything.
        packet.amount = packet
            .amount
            .saturating_mul(chosen.multiply)
            .saturating_add(chosen.add);
        packet.replaced_by.push((chosen.holder, chosen.index));
        if chosen.next_only {
            used_next.push((chosen.holder, chosen.index));
        }
        game.record(GameEvent::Replaced {
            by: chosen.holder,
            from: before,
            to: packet.amount,
        });
    }
}

/// A bubble a packet may pass through: a prevention modifier or a ready armor (717.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shield {
    Bubble(usize),
    Armor(ObjectId),
}

fn shields_around(game: &Game, character: ObjectId, packet: &Packet) -> Vec<Shield> {
    let mut shields: Vec<Shield> = game
        .bubbles
        .iter()
        .enumerate()
        .filter(|(_, b)| {
            b.around == character
                && b.dealt_by == (character == packet.source)
                && (!b.combat_only || packet.combat)
        })
        .map(|(i, _)| Shield::Bubble(i))
        .collect();
    if game.card(character).kind == Kind::Hero && character == packet.destination {
        let owner = game.controller(character);
        shields.extend(
            game.objects_in_play()
                .filter(|&o| {
                    game.controller(o) == owner
                        && game.card(o).kind == Kind::Armor
                        && game.card(o).defense >= 1
                        && !game.exhausted(o)
                })
                .map(Shield::Armor),
        );
    }
    shields
}

fn shield_source(game: &Game, shield: Shield) -> ObjectId {
    match shield {
        Shield::Bubble(i) => game.bubbles[i].source,
        Shield::Armor(a) => a,
    }
}

/// Passes the packet through the bubbles around `character`, in the order its controller
/// chooses; stops when the packet ceases to exist.
fn pass_bubbles(
    game: &mut Game,
    packet: &mut Packet,
    character: ObjectId,
    ctx: &mut Ctx<'_, GameEvent>,
) -> Result<(), RulesError> {
    let mut lasting = false;
    if character == packet.destination {
        game.for_each_op(character, |_, op| {
            if let EffectOp::PreventAllDamage {
                damage_type,
                non_combat_only,
            } = *op
            {
                lasting |= damage_type.is_none_or(|t| packet.damage_type == Some(t))
                    && !(non_combat_only && packet.combat);
            }
        });
    }
    if lasting && packet.amount > 0 {
        // A lasting bubble that prevents all of the packet: the controller loses nothing by
        // letting it go first, so it does (docs/decisions.md).
        game.record(GameEvent::Prevented {
            by: character,
            amount: packet.amount,
        });
        packet.amount = 0;
        return Ok(());
    }
    let mut passed: Vec<Shield> = Vec::new();
    loop {
        if packet.amount == 0 {
            return Ok(());
        }
        let shields: Vec<Shield> = shields_around(game, character, packet)
            .into_iter()
            .filter(|s| !passed.contains(s))
            .collect();
        let Some(&first) = shields.first() else {
            return Ok(());
        };
        let shield = if shields.len() == 1 {
            first
        } else {
            let sources: Vec<ObjectId> = shields.iter().map(|&s| shield_source(game, s)).collect();
            let pick = ctx.choose(
                &format!(
                    "player {}: which bubble around {} does the packet {} pass through next",
                    game.controller(character).0,
                    game.label(character),
                    packet.describe(game)
                ),
                &option_names(game, &sources),
            )?;
            shields[pick]
        };
        passed.push(shield);
        match shield {
            Shield::Bubble(i) => {
                let amount = packet.amount;
                let bubble: &mut Bubble = &mut game.bubbles[i];
                let prevented = bubble.remaining.map_or(amount, |r| r.min(amount));
                if let Some(r) = bubble.remaining.as_mut() {
                    *r = r.saturating_sub(amount);
                }
                packet.amount -= prevented;
                let by = game.bubbles[i].source;
                game.record(GameEvent::Prevented {
                    by,
                    amount: prevented,
                });
            }
            Shield::Armor(armor) => {
                let def = game.card(armor).defense;
                let answer = ctx.choose(
                    &format!(
                        "player {}: exhaust {} (DEF {def}) to prevent damage from the packet {}",
                        game.controller(armor).0,
                        game.label(armor),
                        packet.describe(game)
                    ),
                    &["exhaust".to_string(), "pass".to_string()],
                )?;
                if answer == 0 {
                    game.set_exhausted(armor, true);
                    let prevented = def.min(packet.amount);
                    packet.amount -= prevented;
                    game.record(GameEvent::Prevented {
                        by: armor,
                        amount: prevented,
                    });
                }
            }
        }
    }
}

/// What became of a packet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delivered {
    /// The packet after replacement and prevention.
    pub packet: Packet,
    /// Damage dealt or healed (0: the packet ceased to exist).
    pub amount: u32,
}

/// Creates, replaces, prevents and then deals (or heals) `packets` simultaneously. Packets of
/// less than 1 are never created (405.2a); healing a character without damage creates none
/// (404.3). "Next time" modifiers count every packet of the call as the next time (716.4).
pub fn deliver(
    game: &mut Game,
    packets: Vec<Packet>,
    ctx: &mut Ctx<'_, GameEvent>,
) -> Result<Vec<Delivered>, RulesError> {
    let mut used_next = Vec::new();
    let mut results = Vec::new();
    for mut packet in packets {
        let damage_now = game.store.get(packet.destination).map_or(0, |o| o.damage);
        if packet.amount < 1
            || !game.in_play(packet.destination)
            || (packet.heal && damage_now == 0)
        {
            continue;
        }
        game.record(GameEvent::PacketCreated(packet.clone()));
        replace(game, &mut packet, &mut used_next, ctx)?;
        if !packet.heal {
            let (source, destination) = (packet.source, packet.destination);
            pass_bubbles(game, &mut packet, source, ctx)?;
            pass_bubbles(game, &mut packet, destination, ctx)?;
            game.bubbles.retain(|b| b.remaining.is_none_or(|r| r >= 1));
        }
        let amount = packet.amount;
        results.push(Delivered { packet, amount });
    }
    game.used_next.extend(used_next);
    for done in &results {
        if done.amount == 0 {
            continue;
        }
        let destination = done.packet.destination;
        if let Some(o) = game.store.get_mut(destination) {
            o.damage = if done.packet.heal {
                o.damage.saturating_sub(done.amount)
            } else {
                o.damage.saturating_add(done.amount)
            };
        }
        game.last_packets.push(done.packet.clone());
        game.record(GameEvent::PacketDealt(done.packet.clone()));
    }
    Ok(results)
}

/// Puts damage on a character without a packet: it cannot be replaced or prevented (716.2).
pub fn put_damage(game: &mut Game, to: ObjectId, amount: u32) {
    if let Some(o) = game.store.get_mut(to) {
        o.damage = o.damage.saturating_add(amount);
    }
    game.record(GameEvent::DamagePut { to, amount });
}
