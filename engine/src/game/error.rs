//! Why a turn, a resignation, a draw or a proposal was refused, in words a player reads.

use super::outcome::Outcome;
use crate::color::Color;
use crate::money::Zorkmids;
use crate::movetext::ReadError;
use crate::position::MAX_PIECES;
use crate::price::PriceError;
use crate::proposal::ProposalError;
use crate::square::Square;

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

/// "a", "a or b", "a, b or c".
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}
