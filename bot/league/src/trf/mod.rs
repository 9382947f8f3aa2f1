//! FIDE's Tournament Report File (TRF), read in two steps and written back, a file for each
//! of the three.
//!
//! [`read`](fn@read) (`read.rs`) turns text into a [`TrfFile`]: the lines as typed fields,
//! each field checked on its own (an error names the line and column).
//! [`TrfFile::tournament`] (`check.rs`) then checks the lines against one another
//! (opponents point back with the other colour and the matching result, pairing numbers run
//! 1, 2, 3… once each, points add up) and builds the [`Tournament`]. Both report a
//! [`TrfError`]. [`write`](fn@write) (`write.rs`) exports a tournament; [`write_pairings`]
//! prints a round's pairings the way JaVaFo and bbpPairings do.
//!
//! The format is TRF-2026 (FIDE Handbook C.04, Annex 2) together with the JaVaFo extensions
//! that TRF16 pairing programs read (`XXR` rounds, `XXC` initial colour). Where the format is
//! silent or this model says more than it can, these choices hold:
//!
//! - A round counts as paired once someone has a game or the pairing-allocated bye in it.
//!   Byes in the columns after the last paired round are byes fixed ahead
//!   ([`Tournament::planned`]), as JaVaFo and bbpPairings read them; `240` lines say the same
//!   and are read too. The writer puts planned byes in those columns.
//! - A withdrawn player is written with a zero bye (`0000 - Z`) in every round not paired yet;
//!   reading, a player with a zero bye in every round not paired yet is withdrawn. Once every
//!   round is paired, nothing is left to pair and withdrawal is not written.
//! - A game still being played is written as its opponent and colour with the result blank,
//!   and read back so. TRF has no code for it (a blank result means `Z`, and bbpPairings
//!   refuses the line), so give a file to a pairing program once the round's results are in.
//! - Blank round columns in a paired round are zero byes (TRF: blank is `Z`), so every player
//!   is read with one round per paired round.
//! - Older files wrote byes without an opponent as `+` (pairing-allocated), `=` (half point)
//!   and `-` (zero); they are read as such. A double forfeit (`-` on both sides) is accepted.
//!   A forfeit written without a colour gets one: the other side's opposite, or White for the
//!   lower pairing number.
//! - The points column may be blank (not checked). Given, it must equal the points of the
//!   paired rounds, or those plus the planned byes in the player's columns: programs preparing
//!   the next round's pairing count them either way.
//! - A file is refused as input, not paired, when it has no `001` lines, no number of rounds
//!   (`XXR`/`142`: bbpPairings needs it too, and without it the rounds paired would pass for
//!   the whole tournament), or, before round 1, no initial colour.
//! - The initial colour is `XXC`/`152`, else inferred from round 1 (the top player paired in
//!   it, the colour flipped for each player paired above the first with a colour), else White
//!   (round 1 paired with forfeits only).
//! - A `001` line must reach the points (column 84), as bbpPairings asks: a line cut shorter
//!   would read as a player without rounds. One that ends before a round in which an
//!   opponent names the player is reported on its own line.
//! - The text is UTF-8. A caller decoding bytes lossily passes what was not UTF-8 on as
//!   U+FFFD, which is refused on its line and column (a Latin-1 name), before any field is
//!   read: some such bytes merge into one character and shift the columns after them.
//! - Records that change pairing and that the model cannot hold are refused rather than
//!   ignored: teams, accelerated rounds, prohibited pairings, abnormal points. Other records
//!   (city, dates, player count, pairing system, scoring) are kept in the [`TrfFile`] and not
//!   used; a non-standard scoring shows up as points that do not add up.
//! - The writer ends lines with CRLF (TRF asks for a CR; LF-only readers cope), gives the
//!   round count as `142` and `XXR` and the initial colour as `152` and `XXC`, and fills the
//!   `001` fields it knows (rank is the pairing number). A planned pairing-allocated bye is
//!   left out: that bye comes from pairing the round and cannot be fixed ahead.
//! - What TRF's columns cannot hold: names are cut to 33 characters (control characters
//!   become spaces), ratings above 9999 are written as 9999, points above 99.5 are left blank.
//!   Pairing numbers go up to 9999, rounds up to 999 (TRF's three-digit round numbers).
//!
//! [`Tournament`]: crate::model::Tournament
//! [`Tournament::planned`]: crate::model::Tournament::planned

