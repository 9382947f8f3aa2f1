//! A game: a position with its history and result, and turns validated with reasons a
//! player understands.

use crate::action::{Action, DesignPhase, Turn};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::design::Design;
use crate::fog::{action_squares, View};
use crate::money::Zorkmids;
use crate::movetext::{design_list, read_turn, ReadError, Warning, WrittenAction, WrittenMove};
use crate::position::{Position, PositionError, MAX_PIECES};
use crate::price::{price, PriceError};
use crate::proposal::{Modifier, ProposalError, Proposals};
use crate::ruleset::Rules;
use crate::square::Square;
use rust_decimal::Decimal;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The loser's last royal piece was in check and it had no legal action.
    Checkmate,
    /// The loser had no legal action (stalemate is a loss).
    NoLegalAction,
    /// The loser's last royal piece was captured (possible in fog games and with
    /// doublemove pieces, RULES.md sections 5.1 and 8).
    RoyalCaptured,
    /// The loser resigned.
    Resignation,
    /// The loser's clock ran out.
    Timeout,
    /// Both players agreed to a draw (only in `classic`).
    DrawAgreed,
    /// The loser left the game; only read from records, whose tools may say so.
    Abandoned,
    /// A result read from a record without the reason.
    Recorded,
    /// FIDE family: the side to move had no legal move and was not in check (a draw).
    Stalemate,
    /// FIDE family: fifty moves by each side without a capture or a pawn move (a draw).
    FiftyMoves,
    /// FIDE family: the same position for the third time (a draw).
    Repetition,
    /// FIDE family: neither side can mate (a draw).
    InsufficientMaterial,
    /// Movewise extinction: the loser lost its last rook-, bishop- or knight-mover.
    Extinction,
}

impl EndReason {
    /// The words of a record's Termination tag (RULES.md section 9 writes "time forfeit";
    /// the others follow it: lower case, as PGN's own Termination values are).
    const TERMINATIONS: [(EndReason, &'static str); 12] = [
        (EndReason::Checkmate, "checkmate"),
        (EndReason::NoLegalAction, "no legal action"),
        (EndReason::RoyalCaptured, "royal captured"),
        (EndReason::Resignation, "resignation"),
        (EndReason::Timeout, "time forfeit"),
        (EndReason::DrawAgreed, "agreement"),
        (EndReason::Abandoned, "abandoned"),
        // The FIDE family's own ends, after csipgs's seven.
        (EndReason::Stalemate, "stalemate"),
        (EndReason::FiftyMoves, "fifty moves"),
        (EndReason::Repetition, "repetition"),
        (EndReason::InsufficientMaterial, "insufficient material"),
        (EndReason::Extinction, "extinction"),
    ];

    /// The Termination words a csipgs record can carry, in a fixed order (the FIDE family's
    /// draws and extinction cannot end a csipgs game, so a csipgs record is not told of them).
    pub fn termination_words() -> impl Iterator<Item = &'static str> {
        EndReason::TERMINATIONS[..7].iter().map(|(_, word)| *word)
    }

    /// The record's Termination word for this reason; none for [`EndReason::Recorded`].
    pub fn termination(self) -> Option<&'static str> {
        EndReason::TERMINATIONS
            .iter()
            .find(|(reason, _)| *reason == self)
            .map(|(_, word)| *word)
    }

    /// The reason a Termination word names, ignoring case.
    pub fn from_termination(word: &str) -> Option<EndReason> {
        EndReason::TERMINATIONS
            .iter()
            .find(|(_, w)| w.eq_ignore_ascii_case(word.trim()))
            .map(|(reason, _)| *reason)
    }

    /// Whether the board itself decides this end, so only the board can say it happened.
    pub fn is_on_the_board(self) -> bool {
        matches!(
            self,
            EndReason::Checkmate
                | EndReason::NoLegalAction
                | EndReason::RoyalCaptured
                | EndReason::Stalemate
                | EndReason::FiftyMoves
                | EndReason::Repetition
                | EndReason::InsufficientMaterial
                | EndReason::Extinction
        )
    }

    /// Whether this end can go with this result: an agreement is a draw, every other named
    /// end a win.
    pub fn fits(self, winner: Option<Color>) -> bool {
        match self {
            EndReason::Recorded => true,
            EndReason::DrawAgreed
            | EndReason::Stalemate
            | EndReason::FiftyMoves
            | EndReason::Repetition
            | EndReason::InsufficientMaterial => winner.is_none(),
            _ => winner.is_some(),
        }
    }
}

/// A finished game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The side that won; none for a draw.
    pub winner: Option<Color>,
    /// How the game ended.
    pub reason: EndReason,
}

impl Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn score(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let how = match self.reason {
            EndReason::Checkmate => "checkmate",
            EndReason::NoLegalAction => "no legal action",
            EndReason::RoyalCaptured => "capturing the last royal piece",
            EndReason::Resignation => "resignation",
            EndReason::Timeout => "time",
            EndReason::DrawAgreed => "agreement",
            EndReason::Abandoned => "abandonment",
            EndReason::Recorded => "record",
            EndReason::Stalemate => "stalemate",
            EndReason::FiftyMoves => "the fifty-move rule",
            EndReason::Repetition => "threefold repetition",
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::Extinction => "extinction",
        };
        match self.winner {
            Some(w) => write!(f, "{}, {w} wins by {how}", self.score()),
            None => write!(f, "{}, drawn by {how}", self.score()),
        }
    }
}

