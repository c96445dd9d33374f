//! The chain and priority (407, 705-711): adding links with every cost paid or none (707.2),
//! targets (706), passing priority, resolving the top link and returning priority to the turn
//! player, and closing a priority window when every player passes with the chain empty.

use grimoire_engine::{Ctx, ObjectId, PlayerId};

use super::card::{Kind, Printed, TargetRule};
use super::checks::{self, trigger};
use super::combat;
use super::content::{
    Count, EffectOp, PowerEffect, Recipient, TargetKind, TargetSide, TriggerEvent,
};
use super::packets::{deliver, option_names, Packet};
use super::refusal::{MainAction, PlayRefusal, PowerRefusal, TimingRefusal};
use super::state::{
    AtkChange, Bubble, Game, GameEvent, GrantedKeyword, Link, LinkKind, Marker, Phase, RulesError,
    StartStep, Waiting, GRAVEYARD, HAND, PLAY, REMOVED,
};
use super::turn;

/// Whether `id` can be chosen as a target (706.1): a card in play that is not a resource and
/// not untargetable; [`fits_rule`] says which kinds of card a link's target may be.
pub fn targetable(game: &Game, id: ObjectId) -> bool {
    game.in_play(id)
        && !game.status[id.0 as usize].resource
        && !game.has_op(id, |op| matches!(op, EffectOp::Untargetable))
}

/// Whether `id` is a card on the chain (a card link, 705.2), which "target <type> card" names.
fn on_chain(game: &Game, id: ObjectId) -> bool {
    game.chain
        .iter()
        .any(|link| link.kind == LinkKind::Card(id))
}

/// Whether `id` may be the target a typed ability's `rule` describes for a link `player`
/// controls (706.1): a hero, an ally (a Totem is targeted as though it were one, glossary) or
/// either, or another type of card in play (300.2: an ability, equipment, a weapon, armor, an
/// item), anyone's, the player's own or an opponent's, damaged, exhausted, attacking,
/// defending or of a cost at most as the rule asks. Without a rule: any character.
pub fn fits_rule(game: &Game, player: PlayerId, rule: Option<&TargetRule>, id: ObjectId) -> bool {
    let Some(rule) = rule else {
        return targetable(game, id) && game.is_character(id);
    };
    // 300.2: a card in play, or, for "target <type> card", a card on the chain (706.1).
    let place = if rule.on_chain {
        on_chain(game, id)
    } else {
        targetable(game, id)
    };
    if !place {
        return false;
    }
    let printed = game.card(id).kind;
    let character = game.is_character(id);
    let hero = printed == Kind::Hero;
    let kind = rule.kinds().any(|kind| match kind {
        TargetKind::Hero => hero,
        TargetKind::Ally => character && !hero,
        TargetKind::Character => character,
        TargetKind::Equipment => printed.is_equipment(),
        TargetKind::Weapon => printed == Kind::Weapon,
        TargetKind::Armor => printed == Kind::Armor,
        TargetKind::Item => printed == Kind::Item,
        TargetKind::AbilityCard => printed == Kind::Ability,
        TargetKind::AnyCard => false,
    });
    let side = match rule.side {
        TargetSide::Any => true,
        TargetSide::Friendly => game.controller(id) == player,
        TargetSide::Opposing => game.controller(id) != player,
    };
    let damaged = !rule.damaged || game.store.get(id).is_some_and(|o| o.damage > 0);
    let exhausted = !rule.exhausted || game.exhausted(id);
    let cost = rule
        .cost_at_most
        .is_none_or(|most| game.card(id).cost <= u32::from(most));
    let attacking = !rule.attacking || game.attacking(id);
    let defending = !rule.defending || game.defending(id);
    kind && side && damaged && exhausted && cost && attacking && defending
}

/// The rules of the targets of a link (from the typed ability its operation was lowered
/// from; empty: any targetable character).
fn link_rules(game: &Game, link: &Link) -> Vec<TargetRule> {
    match link.kind {
        LinkKind::Card(card) => game.card_target_rules(card, link.mode),
        LinkKind::Power { source, op } | LinkKind::Triggered { source, op } => {
            game.target_rules(source, op)
        }
        _ => Vec::new(),
    }
}

/// Which target of its link an operation's `TargetCharacter` recipient is (from 1), or `None`
/// when the operation targets nothing.
fn target_index(op: &EffectOp) -> Option<usize> {
    let (to, index) = match *op {
        EffectOp::DealDamage { to, target, .. } => (to, usize::from(target)),
        EffectOp::HealDamage { to, .. }
        | EffectOp::ModifyAtk { to, .. }
        | EffectOp::PreventDamage { to, .. }
        | EffectOp::GrantKeyword { to, .. }
        | EffectOp::Exhaust { to }
        | EffectOp::Destroy { to }
        | EffectOp::Ready { to }
        | EffectOp::ReturnToHand { to }
        | EffectOp::RemoveFromGame { to }
        | EffectOp::Interrupt { to }
        | EffectOp::KeepExhausted { to }
        | EffectOp::PaymentPower { to, .. }
        | EffectOp::TriggeredDamage { to, .. }
        | EffectOp::TriggeredHeal { to, .. }
        | EffectOp::TriggeredPower { to, .. } => (to, 1),
        _ => return None,
    };
    (to == Recipient::TargetCharacter).then_some(index)
}

