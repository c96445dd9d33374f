//! Whole games: [`WowRules`] as the engine's [`Playable`], from two deck files (a hero and a
//! main deck, [`content::deck::Deck`]) to a winner.
//!
//! Set-up (101.1): each hero starts ready in play; each player rolls the d6 (again on a tie
//! for the highest) and the highest roller chooses the first player; each deck is shuffled
//! and each player draws an opening hand of seven; then each player from the first player
//! decides on a mulligan (101.2, an [`Action::Mulligan`]). The first player skips the start
//! phase of the first turn (501.2b), so the game continues in its action phase. Cards play by
//! what the rules interpret: printed stats, keywords and tags; a card's own text (its handler)
//! is logged once per object as not modelled ([`GameEvent::NotModelled`]).

use grimoire_engine::{
    Ctx, DieFaces, ObjectId, Outcome as EngineOutcome, Playable, PlayerId, Rules,
};

use super::actions::{Action, WowRules};
use super::card::Printed;
use super::chain;
use super::content::{deck::Deck, D6_DIE, D6_DIE_NAME};
use super::refusal::GameRefusal;
use super::state::{Game, GameEvent, LinkKind, Outcome, Phase, RulesError, StartStep, DECK, PLAY};
use super::turn::{self, OPENING_HAND};

/// Roll-offs after which set-up gives up on breaking a tie (a die that always ties is a
/// broken die, not a game).
const MAX_ROLL_OFFS: usize = 100;

impl Playable for WowRules {
    type Deck = Deck;

    /// [`Rules::apply`] itself: it runs all or nothing already (`step_then_priority`), so a
    /// second copy of the state per action would change nothing.
    fn try_apply(
        &self,
        game: &mut Game,
        action: &Action,
        ctx: &mut Ctx<'_, GameEvent>,
    ) -> Result<(), RulesError> {
        self.apply(game, action, ctx)
    }

    fn setup(&self, decks: &[Deck], ctx: &mut Ctx<'_, GameEvent>) -> Result<Game, RulesError> {
        if decks.len() != self.players() {
            return Err(GameRefusal::Decks {
                needed: self.players(),
                got: decks.len(),
            }
            .into());
        }
        let ids: Vec<PlayerId> = (1..=decks.len() as u8).map(PlayerId).collect();
        let mut game = Game::new(&ids);
        for (&player, deck) in ids.iter().zip(decks) {
            let hero = game.add_object(Printed::of(deck.hero), player, PLAY);
            game.note_not_modelled(hero);
            for entry in &deck.main {
                for _ in 0..entry.copies {
                    game.add_object(Printed::of(entry.card), player, DECK);
                }
            }
        }
        let chooser = roll_off(&mut game, &ids, ctx)?;
        let options: Vec<String> = ids.iter().map(|p| format!("player {}", p.0)).collect();
        let pick = ctx.choose(
            &format!("player {}: who takes the first turn (101.1)", chooser.0),
            &options,
        )?;
        let first = ids[pick];
        game.record(GameEvent::FirstPlayer { chooser, first });
        game.turn_player = first;
        game.priority = first;
        game.turn = 1;
        game.turns_started = 1;
        game.phase = Phase::Start;
        game.start_step = StartStep::Ready;
        let order = game.players_from_turn();
        for &player in &order {
            turn::shuffle(&mut game, player, ctx)?;
        }
        for &player in &order {
            chain::draw(&mut game, player, OPENING_HAND);
        }
        game.mulligans = order;
        for event in std::mem::take(&mut game.pending_events) {
            ctx.record(event);
        }
        Ok(game)
    }

    fn to_act(&self, game: &Game) -> Option<PlayerId> {
        if game.outcome.is_some() {
            return None;
        }
        Some(game.mulligans.first().copied().unwrap_or(game.priority))
    }

    fn outcome(&self, game: &Game) -> EngineOutcome {
        match game.outcome {
            None => EngineOutcome::Playing,
            Some(Outcome::Won(p)) => EngineOutcome::Won(p),
            Some(Outcome::Draw) => EngineOutcome::Draw,
        }
    }

    fn turn(&self, game: &Game) -> u32 {
        game.turn
    }

    fn card_played(&self, game: &Game, action: &Action) -> Option<String> {
        match action {
            Action::Play { card, .. } => Some(game.card(*card).name.clone()),
            _ => None,
        }
    }

    fn describe_action(&self, game: &Game, action: &Action) -> String {
        let name = |id| game.label(id);
        match action {
            Action::Pass(_) => {
                let window = match (&game.combat, game.phase, game.start_step) {
                    (Some(_), _, _) => "combat",
                    (None, Phase::Start, StartStep::Ready) => "ready step",
                    (None, Phase::Start, StartStep::Draw) => "draw step",
                    (None, Phase::Action, _) => "action phase",
                    (None, Phase::End, _) => "end phase",
                };
                match game.chain.last() {
                    Some(link) => format!("passes ({window}; {} on the chain)", {
                        chain::describe(game, link)
                    }),
                    None => format!("passes ({window})"),
                }
            }
            Action::Play { card, .. } => {
                format!("plays {} (cost {})", name(*card), game.card(*card).cost)
            }
            Action::PlaceResource { card, face_up, .. } => format!(
                "places {} as a resource face {}",
                name(*card),
                if *face_up { "up" } else { "down" }
            ),
            Action::UsePower { card, power, .. } => {
                format!("uses power {} of {}", power + 1, name(*card))
            }
            Action::Propose { attacker, defender } => {
                format!(
                    "proposes a combat: {} attacks {}",
                    name(*attacker),
                    name(*defender)
                )
            }
            Action::Strike { weapon, .. } => format!("strikes with {}", name(*weapon)),
            Action::Mulligan { redraw: true, .. } => "takes a mulligan".to_string(),
            Action::Mulligan { redraw: false, .. } => "keeps the opening hand".to_string(),
        }
    }