/// Why a turn (or a resignation, draw or proposal) was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[allow(missing_docs)] // Variant fields are what each message names.
pub enum TurnError {
    /// The game has ended already.
    #[error("the game is over ({0})")]
    GameOver(Outcome),
    /// The text is not a turn at all.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// A written starting square is empty.
    #[error("there is no piece on {0}")]
    NoPiece(Square),
    /// A written starting square holds the opponent's piece.
    #[error("the piece on {square} is {owner}'s; it is {mover}'s turn")]
    NotYours {
        square: Square,
        owner: Color,
        mover: Color,
    },
    /// The mover has no piece of the written design (on the written square).
    #[error("you have no {0} on the board")]
    NoSuchPiece(String),
    /// The one piece of that design can't go there.
    #[error("{piece} can't reach {to} from {from}")]
    Unreachable {
        piece: String,
        from: Square,
        to: Square,
    },
    /// No doublemove piece of that design can make those two moves.
    #[error("your {piece} can't move to {via} and then to {to}")]
    NoDoubleMove {
        piece: String,
        via: Square,
        to: Square,
    },
    /// The piece already stands on the target.
    #[error("your {piece} is on {square} already")]
    AlreadyThere { piece: String, square: Square },
    /// The target holds one of the mover's own pieces.
    #[error("{square} holds your own {piece}; a piece can't capture its own side")]
    OwnPiece { square: Square, piece: String },
    /// None of several pieces of that design can go there.
    #[error("none of your {piece} pieces can reach {to}")]
    NoneReach { piece: String, to: Square },
    /// Several pieces of that design can go there and the move doesn't say which.
    #[error("more than one {piece} can reach {to}: say which, as in {}", or_list(.examples))]
    Ambiguous {
        piece: String,
        to: Square,
        /// The move from each square that could go, as the record would write it.
        examples: Vec<String>,
    },
    /// The move would leave the only royal piece in check.
    #[error("that move would leave your {0} in check")]
    LeavesCheck(String),
    /// The only royal piece is in check and the move doesn't answer it.
    #[error("your {0} is in check: move it, capture the checking piece or block the check")]
    MustAnswerCheck(String),
    /// In a fog game, a starting square without one of the mover's pieces (what stands
    /// there may be hidden, so the moderator doesn't say).
    #[error("you have no piece on {0}")]
    NotYourSquare(Square),
    /// In a fog game, a turn refused for a reason the mover can't see (RULES.md section 8):
    /// the moderator names nothing hidden, and the attempt is announced.
    #[error("that turn is not possible on the board as it stands")]
    HiddenBoard,
    /// In a fog game, a transfer next to a royal piece the enemy attacks (the moderator says).
    #[error("you can't transfer next to your {0}: it is attacked")]
    TransferBesideAttacked(String),
    /// In a fog game, a buy while a royal piece is attacked (the moderator says which).
    #[error("you can't buy: your {0} is attacked")]
    BuyAttacked(String),
    /// A transfer of a design the reserve doesn't hold.
    #[error("you have no {0} in reserve")]
    NotInReserve(String),
    /// A transfer onto an occupied square.
    #[error("{0} is occupied: transfer onto an empty square")]
    Occupied(Square),
    /// A transfer onto an impassable square of a fog game.
    #[error("{0} is impassable: no piece can stand there")]
    Impassable(Square),
    /// A transfer away from every royal piece.
    #[error("{0} is not next to any of your royal pieces: transfer onto a square next to one")]
    NotNextToRoyal(Square),
    /// A transfer next to a royal piece that is in check.
    #[error("you can't transfer next to your {0}: it is in check")]
    TransferBesideCheck(String),
    /// A buy while a royal piece is in check.
    #[error("you can't buy while your {0} is in check")]
    BuyInCheck(String),
    /// A buy past [`MAX_PIECES`]; the count is the pieces owned before it.
    #[error("you have {0} pieces already (board and reserve); the limit is {MAX_PIECES}")]
    PieceLimit(u32),
    /// A buy that costs more than the treasury after credit.
    #[error("{what} costs {cost}, you have {funds}")]
    CantAfford {
        what: String,
        cost: Zorkmids,
        funds: Zorkmids,
    },
    /// A buy of a design that is in no slot.
    #[error("{design} is not one of your designs; your designs are {slots}")]
    NotADesign { design: String, slots: String },
    /// Several pieces bought at once outside `progressive`.
    #[error("only one piece can be bought per turn in {0}; several buys are a progressive rule")]
    MultiBuy(String),
    /// `Buy` with no design.
    #[error("buy at least one piece: write Buy and a design, such as Buy N")]
    EmptyBuy,
    /// A buy as the action in a `power` game.
    #[error("with the power option, buying happens in the design phase: write it after the action, as in 'Kd2; Buy N'")]
    PowerBuy,
    /// A buy in the design phase without `power`.
    #[error("buying in the design phase needs the power option; this game was started without it")]
    DesignPhaseBuy,
    /// A redesign of a slot the mover doesn't have.
    #[error("you have no {design} design to replace; your designs are {slots}")]
    NoSuchSlot { design: String, slots: String },
    /// A redesign to a design another slot holds.
    #[error("your designs already include {0}; each slot must hold a different design")]
    RepeatedDesign(String),
    /// A redesign to a design with no price.
    #[error("{design} can't be designed: {error}")]
    Unpriced { design: String, error: PriceError },
    /// A redesign with an unofficial prefix in a game without the option.
    #[error("{0}- is unofficial: this game was started without the unofficial option")]
    Unofficial(&'static str),
    /// A draw in a ruleset without draws (RULES.md section 3).
    #[error("agreeing to a draw is illegal in this ruleset")]
    DrawsIllegal,
    /// A proposal in a game without proposals.
    #[error("proposals are off in this game: they are on in kurnia, or with the proposals option")]
    ProposalsOff,
    /// A proposal that can't be agreed.
    #[error(transparent)]
    Proposal(#[from] ProposalError),
}

/// One turn as played, with both treasuries after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedTurn {
    /// The turn's ply (1 = White's first turn).
    pub ply: u32,
    /// The side that played it.
    pub color: Color,
    /// What was played.
    pub turn: Turn,
    /// The turn in record notation, with its check mark.
    pub notation: String,
    /// Both treasuries after the turn, by [`Color::index`].
    pub treasuries: [Zorkmids; 2],
}

/// A turn read and checked: the turn, the position after it and the record's warnings.
pub(crate) type CheckedTurn = (Turn, Position, Vec<Warning>);

/// What playing a turn did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The turn's ply.
    pub ply: u32,
    /// The side that played it.
    pub color: Color,
    /// The turn in record notation, with its check mark.
    pub notation: String,
    /// Royal pieces of the side now to move that are in check.
    pub check: Vec<Square>,
    /// The result, if the turn ended the game.
    pub outcome: Option<Outcome>,
    /// Marks in the written turn that didn't match what it did.
    pub warnings: Vec<Warning>,
}