/// How many targets a link with these operations needs (706.1); an attaching ability
/// targets what it attaches to (306.3b).
fn targets_needed(ops: &[EffectOp]) -> usize {
    let attaches = usize::from(ops.iter().any(|op| matches!(op, EffectOp::Attaches)));
    ops.iter()
        .filter_map(target_index)
        .max()
        .unwrap_or(0)
        .max(attaches)
}

/// Asks `player` for `count` different targets among the legal ones, excluding `source`
/// (706.1, 706.1b); `None` when there are not enough.
fn choose_targets(
    game: &Game,
    player: PlayerId,
    source: ObjectId,
    count: usize,
    rules: &[TargetRule],
    ctx: &mut Ctx<'_, GameEvent>,
) -> Result<Option<Vec<ObjectId>>, RulesError> {
    let mut chosen = Vec::new();
    for index in 0..count {
        let rule = rules.get(index);
        let on_the_chain = game.chain.iter().filter_map(|link| match link.kind {
            LinkKind::Card(card) => Some(card),
            _ => None,
        });
        let legal: Vec<ObjectId> = game
            .objects_in_play()
            .chain(on_the_chain)
            .filter(|&o| o != source && !chosen.contains(&o) && fits_rule(game, player, rule, o))
            .collect();
        if legal.is_empty() {
            return Ok(None);
        }
        let pick = ctx.choose(
            &format!(
                "player {}: target number {} for {}",
                player.0,
                chosen.len() + 1,
                game.label(source)
            ),
            &option_names(game, &legal),
        )?;
        chosen.push(legal[pick]);
    }
    Ok(Some(chosen))
}

/// The operations a card's link has in `mode` (707.1b; 0: not modal): those of no mode and
/// those of the chosen one.
fn link_ops(game: &Game, card: ObjectId, mode: u8) -> Vec<EffectOp> {
    let mut ops = Vec::new();
    game.for_each_op(card, |index, op| {
        let of = game.op_mode(card, index);
        if of == 0 || of == mode {
            ops.push(*op);
        }
    });
    ops
}

/// Pays `cost` by exhausting ready resources, or fails without exhausting any (707.2).
pub fn pay_resources(game: &mut Game, player: PlayerId, cost: u32) -> Result<(), RulesError> {
    let ready = game.ready_resources(player);
    if u32::try_from(ready.len()).is_ok_and(|ready| ready < cost) {
        return Err(PlayRefusal::CannotPay {
            player,
            cost,
            ready: ready.len(),
        }
        .into());
    }
    for r in ready.into_iter().take(cost as usize) {
        game.set_exhausted(r, true);
    }
    Ok(())
}

/// Puts a link on the chain and gives its controller priority (707.1f).
fn push(game: &mut Game, link: Link) {
    let kind = link.kind;
    game.priority = link.controller;
    game.passes = 0;
    game.chain.push(link);
    game.record(GameEvent::LinkAdded(kind));
}

/// How events and expectations name a link.
pub fn describe(game: &Game, link: &Link) -> String {
    describe_kind(game, &link.kind)
}

/// A link of this kind in words, with card names.
pub fn describe_kind(game: &Game, kind: &LinkKind) -> String {
    match kind {
        LinkKind::Card(card) => game.label(*card),
        LinkKind::Proposal { attacker, defender } => {
            format!(
                "proposal {} -> {}",
                game.label(*attacker),
                game.label(*defender)
            )
        }
        LinkKind::Strike(weapon) => format!("strike {}", game.label(*weapon)),
        LinkKind::Resource { card, face_up } => format!(
            "resource {}{}",
            game.label(*card),
            if *face_up { " face up" } else { "" }
        ),
        LinkKind::Triggered { source, .. } => format!("trigger {}", game.label(*source)),
        LinkKind::Power { source, .. } => format!("power {}", game.label(*source)),
    }
}

/// Whether `player` holds priority (and the game goes on).
pub fn check_priority(game: &Game, player: PlayerId) -> Result<(), RulesError> {
    if game.outcome.is_some() {
        return Err(TimingRefusal::GameOver.into());
    }
    if game.priority != player {
        return Err(TimingRefusal::NoPriority {
            player,
            holder: game.priority,
        }
        .into());
    }
    Ok(())
}

