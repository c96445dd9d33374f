//! Whole games: set-up from two army files, moves offered as legal actions, the time limit and
//! the winner by objectives and victory points ([`grimoire_engine::Playable`]).
//!
//! Set-up follows the rules' order: each player takes an opposite edge of the standard
//! battlefield ([`BATTLEFIELD_INCHES`] square); both roll 2d6, rerolling ties, and the higher
//! roll is the first player; one objective goes in the centre and one per player at the
//! distance of that player's own roll from the far edge of their deployment area; the first
//! player deploys, then the other, every centre dot inside the deployment area (3" deep, at
//! least 8" from the side edges), facing the opponent's edge. Terrain is not placed: the
//! engine has no terrain yet (recorded in `docs/decisions.md`).
//!
//! An open table has no finite set of positions, so the moves `legal_actions` offers are a
//! sample, chosen to be the moves a player considers: toward each opposing warrior (into base
//! contact when its speed allows, else as far as it goes), toward each objective, and straight
//! forward, back and to either side at full speed, each ending facing the nearest opponent.
//! `apply` still accepts any legal point; completeness is relative to that sample (decision in
//! `docs/decisions.md`).
//!
//! The game ends at the end of a turn in which at most one player has able warriors, or when
//! the time limit ([`TURN_LIMIT`] turns, standing in for the standard game's 50 minutes) runs
//! out. The winner controls the most objectives; a tie goes to the most points of opposing
//! warriors eliminated, then to the smaller build total; otherwise the game is a draw.

use grimoire_engine::{
    Board, Ctx, EventLog, FirstOption, OpenTable, Outcome, Playable, PlayerId, SeededDice,
    TablePoint,
};

use super::actions::{Acting, Action, MageKnightRules};
use super::content;
use super::dial;
use super::geometry;
use super::movement::MoveCheck;
use super::refusal::SetupRefusal;
use super::state::{Event, Game, Objective, Player, RulesError, Warrior, WarriorId, Warriors};
use crate::army::ArmyFile;

/// The side of the standard square battlefield, in inches (3 feet).
pub const BATTLEFIELD_INCHES: f64 = 36.0;
/// Depth of a deployment area from its edge, in inches.
pub const DEPLOYMENT_DEPTH: f64 = 3.0;
/// Distance a deployment area keeps from the side edges, in inches.
pub const DEPLOYMENT_SIDE_MARGIN: f64 = 8.0;
/// Objectives keep at least this far from any edge, in inches.
pub const OBJECTIVE_EDGE_MARGIN: f64 = 3.0;
/// Turns (of both players together) after which time runs out: the stand-in for the standard
/// game's 50 minutes (see `docs/decisions.md`).
pub const TURN_LIMIT: u32 = 40;

impl MageKnightRules {
    /// Rolls 2d6 (the sum).
    fn roll_2d6(&self, ctx: &mut Ctx<'_, Event>) -> Result<u32, RulesError> {
        Ok(self.roll_d6(ctx)? + self.roll_d6(ctx)?)
    }

    /// Points of `player`'s opponents' warriors eliminated (warriors removed because their
    /// player left the game do not count).
    pub fn victory_points(state: &Game, player: PlayerId) -> u32 {
        state
            .warriors
            .iter()
            .filter(|w| w.owner != player && w.eliminated && !w.left_game)
            .map(|w| u32::from(w.data().point_value))
            .sum()
    }

