//! A FIDE-family game: moves checked and recorded in SAN, and how it ends.
//!
//! Threefold repetition and the fifty-move rule end the game by themselves (as most
//! servers do), so no one has to know to claim them. A stalemate is a draw. Insufficient
//! material is judged only where the variants leave the pieces' powers as in FIDE chess.

use super::moves::Move;
use super::position::{Position, RepetitionKey};
use super::san::{self, SanError};
use super::variant::{Variant, Variants};
use crate::game::{EndReason, Outcome};
use crate::{Color, Fide};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

/// Why a move, resignation or draw was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FideTurnError {
    /// The written move names no legal move, or more than one.
    #[error(transparent)]
    San(#[from] SanError),
    /// The game has ended.
    #[error("the game is over: {0}")]
    Over(Outcome),
    /// A move the generator did not produce.
    #[error("that move is not legal in this position")]
    Illegal,
}

/// A game of FIDE chess under a set of modest variants.
#[derive(Clone, Debug)]
pub struct FideGame {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    sans: Vec<String>,
    keys: Vec<RepetitionKey>,
    result: Option<Outcome>,
}

impl FideGame {
    /// A game from the FIDE array.
    pub fn new(variants: Variants) -> FideGame {
        FideGame::from_position(Position::start(variants))
    }

    /// A game from a position.
    pub fn from_position(start: Position) -> FideGame {
        let mut game = FideGame {
            start,
            position: start,
            moves: Vec::new(),
            sans: Vec::new(),
            keys: vec![start.repetition_key()],
            result: None,
        };
        game.result = game.board_end();
        game
    }