/// Whether it is `player`'s non-combat action phase with the chain empty (407.2b).
pub fn main_timing(game: &Game, player: PlayerId) -> bool {
    game.turn_player == player
        && game.phase == Phase::Action
        && game.combat.is_none()
        && game.chain.is_empty()
}

/// `what` may be done now: it is `player`'s non-combat action phase with the chain empty
/// (407.2b).
pub fn check_main_timing(
    game: &Game,
    player: PlayerId,
    what: MainAction,
) -> Result<(), RulesError> {
    if !main_timing(game, player) {
        return Err(TimingRefusal::NotMainTiming(what).into());
    }
    Ok(())
}

/// Plays a card from hand (406.1): timing, targets, then its cost; all or nothing.
pub fn play(
    game: &mut Game,
    player: PlayerId,
    card: ObjectId,
    ctx: &mut Ctx<'_, GameEvent>,
) -> Result<(), RulesError> {
    check_priority(game, player)?;
    if game.zone_index(card) != Some((player, HAND)) {
        return Err(PlayRefusal::NotInHandToPlay {
            card: game.named(card),
            player,
        }
        .into());
    }
    match game.card(card).kind {
        Kind::Ally | Kind::Weapon | Kind::Armor | Kind::Item | Kind::Ability => {}
        Kind::Quest | Kind::Resource => {
            return Err(PlayRefusal::QuestNotPlayed(game.named(card)).into())
        }
        other => {
            return Err(PlayRefusal::KindNotPlayed {
                card: game.named(card),
                kind: other,
            }
            .into())
        }
    }
    let instant = game.has_op(card, |op| matches!(op, EffectOp::AnyPriority));
    if !instant {
        check_main_timing(game, player, MainAction::PlayCard)?;
    }
    // 707.1b: the mode of a modal card is chosen before its targets.
    let modes = game.card_modes(card);
    let mode = if modes > 0 {
        let names: Vec<String> = (1..=modes).map(|m| format!("mode {m}")).collect();
        let pick = ctx.choose(
            &format!("player {}: the mode of {}", player.0, game.label(card)),
            &names,
        )?;
        u8::try_from(pick + 1).unwrap_or(1)
    } else {
        0
    };
    let ops = link_ops(game, card, mode);
    let mut targets = Vec::new();
    if matches!(game.card(card).kind, Kind::Ability) {
        let rules = game.card_target_rules(card, mode);
        match choose_targets(game, player, card, targets_needed(&ops), &rules, ctx)? {
            Some(t) => targets = t,
            None => {
                return Err(PlayRefusal::NotEnoughTargets {
                    card: game.named(card),
                    needed: targets_needed(&ops),
                }
                .into())
            }
        }
    }
    pay_resources(game, player, game.card(card).cost)?;
    let chain = game.chain_zone();
    game.set_zone(card, chain);
    game.record(GameEvent::Played { player, card });
    game.note_not_modelled(card);
    push(
        game,
        Link {
            controller: player,
            kind: LinkKind::Card(card),
            targets,
            mode,
            power: None,
        },
    );
    Ok(())
}

/// Places a resource (408.1): once per turn, from hand, in the non-combat action phase with
/// the chain empty; only quests may be placed face up (408.1b).
pub fn place_resource(
    game: &mut Game,
    player: PlayerId,
    card: ObjectId,
    face_up: bool,
) -> Result<(), RulesError> {
    check_place_resource(game, player, card, face_up)?;
    let turn = game.turn;
    if let Some(p) = game.player_mut(player) {
        p.placed_resource = Some(turn);
    }
    let chain = game.chain_zone();
    game.set_zone(card, chain);
    if face_up {
        game.note_not_modelled(card);
    }
    push(
        game,
        Link {
            controller: player,
            kind: LinkKind::Resource { card, face_up },
            targets: Vec::new(),
            mode: 0,
            power: None,
        },
    );
    Ok(())
}

/// Whether `player` may place `card` as a resource now (408.1), without placing it.
pub fn check_place_resource(
    game: &Game,
    player: PlayerId,
    card: ObjectId,
    face_up: bool,
) -> Result<(), RulesError> {
    check_priority(game, player)?;
    check_main_timing(game, player, MainAction::PlaceResource)?;
    if game.zone_index(card) != Some((player, HAND)) {
        return Err(PlayRefusal::NotInHandToPlace {
            card: game.named(card),
            player,
        }
        .into());
    }
    if game.player(player).and_then(|p| p.placed_resource) == Some(game.turn) {
        return Err(PlayRefusal::ResourcePlaced(player).into());
    }
    if face_up && game.card(card).kind != Kind::Quest {
        return Err(PlayRefusal::NotAQuest(game.named(card)).into());
    }
    Ok(())
}

