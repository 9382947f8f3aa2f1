//! What the search needs of a game: [`Node`], a position it can walk. csipgs positions
//! (`csipgs`) and the FIDE family's (`crate::fide`) are nodes, so one search, one table and
//! one ordering serve both; each game keeps its own moves, checks and evaluation.

use std::fmt::Debug;

/// Where a quiet move (no capture) is tried: by a key of its own (buys and drops, valued by
/// what they bring), or by the history of cut-offs from its square to its square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuietOrder {
    /// A fixed key, above the history's.
    Key(i32),
    /// A step between two squares (indices 0..64), ordered by its history.
    Step(usize, usize),
}

/// How a position without a legal move ends for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Checkmate, no action, extinction: the side to move has lost.
    Lost,
    /// Stalemate.
    Drawn,
    /// The side that just moved has lost (it left itself extinct).
    Won,
}

/// A position the search walks: its legal moves, how they change it, and what it is worth.
pub trait Node: Clone {
    /// A move, small and `Copy`: the table and the killer slots keep them.
    type Move: Copy + Eq + Debug;
    /// What the evaluation needs, prepared once per search from the root.
    type Values;

    /// Whether a position that repeats one on the path is a draw (FIDE chess: threefold
    /// repetition); csipgs positions never repeat while treasuries grow.
    const REPETITION_DRAWS: bool;

    /// The evaluation's values for a search from this root.
    fn values(&self) -> Self::Values;

    /// A hash of everything that decides the moves and the value: equal positions, equal
    /// keys.
    fn key(&self) -> u64;

    /// The legal moves into `out`, cleared first.
    fn generate(&self, out: &mut Vec<Self::Move>);

    /// How the game ends when the side to move has no legal move.
    fn ending(&self) -> Ending;

    /// Whether the side to move's king (or only royal) is attacked: the search extends.
    fn in_check(&self) -> bool;

    /// Whether a move attacks the enemy king from where it lands (quiescence tries these
    /// first); false when unsure.
    fn gives_check(&self, mv: Self::Move) -> bool;

    /// What a move wins at once: the worth of what it captures (and what a promotion adds);
    /// None for a quiet move.
    fn victim(&self, mv: Self::Move, values: &Self::Values) -> Option<i32>;

    /// The worth of the piece that moves, so the least valuable attacker goes first.
    fn attacker(&self, mv: Self::Move, values: &Self::Values) -> i32;

    /// Where a quiet move is tried.
    fn quiet_order(&self, mv: Self::Move, values: &Self::Values) -> QuietOrder;

    /// Whether a quiet move may be searched shallower when late in the list (a buy can't).
    fn reducible(&self, mv: Self::Move) -> bool;

    /// A number naming the move, the same every run: seeds the root's tie-break.
    fn move_code(mv: Self::Move) -> u64;

    /// Play `mv`, run `then` on the position after it, and come back.
    fn with_child<R>(&mut self, mv: Self::Move, then: impl FnOnce(&mut Self) -> R) -> R;

    /// The static value for the side to move, in centipawns.
    fn evaluate(&self, values: &Self::Values) -> i32;

    /// The position with the side to move passing, for null-move pruning; None where a
    /// pass could mislead (zugzwang is likely, or the game has no such thing as a pass).
    fn pass(&self) -> Option<Self> {
        None
    }
}