/// A game: the position it started from, the position now, every turn played and the
/// result. Turns are checked before they change anything: a refused turn leaves the game
/// as it was. Its serde form is versioned by [`GAME_FORMAT`].
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    turns: Vec<PlayedTurn>,
    outcome: Option<Outcome>,
    /// In a fog game, the impassable squares each side has seen so far.
    remembered: [Bitboard; 2],
}

impl Game {
    /// A new game from the start position of these rules.
    pub fn new(rules: Rules) -> Game {
        Game::from_position(Position::start(rules))
    }

    /// A game from any legal position; already over if the side to move has no action.
    pub fn from_position(position: Position) -> Game {
        let mut game = Game {
            start: position.clone(),
            position,
            turns: Vec::new(),
            outcome: None,
            remembered: [Bitboard::EMPTY; 2],
        };
        game.remember();
        game.outcome = game.forced_outcome();
        game
    }

    /// What `color` may know of a fog game (RULES.md section 8). In other games every
    /// square is seen, so a view shows the whole board.
    pub fn view(&self, color: Color) -> View {
        View::new(self, color, self.remembered[color.index()])
    }

    /// Rebuild what each side remembers of the terrain by walking the stored turns again
    /// (they were checked when played); a turn that no longer plays ends the walk.
    fn recall(&mut self) {
        if self.position.terrain().is_empty() {
            return;
        }
        // Under today's rules, so a design agreed by proposal later in the game plays too.
        let start = Position::from_setup(self.start.to_setup(), self.rules().clone())
            .unwrap_or_else(|_| self.start.clone());
        let mut walk = Game::from_position(start);
        for played in &self.turns {
            if walk.play(played.turn.clone()).is_err() {
                break;
            }
        }
        self.remembered = walk.remembered;
        self.remember();
    }