/// The one-shot operation the effect of a payment power or of a `triggered_power` applies as
/// it resolves; `x` is the number of the keyword entry that carries it (Mend {n}), for a
/// `per_x` amount.
fn power_effect(op: EffectOp, x: i32) -> Option<EffectOp> {
    let mut this_combat = false;
    let (effect, amount, damage_type, to, from, keyword) = match op {
        EffectOp::PaymentPower {
            effect,
            amount,
            damage_type,
            to,
            from,
            keyword,
            ..
        } => (effect, amount, damage_type, to, from, keyword),
        EffectOp::TriggeredPower {
            effect,
            amount,
            per_x,
            damage_type,
            to,
            from,
            keyword,
            this_combat: combat_only,
            ..
        } => {
            this_combat = combat_only;
            let amount = i32::from(amount).saturating_add(i32::from(per_x).saturating_mul(x));
            let amount = u8::try_from(amount.max(0)).unwrap_or(u8::MAX);
            (effect, amount, damage_type, to, from, keyword)
        }
        _ => return None,
    };
    Some(match effect {
        PowerEffect::DealDamage => EffectOp::DealDamage {
            amount,
            damage_type,
            to,
            from,
            combat: false,
            target: 1,
        },
        PowerEffect::HealDamage => EffectOp::HealDamage { amount, to, from },
        PowerEffect::ModifyAtk => EffectOp::ModifyAtk {
            amount: i8::try_from(amount).unwrap_or(i8::MAX),
            per_x: 0,
            to,
            while_attacking: false,
            while_defending: false,
            own_turn: false,
            for_each: Count::Once,
        },
        PowerEffect::Exhaust => EffectOp::Exhaust { to },
        PowerEffect::Ready => EffectOp::Ready { to },
        PowerEffect::DrawCards => EffectOp::DrawCards { count: amount },
        PowerEffect::Destroy => EffectOp::Destroy { to },
        PowerEffect::ReturnToHand => EffectOp::ReturnToHand { to },
        PowerEffect::RemoveFromGame => EffectOp::RemoveFromGame { to },
        PowerEffect::Interrupt => EffectOp::Interrupt { to },
        // Without its keyword the effect does nothing.
        PowerEffect::GrantKeyword => EffectOp::GrantKeyword {
            keyword: keyword?,
            to,
            this_combat,
        },
    })
}

/// Uses the `power`-th payment power of `card` (701.2): only its controller, with priority;
/// an [Activate] cost exhausts the card, which an ally can pay only if it has been in the
/// party since the turn began, ferocity or not (701.3, 302.2); "once per turn" counts uses of
/// this card's power (701.5). Targets, then every cost, or nothing (707).
pub fn use_power(
    game: &mut Game,
    player: PlayerId,
    card: ObjectId,
    power: usize,
    ctx: &mut Ctx<'_, GameEvent>,
) -> Result<(), RulesError> {
    check_priority(game, player)?;
    if !game.in_play(card) || game.controller(card) != player {
        return Err(PowerRefusal::NotControlled {
            card: game.named(card),
            player,
        }
        .into());
    }
    let mut powers = Vec::new();
    game.for_each_op(card, |index, op| {
        if matches!(op, EffectOp::PaymentPower { .. }) {
            powers.push((index, *op));
        }
    });
    let Some(&(index, op)) = powers.get(power) else {
        return Err(PowerRefusal::NoPowerNumber {
            card: game.named(card),
            powers: powers.len(),
            number: power + 1,
        }
        .into());
    };
    let EffectOp::PaymentPower {
        cost,
        activate,
        once_per_turn,
        own_turn,
        destroy_this,
        exhaust_hero,
        flip_this,
        completes_quest,
        ..
    } = op
    else {
        return Err(PowerRefusal::NotAPaymentPower.into());
    };
    // 301.2: a face-down hero has lost its printed payment power.
    let face_down = game
        .store
        .get(card)
        .is_some_and(|o| o.marker_count(&Marker::FaceDown) > 0);
    if flip_this && face_down {
        return Err(PowerRefusal::FaceDown(game.named(card)).into());
    }
    // 702.3: only a face-up quest in its controller's resource row is completed.
    let face_up_quest =
        game.status[card.0 as usize].resource && game.card(card).kind == Kind::Quest;
    if completes_quest && !face_up_quest {
        return Err(PowerRefusal::NotAFaceUpQuest(game.named(card)).into());
    }
    if destroy_this && game.has_op(card, |op| matches!(op, EffectOp::Indestructible)) {
        return Err(PowerRefusal::Indestructible(game.named(card)).into());
    }
    if own_turn && game.turn_player != player {
        return Err(PowerRefusal::OwnTurnOnly(game.named(card)).into());
    }
    if once_per_turn && game.used_powers.contains(&(card, index, game.turn)) {
        return Err(PowerRefusal::OncePerTurn(game.named(card)).into());
    }
    if activate {
        if game.exhausted(card) {
            return Err(PowerRefusal::Exhausted(game.named(card)).into());
        }
        if game.card(card).kind == Kind::Ally
            && game.status[card.0 as usize].joined_turn >= game.turn
        {
            return Err(PowerRefusal::JoinedThisTurn(game.named(card)).into());
        }
    }
    // 707.2: "Exhaust your hero" can be paid only with a ready hero in play.
    let hero = game.player(player).and_then(|p| p.hero);
    if exhaust_hero && !hero.is_some_and(|h| game.in_play(h) && !game.exhausted(h)) {
        return Err(PowerRefusal::HeroExhausted(game.named(card)).into());
    }
    let needed = targets_needed(&[op]);
    let rules = game.target_rules(card, index);
    let Some(targets) = choose_targets(game, player, card, needed, &rules, ctx)? else {
        return Err(PowerRefusal::NoTarget(game.named(card)).into());
    };
    pay_resources(game, player, u32::from(cost))?;
    if activate {
        game.set_exhausted(card, true);
    }
    if let (true, Some(hero)) = (exhaust_hero, hero) {
        game.set_exhausted(hero, true);
    }
    if once_per_turn {
        let turn = game.turn;
        game.used_powers.push((card, index, turn));
    }
    if destroy_this {
        // The card is destroyed as the cost is paid; its effect resolves from what it was
        // (last known information).
        trigger(game, card, TriggerEvent::ThisDestroyed);
        game.leave_play(card, true);
    }
    if flip_this {
        // 301.2: flipped face down as the cost is paid; it stays ready or exhausted (glossary,
        // Flip).
        if let Some(hero) = game.store.get_mut(card) {
            hero.set_markers(&Marker::FaceDown, 1);
        }
    }
    if completes_quest {
        // 702.3: as its completion cost is paid the quest turns face down and stays a
        // resource; its Reward resolves as it was written.
        turn_face_down(game, card);
    }
    push(
        game,
        Link {
            controller: player,
            kind: LinkKind::Power {
                source: card,
                op: index,
            },
            targets,
            mode: 0,
            power: completes_quest.then_some(op),
        },
    );
    Ok(())
}