use crate::model::{PlayerNo, Points};
use engine::Color;

mod check;
mod read;
#[cfg(test)]
mod samples;
mod write;

pub use read::{read, ByeLine, Entry, Line, PlayerLine, Record, TrfFile};
pub use write::{write, write_pairings};

/// TRF numbers rounds with three digits (`240`, `250`, `260` lines).
const MAX_ROUNDS: u16 = 999;
/// Pairing numbers have four columns.
const MAX_PLAYER: u16 = 9999;
/// Ratings have four columns.
const MAX_RATING: u16 = 9999;
/// Columns 15–47.
const NAME_WIDTH: usize = 33;
/// The largest points that fit columns 81–84 ("99.5"), in half points.
const MAX_POINTS: u32 = 199;
/// Columns 81–84.
const POINTS_COLUMN: usize = 81;
/// Round 1's entry starts here with two blanks; each later round is 10 columns on.
const FIRST_ROUND_COLUMN: usize = 90;
/// A `240` line's first pairing number; each further one is 5 columns on.
const FIRST_BYE_PLAYER_COLUMN: usize = 11;

/// Why a file is not a TRF this bot can use, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct TrfError {
    /// From 1.
    pub line: usize,
    /// From 1, counted in characters (names may be UTF-8).
    pub column: usize,
    /// What is wrong there.
    pub kind: TrfErrorKind,
}

fn error_at(line: usize, column: usize, kind: TrfErrorKind) -> TrfError {
    TrfError { line, column, kind }
}