    /// Pushes onto `out` the moves `legal_actions` offers `warrior`, each one `apply` accepts
    /// ([`MoveJudge::accepts`]), without repeating a destination.
    fn sample_moves(&self, state: &Game, warrior: WarriorId, out: &mut Vec<Action>) {
        let Ok(w) = state.warrior(warrior) else {
            return;
        };
        let Some(click) = w.current() else {
            return;
        };
        let speed = f64::from(click.speed) - 1e-6;
        if speed <= 0.0 {
            return;
        }
        let move_speed = f64::from(super::movement::move_speed(state, warrior));
        let Ok(check) = self.move_check(state, warrior, move_speed) else {
            return;
        };
        let judge = MoveJudge {
            check,
            touching: self.opponents_in_contact(state, warrior),
            terrifying: self.terrifying_opponents(state, warrior),
        };
        let from = w.position;
        let opponents: smallvec::SmallVec<[TablePoint; 16]> = state
            .in_play()
            .filter(|o| state.opposing(*o, warrior))
            .map(|o| state.warriors[o].position)
            .collect();
        let contact = 2.0 * geometry::base_radius();
        let mut targets: smallvec::SmallVec<[TablePoint; 32]> = smallvec::SmallVec::new();
        let mut toward = |to: &TablePoint, stop_short: f64| {
            let d = geometry::distance(&from, to);
            if d <= stop_short + 1e-6 {
                return;
            }
            let go = (d - stop_short).min(speed);
            targets.push(TablePoint {
                x: from.x + (to.x - from.x) * go / d,
                y: from.y + (to.y - from.y) * go / d,
                facing: 0.0,
            });
        };
        for o in &opponents {
            toward(o, contact);
        }
        for objective in &state.objectives {
            toward(&objective.position, 0.0);
        }
        for degrees in [0.0_f64, 90.0, 180.0, 270.0] {
            let heading = (from.facing + degrees).to_radians();
            targets.push(TablePoint {
                x: from.x + speed * heading.cos(),
                y: from.y + speed * heading.sin(),
                facing: 0.0,
            });
        }
        // Destinations already judged: the facing is a function of the destination, so a move
        // to the same point is the same action.
        let mut judged: smallvec::SmallVec<[(f64, f64); 32]> = smallvec::SmallVec::new();
        for mut to in targets {
            to.x = (to.x * 100.0).round() / 100.0;
            to.y = (to.y * 100.0).round() / 100.0;
            if !(0.0..=BATTLEFIELD_INCHES).contains(&to.x)
                || !(0.0..=BATTLEFIELD_INCHES).contains(&to.y)
                || geometry::distance(&from, &to) > speed
                || judged.contains(&(to.x, to.y))
            {
                continue;
            }
            judged.push((to.x, to.y));
            if !judge.accepts(self, state, to) {
                continue;
            }
            to.facing = facing_to_nearest(&opponents, &to).unwrap_or(from.facing);
            out.push(Action::Move {
                warrior,
                via: Vec::new(),
                to,
                carry: None,
                double_time: false,
                formation: Vec::new(),
            });
        }
    }

    /// Pushes onto `out` the moves (when it `may_move`), facing changes (Nimble, Sniper) and
    /// cancelled optional abilities of the active player's warrior `w` (with what
    /// [`MageKnightRules::acting`] found when it may act): the part of `legal_actions` beyond
    /// attacks and special actions.
    pub(super) fn movement_actions(
        &self,
        state: &Game,
        (w, acting): (WarriorId, Option<&Acting>),
        may_move: bool,
        out: &mut Vec<Action>,
    ) {
        if may_move {
            self.sample_moves(state, w, out);
        }
        let position = state.warriors[w].position;
        // Whether it may turn at all does not depend on the facing.
        if self.check_free_facing(state, w).is_ok() {
            for o in state.in_play().filter(|o| state.opposing(*o, w)) {
                let facing = OpenTable.bearing(&position, &state.warriors[o].position);
                let facing = (facing * 100.0).round() / 100.0;
                let turn = Action::Turn { warrior: w, facing };
                if !out.contains(&turn) && self.check_turn(state, w, facing).is_ok() {
                    out.push(turn);
                }
            }
        }
        let shown;
        let abilities = match acting {
            Some(acting) => acting.abilities(),
            None => {
                shown = state.warriors[w].abilities();
                &shown[..]
            }
        };
        for &ability in abilities {
            let cancel = Action::Cancel {
                warrior: w,
                ability,
            };
            if ability.meta().optional && self.check_cancel(state, w, ability).is_ok() {
                out.push(cancel);
            }
        }
    }
}

/// Judges the moves of one mover that listing offers: the facts of [`MoveCheck`] and those of
/// the rolls, worked out once.
struct MoveJudge {
    /// The move's checks.
    check: MoveCheck,
    /// The opponents the mover touches now (it rolls to break away from them).
    touching: super::actions::Contacts,
    /// The opposing Terrify warriors that may stop it.
    terrifying: Vec<WarriorId>,
}

impl MoveJudge {
    /// Whether `apply` accepts a move action of the mover straight to `to` now, for a mover
    /// that may be given a move action: the move's checks ([`MoveCheck::check`]), then the
    /// rolls as a trial on the dice of seed 0 would make them. A break away that fails ends
    /// the move accepted; a Terrify roll that stops it is an attempt `apply` accepts; only a
    /// mover a terrifier already stopped this turn is refused.
    fn accepts(&self, rules: &MageKnightRules, state: &Game, to: TablePoint) -> bool {
        if self.check.check(state, (&[], to)).is_err() {
            return false;
        }
        let may_terrify = self
            .terrifying
            .iter()
            .any(|t| geometry::in_contact(&state.warriors[*t].position, &to));
        if self.touching.is_empty() && !may_terrify {
            return true;
        }
        let warrior = self.check.warrior();
        let mut dice = SeededDice::new(0);
        let mut first = FirstOption;
        let mut log = EventLog::new();
        log.set_enabled(false);
        let mut ctx = Ctx::new(&mut dice, &mut first, &mut log);
        if !self.touching.is_empty() {
            let fails_on = rules.break_away_fails_on(state, warrior, &self.touching);
            match rules.roll_d6(&mut ctx) {
                Ok(roll) if roll <= fails_on => return true,
                Ok(_) => {}
                Err(_) => return false,
            }
        }
        if !may_terrify {
            return true;
        }
        matches!(
            rules.terrify(state, warrior, &to, &mut ctx),
            Ok(()) | Err(RulesError::Terrified { .. })
        )
    }
}