/// Adds a proposal or strike effect (601.1, 303.2a) after its checks and costs.
pub fn add_effect(game: &mut Game, player: PlayerId, kind: LinkKind) {
    push(
        game,
        Link {
            controller: player,
            kind,
            targets: Vec::new(),
            mode: 0,
            power: None,
        },
    );
}

/// Adds a waiting triggered effect (708.2): its target is chosen now; without a legal one the
/// effect ceases to exist.
pub fn add_triggered(
    game: &mut Game,
    waiting: Waiting,
    ctx: &mut Ctx<'_, GameEvent>,
) -> Result<(), RulesError> {
    let Some(op) = game.op_at(waiting.source, waiting.op) else {
        return Ok(());
    };
    let rules = game.target_rules(waiting.source, waiting.op);
    let Some(targets) = choose_targets(
        game,
        waiting.controller,
        waiting.source,
        targets_needed(&[op]),
        &rules,
        ctx,
    )?
    else {
        return Ok(());
    };
    let link = Link {
        controller: waiting.controller,
        kind: LinkKind::Triggered {
            source: waiting.source,
            op: waiting.op,
        },
        targets,
        mode: 0,
        power: None,
    };
    let kind = link.kind;
    game.chain.push(link);
    game.record(GameEvent::LinkAdded(kind));
    Ok(())
}

/// `player` passes priority (407.1). When every player has passed in succession, the top
/// link resolves and the turn player gets priority (407.4a), or, with the chain empty, the
/// window closes and the game advances (407.4b).
pub fn pass(
    game: &mut Game,
    player: PlayerId,
    ctx: &mut Ctx<'_, GameEvent>,
) -> Result<(), RulesError> {
    check_priority(game, player)?;
    game.passes += 1;
    game.priority = game.next_player(player);
    if game.passes < game.players.iter().filter(|p| !p.lost).count() {
        return Ok(());
    }
    game.passes = 0;
    game.priority = game.turn_player;
    match game.chain.pop() {
        Some(link) => resolve(game, link, ctx),
        None => close_window(game, ctx),
    }
}

/// Closes the open priority window (407.4b): the game advances to the next step or phase,
/// and after the end phase's window the wrap-up step ends the turn and the next one starts
/// (500.1: no priority window in between).
fn close_window(game: &mut Game, ctx: &mut Ctx<'_, GameEvent>) -> Result<(), RulesError> {
    if game.combat.is_some() {
        return combat::close_window(game, ctx);
    }
    match game.phase {
        Phase::Start => match game.start_step {
            StartStep::Ready => turn::draw_step(game),
            StartStep::Draw => turn::action_phase(game),
        },
        Phase::Action => turn::end_phase(game),
        Phase::End => {
            turn::wrap_up(game, ctx)?;
            let next = game.turn_player;
            turn::begin_turn(game, next);
        }
    }
    Ok(())
}