    /// The variants in force.
    pub fn variants(&self) -> Variants {
        self.position.variants()
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves played, in SAN.
    pub fn sans(&self) -> &[String] {
        &self.sans
    }

    /// How the game ended, if it has.
    pub fn result(&self) -> Option<&Outcome> {
        self.result.as_ref()
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// The squares the last move left and reached, for pictures.
    pub fn last_move_squares(&self) -> Vec<crate::Square> {
        self.moves
            .last()
            .map(|m| m.stages().flat_map(|(a, b)| [a, b]).collect())
            .unwrap_or_default()
    }

    /// Plays a move written in SAN (or long algebraic); returns it as recorded.
    pub fn play_text(&mut self, text: &str) -> Result<String, FideTurnError> {
        self.ensure_running()?;
        let legal = self.position.legal_moves();
        let m = san::parse_among(&self.position, text, &legal)?;
        self.play_legal(m, &legal)
    }

    /// Plays a legal move; returns its SAN.
    pub fn play(&mut self, m: Move) -> Result<String, FideTurnError> {
        self.ensure_running()?;
        let legal = self.position.legal_moves();
        if !legal.contains(&m) {
            return Err(FideTurnError::Illegal);
        }
        self.play_legal(m, &legal)
    }

    /// Plays a move known to be among `legal`, the position's legal moves.
    fn play_legal(&mut self, m: Move, legal: &[Move]) -> Result<String, FideTurnError> {
        let written = san::write_among(&self.position, &m, legal);
        let next = self.position.play(&m).ok_or(FideTurnError::Illegal)?;
        self.position = next;
        self.moves.push(m);
        self.sans.push(written.clone());
        self.keys.push(next.repetition_key());
        self.result = self.board_end();
        Ok(written)
    }

    fn ensure_running(&self) -> Result<(), FideTurnError> {
        match self.result {
            Some(o) => Err(FideTurnError::Over(o)),
            None => Ok(()),
        }
    }

    /// The end the board shows now, if any.
    fn board_end(&self) -> Option<Outcome> {
        let pos = &self.position;
        let v = pos.variants();
        let end = |winner, reason| Some(Outcome { winner, reason });
        if v.has(Variant::MovewiseExtinction) {
            if let Some(loser) = pos.extinct() {
                return end(Some(!loser), EndReason::Extinction);
            }
        }
        if pos.legal_moves().is_empty() {
            return if pos.in_check() {
                end(Some(!pos.turn()), EndReason::Checkmate)
            } else {
                end(None, EndReason::Stalemate)
            };
        }
        if insufficient(pos, Color::White) && insufficient(pos, Color::Black) {
            return end(None, EndReason::InsufficientMaterial);
        }
        if pos.halfmoves() >= 100 {
            return end(None, EndReason::FiftyMoves);
        }
        let now = self.keys.last()?;
        if self.keys.iter().filter(|k| *k == now).count() >= 3 {
            return end(None, EndReason::Repetition);
        }
        None
    }

    /// The player resigns.
    pub fn resign(&mut self, color: Color) -> Result<Outcome, FideTurnError> {
        self.finish(Some(!color), EndReason::Resignation)
    }

    /// The player's clock ran out: a loss, or a draw if the other side cannot mate.
    pub fn lose_on_time(&mut self, color: Color) -> Result<Outcome, FideTurnError> {
        if insufficient(&self.position, !color) {
            return self.finish(None, EndReason::InsufficientMaterial);
        }
        self.finish(Some(!color), EndReason::Timeout)
    }

    /// Both players agreed to a draw.
    pub fn agree_draw(&mut self) -> Result<Outcome, FideTurnError> {
        self.finish(None, EndReason::DrawAgreed)
    }

    /// Sets a result a record gives for a game its board has not ended.
    pub fn record_result(&mut self, outcome: Outcome) -> Result<Outcome, FideTurnError> {
        self.finish(outcome.winner, outcome.reason)
    }

    fn finish(
        &mut self,
        winner: Option<Color>,
        reason: EndReason,
    ) -> Result<Outcome, FideTurnError> {
        self.ensure_running()?;
        let outcome = Outcome { winner, reason };
        self.result = Some(outcome);
        Ok(outcome)
    }
}

/// Whether `color` cannot mate with what it has: a bare king, or a king and one minor
/// piece, or kings and bishops all on one colour of square; judged only where the variants
/// leave checks and the pieces' powers as in FIDE chess (a king alone never mates).
fn insufficient(pos: &Position, color: Color) -> bool {
    let board = pos.board();
    let ours = board.by_color(color);
    if ours.count() == 1 {
        return true;
    }
    let v = pos.variants();
    let changed = [
        Variant::Shortcut,
        Variant::PawnedAndYeomanned,
        Variant::KnightAtTheHoppera,
        Variant::PushPullTrain,
        Variant::Stungun,
        Variant::PromotingKing,
    ]
    .into_iter()
    .any(|x| v.has(x))
        || (v.camp_follower().is_some() && v.double_step().is_some());
    if changed {
        return false;
    }
    let kings = board.by_role(Fide::King);
    let heavy = board.by_role(Fide::Pawn) | board.by_role(Fide::Rook) | board.by_role(Fide::Queen);
    if heavy.nonempty() {
        return false;
    }
    let our_minors = ours & !kings;
    let their_pieces = board.by_color(!color) & !kings;
    if our_minors.count() == 1 && their_pieces.is_empty() {
        return true;
    }
    // Otherwise only bishops, all on one colour of square, cannot mate.
    let bishops = board.by_role(Fide::Bishop);
    board.by_role(Fide::Knight).is_empty()
        && (bishops.into_iter().all(|s| s.is_light()) || bishops.into_iter().all(|s| !s.is_light()))
}

/// The stored form of a game: start, moves in long algebraic, and a result not shown by the
/// board.
#[derive(Serialize, Deserialize)]
struct GameData {
    variants: String,
    start: String,
    moves: Vec<String>,
    #[serde(default)]
    result: Option<Outcome>,
}

impl Serialize for FideGame {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        GameData {
            variants: self.variants().to_string(),
            start: self.start.fen(),
            moves: self.moves.iter().map(san::long).collect(),
            result: self.result.filter(|o| !o.reason.is_on_the_board()),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for FideGame {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<FideGame, D::Error> {
        use serde::de::Error;
        let data = GameData::deserialize(d)?;
        let variants: Variants = data.variants.parse().map_err(D::Error::custom)?;
        let start = Position::from_fen(&data.start, variants).map_err(D::Error::custom)?;
        let mut game = FideGame::from_position(start);
        for m in &data.moves {
            game.play_text(m).map_err(D::Error::custom)?;
        }
        if let Some(outcome) = data.result {
            game.record_result(outcome).map_err(D::Error::custom)?;
        }
        Ok(game)
    }
}