/// The facing from `at` toward the nearest of `opponents` (the first of equally near ones), if
/// there is any.
fn facing_to_nearest(opponents: &[TablePoint], at: &TablePoint) -> Option<f64> {
    let mut nearest: Option<(f64, &TablePoint)> = None;
    for o in opponents {
        let d = geometry::distance(at, o);
        if nearest.is_none_or(|(best, _)| best.total_cmp(&d).is_gt()) {
            nearest = Some((d, o));
        }
    }
    let (_, nearest) = nearest?;
    Some((OpenTable.bearing(at, nearest) * 100.0).round() / 100.0)
}

/// Where the `n`-th warrior of a deployment row stands: rows along the player's edge inside
/// the deployment area, one base apart.
fn deployment_spot(seat: usize, n: usize) -> Option<TablePoint> {
    let step = 2.0 * geometry::base_radius() + 0.25;
    let width = BATTLEFIELD_INCHES - 2.0 * DEPLOYMENT_SIDE_MARGIN;
    let per_row = (width / step).floor() as usize + 1;
    let rows = (DEPLOYMENT_DEPTH / step).floor() as usize;
    let (row, column) = (n / per_row, n % per_row);
    if row >= rows.max(1) {
        return None;
    }
    let depth = geometry::base_radius() + row as f64 * step;
    let x = DEPLOYMENT_SIDE_MARGIN + column as f64 * step;
    Some(if seat == 0 {
        TablePoint {
            x,
            y: depth,
            facing: 90.0,
        }
    } else {
        TablePoint {
            x,
            y: BATTLEFIELD_INCHES - depth,
            facing: 270.0,
        }
    })
}

impl Playable for MageKnightRules {
    type Deck = ArmyFile;

    fn setup(&self, armies: &[ArmyFile], ctx: &mut Ctx<'_, Event>) -> Result<Game, RulesError> {
        if armies.len() != 2 {
            return Err(SetupRefusal::Seats {
                players: armies.len(),
            }
            .into());
        }
        let (first, rolls) = loop {
            let rolls = [self.roll_2d6(ctx)?, self.roll_2d6(ctx)?];
            if rolls[0] != rolls[1] {
                break (usize::from(rolls[1] > rolls[0]), rolls);
            }
        };
        let players = armies
            .iter()
            .enumerate()
            .map(|(seat, army)| Player {
                id: PlayerId(seat as u8 + 1),
                actions_per_turn: army.build_total / u32::from(content::POINTS_PER_ACTION),
                actions_used: 0,
                extra_actions: 0,
            })
            .collect::<Vec<_>>();
        if let Some(map) = &self.map {
            if map.width != BATTLEFIELD_INCHES || map.height != BATTLEFIELD_INCHES {
                return Err(SetupRefusal::MapSize {
                    standard: BATTLEFIELD_INCHES,
                    width: map.width,
                    height: map.height,
                }
                .into());
            }
        }
        let terrain = self
            .map
            .as_ref()
            .map(|m| m.terrain.clone())
            .unwrap_or_default();
        let centre = BATTLEFIELD_INCHES / 2.0;
        let mut objectives = vec![Objective {
            position: TablePoint {
                x: centre,
                y: centre,
                facing: 0.0,
            },
            controller: None,
        }];
        for (seat, roll) in rolls.iter().enumerate() {
            let from_edge = (DEPLOYMENT_DEPTH + f64::from(*roll)).clamp(
                OBJECTIVE_EDGE_MARGIN,
                BATTLEFIELD_INCHES - OBJECTIVE_EDGE_MARGIN,
            );
            let y = if seat == 0 {
                from_edge
            } else {
                BATTLEFIELD_INCHES - from_edge
            };
            // Beside the centre line, so it never lands on the centre objective.
            let x = centre + if seat == 0 { -6.0 } else { 6.0 };
            objectives.push(Objective {
                position: TablePoint { x, y, facing: 0.0 },
                controller: None,
            });
        }
        if let Some(map) = self.map.as_ref().filter(|m| !m.objectives.is_empty()) {
            objectives = map
                .objectives
                .iter()
                .map(|position| Objective {
                    position: *position,
                    controller: None,
                })
                .collect();
        }
        let blocked = |spot: &TablePoint| {
            terrain
                .iter()
                .any(|t| t.kind.blocks_movement() && t.overlaps_base(spot, geometry::base_radius()))
        };
        let mut warriors = Warriors::default();
        for seat in [first, 1 - first] {
            let owner = PlayerId(seat as u8 + 1);
            let mut n = 0;
            for entry in &armies[seat].entries {
                let card = content::Card::Warrior(entry.warrior);
                for _ in 0..entry.copies {
                    // Spots whose base would overlap blocking terrain or a chasm are skipped.
                    let position = loop {
                        let spot = deployment_spot(seat, n).ok_or_else(|| {
                            RulesError::from(SetupRefusal::ArmyTooLarge { player: owner.0 })
                        })?;
                        n += 1;
                        if !blocked(&spot) {
                            break spot;
                        }
                    };
                    let start = dial::start_click(entry.warrior.dial);
                    warriors
                        .add(Warrior::deployed(card, owner, position, start))
                        .ok_or(SetupRefusal::TooManyWarriors)?;
                }
            }
        }
        let active = PlayerId(first as u8 + 1);
        let mut game = Game {
            players,
            warriors,
            active,
            last_roll: 0,
            last_hits: Vec::new(),
            last_values: None,
            terrified: Vec::new(),
            objectives,
            terrain,
            over: false,
            turn: 1,
            time_limit: Some(TURN_LIMIT),
            build_totals: armies.iter().map(|a| a.build_total).collect(),
            not_modelled: Default::default(),
        };
        ctx.record(Event::TurnBegan { player: active.0 });
        self.command_phase(&mut game, active, ctx)?;
        Ok(game)
    }