/// Resolves a link (709): recheck targets, apply its text, then the turn player gets
/// priority (709.2h).
fn resolve(game: &mut Game, link: Link, ctx: &mut Ctx<'_, GameEvent>) -> Result<(), RulesError> {
    let kind = link.kind;
    // 709.2a, 709.2c: each target is rechecked; an illegal one keeps its place but is not
    // affected.
    let rules = link_rules(game, &link);
    let legal: Vec<Option<ObjectId>> = link
        .targets
        .iter()
        .enumerate()
        .map(|(i, &t)| fits_rule(game, link.controller, rules.get(i), t).then_some(t))
        .collect();
    if !link.targets.is_empty() && legal.iter().all(Option::is_none) {
        interrupt(game, &link);
        return Ok(());
    }
    match link.kind {
        LinkKind::Card(card) => resolve_card(game, &link, card, &legal, ctx)?,
        LinkKind::Proposal { attacker, defender } => {
            if combat::proposal_legal(game, attacker, defender).is_err() {
                interrupt(game, &link);
                return Ok(());
            }
            game.record(GameEvent::LinkResolved(kind));
            return combat::start(game, attacker, defender);
        }
        LinkKind::Strike(weapon) => combat::resolve_strike(game, link.controller, weapon),
        LinkKind::Resource { card, face_up } => {
            if !face_up {
                turn_face_down(game, card);
            }
            game.status[card.0 as usize].resource = true;
            enter_play(game, card, link.controller);
        }
        LinkKind::Triggered { source, op: index } => {
            if !game.trigger_condition_holds(source, index) {
                interrupt(game, &link);
                return Ok(());
            }
            if let Some((op, x)) = game.op_x_at(source, index) {
                // "May": its controller chooses now whether it does its effect.
                if matches!(op, EffectOp::TriggeredPower { optional: true, .. }) {
                    let answer = ctx.choose(
                        &format!(
                            "player {}: use the power of {}",
                            link.controller.0,
                            game.label(source)
                        ),
                        &["use".to_string(), "decline".to_string()],
                    )?;
                    if answer == 1 {
                        game.record(GameEvent::LinkResolved(kind));
                        return Ok(());
                    }
                }
                // A `triggered_power` does its effect; the other triggered operations are
                // their own effect.
                let op = power_effect(op, x).unwrap_or(op);
                apply_ops(game, source, link.controller, &[op], &legal, ctx)?;
            }
        }
        LinkKind::Power { source, op } => {
            let written = link.power.or_else(|| game.op_at(source, op));
            if let Some(op) = written.and_then(|op| power_effect(op, 0)) {
                apply_ops(game, source, link.controller, &[op], &legal, ctx)?;
            }
        }
    }
    game.record(GameEvent::LinkResolved(kind));
    Ok(())
}

/// A resource turned face down (408.1b, 702.3): a blank resource card, with no name or
/// powers.
fn turn_face_down(game: &mut Game, card: ObjectId) {
    game.info_mut(card)
        .set_card(Printed::blank("resource", Kind::Resource));
}

/// Interrupts a link (711): removed, a card to its owner's graveyard, costs not refunded.
fn interrupt(game: &mut Game, link: &Link) {
    if let LinkKind::Card(card) = link.kind {
        game.move_to(card, GRAVEYARD);
    }
    game.record(GameEvent::LinkInterrupted(link.kind));
}