    fn describe_event(&self, game: &Game, event: &GameEvent) -> String {
        describe_event(game, event)
    }
}

/// The set-up roll (101.1: "a random method"): every player still tied for the highest d6
/// rolls again until one is highest; that player chooses the first player.
fn roll_off(
    game: &mut Game,
    players: &[PlayerId],
    ctx: &mut Ctx<'_, GameEvent>,
) -> Result<PlayerId, RulesError> {
    let d6 = DieFaces::from_table(D6_DIE_NAME, &D6_DIE, |f| f.label);
    let mut rolling = players.to_vec();
    for _ in 0..MAX_ROLL_OFFS {
        let mut best = Vec::new();
        let mut high = 0;
        for &player in &rolling {
            let value = D6_DIE[ctx.roll(d6.spec())? as usize].value as u32;
            game.record(GameEvent::Rolled { player, value });
            if value > high {
                high = value;
                best.clear();
            }
            if value == high {
                best.push(player);
            }
        }
        if let [winner] = best.as_slice() {
            return Ok(*winner);
        }
        rolling = best;
    }
    Err(GameRefusal::RollOffTied {
        times: MAX_ROLL_OFFS,
    }
    .into())
}

/// An event in words a player reads, with the names of the cards in `game`.
pub fn describe_event(game: &Game, event: &GameEvent) -> String {
    let name = |id: &ObjectId| game.label(*id);
    let link = |kind: &LinkKind| chain::describe_kind(game, kind);
    match event {
        GameEvent::PacketCreated(packet) => format!("packet: {}", packet.describe(game)),
        GameEvent::Replaced { by, from, to } => format!("{} changes {from} to {to}", name(by)),
        GameEvent::Prevented { by, amount } => format!("{} prevents {amount} damage", name(by)),
        GameEvent::PacketDealt(packet) => format!("dealt: {}", packet.describe(game)),
        GameEvent::DamagePut { to, amount } => format!("{amount} damage is put on {}", name(to)),
        GameEvent::Destroyed(card) => format!("{} is destroyed", name(card)),
        GameEvent::PutIntoGraveyard(card) => format!("{} is put into the graveyard", name(card)),
        GameEvent::PutIntoHand(card) => format!("{} is put into its owner's hand", name(card)),
        GameEvent::RemovedFromGame(card) => format!("{} is removed from the game", name(card)),
        GameEvent::LinkAdded(kind) => format!("{} is added to the chain", link(kind)),
        GameEvent::LinkResolved(kind) => format!("{} resolves", link(kind)),
        GameEvent::LinkInterrupted(kind) => format!("{} is interrupted", link(kind)),
        GameEvent::CombatStarted { attacker, defender } => {
            format!("combat: {} attacks {}", name(attacker), name(defender))
        }
        GameEvent::Protected(card) => format!("{} protects", name(card)),
        GameEvent::PlayerLost(p) => format!("player {} loses", p.0),
        GameEvent::GameOver(Outcome::Won(p)) => format!("player {} wins the game", p.0),
        GameEvent::GameOver(Outcome::Draw) => "the game is a draw".to_string(),
        GameEvent::Drew { player, count } => format!(
            "player {} draws {count} card{}",
            player.0,
            if *count == 1 { "" } else { "s" }
        ),
        GameEvent::TurnStarted(p) => format!("player {}'s turn starts", p.0),
        GameEvent::Rolled { player, value } => format!("player {} rolls {value}", player.0),
        GameEvent::FirstPlayer { chooser, first } => format!(
            "player {} chooses player {} to take the first turn",
            chooser.0, first.0
        ),
        GameEvent::Shuffled(p) => format!("player {} shuffles the deck", p.0),
        GameEvent::Mulligan { player, taken } => format!(
            "player {} {}",
            player.0,
            if *taken {
                "takes a mulligan"
            } else {
                "keeps the opening hand"
            }
        ),
        GameEvent::StepStarted(StartStep::Ready) => "ready step".to_string(),
        GameEvent::StepStarted(StartStep::Draw) => "draw step".to_string(),
        GameEvent::ActionPhase => "action phase".to_string(),
        GameEvent::EndPhase => "end phase".to_string(),
        GameEvent::Discarded(card) => format!("{} is discarded", name(card)),
        GameEvent::Played { player, card } => format!("player {} plays {}", player.0, name(card)),
        GameEvent::NotModelled(n) => format!(
            "{}: its own text is not modelled ({}); it plays by its printed stats and keywords",
            name(&n.object),
            n.ability
        ),
    }
}