    fn to_act(&self, state: &Game) -> Option<PlayerId> {
        (!state.over).then_some(state.active)
    }

    fn outcome(&self, state: &Game) -> Outcome {
        if !state.over {
            return Outcome::Playing;
        }
        let ids: Vec<PlayerId> = state.players.iter().map(|p| p.id).collect();
        let objectives = |p: PlayerId| {
            state
                .objectives
                .iter()
                .filter(|o| o.controller == Some(p))
                .count()
        };
        let build_total = |p: PlayerId| {
            state
                .build_totals
                .get(usize::from(p.0).wrapping_sub(1))
                .copied()
                .unwrap_or(0)
        };
        // Most objectives, then most points eliminated, then the smaller build total.
        let key = |p: PlayerId| {
            (
                objectives(p),
                Self::victory_points(state, p),
                u32::MAX - build_total(p),
            )
        };
        let best = ids.iter().map(|p| key(*p)).max();
        let leaders: Vec<PlayerId> = ids.into_iter().filter(|p| Some(key(*p)) == best).collect();
        match leaders.as_slice() {
            [winner] => Outcome::Won(*winner),
            _ => Outcome::Draw,
        }
    }

    fn turn(&self, state: &Game) -> u32 {
        state.turn
    }

    fn card_played(&self, state: &Game, action: &Action) -> Option<String> {
        let warrior = match action {
            Action::Move { warrior, .. } | Action::Special { warrior, .. } => *warrior,
            Action::Close(attack) => attack.attacker,
            Action::Ranged(attack) => attack.attacker,
            Action::Turn { .. } | Action::Cancel { .. } | Action::EndTurn => return None,
        };
        state.warriors.get(warrior).map(|w| w.name().to_string())
    }

    fn describe_action(&self, state: &Game, action: &Action) -> String {
        let name = |i: WarriorId| state.warriors.get(i).map_or("?", |w| w.name());
        match action {
            Action::Move { warrior, to, .. } => {
                format!(
                    "{} moves to {}",
                    name(*warrior),
                    OpenTable.position_name(to)
                )
            }
            Action::Close(attack) => {
                let targets: Vec<&str> = attack.targets.iter().map(|t| name(*t)).collect();
                format!(
                    "{} attacks {} in close combat",
                    name(attack.attacker),
                    targets.join(" and ")
                )
            }
            Action::Ranged(attack) => {
                let targets: Vec<&str> = attack.targets.iter().map(|t| name(*t)).collect();
                format!(
                    "{} shoots at {}",
                    name(attack.attacker),
                    targets.join(" and ")
                )
            }
            Action::Special {
                warrior, ability, ..
            } => format!("{} uses {ability}", name(*warrior)),
            Action::Turn { warrior, facing } => {
                format!("{} turns to face {facing:.0} degrees", name(*warrior))
            }
            Action::Cancel { warrior, ability } => {
                format!("{} cancels {ability} for this turn", name(*warrior))
            }
            Action::EndTurn => "ends the turn".to_string(),
        }
    }

    fn describe_event(&self, state: &Game, event: &Event) -> String {
        event.describe(&state.warriors)
    }
}