fn resolve_card(
    game: &mut Game,
    link: &Link,
    card: ObjectId,
    targets: &[Option<ObjectId>],
    ctx: &mut Ctx<'_, GameEvent>,
) -> Result<(), RulesError> {
    game.note_not_modelled(card);
    match game.card(card).kind {
        Kind::Ability => {
            let ops = link_ops(game, card, link.mode);
            // An ability that stays in play (ongoing or attaching, 306.2a, 306.3b) holds its ATK
            // changes and the keywords it gives one card it names without targeting
            // (`state::for_each_continuous_keyword`) as continuous powers, not as modifiers of
            // its link.
            let stays = ops
                .iter()
                .any(|o| matches!(o, EffectOp::StaysInPlay | EffectOp::Attaches));
            let continuous = |op: &EffectOp| match *op {
                EffectOp::ModifyAtk { .. } => stays,
                EffectOp::GrantKeyword { to, .. } => {
                    stays && super::card::continuous_keyword_recipient(to)
                }
                _ => false,
            };
            let one_shot: Vec<EffectOp> = ops
                .iter()
                .copied()
                .filter(|op| {
                    matches!(
                        op,
                        EffectOp::DealDamage { .. }
                            | EffectOp::HealDamage { .. }
                            | EffectOp::PreventDamage { .. }
                            | EffectOp::DrawCards { .. }
                            | EffectOp::Exhaust { .. }
                            | EffectOp::Destroy { .. }
                            | EffectOp::ReturnToHand { .. }
                            | EffectOp::RemoveFromGame { .. }
                            | EffectOp::Interrupt { .. }
                            | EffectOp::Ready { .. }
                            | EffectOp::KeepExhausted { .. }
                    ) || matches!(
                        op,
                        EffectOp::ModifyAtk { .. } | EffectOp::GrantKeyword { .. }
                    ) && !continuous(op)
                })
                .collect();
            let attach_to = targets.first().copied().flatten();
            if ops.iter().any(|op| matches!(op, EffectOp::Attaches)) {
                // 306.3b: it enters play attached to its target, then its text applies.
                if let Some(target) = attach_to {
                    enter_play(game, card, link.controller);
                    game.store.attach(card, target);
                }
            }
            apply_ops(game, card, link.controller, &one_shot, targets, ctx)?;
            if ops.iter().any(|op| matches!(op, EffectOp::Attaches)) {
                if attach_to.is_none() {
                    game.move_to(card, GRAVEYARD);
                }
            } else if ops.iter().any(|op| matches!(op, EffectOp::StaysInPlay)) {
                enter_play(game, card, link.controller);
            } else if game
                .store
                .get(card)
                .is_some_and(|o| o.zone == game.chain_zone())
            {
                game.move_to(card, GRAVEYARD);
            }
        }
        _ => enter_play(game, card, link.controller),
    }
    Ok(())
}

/// A card enters play under `controller` (710): it joins the party this turn.
pub fn enter_play(game: &mut Game, card: ObjectId, controller: PlayerId) {
    let zone = game.zone_of(controller, PLAY);
    game.place(card, zone, true, controller);
    let turn = game.turn;
    game.status[card.0 as usize].joined_turn = turn;
    // 710.2: "enters play exhausted" is processed as it enters; it never becomes exhausted.
    if game.has_op(card, |op| matches!(op, EffectOp::EntersPlayExhausted)) {
        if let Some(o) = game.store.get_mut(card) {
            o.set_markers(&Marker::Exhausted, 1);
        }
    }
    trigger(game, card, TriggerEvent::ThisEntersPlay);
}