/// What is wrong, in words a tournament director can act on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[allow(missing_docs)] // Variant fields are what each message names.
pub enum TrfErrorKind {
    /// A line that starts with no record code.
    #[error("\"{0}\" is not a record code: a line starts with a three-character code such as 001 or 012, or with ### for a comment")]
    UnknownCode(String),
    /// A code run into its first field.
    #[error("the record code must be followed by a space")]
    NoSpaceAfterCode,
    /// A field that must be there is blank.
    #[error("the {0} is missing")]
    Missing(&'static str),
    /// A number field holding something else.
    #[error("the {field} should be a whole number, not \"{found}\"")]
    NotANumber { field: &'static str, found: String },
    /// A number outside its field's range.
    #[error("the {field} should be from 1 to {max}, not {found}")]
    OutOfRange {
        field: &'static str,
        found: String,
        max: u16,
    },
    /// A points field that is not whole or half points.
    #[error("the points should be whole or half points such as 4.0 or 4.5, not \"{0}\"")]
    BadPoints(String),
    /// Something in a column that must be blank.
    #[error("expected a blank here, not '{0}': the round columns look out of line (round 1 takes columns 92 to 99, round 2 columns 102 to 109, and so on)")]
    NotBlank(char),
    /// A colour letter other than `w`, `b` or `-`.
    #[error("the colour should be w, b or -, not '{0}'")]
    BadColour(char),
    /// A result letter TRF does not have.
    #[error("the result should be one of 1 = 0 + - W D L F H U Z, not '{0}'")]
    BadResult(char),
    /// A game played over the board without a colour.
    #[error("a game needs the colour w or b")]
    GameWithoutColour,
    /// A colour in a round without an opponent.
    #[error("a colour needs an opponent: a round without one has - as its colour")]
    ColourWithoutOpponent,
    /// A game's result without an opponent.
    #[error("result '{0}' is a game and needs the opponent's pairing number")]
    GameWithoutOpponent(char),
    /// A bye's result with an opponent.
    #[error("result '{0}' is a bye and has no opponent: write 0000 as the opponent")]
    ByeWithOpponent(char),
    /// A player paired against themselves.
    #[error("a player cannot be their own opponent")]
    OwnOpponent,
    /// An initial colour TRF does not have.
    #[error("the initial colour should be W or B (152) or white1 or black1 (XXC), not \"{0}\"")]
    BadInitialColour(String),
    /// A `240` line's bye type other than F, H or Z.
    #[error("the bye type should be F, H or Z, not \"{0}\"")]
    BadByeType(String),
    /// More on a line than its record takes.
    #[error("unexpected \"{0}\" at the end of the line")]
    Unexpected(String),
    /// More rounds than TRF numbers.
    #[error("a tournament has at most 999 rounds (TRF numbers rounds with three digits)")]
    TooManyRounds,
    /// A character that was not UTF-8 in the file (read as U+FFFD, the replacement).
    #[error("this character is not UTF-8 (shown as \u{FFFD}; the file looks saved as Latin-1 or Windows-1252): save the file as UTF-8")]
    NotUtf8,
    /// A `001` line that stops before its points field; its width in characters.
    #[error("the player line ends at column {0}, before the points (columns 81 to 84): a 001 line holds every field up to the points, blank where unknown, then 10 columns for each round from column 92")]
    ShortPlayerLine(usize),
    /// A record that changes pairing in a way the model cannot hold.
    #[error("{0} are not supported")]
    Unsupported(&'static str),
    /// A value given again, differently: the line of the first.
    #[error("this contradicts line {0}")]
    Contradicts(usize),
    /// Two player lines with one pairing number.
    #[error("pairing number {number} is already on line {line}")]
    DuplicatePlayer { number: PlayerNo, line: usize },
    /// A gap in the pairing numbers.
    #[error("no player has pairing number {0}: pairing numbers run from 1 without gaps")]
    MissingPlayer(PlayerNo),
    /// A pairing number no player line has.
    #[error("there is no player {0}")]
    NoSuchPlayer(PlayerNo),
    /// An opponent whose line names someone else that round.
    #[error("in round {round}, player {player} has player {opponent} as opponent, but player {opponent} (line {line}) does not have player {player}")]
    NotPointingBack {
        round: u16,
        player: PlayerNo,
        opponent: PlayerNo,
        line: usize,
    },
    /// Both players of a game with one colour.
    #[error(
        "in round {round}, player {player} and player {opponent} (line {line}) both have {colour}"
    )]
    SameColour {
        round: u16,
        player: PlayerNo,
        opponent: PlayerNo,
        line: usize,
        colour: Color,
    },
    /// A game's two results that do not match.
    #[error("in round {round}, player {player}'s result does not match player {opponent}'s on line {line} (1 goes with 0, = with =, + with -, W with L, D with D, blank with blank)")]
    ResultsDisagree {
        round: u16,
        player: PlayerNo,
        opponent: PlayerNo,
        line: usize,
    },
    /// A points field that is not the sum of the results.
    #[error("player {player}'s points say {given} but the results add up to {counted}")]
    PointsMismatch {
        player: PlayerNo,
        given: Points,
        counted: Points,
    },
    /// Fewer rounds declared than paired.
    #[error("the tournament is said to have {rounds} rounds, but {paired} have been paired")]
    FewerRoundsThanPaired { rounds: u16, paired: u16 },
    /// A bye set for a round after the last.
    #[error("round {round} is after the last round, {rounds}")]
    RoundAfterLast { round: u16, rounds: u16 },
    /// A player line that stops before a round in which another player names them.
    #[error("this line ends before round {round}, in which player {opponent} (line {line}) has this player as opponent: add round {round}'s entry in columns {first} to {last}")]
    EndsBeforeRound {
        round: u16,
        opponent: PlayerNo,
        line: usize,
        first: usize,
        last: usize,
    },
    /// A file without player lines.
    #[error("the file has no player lines: a tournament needs a 001 line for each player and its number of rounds (XXR or 142)")]
    NoPlayers,
    /// A file without the tournament's number of rounds.
    #[error("the tournament's number of rounds is missing: add a line such as XXR 9 (or 142 9) with the number of rounds it will have")]
    NoRounds,
    /// Round 1 to pair without the top player's colour in it.
    #[error("round 1 is to be paired but the file does not give the initial colour: add the line XXC white1 or XXC black1 (152 W or 152 B in TRF-2026) for the colour of the top player in round 1")]
    NoInitialColour,
    /// A `240` line for a paired round that the player's line contradicts.
    #[error("round {round} has been paired, and player {player} did not have this bye in it")]
    ByeAgainstRecord { round: u16, player: PlayerNo },
}

/// A name as a line holds it, read or written: control characters as spaces, trimmed.
fn clean(name: &str) -> String {
    let name: String = name
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    name.trim().to_string()
}