    /// Add the impassable squares each side sees now to what it remembers.
    fn remember(&mut self) {
        let terrain = self.position.terrain();
        if terrain.is_empty() {
            return;
        }
        for color in Color::ALL {
            self.remembered[color.index()] |= self.position.seen(color) & terrain;
        }
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The game's rules, with the proposals agreed so far.
    pub fn rules(&self) -> &Rules {
        self.position.rules()
    }

    /// Every turn played, first first.
    pub fn turns(&self) -> &[PlayedTurn] {
        &self.turns
    }

    /// The latest turn, if any.
    pub fn last_turn(&self) -> Option<&PlayedTurn> {
        self.turns.last()
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Whether the game has a result.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Every legal action of the side to move (none once the game is over).
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.is_over() {
            return Vec::new();
        }
        self.position.legal_actions()
    }

    /// An action of the side to move in record notation.
    pub fn notate(&self, action: &Action) -> String {
        self.position.notate(action)
    }

    /// The squares the last action touched: from and to, or the drop square.
    pub fn last_action_squares(&self) -> Vec<Square> {
        self.turns
            .last()
            .map(|t| action_squares(&t.turn.action))
            .unwrap_or_default()
    }

    /// Read and check a turn in record notation without playing it.
    pub fn parse_turn(&self, text: &str) -> Result<(Turn, Vec<Warning>), TurnError> {
        let (turn, _, warnings) = self.read_turn(text)?;
        Ok((turn, warnings))
    }

    /// Play a turn the side to move wrote in record notation. In a fog game it is read as
    /// the mover knows the board, and a refusal with a hidden cause names nothing (see
    /// [`Game::moderate`]).
    pub fn play_text(&mut self, text: &str) -> Result<Played, TurnError> {
        let checked = self.read_turn(text)?;
        let known =
            (self.rules().options.fog && !self.is_over()).then(|| self.notate_known(&checked.0));
        let mut played = self.commit_checked(checked);
        // The mover reads their turn back as they know the board; the record keeps the truth.
        if let Some(notation) = known {
            played.notation = notation;
        }
        Ok(played)
    }

    /// Play a turn of a record, read on the true board: the record was written by the
    /// moderator, who sees everything.
    pub(crate) fn play_recorded(&mut self, text: &str) -> Result<Played, TurnError> {
        let checked = self.read_on_board(text)?;
        Ok(self.commit_checked(checked))
    }

    fn commit_checked(&mut self, (turn, next, warnings): CheckedTurn) -> Played {
        let mut played = self.commit(turn, next);
        played.warnings = warnings;
        played
    }

    /// Play a turn: credit, action, optional design phase. Refused turns change nothing.
    pub fn play(&mut self, turn: Turn) -> Result<Played, TurnError> {
        self.ensure_running()?;
        let next = self.check_turn(&turn)?;
        Ok(self.commit(turn, next))
    }

    /// Read a turn, check it, and return the position after it with the record's warnings.
    /// In a fog game the moderator answers (see [`Game::moderate`]).
    fn read_turn(&self, text: &str) -> Result<CheckedTurn, TurnError> {
        let truth = self.read_on_board(text);
        if self.rules().options.fog && !self.is_over() {
            return self.moderate(text, truth);
        }
        truth
    }

    /// A game going on from `position`, to read turns on: no history, no result worked out.
    pub(crate) fn reading(position: Position) -> Game {
        Game {
            start: position.clone(),
            position,
            turns: Vec::new(),
            outcome: None,
            remembered: [Bitboard::EMPTY; 2],
        }
    }

    /// Read a turn and check it on the true board.
    pub(crate) fn read_on_board(&self, text: &str) -> Result<CheckedTurn, TurnError> {
        self.ensure_running()?;
        let written = read_turn(text)?;
        let mut warnings = Vec::new();
        let action = match written.action {
            WrittenAction::Move(m) => self.resolve_move(&m, &mut warnings)?,
            WrittenAction::Transfer { design, to } => Action::Transfer { design, to },
            WrittenAction::Buy(designs) => Action::Buy(designs),
        };
        let turn = Turn {
            action,
            design: written.design,
        };
        let next = self.check_turn(&turn)?;
        check_mark_warning(&turn.action, written.check_mark, &next, &mut warnings);
        Ok((turn, next, warnings))
    }

    /// Record a checked turn and move to the position after it.
    fn commit(&mut self, turn: Turn, next: Position) -> Played {
        let color = self.position.to_move();
        let ply = self.position.ply();
        let notation = self.position.notate_turn(&turn, &next);
        self.turns.push(PlayedTurn {
            ply,
            color,
            turn,
            notation: notation.clone(),
            treasuries: [next.treasury(Color::White), next.treasury(Color::Black)],
        });
        self.position = next;
        self.remember();
        self.outcome = self.forced_outcome();
        Played {
            ply,
            color,
            notation,
            check: self.position.checks_shown(),
            outcome: self.outcome,
            warnings: Vec::new(),
        }
    }

    /// `color` resigns: the other side wins.
    pub fn resign(&mut self, color: Color) -> Result<Outcome, TurnError> {
        self.finish(Outcome {
            winner: Some(!color),
            reason: EndReason::Resignation,
        })
    }

    /// `color`'s clock ran out: the other side wins.
    pub fn lose_on_time(&mut self, color: Color) -> Result<Outcome, TurnError> {
        self.finish(Outcome {
            winner: Some(!color),
            reason: EndReason::Timeout,
        })
    }

    /// Both players agreed to a draw: only where the ruleset allows draws.
    pub fn agree_draw(&mut self) -> Result<Outcome, TurnError> {
        self.finish(Outcome {
            winner: None,
            reason: EndReason::DrawAgreed,
        })
    }

    /// End a running game with a result from outside the board: a resignation, a flag, an
    /// agreement, or a record's result tag.
    pub(crate) fn finish(&mut self, outcome: Outcome) -> Result<Outcome, TurnError> {
        self.ensure_running()?;
        check_outcome(self.rules(), &outcome)?;
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    fn ensure_running(&self) -> Result<(), TurnError> {
        match self.outcome {
            Some(o) => Err(TurnError::GameOver(o)),
            None => Ok(()),
        }
    }

    /// Check proposals may be made in this game and this one could be agreed.
    pub fn check_proposal_atom(&self, notation: &Design) -> Result<(), TurnError> {
        if !self.rules().proposals_allowed() {
            return Err(TurnError::ProposalsOff);
        }
        let form = Proposals::atom_form(notation)?;
        Ok(self.rules().proposals.check_atom(form)?)
    }

    /// Check proposals may be made in this game and this modifier could be agreed.
    pub fn check_proposal_modifier(&self, modifier: Modifier) -> Result<(), TurnError> {
        if !self.rules().proposals_allowed() {
            return Err(TurnError::ProposalsOff);
        }
        Ok(self.rules().proposals.check_modifier(modifier)?)
    }

    /// Both estimates are in: the atom is priced at the higher one from now on.
    pub fn agree_atom(
        &mut self,
        name: &str,
        notation: &Design,
        estimates: [Decimal; 2],
    ) -> Result<Decimal, TurnError> {
        self.check_proposal_atom(notation)?;
        let form = Proposals::atom_form(notation)?;
        self.change_proposals(|p| p.agree_atom(name, form, estimates))
    }

    /// Both estimates are in: the modifier multiplies at the higher one from now on.
    pub fn agree_modifier(
        &mut self,
        name: &str,
        modifier: Modifier,
        estimates: [Decimal; 2],
    ) -> Result<Decimal, TurnError> {
        self.check_proposal_modifier(modifier)?;
        self.change_proposals(|p| p.agree_modifier(name, modifier, estimates))
    }

    /// Change the agreed proposals and price the position's designs again.
    fn change_proposals(
        &mut self,
        change: impl FnOnce(&mut Proposals) -> Result<Decimal, ProposalError>,
    ) -> Result<Decimal, TurnError> {
        let mut rules = self.rules().clone();
        let value = change(&mut rules.proposals)?;
        self.position.set_rules(rules);
        Ok(value)
    }

    /// The result the position itself forces: the side to move has no legal action.
    fn forced_outcome(&self) -> Option<Outcome> {
        let pos = &self.position;
        let us = pos.to_move();
        if pos.royals(us).is_empty() {
            return Some(Outcome {
                winner: Some(!us),
                reason: EndReason::RoyalCaptured,
            });
        }
        if pos.count_legal_actions() > 0 {
            return None;
        }
        let mated = pos.royals(us).count() == 1 && !pos.checks_shown().is_empty();
        Some(Outcome {
            winner: Some(!us),
            reason: if mated {
                EndReason::Checkmate
            } else {
                EndReason::NoLegalAction
            },
        })
    }

    /// Match a written move against the legal moves, explaining any mismatch.
    fn resolve_move(
        &self,
        m: &WrittenMove,
        warnings: &mut Vec<Warning>,
    ) -> Result<Action, TurnError> {
        let pos = &self.position;
        let us = pos.to_move();
        let label = Position::piece_label(&m.piece);
        let candidates: Vec<Square> = pos
            .occupied(us)
            .filter(|&sq| pos.piece_at(sq).map(|p| p.1) == Some(&m.piece))
            .filter(|sq| m.from_file.is_none_or(|f| f == sq.file()))
            .filter(|sq| m.from_rank.is_none_or(|r| r == sq.rank()))
            .collect();
        if let (Some(f), Some(r)) = (m.from_file, m.from_rank) {
            let from = Square::new(f, r).expect("file and rank are in range");
            if *self.own_piece(from)? != m.piece {
                return Err(TurnError::NoSuchPiece(format!("{label} on {from}")));
            }
        }
        if candidates.is_empty() {
            return Err(TurnError::NoSuchPiece(label));
        }
        if let Some((then, then_mark)) = m.then {
            return self.resolve_double_move(m, &candidates, then, then_mark, warnings);
        }
        let legal = pos.legal_moves();
        let reaching: Vec<Square> = candidates
            .iter()
            .copied()
            .filter(|&from| legal.contains(&(from, m.to)))
            .collect();
        let from = match reaching[..] {
            [from] => from,
            [] => return Err(self.why_not(&candidates, m.to, &label)),
            _ => {
                return Err(TurnError::Ambiguous {
                    piece: label,
                    to: m.to,
                    examples: reaching
                        .iter()
                        .map(|&from| pos.notate(&Action::Move { from, to: m.to }))
                        .collect(),
                })
            }
        };
        let action = Action::Move { from, to: m.to };
        let captures = pos.piece_at(m.to).is_some();
        if m.capture_mark && !captures {
            warnings.push(Warning(format!(
                "'x' marks a capture, but {} is empty",
                m.to
            )));
        }
        Ok(action)
    }

    /// Match a written double move (`d4xe5-f6`) against the legal ones.
    fn resolve_double_move(
        &self,
        m: &WrittenMove,
        candidates: &[Square],
        then: Square,
        then_mark: bool,
        warnings: &mut Vec<Warning>,
    ) -> Result<Action, TurnError> {
        let pos = &self.position;
        let label = Position::piece_label(&m.piece);
        let legal = pos.legal_double_moves();
        let reaching: Vec<Action> = candidates
            .iter()
            .filter(|&&from| legal.contains(&(from, m.to, then)))
            .map(|&from| Action::DoubleMove {
                from,
                via: m.to,
                to: then,
            })
            .collect();
        let action = match &reaching[..] {
            [one] => one.clone(),
            [] => return Err(self.why_not_double(candidates, m.to, then, &label)),
            several => {
                return Err(TurnError::Ambiguous {
                    piece: label,
                    to: m.to,
                    examples: several.iter().map(|a| pos.notate(a)).collect(),
                })
            }
        };
        let Action::DoubleMove { from, .. } = action else {
            unreachable!("only double moves were collected")
        };
        let mut after = pos.clone();
        let first_captures = after.piece_at(m.to).is_some();
        after.shift(from, m.to);
        let second_captures = after
            .piece_at(then)
            .is_some_and(|(c, _)| c != pos.to_move());
        for (marked, captures, sq) in [
            (m.capture_mark, first_captures, m.to),
            (then_mark, second_captures, then),
        ] {
            if marked && !captures {
                warnings.push(Warning(format!("'x' marks a capture, but {sq} is empty")));
            }
        }
        Ok(action)
    }

    /// The refusal of a move the piece could make but for check: it leaves the only royal
    /// in check, or doesn't answer the check it is in.
    fn check_refusal(&self) -> TurnError {
        let pos = &self.position;
        let us = pos.to_move();
        let royal = pos
            .royals(us)
            .first()
            .map(|r| pos.royal_name(r))
            .unwrap_or_default();
        if pos.royals_in_check(us).is_empty() {
            TurnError::LeavesCheck(royal)
        } else {
            TurnError::MustAnswerCheck(royal)
        }
    }

    /// Why none of these doublemove pieces can legally go to `via` and then to `to`.
    fn why_not_double(
        &self,
        candidates: &[Square],
        via: Square,
        to: Square,
        label: &str,
    ) -> TurnError {
        let pos = &self.position;
        let mut unchecked = Vec::new();
        for &from in candidates {
            pos.double_moves(from, &mut unchecked);
        }
        let possible = unchecked.iter().any(
            |a| matches!(a, Action::DoubleMove { via: v, to: t, .. } if *v == via && *t == to),
        );
        if possible {
            return self.check_refusal();
        }
        TurnError::NoDoubleMove {
            piece: label.to_string(),
            via,
            to,
        }
    }

    /// The design of the mover's piece on a square, or why there is none.
    fn own_piece(&self, square: Square) -> Result<&Design, TurnError> {
        let mover = self.position.to_move();
        match self.position.piece_at(square) {
            Some((owner, _)) if owner != mover && self.rules().options.fog => {
                Err(TurnError::NotYourSquare(square))
            }
            None if self.rules().options.fog => Err(TurnError::NotYourSquare(square)),
            None => Err(TurnError::NoPiece(square)),
            Some((owner, _)) if owner != mover => Err(TurnError::NotYours {
                square,
                owner,
                mover,
            }),
            Some((_, design)) => Ok(design),
        }
    }

    /// Why none of these pieces can legally go to `to`.
    fn why_not(&self, candidates: &[Square], to: Square, label: &str) -> TurnError {
        let pos = &self.position;
        let us = pos.to_move();
        if candidates == [to] {
            return TurnError::AlreadyThere {
                piece: label.to_string(),
                square: to,
            };
        }
        if let Some((owner, design)) = pos.piece_at(to) {
            if owner == us {
                return TurnError::OwnPiece {
                    square: to,
                    piece: Position::piece_label(design),
                };
            }
        }
        let pseudo = candidates
            .iter()
            .copied()
            .find(|&from| pos.single_targets(from).contains(to));
        if pseudo.is_some() {
            return self.check_refusal();
        }
        match candidates {
            [from] => TurnError::Unreachable {
                piece: label.to_string(),
                from: *from,
                to,
            },
            _ => TurnError::NoneReach {
                piece: label.to_string(),
                to,
            },
        }
    }

    /// Validate a whole turn and return the position after it.
    fn check_turn(&self, turn: &Turn) -> Result<Position, TurnError> {
        let pos = &self.position;
        let us = pos.to_move();
        let mut next = pos.clone();
        match &turn.action {
            Action::Move { from, to } => {
                let design = self.own_piece(*from)?;
                if !pos.legal_moves().contains(&(*from, *to)) {
                    let label = Position::piece_label(design);
                    return Err(self.why_not(&[*from], *to, &label));
                }
                next.credit();
                next.act(&turn.action);
            }
            Action::DoubleMove { from, via, to } => {
                let design = self.own_piece(*from)?;
                if !pos.legal_double_moves().contains(&(*from, *via, *to)) {
                    let label = Position::piece_label(design);
                    return Err(self.why_not_double(&[*from], *via, *to, &label));
                }
                next.credit();
                next.act(&turn.action);
            }
            Action::Transfer { design, to } => {
                self.check_transfer(design, *to)?;
                next.credit();
                next.act(&turn.action);
            }
            Action::Buy(designs) => {
                if self.rules().options.power {
                    return Err(TurnError::PowerBuy);
                }
                next.credit();
                check_buy(&next, designs)?;
                next.buy(designs);
            }
        }
        match &turn.design {
            None => {}
            Some(DesignPhase::Buy(designs)) => {
                if !self.rules().options.power {
                    return Err(TurnError::DesignPhaseBuy);
                }
                check_buy(&next, designs)?;
                next.buy(designs);
            }
            Some(DesignPhase::Redesign { slot, design }) => {
                let index = self.check_redesign(&next, slot, design)?;
                let kind = next
                    .intern(design)
                    .expect("the kind table makes room for a new design");
                next.slots[us.index()][index] = kind;
            }
        }
        next.pass_turn();
        Ok(next)
    }

    fn check_transfer(&self, design: &Design, to: Square) -> Result<(), TurnError> {
        let pos = &self.position;
        let us = pos.to_move();
        if !pos.reserve(us).iter().any(|(d, _)| d == design) {
            return Err(TurnError::NotInReserve(Position::piece_label(design)));
        }
        // Whether the square is next to a royal is asked first: in a fog game that square is
        // seen, so saying it is occupied or impassable gives nothing away.
        let Some(royal) = pos.royals(us).find(|r| r.neighbours().any(|n| n == to)) else {
            return Err(TurnError::NotNextToRoyal(to));
        };
        if pos.piece_at(to).is_some() {
            return Err(TurnError::Occupied(to));
        }
        if pos.terrain().contains(to) {
            return Err(TurnError::Impassable(to));
        }
        let action = Action::Transfer {
            design: design.clone(),
            to,
        };
        if pos.transfer_squares().contains(to)
            && (!pos.is_general() || pos.keeps_royal_safe(&action))
        {
            return Ok(());
        }
        // With several royals the drop may be next to another one that is not attacked.
        let attacked = pos
            .royals(us)
            .filter(|r| r.neighbours().any(|n| n == to))
            .find(|&r| pos.attacked_by(r, !us));
        match attacked {
            Some(royal) => {
                let name = pos.royal_name(royal);
                Err(if self.rules().options.fog {
                    TurnError::TransferBesideAttacked(name)
                } else {
                    TurnError::TransferBesideCheck(name)
                })
            }
            // Next to a royal not in check, yet refused: the drop would expose the royal.
            None => Err(TurnError::LeavesCheck(pos.royal_name(royal))),
        }
    }

    fn check_redesign(
        &self,
        pos: &Position,
        slot: &Design,
        design: &Design,
    ) -> Result<usize, TurnError> {
        let us = pos.to_move();
        let slots = pos.slots(us);
        let names = || design_list(&slots.iter().map(|d| (*d).clone()).collect::<Vec<_>>());
        let index = slots
            .iter()
            .position(|d| *d == slot)
            .ok_or_else(|| TurnError::NoSuchSlot {
                design: slot.piece_name(),
                slots: names(),
            })?;
        if slots.contains(&design) {
            return Err(TurnError::RepeatedDesign(design.piece_name()));
        }
        if !self.rules().options.unofficial {
            if let Some(p) = design.unofficial_prefix() {
                return Err(TurnError::Unofficial(p.word()));
            }
        }
        price(
            design,
            self.rules().ruleset.price_table(),
            &self.rules().proposals,
        )
        .map_err(|error| TurnError::Unpriced {
            design: design.piece_name(),
            error,
        })?;
        Ok(index)
    }
}

/// Whether a game under these rules may end this way. Every draw is by agreement (RULES.md
/// section 3), so this is where the draw rule is applied, for play, records and stored games.
fn check_outcome(rules: &Rules, outcome: &Outcome) -> Result<(), TurnError> {
    if outcome.winner.is_none() && !rules.ruleset.allows_draws() {
        return Err(TurnError::DrawsIllegal);
    }
    Ok(())
}

/// "a", "a or b", "a, b or c".
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// A warning when a written `+` or `#` doesn't match what the turn does; `after` is the position
/// after it (a redesign after the action changes no piece, so the mark is the action's).
fn check_mark_warning(
    action: &Action,
    mark: Option<char>,
    after: &Position,
    warnings: &mut Vec<Warning>,
) {
    let Some(mark) = mark else {
        return;
    };
    let actual = after.check_mark();
    if !actual.ends_with(mark) {
        let what = match actual {
            "+" => "it gives check, not mate",
            "#" => "it mates",
            _ => "it gives no check",
        };
        let noun = match action {
            Action::Move { .. } | Action::DoubleMove { .. } => "move",
            Action::Transfer { .. } => "transfer",
            Action::Buy(_) => "buy",
        };
        warnings.push(Warning(format!("'{mark}' marks the {noun}, but {what}")));
    }
}

/// Check a purchase for the side to move, whose treasury already holds this turn's credit.
fn check_buy(pos: &Position, designs: &[Design]) -> Result<(), TurnError> {
    let us = pos.to_move();
    if designs.is_empty() {
        return Err(TurnError::EmptyBuy);
    }
    if designs.len() > 1 && !pos.rules().ruleset.allows_multi_buy() {
        return Err(TurnError::MultiBuy(pos.rules().ruleset.name().to_string()));
    }
    let slots = pos.slots(us);
    for design in designs {
        if !slots.contains(&design) {
            return Err(TurnError::NotADesign {
                design: design.piece_name(),
                slots: design_list(&slots.iter().map(|d| (*d).clone()).collect::<Vec<_>>()),
            });
        }
    }
    if let Some(royal) = pos.royals_in_check(us).first() {
        let name = pos.royal_name(*royal);
        return Err(if pos.rules().options.fog {
            TurnError::BuyAttacked(name)
        } else {
            TurnError::BuyInCheck(name)
        });
    }
    let count = pos.piece_count(us);
    if count + designs.len() as u32 > MAX_PIECES {
        return Err(TurnError::PieceLimit(count));
    }
    let cost = designs
        .iter()
        .map(|d| pos.cost(d).expect("slot designs have prices"))
        .fold(Zorkmids::ZERO, |a, c| a + c);
    let funds = pos.treasury(us);
    if cost > funds {
        let what = match designs {
            [one] => with_article(&one.piece_name()),
            _ => format!("buying {}", design_list(designs)),
        };
        return Err(TurnError::CantAfford { what, cost, funds });
    }
    Ok(())
}

/// "a WD", "an N", "an fR", "a royal-WF": the article by how the name is read aloud.
fn with_article(name: &str) -> String {
    let spoken_vowel = !name.contains('-')
        && name
            .chars()
            .next()
            .is_some_and(|c| "aefhilmnorsx".contains(c.to_ascii_lowercase()));
    format!("{} {name}", if spoken_vowel { "an" } else { "a" })
}

/// The format [`Game`]'s serde form is written in, as its `"format"` field. Format 0 had no
/// such field; format 1 is format 0 with it. A stored game is read back in any format up to
/// this one, through [`Position::from_setup`]; a newer one is refused, never guessed at.
pub const GAME_FORMAT: u32 = 1;

/// What is stored: the format, rules, start and current positions as position strings, the
/// turns and the result.
#[derive(Serialize, Deserialize)]
struct GameData {
    /// Absent in format 0.
    #[serde(default)]
    format: u32,
    rules: Rules,
    start: String,
    position: String,
    turns: Vec<PlayedTurn>,
    outcome: Option<Outcome>,
    /// A fog game's impassable squares each side has seen (White's, Black's), so loading
    /// needn't replay every turn to learn them. Absent in older rows and in games without
    /// terrain: then they are worked out from the turns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    remembered: Option<[u64; 2]>,
}

/// Why stored game data can't be loaded.
#[derive(Debug, thiserror::Error)]
enum LoadError {
    #[error("this game is stored in format {0}, newer than this csipgs reads (up to format {GAME_FORMAT}): update csipgs to load it")]
    NewerFormat(u32),
    #[error("the stored {which} position is not legal: {error}")]
    Position {
        which: &'static str,
        error: PositionError,
    },
    #[error("the stored game has {turns} turns, but its positions are at plies {start} and {now}")]
    TurnCount { turns: usize, start: u32, now: u32 },
    #[error("the stored result can't stand: {0}")]
    Outcome(TurnError),
    #[error("a stored proposal can't stand: {0}")]
    Proposal(ProposalError),
}

impl GameData {
    fn into_game(self) -> Result<Game, LoadError> {
        if self.format > GAME_FORMAT {
            return Err(LoadError::NewerFormat(self.format));
        }
        // Agreed values passed the same check when they were bid; one edited since could
        // price a design past what decimal arithmetic holds.
        self.rules
            .proposals
            .check_values()
            .map_err(LoadError::Proposal)?;
        let parse = |which, text: &str| {
            Position::parse(text, self.rules.clone())
                .map_err(|error| LoadError::Position { which, error })
        };
        let start = parse("start", &self.start)?;
        let position = parse("current", &self.position)?;
        // Every turn adds a ply, until the ply saturates at its maximum.
        let turns = self.turns.len() as u64;
        let consistent = match position.ply().checked_sub(start.ply()).map(u64::from) {
            Some(apart) => apart == turns || (position.ply() == u32::MAX && apart <= turns),
            None => false,
        };
        if !consistent {
            return Err(LoadError::TurnCount {
                turns: self.turns.len(),
                start: start.ply(),
                now: position.ply(),
            });
        }
        if let Some(outcome) = &self.outcome {
            check_outcome(position.rules(), outcome).map_err(LoadError::Outcome)?;
        }
        let mut game = Game {
            start,
            position,
            turns: self.turns,
            outcome: self.outcome,
            remembered: [Bitboard::EMPTY; 2],
        };
        match self.remembered {
            Some([white, black]) => {
                game.remembered = [Bitboard(white), Bitboard(black)];
                game.remember();
            }
            None => game.recall(),
        }
        Ok(game)
    }
}

impl Serialize for Game {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        GameData {
            format: GAME_FORMAT,
            rules: self.rules().clone(),
            start: self.start.to_string(),
            position: self.position.to_string(),
            turns: self.turns.clone(),
            outcome: self.outcome,
            remembered: (!self.position.terrain().is_empty()).then(|| self.remembered.map(|b| b.0)),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        GameData::deserialize(d)?
            .into_game()
            .map_err(serde::de::Error::custom)
    }
}