/// Applies the one-shot operations of a resolving link whose source is `holder`.
fn apply_ops(
    game: &mut Game,
    holder: ObjectId,
    controller: PlayerId,
    ops: &[EffectOp],
    link_targets: &[Option<ObjectId>],
    ctx: &mut Ctx<'_, GameEvent>,
) -> Result<(), RulesError> {
    let dealer = |game: &Game, from: super::content::Dealer| match from {
        super::content::Dealer::YourHero => game
            .player(controller)
            .and_then(|p| p.hero)
            .unwrap_or(holder),
        super::content::Dealer::ThisCard => holder,
    };
    let mut packets = Vec::new();
    for op in ops {
        // The link's target this operation names, if it is still legal.
        let targets: Vec<ObjectId> = target_index(op)
            .and_then(|i| link_targets.get(i.checked_sub(1)?).copied().flatten())
            .into_iter()
            .collect();
        let targets = targets.as_slice();
        match *op {
            EffectOp::DealDamage {
                amount,
                damage_type,
                to,
                from,
                combat,
                ..
            } => {
                let source = dealer(game, from);
                for d in game.recipients(to, holder, controller, targets) {
                    packets.push(Packet::damage(
                        u32::from(amount),
                        source,
                        controller,
                        d,
                        damage_type,
                        combat,
                    ));
                }
            }
            EffectOp::TriggeredDamage {
                amount,
                damage_type,
                to,
                from,
                ..
            } => {
                let source = dealer(game, from);
                for d in game.recipients(to, holder, controller, targets) {
                    packets.push(Packet::damage(
                        u32::from(amount),
                        source,
                        controller,
                        d,
                        damage_type,
                        false,
                    ));
                }
            }
            EffectOp::TriggeredDraw { count, .. } => draw(game, controller, u32::from(count)),
            EffectOp::TriggeredHeal {
                amount, to, from, ..
            } => {
                let source = dealer(game, from);
                for d in game.recipients(to, holder, controller, targets) {
                    packets.push(Packet::healing(u32::from(amount), source, controller, d));
                }
            }
            EffectOp::HealDamage { amount, to, from } => {
                let source = dealer(game, from);
                for d in game.recipients(to, holder, controller, targets) {
                    packets.push(Packet::healing(u32::from(amount), source, controller, d));
                }
            }
            EffectOp::PreventDamage {
                amount,
                to,
                combat_only,
                dealt_by,
            } => {
                for d in game.recipients(to, holder, controller, targets) {
                    game.bubbles.push(Bubble {
                        around: d,
                        remaining: (amount > 0).then_some(u32::from(amount)),
                        combat_only,
                        dealt_by,
                        source: holder,
                    });
                }
            }
            EffectOp::ModifyAtk {
                amount,
                to,
                while_attacking,
                while_defending,
                for_each,
                ..
            } => {
                // A link counts once, as it resolves (709.2d).
                let amount = i32::from(amount).saturating_mul(game.count(for_each, controller));
                // A change to a target is flagged on it; one to a group keeps checking which
                // characters are in the group (714.3e).
                let single = matches!(
                    to,
                    Recipient::TargetCharacter | Recipient::ThisCard | Recipient::AttachedCharacter
                );
                if single {
                    for d in game.recipients(to, holder, controller, targets) {
                        game.atk_changes.push(AtkChange {
                            to: d,
                            amount,
                            while_attacking,
                            while_defending,
                            this_combat: false,
                            group: None,
                        });
                    }
                } else {
                    game.atk_changes.push(AtkChange {
                        to: holder,
                        amount,
                        while_attacking,
                        while_defending,
                        this_combat: false,
                        group: Some((to, holder, controller)),
                    });
                }
            }
            EffectOp::GrantKeyword {
                keyword,
                to,
                this_combat,
            } => {
                for d in game.recipients(to, holder, controller, targets) {
                    game.granted.push(GrantedKeyword {
                        to: d,
                        keyword,
                        this_combat,
                    });
                }
            }
            EffectOp::DrawCards { count } => draw(game, controller, u32::from(count)),
            EffectOp::Ready { to } => {
                for d in game.recipients(to, holder, controller, targets) {
                    game.set_exhausted(d, false);
                }
            }
            EffectOp::Exhaust { to } => {
                for d in game.recipients(to, holder, controller, targets) {
                    game.set_exhausted(d, true);
                }
            }
            // 714.3f: the link flags its recipients; each skips its controller's next ready
            // step (501.1a), as `begin_turn` reads the marker.
            EffectOp::KeepExhausted { to } => {
                for d in game.recipients(to, holder, controller, targets) {
                    if let Some(x) = game.store.get_mut(d) {
                        x.set_markers(&Marker::StaysExhausted, 1);
                    }
                }
            }
            EffectOp::Destroy { to } => {
                // Packets made by earlier operations of this link are delivered first.
                deliver(game, std::mem::take(&mut packets), ctx)?;
                for d in game.recipients(to, holder, controller, targets) {
                    let indestructible =
                        game.has_op(d, |op| matches!(op, EffectOp::Indestructible));
                    if game.in_play(d) && !indestructible {
                        game.destroy(d);
                    }
                }
            }
            // 300.2: a card in play goes to its owner's hand.
            EffectOp::ReturnToHand { to } => {
                deliver(game, std::mem::take(&mut packets), ctx)?;
                for d in game.recipients(to, holder, controller, targets) {
                    if game.in_play(d) {
                        game.put_from_play(d, HAND);
                    }
                }
            }
            // 711.1: the targeted card's link leaves the chain for its owner's graveyard.
            EffectOp::Interrupt { to } => {
                for d in game.recipients(to, holder, controller, targets) {
                    let at = game
                        .chain
                        .iter()
                        .position(|link| link.kind == LinkKind::Card(d));
                    if let Some(at) = at {
                        let link = game.chain.remove(at);
                        interrupt(game, &link);
                    }
                }
            }
            // 411.6a: a card in play goes to its owner's removed-from-game zone.
            EffectOp::RemoveFromGame { to } => {
                deliver(game, std::mem::take(&mut packets), ctx)?;
                for d in game.recipients(to, holder, controller, targets) {
                    if game.in_play(d) {
                        game.put_from_play(d, REMOVED);
                    }
                }
            }
            _ => {}
        }
    }
    deliver(game, packets, ctx)?;
    Ok(())
}

/// `player` draws `count` cards: the real cards of its deck from the top, then anonymous
/// ones; drawing from an empty deck is remembered for the next pre-priority check (407.6b).
pub fn draw(game: &mut Game, player: PlayerId, count: u32) {
    let hand = game.zone_of(player, HAND);
    for _ in 0..count {
        let Some(p) = game.player_mut(player) else {
            break;
        };
        if let Some(card) = p.library.pop() {
            game.set_zone(card, hand);
        } else if p.deck > 0 {
            p.deck -= 1;
            p.hand = p.hand.saturating_add(1);
        } else {
            p.drew_from_empty = true;
            break;
        }
    }
    game.record(GameEvent::Drew { player, count });
}

/// Runs pre-priority processing (re-exported for the actions).
pub fn before_priority(game: &mut Game, ctx: &mut Ctx<'_, GameEvent>) -> Result<(), RulesError> {
    checks::pre_priority(game, ctx)
}
