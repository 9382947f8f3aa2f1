//! FIDE's Tournament Report File (TRF), read in two steps and written back.
//!
//! [`read`] turns text into a [`TrfFile`]: the lines as typed fields, each field checked on
//! its own (an error names the line and column). [`TrfFile::tournament`] then checks the
//! lines against one another (opponents point back with the other colour and the matching
//! result, pairing numbers run 1, 2, 3… once each, points add up) and builds the
//! [`Tournament`]. [`write`] exports a tournament; [`write_pairings`] prints a round's pairings
//! the way JaVaFo and bbpPairings do.
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
//! - The initial colour is `XXC`/`152`, else inferred from round 1 (the top player paired in
//!   it, the colour flipped for each player paired above the first with a colour), else White.
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

use crate::model::{Bye, GameResult, Pairings, Player, PlayerNo, Points, Round, Tournament};
use engine::Color;
use std::collections::{BTreeMap, HashMap};

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
    pub kind: TrfErrorKind,
}

fn error_at(line: usize, column: usize, kind: TrfErrorKind) -> TrfError {
    TrfError { line, column, kind }
}

/// What is wrong, in words a tournament director can act on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TrfErrorKind {
    #[error("\"{0}\" is not a record code: a line starts with a three-character code such as 001 or 012, or with ### for a comment")]
    UnknownCode(String),
    #[error("the record code must be followed by a space")]
    NoSpaceAfterCode,
    #[error("the {0} is missing")]
    Missing(&'static str),
    #[error("the {field} should be a whole number, not \"{found}\"")]
    NotANumber { field: &'static str, found: String },
    #[error("the {field} should be from 1 to {max}, not {found}")]
    OutOfRange {
        field: &'static str,
        found: String,
        max: u16,
    },
    #[error("the points should be whole or half points such as 4.0 or 4.5, not \"{0}\"")]
    BadPoints(String),
    #[error("expected a blank here, not '{0}': the round columns look out of line (round 1 takes columns 92 to 99, round 2 columns 102 to 109, and so on)")]
    NotBlank(char),
    #[error("the colour should be w, b or -, not '{0}'")]
    BadColour(char),
    #[error("the result should be one of 1 = 0 + - W D L F H U Z, not '{0}'")]
    BadResult(char),
    #[error("a game needs the colour w or b")]
    GameWithoutColour,
    #[error("a colour needs an opponent: a round without one has - as its colour")]
    ColourWithoutOpponent,
    #[error("result '{0}' is a game and needs the opponent's pairing number")]
    GameWithoutOpponent(char),
    #[error("result '{0}' is a bye and has no opponent: write 0000 as the opponent")]
    ByeWithOpponent(char),
    #[error("a player cannot be their own opponent")]
    OwnOpponent,
    #[error("the initial colour should be W or B (152) or white1 or black1 (XXC), not \"{0}\"")]
    BadInitialColour(String),
    #[error("the bye type should be F, H or Z, not \"{0}\"")]
    BadByeType(String),
    #[error("unexpected \"{0}\" at the end of the line")]
    Unexpected(String),
    #[error("a tournament has at most 999 rounds (TRF numbers rounds with three digits)")]
    TooManyRounds,
    #[error("{0} are not supported")]
    Unsupported(&'static str),
    #[error("this contradicts line {0}")]
    Contradicts(usize),
    #[error("pairing number {number} is already on line {line}")]
    DuplicatePlayer { number: PlayerNo, line: usize },
    #[error("no player has pairing number {0}: pairing numbers run from 1 without gaps")]
    MissingPlayer(PlayerNo),
    #[error("there is no player {0}")]
    NoSuchPlayer(PlayerNo),
    #[error("in round {round}, player {player} has player {opponent} as opponent, but player {opponent} (line {line}) does not have player {player}")]
    NotPointingBack {
        round: u16,
        player: PlayerNo,
        opponent: PlayerNo,
        line: usize,
    },
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
    #[error("in round {round}, player {player}'s result does not match player {opponent}'s on line {line} (1 goes with 0, = with =, + with -, W with L, D with D, blank with blank)")]
    ResultsDisagree {
        round: u16,
        player: PlayerNo,
        opponent: PlayerNo,
        line: usize,
    },
    #[error("player {player}'s points say {given} but the results add up to {counted}")]
    PointsMismatch {
        player: PlayerNo,
        given: Points,
        counted: Points,
    },
    #[error("the tournament is said to have {rounds} rounds, but {paired} have been paired")]
    FewerRoundsThanPaired { rounds: u16, paired: u16 },
    #[error("round {round} is after the last round, {rounds}")]
    RoundAfterLast { round: u16, rounds: u16 },
    #[error("round {round} has been paired, and player {player} did not have this bye in it")]
    ByeAgainstRecord { round: u16, player: PlayerNo },
}

/// A TRF file as typed lines, before they are checked against one another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfFile {
    /// In file order; comments and blank lines are left out.
    pub lines: Vec<Line>,
}

/// One record and the line it is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// From 1.
    pub number: usize,
    pub record: Record,
}

/// A line's fields, by its three-character code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Record {
    /// `001`: a player.
    Player(PlayerLine),
    /// `012`: the tournament's name.
    Name(String),
    /// `XXR n` or `142 n`: how many rounds the tournament will have.
    Rounds(u16),
    /// `XXC white1|black1` or `152 W|B`: the top player's colour in round 1.
    InitialColour(Color),
    /// `240`: byes fixed for a round.
    Byes(ByeLine),
    /// Any other record (city, dates, pairing system…): the text from column 5, trimmed.
    Other { code: String, text: String },
}

/// The fields of a `001` line that pairing uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerLine {
    pub number: PlayerNo,
    pub name: String,
    /// 0 when blank.
    pub rating: u16,
    /// `None` when blank.
    pub points: Option<Points>,
    /// Round 1 first; `None` for a blank entry. Blank entries at the end are left out.
    pub rounds: Vec<Option<Entry>>,
}

/// One round's entry (opponent, colour, result) on a player line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    Game {
        opponent: PlayerNo,
        /// `None` only for a forfeit written with `-` as its colour.
        colour: Option<Color>,
        /// `None` for a game still being played.
        result: Option<GameResult>,
    },
    Bye(Bye),
}

/// A `240` line: these players have this bye in this round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ByeLine {
    pub bye: Bye,
    pub round: u16,
    pub players: Vec<PlayerNo>,
}

/// Reads a TRF file's lines into typed fields (LF, CRLF or CR line endings).
pub fn read(text: &str) -> Result<TrfFile, TrfError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = Vec::new();
    for (index, raw) in split_lines(text).into_iter().enumerate() {
        let columns = Columns {
            line: index + 1,
            chars: raw.trim_end().chars().collect(),
        };
        if columns.chars.is_empty() || columns.chars.starts_with(&['#'; 3]) {
            continue;
        }
        lines.push(Line {
            number: columns.line,
            record: record(&columns)?,
        });
    }
    Ok(TrfFile { lines })
}

/// Splits at LF, CRLF or CR.
fn split_lines(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut lines = Vec::new();
    let (mut start, mut i) = (0, 0);
    // CR and LF are ASCII, so every cut falls between characters.
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                lines.push(&text[start..i]);
                start = i + 1;
            }
            b'\r' => {
                lines.push(&text[start..i]);
                if bytes.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    if start < text.len() {
        lines.push(&text[start..]);
    }
    lines
}

/// One line's characters, addressed by TRF's columns (from 1); past the end is blank.
struct Columns {
    line: usize,
    chars: Vec<char>,
}

impl Columns {
    fn at(&self, column: usize) -> char {
        self.chars.get(column - 1).copied().unwrap_or(' ')
    }

    /// Columns `first..=last`, trimmed.
    fn field(&self, first: usize, last: usize) -> String {
        let end = last.min(self.chars.len());
        let start = (first - 1).min(end);
        self.chars[start..end]
            .iter()
            .collect::<String>()
            .trim()
            .to_string()
    }

    /// The blank-separated words from column 5 on, each with its first column.
    fn words(&self) -> Vec<(usize, String)> {
        let mut words: Vec<(usize, String)> = Vec::new();
        let mut in_word = false;
        for (i, &c) in self.chars.iter().enumerate().skip(4) {
            if c.is_whitespace() {
                in_word = false;
            } else if in_word {
                if let Some((_, word)) = words.last_mut() {
                    word.push(c);
                }
            } else {
                words.push((i + 1, c.to_string()));
                in_word = true;
            }
        }
        words
    }

    fn error(&self, column: usize, kind: TrfErrorKind) -> TrfError {
        error_at(self.line, column, kind)
    }

    /// A whole number (`None` when blank); anything too large reads as `u64::MAX`.
    fn whole(
        &self,
        column: usize,
        text: &str,
        field: &'static str,
    ) -> Result<Option<u64>, TrfError> {
        if text.is_empty() {
            return Ok(None);
        }
        if !text.chars().all(|c| c.is_ascii_digit()) {
            let found = shown(text);
            return Err(self.error(column, TrfErrorKind::NotANumber { field, found }));
        }
        Ok(Some(text.parse().unwrap_or(u64::MAX)))
    }

    /// A number from 1 to `max`, which must be there.
    fn ranged(
        &self,
        column: usize,
        text: &str,
        field: &'static str,
        max: u16,
    ) -> Result<u16, TrfError> {
        let value = self
            .whole(column, text, field)?
            .ok_or_else(|| self.error(column, TrfErrorKind::Missing(field)))?;
        match u16::try_from(value) {
            Ok(v) if (1..=max).contains(&v) => Ok(v),
            _ => {
                let found = shown(text);
                Err(self.error(column, TrfErrorKind::OutOfRange { field, found, max }))
            }
        }
    }
}

/// Quotes a user's text in a message, cut short if long.
fn shown(text: &str) -> String {
    const LONGEST: usize = 20;
    if text.chars().count() <= LONGEST {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(LONGEST).collect();
    cut.push('…');
    cut
}

fn record(columns: &Columns) -> Result<Record, TrfError> {
    let code: String = columns.chars.iter().take(3).collect();
    let well_formed = code.len() == 3
        && code
            .chars()
            .all(|c| c.is_ascii_digit() || c.is_ascii_uppercase());
    if !well_formed {
        return Err(columns.error(1, TrfErrorKind::UnknownCode(shown(&code))));
    }
    if columns.at(4) != ' ' {
        return Err(columns.error(4, TrfErrorKind::NoSpaceAfterCode));
    }
    match code.as_str() {
        "001" => player_line(columns).map(Record::Player),
        "012" => Ok(Record::Name(clean(&columns.field(5, columns.chars.len())))),
        "XXR" | "142" => rounds_line(columns),
        "XXC" => xxc_line(columns),
        "152" => colour_line(columns),
        "240" => bye_line(columns).map(Record::Byes),
        _ => Ok(Record::Other {
            code,
            text: columns.field(5, columns.chars.len()),
        }),
    }
}

fn player_line(columns: &Columns) -> Result<PlayerLine, TrfError> {
    let number = PlayerNo(columns.ranged(5, &columns.field(5, 8), "pairing number", MAX_PLAYER)?);
    let rating = columns.whole(49, &columns.field(49, 52), "rating")?;
    let mut rounds = Vec::new();
    let mut start = FIRST_ROUND_COLUMN;
    while start <= columns.chars.len() {
        if rounds.len() == usize::from(MAX_ROUNDS) {
            return Err(columns.error(start + 2, TrfErrorKind::TooManyRounds));
        }
        rounds.push(entry(columns, number, start)?);
        start += 10;
    }
    Ok(PlayerLine {
        number,
        name: clean(&columns.field(15, 47)),
        // Four digits at most, so it fits.
        rating: rating.map_or(0, |r| r as u16),
        points: points(columns)?,
        rounds,
    })
}

/// Columns 81–84: "4", "4.0", "4.5"; blank is `None`.
fn points(columns: &Columns) -> Result<Option<Points>, TrfError> {
    let text = columns.field(POINTS_COLUMN, POINTS_COLUMN + 3);
    if text.is_empty() {
        return Ok(None);
    }
    let bad = || columns.error(POINTS_COLUMN, TrfErrorKind::BadPoints(text.clone()));
    let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if !digits(whole) || !digits(fraction) || whole.len() + fraction.len() == 0 {
        return Err(bad());
    }
    let half = match fraction.trim_end_matches('0') {
        "" => 0,
        "5" => 1,
        _ => return Err(bad()),
    };
    let whole: u32 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| bad())?
    };
    Ok(Some(Points(whole * 2 + half)))
}

/// What a result letter says before its opponent is looked at.
enum Code {
    Game(GameResult),
    Bye(Bye),
}

fn result_code(letter: char) -> Option<Code> {
    Some(match letter.to_ascii_uppercase() {
        '1' => Code::Game(GameResult::Win),
        '=' => Code::Game(GameResult::Draw),
        '0' => Code::Game(GameResult::Loss),
        '+' => Code::Game(GameResult::ForfeitWin),
        '-' => Code::Game(GameResult::ForfeitLoss),
        'W' => Code::Game(GameResult::UnratedWin),
        'D' => Code::Game(GameResult::UnratedDraw),
        'L' => Code::Game(GameResult::UnratedLoss),
        'F' => Code::Bye(Bye::Full),
        'H' => Code::Bye(Bye::Half),
        'U' => Code::Bye(Bye::Pairing),
        'Z' => Code::Bye(Bye::Zero),
        _ => return None,
    })
}

/// The round entry starting at `start`: two blanks, opponent (4), blank, colour, blank, result.
fn entry(columns: &Columns, own: PlayerNo, start: usize) -> Result<Option<Entry>, TrfError> {
    let (opponent_column, colour_column, result_column) = (start + 2, start + 7, start + 9);
    for column in [start, start + 1, start + 6, start + 8] {
        let c = columns.at(column);
        if c != ' ' {
            return Err(columns.error(column, TrfErrorKind::NotBlank(c)));
        }
    }
    let opponent_text = columns.field(opponent_column, opponent_column + 3);
    let (colour_letter, result_letter) = (columns.at(colour_column), columns.at(result_column));
    if opponent_text.is_empty() && colour_letter == ' ' && result_letter == ' ' {
        return Ok(None);
    }
    let field = "opponent's pairing number";
    let opponent = match columns.whole(opponent_column, &opponent_text, field)? {
        None | Some(0) => None,
        // Four digits at most, so it fits.
        Some(number) => Some(PlayerNo(number as u16)),
    };
    if opponent == Some(own) {
        return Err(columns.error(opponent_column, TrfErrorKind::OwnOpponent));
    }
    let colour = match colour_letter.to_ascii_lowercase() {
        'w' => Some(Color::White),
        'b' => Some(Color::Black),
        '-' | ' ' => None,
        c => return Err(columns.error(colour_column, TrfErrorKind::BadColour(c))),
    };
    let code = match result_letter {
        ' ' => None,
        c => Some(
            result_code(c)
                .ok_or_else(|| columns.error(result_column, TrfErrorKind::BadResult(c)))?,
        ),
    };
    let error = |column, kind| Err(columns.error(column, kind));
    let entry = match (opponent, code) {
        (Some(opponent), Some(Code::Game(result))) => {
            // Forfeits were not played, so they need no colour.
            if colour.is_none() && result.played() {
                return error(colour_column, TrfErrorKind::GameWithoutColour);
            }
            Entry::Game {
                opponent,
                colour,
                result: Some(result),
            }
        }
        (Some(opponent), None) => {
            if colour.is_none() {
                return error(colour_column, TrfErrorKind::GameWithoutColour);
            }
            Entry::Game {
                opponent,
                colour,
                result: None,
            }
        }
        (Some(_), Some(Code::Bye(_))) => {
            return error(result_column, TrfErrorKind::ByeWithOpponent(result_letter))
        }
        (None, _) if colour.is_some() => {
            return error(colour_column, TrfErrorKind::ColourWithoutOpponent)
        }
        (None, None) => Entry::Bye(Bye::Zero),
        (None, Some(Code::Bye(bye))) => Entry::Bye(bye),
        // How older files wrote byes.
        (None, Some(Code::Game(GameResult::ForfeitWin))) => Entry::Bye(Bye::Pairing),
        (None, Some(Code::Game(GameResult::Draw))) => Entry::Bye(Bye::Half),
        (None, Some(Code::Game(GameResult::ForfeitLoss))) => Entry::Bye(Bye::Zero),
        (None, Some(Code::Game(_))) => {
            return error(
                result_column,
                TrfErrorKind::GameWithoutOpponent(result_letter),
            )
        }
    };
    Ok(Some(entry))
}

/// `XXR n` or `142 n`.
fn rounds_line(columns: &Columns) -> Result<Record, TrfError> {
    let [(column, word)] = single_word(columns, "number of rounds")?;
    Ok(Record::Rounds(columns.ranged(
        column,
        &word,
        "number of rounds",
        MAX_ROUNDS,
    )?))
}

/// `152 W` or `152 B`.
fn colour_line(columns: &Columns) -> Result<Record, TrfError> {
    let [(column, word)] = single_word(columns, "initial colour")?;
    match word.to_ascii_uppercase().as_str() {
        "W" => Ok(Record::InitialColour(Color::White)),
        "B" => Ok(Record::InitialColour(Color::Black)),
        _ => Err(columns.error(column, TrfErrorKind::BadInitialColour(shown(&word)))),
    }
}

fn single_word(columns: &Columns, field: &'static str) -> Result<[(usize, String); 1], TrfError> {
    let mut words = columns.words().into_iter();
    let first = words
        .next()
        .ok_or_else(|| columns.error(5, TrfErrorKind::Missing(field)))?;
    if let Some((column, extra)) = words.next() {
        return Err(columns.error(column, TrfErrorKind::Unexpected(shown(&extra))));
    }
    Ok([first])
}

/// `XXC white1` or `XXC black1` (JaVaFo's words).
fn xxc_line(columns: &Columns) -> Result<Record, TrfError> {
    let mut colour = None;
    for (column, word) in columns.words() {
        let this = match word.to_ascii_lowercase().as_str() {
            "white1" => Color::White,
            "black1" => Color::Black,
            "rank" => {
                let what = "pairings by rank instead of by pairing number (XXC rank)";
                return Err(columns.error(column, TrfErrorKind::Unsupported(what)));
            }
            _ => return Err(columns.error(column, TrfErrorKind::BadInitialColour(shown(&word)))),
        };
        if colour.is_some_and(|c| c != this) {
            return Err(columns.error(column, TrfErrorKind::BadInitialColour(shown(&word))));
        }
        colour = Some(this);
    }
    colour
        .map(Record::InitialColour)
        .ok_or_else(|| columns.error(5, TrfErrorKind::Missing("initial colour")))
}

/// `240 H 003  026  047`: type, round, pairing numbers.
fn bye_line(columns: &Columns) -> Result<ByeLine, TrfError> {
    let mut words = columns.words().into_iter();
    let (column, kind) = words
        .next()
        .ok_or_else(|| columns.error(5, TrfErrorKind::Missing("bye type")))?;
    let bye = match kind.to_ascii_uppercase().as_str() {
        "F" => Bye::Full,
        "H" => Bye::Half,
        "Z" => Bye::Zero,
        _ => return Err(columns.error(column, TrfErrorKind::BadByeType(shown(&kind)))),
    };
    let (column, round) = words
        .next()
        .ok_or_else(|| columns.error(7, TrfErrorKind::Missing("round number")))?;
    let round = columns.ranged(column, &round, "round number", MAX_ROUNDS)?;
    let players = words
        .map(|(column, word)| {
            columns
                .ranged(column, &word, "pairing number", MAX_PLAYER)
                .map(PlayerNo)
        })
        .collect::<Result<Vec<_>, _>>()?;
    if players.is_empty() {
        let column = FIRST_BYE_PLAYER_COLUMN;
        return Err(columns.error(
            column,
            TrfErrorKind::Missing("pairing number of a player with the bye"),
        ));
    }
    Ok(ByeLine {
        bye,
        round,
        players,
    })
}

/// Byes fixed ahead, by (round, player): the bye and the line that fixed it.
type Planned = BTreeMap<(u16, PlayerNo), (Bye, usize)>;

/// The records `tournament` draws on, each with its line.
#[derive(Default)]
struct Parts<'a> {
    name: Option<(usize, &'a str)>,
    rounds: Option<(usize, u16)>,
    colour: Option<(usize, Color)>,
    players: Vec<(usize, &'a PlayerLine)>,
    byes: Vec<(usize, &'a ByeLine)>,
}

/// A value given once, or again the same.
fn once<T: PartialEq>(
    slot: &mut Option<(usize, T)>,
    line: usize,
    value: T,
) -> Result<(), TrfError> {
    match slot {
        Some((first, old)) if *old != value => {
            Err(error_at(line, 5, TrfErrorKind::Contradicts(*first)))
        }
        Some(_) => Ok(()),
        None => {
            *slot = Some((line, value));
            Ok(())
        }
    }
}

/// Records that change how a tournament is paired and that the model cannot hold.
fn unsupported(code: &str) -> Option<&'static str> {
    Some(match code {
        "013" | "310" => "team tournaments (013 and 310 lines)",
        "250" | "XXA" => "accelerated rounds (250 and XXA lines)",
        "260" | "XXP" => "prohibited pairings (260 and XXP lines)",
        "299" => "abnormal point assignments (299 lines)",
        _ => return None,
    })
}

/// The column where round `round`'s opponent starts.
fn opponent_column(round: usize) -> usize {
    FIRST_ROUND_COLUMN + 2 + 10 * (round - 1)
}

impl TrfFile {
    /// Checks the lines against one another and builds the tournament they describe.
    pub fn tournament(&self) -> Result<Tournament, TrfError> {
        let mut parts = Parts::default();
        for line in &self.lines {
            match &line.record {
                Record::Player(player) => parts.players.push((line.number, player)),
                Record::Name(name) => once(&mut parts.name, line.number, name.as_str())?,
                Record::Rounds(rounds) => once(&mut parts.rounds, line.number, *rounds)?,
                Record::InitialColour(colour) => once(&mut parts.colour, line.number, *colour)?,
                Record::Byes(byes) => parts.byes.push((line.number, byes)),
                Record::Other { code, .. } => {
                    if let Some(what) = unsupported(code) {
                        return Err(error_at(line.number, 1, TrfErrorKind::Unsupported(what)));
                    }
                }
            }
        }
        let players = by_number(&parts.players)?;
        let paired = paired_rounds(&players);
        let declared = match parts.rounds {
            Some((line, rounds)) if rounds < paired => {
                let kind = TrfErrorKind::FewerRoundsThanPaired { rounds, paired };
                return Err(error_at(line, 5, kind));
            }
            declared => declared.map(|(_, rounds)| rounds),
        };
        let mut planned = Planned::new();
        let mut built = Vec::with_capacity(players.len());
        for &(line, player) in &players {
            let rounds = player_rounds(line, player, &players, paired)?;
            let ahead = player.rounds.iter().enumerate().skip(usize::from(paired));
            let mut ahead_points = Points::ZERO;
            for (index, entry) in ahead {
                if let Some(Entry::Bye(bye)) = entry {
                    let round = round_number(index);
                    if let Some(rounds) = declared.filter(|&rounds| round > rounds) {
                        let kind = TrfErrorKind::RoundAfterLast { round, rounds };
                        return Err(error_at(line, opponent_column(index + 1) + 7, kind));
                    }
                    planned.insert((round, player.number), (*bye, line));
                    ahead_points += bye.points();
                }
            }
            let counted: Points = rounds.iter().map(|r| r.points()).sum();
            if let Some(given) = player.points {
                if given != counted && given != counted + ahead_points {
                    let kind = TrfErrorKind::PointsMismatch {
                        player: player.number,
                        given,
                        counted,
                    };
                    return Err(error_at(line, POINTS_COLUMN, kind));
                }
            }
            built.push(Player {
                number: player.number,
                name: player.name.clone(),
                rating: player.rating,
                rounds,
                withdrawn: false,
            });
        }
        for &(line, byes) in &parts.byes {
            if let Some(rounds) = declared.filter(|&rounds| byes.round > rounds) {
                let kind = TrfErrorKind::RoundAfterLast {
                    round: byes.round,
                    rounds,
                };
                return Err(error_at(line, 7, kind));
            }
            add_bye_line(line, byes, &built, paired, &mut planned)?;
        }
        let last_planned = planned.keys().map(|&(round, _)| round).max().unwrap_or(0);
        let rounds = declared.unwrap_or(paired.max(last_planned));
        withdraw(&mut built, &mut planned, paired, rounds);
        Ok(Tournament {
            name: parts
                .name
                .map_or_else(String::new, |(_, name)| name.to_string()),
            rounds,
            first_colour: parts
                .colour
                .map_or_else(|| inferred_colour(&players), |(_, c)| c),
            players: built,
            planned: planned
                .into_iter()
                .map(|((round, player), (bye, _))| (round, player, bye))
                .collect(),
        })
    }
}

/// The player lines by pairing number, which must run 1, 2, 3… once each.
fn by_number<'a>(
    lines: &[(usize, &'a PlayerLine)],
) -> Result<Vec<(usize, &'a PlayerLine)>, TrfError> {
    let count = lines
        .iter()
        .map(|(_, p)| usize::from(p.number.0))
        .max()
        .unwrap_or(0);
    let mut slots: Vec<Option<(usize, &PlayerLine)>> = vec![None; count];
    for &(line, player) in lines {
        // Only a hand-built file can hold number 0: `read` refuses it.
        let Some(slot) = slot_of(player.number).and_then(|i| slots.get_mut(i)) else {
            let (field, found, max) = ("pairing number", "0".to_string(), MAX_PLAYER);
            let kind = TrfErrorKind::OutOfRange { field, found, max };
            return Err(error_at(line, 5, kind));
        };
        if let Some((first, _)) = slot {
            let kind = TrfErrorKind::DuplicatePlayer {
                number: player.number,
                line: *first,
            };
            return Err(error_at(line, 5, kind));
        }
        *slot = Some((line, player));
    }
    let mut players = Vec::with_capacity(count);
    for (index, slot) in slots.iter().enumerate() {
        match slot {
            Some(found) => players.push(*found),
            None => {
                // The highest number is taken, so some later one is.
                let line = slots[index..]
                    .iter()
                    .flatten()
                    .next()
                    .map_or(0, |(line, _)| *line);
                let kind = TrfErrorKind::MissingPlayer(PlayerNo(round_number(index)));
                return Err(error_at(line, 5, kind));
            }
        }
    }
    Ok(players)
}

/// The last round in which someone has a game or the pairing-allocated bye.
fn paired_rounds(players: &[(usize, &PlayerLine)]) -> u16 {
    let last = players
        .iter()
        .filter_map(|(_, p)| {
            p.rounds
                .iter()
                .rposition(|e| matches!(e, Some(Entry::Game { .. } | Entry::Bye(Bye::Pairing))))
        })
        .max();
    last.map_or(0, round_number)
}

/// The number of the round (or player) at this index: 1 for 0.
fn round_number(index: usize) -> u16 {
    // `read` keeps both under 10000; a hand-built file saturates rather than wraps.
    u16::try_from(index + 1).unwrap_or(u16::MAX)
}

/// Where a pairing number sits in a list by number; `None` for 0.
fn slot_of(number: PlayerNo) -> Option<usize> {
    usize::from(number.0).checked_sub(1)
}

/// A player's paired rounds, each game checked against the opponent's line.
fn player_rounds(
    line: usize,
    player: &PlayerLine,
    players: &[(usize, &PlayerLine)],
    paired: u16,
) -> Result<Vec<Round>, TrfError> {
    (1..=usize::from(paired))
        .map(|round| {
            let entry = player.rounds.get(round - 1).copied().flatten();
            let (opponent, colour, result) = match entry {
                None => return Ok(Round::Bye(Bye::Zero)),
                Some(Entry::Bye(bye)) => return Ok(Round::Bye(bye)),
                Some(Entry::Game {
                    opponent,
                    colour,
                    result,
                }) => (opponent, colour, result),
            };
            let column = opponent_column(round);
            let error = |column, kind| Err(error_at(line, column, kind));
            let Some(&(their_line, theirs)) = slot_of(opponent).and_then(|i| players.get(i)) else {
                return error(column, TrfErrorKind::NoSuchPlayer(opponent));
            };
            let (player, round) = (player.number, round as u16);
            let their_entry = theirs.rounds.get(usize::from(round) - 1).copied().flatten();
            let (their_colour, their_result) = match their_entry {
                Some(Entry::Game {
                    opponent: back,
                    colour,
                    result,
                }) if back == player => (colour, result),
                _ => {
                    let line = their_line;
                    let kind = TrfErrorKind::NotPointingBack {
                        round,
                        player,
                        opponent,
                        line,
                    };
                    return error(column, kind);
                }
            };
            let colour = match (colour, their_colour) {
                (Some(colour), Some(theirs)) if colour == theirs => {
                    let line = their_line;
                    let kind = TrfErrorKind::SameColour {
                        round,
                        player,
                        opponent,
                        line,
                        colour,
                    };
                    return error(column + 5, kind);
                }
                (Some(mine), _) => mine,
                (None, Some(theirs)) => !theirs,
                // A forfeit with no colour on either side: any fixed rule will do.
                (None, None) if player < opponent => Color::White,
                (None, None) => Color::Black,
            };
            let agree = match (result, their_result) {
                (None, None) => true,
                (Some(GameResult::ForfeitLoss), Some(GameResult::ForfeitLoss)) => true,
                (Some(mine), Some(theirs)) => mine.reversed() == theirs,
                _ => false,
            };
            if !agree {
                let line = their_line;
                let kind = TrfErrorKind::ResultsDisagree {
                    round,
                    player,
                    opponent,
                    line,
                };
                return error(column + 7, kind);
            }
            Ok(Round::Game {
                opponent,
                colour,
                result,
            })
        })
        .collect()
}

/// Takes in a `240` line: for a paired round it must agree with the player's line, for a
/// later one it fixes a bye.
fn add_bye_line(
    line: usize,
    byes: &ByeLine,
    players: &[Player],
    paired: u16,
    planned: &mut Planned,
) -> Result<(), TrfError> {
    for (index, &number) in byes.players.iter().enumerate() {
        let column = FIRST_BYE_PLAYER_COLUMN + 5 * index;
        let error = |kind| Err(error_at(line, column, kind));
        let Some(player) = slot_of(number).and_then(|i| players.get(i)) else {
            return error(TrfErrorKind::NoSuchPlayer(number));
        };
        if byes.round <= paired {
            let had = usize::from(byes.round)
                .checked_sub(1)
                .and_then(|i| player.rounds.get(i));
            if had != Some(&Round::Bye(byes.bye)) {
                return error(TrfErrorKind::ByeAgainstRecord {
                    round: byes.round,
                    player: number,
                });
            }
            continue;
        }
        match planned.get(&(byes.round, number)) {
            Some(&(bye, first)) if bye != byes.bye => {
                return error(TrfErrorKind::Contradicts(first))
            }
            Some(_) => {}
            None => {
                planned.insert((byes.round, number), (byes.bye, line));
            }
        }
    }
    Ok(())
}

/// Marks withdrawn the players with a zero bye in every round not paired yet, and takes
/// those byes out of the planned ones.
fn withdraw(players: &mut [Player], planned: &mut Planned, paired: u16, rounds: u16) {
    if rounds <= paired {
        return;
    }
    let mut zeros: HashMap<PlayerNo, u16> = HashMap::new();
    for (&(_, player), &(bye, _)) in planned.iter() {
        if bye == Bye::Zero {
            *zeros.entry(player).or_default() += 1;
        }
    }
    for player in players.iter_mut() {
        // Planned rounds are all after `paired` and at most `rounds`, one per round.
        player.withdrawn = zeros.get(&player.number) == Some(&(rounds - paired));
    }
    planned.retain(|&(_, number), _| {
        !slot_of(number)
            .and_then(|i| players.get(i))
            .is_some_and(|p| p.withdrawn)
    });
}

/// The top player's round-1 colour: from the first player paired in round 1 whose colour is
/// written, flipped for each player paired above them (Dutch round 1 alternates colours
/// down the top half). White when nobody has a colour.
fn inferred_colour(players: &[(usize, &PlayerLine)]) -> Color {
    let mut above = 0;
    for (_, player) in players {
        match player.rounds.first() {
            Some(Some(Entry::Game {
                colour: Some(colour),
                ..
            })) => {
                return if above % 2 == 0 { *colour } else { !*colour };
            }
            Some(Some(Entry::Game { .. } | Entry::Bye(Bye::Pairing))) => above += 1,
            _ => {}
        }
    }
    Color::White
}

/// Writes a tournament as TRF-2026, with JaVaFo's `XXR`/`XXC` as well for TRF16 programs.
pub fn write(t: &Tournament) -> String {
    let (javafo_colour, fide_colour) = match t.first_colour {
        Color::White => ("white1", 'W'),
        Color::Black => ("black1", 'B'),
    };
    let mut lines = vec![format!("012 {}", clean(&t.name))];
    // TRF has no "0 rounds": leave the count out until there is one.
    if t.rounds > 0 {
        lines.extend([format!("142 {}", t.rounds), format!("XXR {}", t.rounds)]);
    }
    lines.extend([format!("152 {fide_colour}"), format!("XXC {javafo_colour}")]);
    let paired = t.rounds_paired();
    for player in &t.players {
        let mut line = player_text(player);
        for round in 0..usize::from(paired) {
            line.push_str(
                &player
                    .rounds
                    .get(round)
                    .map_or_else(|| " ".repeat(10), entry_text),
            );
        }
        let ahead: Vec<(u16, Bye)> = if player.withdrawn {
            (paired..t.rounds)
                .map(|round| (round + 1, Bye::Zero))
                .collect()
        } else {
            // A pairing-allocated bye comes from pairing the round and cannot be fixed ahead.
            t.planned
                .iter()
                .filter(|&&(round, number, bye)| {
                    number == player.number && round > paired && bye != Bye::Pairing
                })
                .map(|&(round, _, bye)| (round, bye))
                .collect()
        };
        let last = ahead
            .iter()
            .map(|&(round, _)| round)
            .max()
            .unwrap_or(paired);
        for round in (paired..last).map(|r| r + 1) {
            let bye = ahead
                .iter()
                .find(|&&(r, _)| r == round)
                .map(|&(_, bye)| Round::Bye(bye));
            line.push_str(&bye.as_ref().map_or_else(|| " ".repeat(10), entry_text));
        }
        lines.push(line.trim_end().to_string());
    }
    let mut text = lines.join("\r\n");
    text.push_str("\r\n");
    text
}

/// A name as a line holds it, read or written: control characters as spaces, trimmed.
fn clean(name: &str) -> String {
    let name: String = name
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    name.trim().to_string()
}

/// Columns 1–89 of a player's `001` line (rank is the pairing number).
fn player_text(player: &Player) -> String {
    let name: String = clean(&player.name).chars().take(NAME_WIDTH).collect();
    let rating = match player.rating {
        0 => String::new(),
        rating => rating.min(MAX_RATING).to_string(),
    };
    let points = match player.points() {
        Points(half) if half <= MAX_POINTS => {
            format!("{}.{}", half / 2, if half % 2 == 1 { 5 } else { 0 })
        }
        _ => String::new(),
    };
    let number = player.number.0;
    // Sex and title, federation, FIDE number, birth date: unknown here, so blank.
    format!(
        "001 {number:>4} {:4} {name:<NAME_WIDTH$} {rating:>4} {:3} {:11} {:10} {points:>4} {number:>4}",
        "", "", "", ""
    )
}

/// One round's 10 columns: two blanks, opponent, colour, result.
fn entry_text(round: &Round) -> String {
    match *round {
        Round::Game {
            opponent,
            colour,
            result,
        } => {
            let result = result.map_or(' ', |r| match r {
                GameResult::Win => '1',
                GameResult::Draw => '=',
                GameResult::Loss => '0',
                GameResult::ForfeitWin => '+',
                GameResult::ForfeitLoss => '-',
                GameResult::UnratedWin => 'W',
                GameResult::UnratedDraw => 'D',
                GameResult::UnratedLoss => 'L',
            });
            format!("  {:>4} {} {result}", opponent.0, colour.letter())
        }
        Round::Bye(bye) => {
            let code = match bye {
                Bye::Pairing => 'U',
                Bye::Full => 'F',
                Bye::Half => 'H',
                Bye::Zero => 'Z',
            };
            format!("  0000 - {code}")
        }
    }
}

/// A round's pairings as JaVaFo and bbpPairings print them: the number of pairs (the bye
/// counts as one), then "white black" per game, then "player 0" for the bye.
pub fn write_pairings(p: &Pairings) -> String {
    let mut lines = vec![(p.games.len() + usize::from(p.bye.is_some())).to_string()];
    lines.extend(
        p.games
            .iter()
            .map(|(white, black)| format!("{white} {black}")),
    );
    lines.extend(p.bye.map(|bye| format!("{bye} 0")));
    let mut text = lines.join("\n");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line with each text starting at its column.
    fn at(fields: &[(usize, &str)]) -> String {
        let mut line = String::new();
        for &(column, text) in fields {
            let len = line.chars().count();
            assert!(len < column, "fields overlap at column {column}");
            line.push_str(&" ".repeat(column - 1 - len));
            line.push_str(text);
        }
        line
    }

    /// A `001` line; each round is written as in the file, e.g. "   3 w 1" or "0000 - H".
    fn player(number: u16, name: &str, rating: &str, points: &str, rounds: &[&str]) -> String {
        let (number, points) = (format!("{number:>4}"), format!("{points:>4}"));
        let mut fields = vec![
            (1, "001"),
            (5, number.as_str()),
            (15, name),
            (49, rating),
            (81, points.as_str()),
            (86, number.as_str()),
        ];
        for (i, round) in rounds.iter().enumerate() {
            fields.push((92 + 10 * i, round));
        }
        at(&fields)
    }

    /// Four players, two rounds paired out of three, a planned bye in a column and one on a
    /// `240` line, a forfeit, a non-ASCII name, and the records pairing ignores.
    fn sample() -> String {
        [
            "012 Spring Open".to_string(),
            "022 Torino".to_string(),
            "042 2026/03/01".to_string(),
            "062 4".to_string(),
            "092 Individual: Swiss-System".to_string(),
            "XXR 3".to_string(),
            "### players".to_string(),
            player(1, "Alpha, Anna", "2100", "1.5", &["   3 w 1", "   2 b ="]),
            player(
                2,
                "Ærøskøbing, Åse",
                "1950",
                "1.0",
                &["   4 b =", "   1 w ="],
            ),
            player(
                3,
                "Gamma, Gil",
                "",
                "0.5",
                &["   1 b 0", "   4 w -", "0000 - H"],
            ),
            player(4, "Delta, Dan", "1800", "1.5", &["   2 w =", "   3 b +"]),
            String::new(),
            "240 F 003     4".to_string(),
        ]
        .join("\n")
    }

    fn error(text: &str) -> TrfError {
        match read(text).and_then(|file| file.tournament()) {
            Ok(t) => panic!("read {t:?}"),
            Err(e) => e,
        }
    }

    fn game(opponent: u16, colour: Color, result: GameResult) -> Round {
        Round::Game {
            opponent: PlayerNo(opponent),
            colour,
            result: Some(result),
        }
    }

    #[test]
    fn reads_the_lines_as_typed_fields() {
        let file = read(&sample()).unwrap();
        let numbers: Vec<usize> = file.lines.iter().map(|l| l.number).collect();
        assert_eq!(numbers, [1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 13]);
        assert_eq!(file.lines[0].record, Record::Name("Spring Open".into()));
        assert_eq!(
            file.lines[1].record,
            Record::Other {
                code: "022".into(),
                text: "Torino".into()
            }
        );
        assert_eq!(file.lines[5].record, Record::Rounds(3));
        assert_eq!(
            file.lines[7].record,
            Record::Player(PlayerLine {
                number: PlayerNo(2),
                name: "Ærøskøbing, Åse".into(),
                rating: 1950,
                points: Some(Points(2)),
                rounds: vec![
                    Some(Entry::Game {
                        opponent: PlayerNo(4),
                        colour: Some(Color::Black),
                        result: Some(GameResult::Draw)
                    }),
                    Some(Entry::Game {
                        opponent: PlayerNo(1),
                        colour: Some(Color::White),
                        result: Some(GameResult::Draw)
                    }),
                ],
            })
        );
        let Record::Player(gil) = &file.lines[8].record else {
            panic!("not a player line");
        };
        assert_eq!(gil.rating, 0);
        assert_eq!(gil.rounds[2], Some(Entry::Bye(Bye::Half)));
        assert_eq!(
            file.lines[10].record,
            Record::Byes(ByeLine {
                bye: Bye::Full,
                round: 3,
                players: vec![PlayerNo(4)]
            })
        );
    }

    #[test]
    fn builds_the_tournament() {
        let t = read(&sample()).unwrap().tournament().unwrap();
        let named = |number: u16, name: &str, rating: u16, rounds: Vec<Round>| Player {
            number: PlayerNo(number),
            name: name.into(),
            rating,
            rounds,
            withdrawn: false,
        };
        use GameResult::*;
        let expected = Tournament {
            name: "Spring Open".into(),
            rounds: 3,
            first_colour: Color::White,
            players: vec![
                named(
                    1,
                    "Alpha, Anna",
                    2100,
                    vec![game(3, Color::White, Win), game(2, Color::Black, Draw)],
                ),
                named(
                    2,
                    "Ærøskøbing, Åse",
                    1950,
                    vec![game(4, Color::Black, Draw), game(1, Color::White, Draw)],
                ),
                named(
                    3,
                    "Gamma, Gil",
                    0,
                    vec![
                        game(1, Color::Black, Loss),
                        game(4, Color::White, ForfeitLoss),
                    ],
                ),
                named(
                    4,
                    "Delta, Dan",
                    1800,
                    vec![
                        game(2, Color::White, Draw),
                        game(3, Color::Black, ForfeitWin),
                    ],
                ),
            ],
            planned: vec![(3, PlayerNo(3), Bye::Half), (3, PlayerNo(4), Bye::Full)],
        };
        assert_eq!(t, expected);
    }

    #[test]
    fn takes_any_line_ending_and_any_player_order() {
        let sample = sample();
        let lf = read(&sample).unwrap();
        assert_eq!(read(&sample.replace('\n', "\r\n")).unwrap(), lf);
        assert_eq!(read(&sample.replace('\n', "\r")).unwrap(), lf);
        assert_eq!(read(&format!("\u{feff}{sample}\n\n")).unwrap(), lf);
        let mut lines: Vec<&str> = sample.lines().collect();
        lines[7..11].reverse();
        let reordered = read(&lines.join("\n")).unwrap().tournament().unwrap();
        assert_eq!(reordered, lf.tournament().unwrap());
    }

    #[test]
    fn reads_lines_with_only_the_fields_pairing_needs() {
        let text = [
            "XXR 2".to_string(),
            at(&[(1, "001"), (8, "1"), (84, "1"), (92, "   2 b 1")]),
            at(&[(1, "001"), (8, "2"), (84, "0"), (92, "   1 w 0")]),
            // A late entrant: nothing after the number.
            "001    3".to_string(),
        ]
        .join("\n");
        let t = read(&text).unwrap().tournament().unwrap();
        assert_eq!(t.first_colour, Color::Black);
        assert_eq!(t.players[0].name, "");
        assert_eq!(
            t.players[0].rounds,
            [game(2, Color::Black, GameResult::Win)]
        );
        assert_eq!(t.players[2].rounds, [Round::Bye(Bye::Zero)]);
    }

    #[test]
    fn reads_byes_old_and_new() {
        let byes = [
            "0000 - U", "0000 - F", "0000 - H", "0000 - Z", "0000 - +", "0000 - =", "0000 - -",
            "     - Z", "0000    ",
        ];
        let expected = [
            Bye::Pairing,
            Bye::Full,
            Bye::Half,
            Bye::Zero,
            Bye::Pairing,
            Bye::Half,
            Bye::Zero,
            Bye::Zero,
            Bye::Zero,
        ];
        for (text, bye) in byes.iter().zip(expected) {
            let line = player(1, "A", "", "", &[text]);
            let Record::Player(p) = read(&line).unwrap().lines.remove(0).record else {
                panic!("not a player line");
            };
            assert_eq!(p.rounds, [Some(Entry::Bye(bye))], "{text}");
        }
        // Blank in a paired round is a zero bye; lower case letters are fine.
        let text = [
            player(1, "A", "", "2", &["   2 W 1", "        ", "   2 b 1"]),
            player(2, "B", "", "0.5", &["   1 b 0", "0000 - h", "   1 w 0"]),
        ];
        let t = read(&text.join("\n")).unwrap().tournament().unwrap();
        assert_eq!(t.players[0].rounds[1], Round::Bye(Bye::Zero));
        assert_eq!(t.players[1].rounds[1], Round::Bye(Bye::Half));
    }

    #[test]
    fn infers_the_initial_colour_from_round_one() {
        let colour = |lines: &[String]| {
            read(&lines.join("\n"))
                .unwrap()
                .tournament()
                .unwrap()
                .first_colour
        };
        let two = |first: &str, second: &str| {
            vec![
                player(1, "A", "", "", &[first]),
                player(2, "B", "", "", &[second]),
            ]
        };
        assert_eq!(colour(&two("   2 b 1", "   1 w 0")), Color::Black);
        assert_eq!(colour(&two("   2 w 1", "   1 b 0")), Color::White);
        // Nobody paired yet: White.
        assert_eq!(colour(&two("0000 - H", "")), Color::White);
        // Player 1 sits out round 1: player 2 is the top player paired.
        let mut lines = vec![player(1, "A", "", "", &["0000 - H"])];
        lines.extend([
            player(2, "B", "", "", &["   3 b 1"]),
            player(3, "C", "", "", &["   2 w 0"]),
        ]);
        assert_eq!(colour(&lines), Color::Black);
        // The top player's forfeit has no colour; the next player's is flipped.
        let lines = [
            player(1, "A", "", "", &["   3 - +"]),
            player(2, "B", "", "", &["   4 w 1"]),
            player(3, "C", "", "", &["   1 - -"]),
            player(4, "D", "", "", &["   2 b 0"]),
        ];
        assert_eq!(colour(&lines), Color::Black);
        // Said outright, in either dialect.
        let mut lines = two("   2 b 1", "   1 w 0");
        lines.push("152 W".into());
        assert_eq!(colour(&lines), Color::White);
        lines.push("XXC white1".into());
        assert_eq!(colour(&lines), Color::White);
    }

    #[test]
    fn gives_forfeits_without_colour_a_colour() {
        let lines = [
            player(1, "A", "", "0", &["   2 - -"]),
            player(2, "B", "", "0", &["   1 - -"]),
        ];
        let t = read(&lines.join("\n")).unwrap().tournament().unwrap();
        assert_eq!(
            t.players[0].rounds,
            [game(2, Color::White, GameResult::ForfeitLoss)]
        );
        assert_eq!(
            t.players[1].rounds,
            [game(1, Color::Black, GameResult::ForfeitLoss)]
        );
        let lines = [
            player(1, "A", "", "1", &["   2 - +"]),
            player(2, "B", "", "0", &["   1 w -"]),
        ];
        let t = read(&lines.join("\n")).unwrap().tournament().unwrap();
        assert_eq!(
            t.players[0].rounds,
            [game(2, Color::Black, GameResult::ForfeitWin)]
        );
    }

    #[test]
    fn reads_a_zero_bye_in_every_remaining_round_as_withdrawal() {
        let lines = [
            "142 3".to_string(),
            player(1, "A", "", "1", &["   2 w 1", "0000 - Z", "0000 - Z"]),
            player(2, "B", "", "0", &["   1 b 0", "0000 - Z"]),
            "240 Z 3 2".to_string(),
        ];
        let t = read(&lines.join("\n")).unwrap().tournament().unwrap();
        assert!(t.players.iter().all(|p| p.withdrawn));
        assert_eq!(t.planned, []);
        // Once every round is paired there is nothing to withdraw from.
        let lines = [
            player(1, "A", "", "1", &["   2 w 1"]),
            player(2, "B", "", "0", &["   1 b 0"]),
        ];
        let t = read(&lines.join("\n")).unwrap().tournament().unwrap();
        assert!(!t.players[0].withdrawn);
    }

    #[test]
    fn checks_points_with_or_without_planned_byes() {
        let lines = |points: &str| {
            [
                player(1, "A", "", points, &["   2 w 1", "0000 - H"]),
                player(2, "B", "", "0", &["   1 b 0"]),
            ]
            .join("\n")
        };
        assert!(read(&lines("1.0")).unwrap().tournament().is_ok());
        assert!(read(&lines("1.5")).unwrap().tournament().is_ok());
        assert!(read(&lines("")).unwrap().tournament().is_ok());
        let e = error(&lines("2.0"));
        assert_eq!((e.line, e.column), (1, 81));
        assert_eq!(
            e.kind,
            TrfErrorKind::PointsMismatch {
                player: PlayerNo(1),
                given: Points(4),
                counted: Points(2)
            }
        );
        assert_eq!(
            e.to_string(),
            "line 1, column 81: player 1's points say 2 but the results add up to 1"
        );
    }

    /// (text, line, column, kind) for files that are not valid TRF.
    fn broken() -> Vec<(String, usize, usize, TrfErrorKind)> {
        use TrfErrorKind::*;
        let pair = |first: &str, second: &str| {
            format!(
                "{}\n{}",
                player(1, "A", "", "", &[first]),
                player(2, "B", "", "", &[second])
            )
        };
        let two_rounds = format!(
            "{}\n{}",
            player(1, "A", "", "", &["   2 w 1", "   2 b 1"]),
            player(2, "B", "", "", &["   1 b 0", "   1 w 0"])
        );
        vec![
            ("hello".into(), 1, 1, UnknownCode("hel".into())),
            (
                "012 x\n## half a comment".into(),
                2,
                1,
                UnknownCode("## ".into()),
            ),
            ("XXR9".into(), 1, 4, NoSpaceAfterCode),
            ("XXR".into(), 1, 5, Missing("number of rounds")),
            (
                "XXR nine".into(),
                1,
                5,
                NotANumber {
                    field: "number of rounds",
                    found: "nine".into(),
                },
            ),
            (
                "XXR 1000".into(),
                1,
                5,
                OutOfRange {
                    field: "number of rounds",
                    found: "1000".into(),
                    max: 999,
                },
            ),
            ("XXR 3 4".into(), 1, 7, Unexpected("4".into())),
            (
                "XXC rank white1".into(),
                1,
                5,
                Unsupported("pairings by rank instead of by pairing number (XXC rank)"),
            ),
            ("XXC green1".into(), 1, 5, BadInitialColour("green1".into())),
            ("152 X".into(), 1, 5, BadInitialColour("X".into())),
            ("240 U 001 1".into(), 1, 5, BadByeType("U".into())),
            (
                "240 H 001".into(),
                1,
                11,
                Missing("pairing number of a player with the bye"),
            ),
            (
                "240 H 0 1".into(),
                1,
                7,
                OutOfRange {
                    field: "round number",
                    found: "0".into(),
                    max: 999,
                },
            ),
            ("001".into(), 1, 5, Missing("pairing number")),
            (
                "001    0".into(),
                1,
                5,
                OutOfRange {
                    field: "pairing number",
                    found: "0".into(),
                    max: 9999,
                },
            ),
            (
                "001   x1".into(),
                1,
                5,
                NotANumber {
                    field: "pairing number",
                    found: "x1".into(),
                },
            ),
            (
                player(1, "A", "2k", "", &[]),
                1,
                49,
                NotANumber {
                    field: "rating",
                    found: "2k".into(),
                },
            ),
            (
                player(1, "A", "", "1.3", &[]),
                1,
                81,
                BadPoints("1.3".into()),
            ),
            (player(1, "A", "", "½", &[]), 1, 81, BadPoints("½".into())),
            (player(1, "A", "", "", &["   2 x 1"]), 1, 97, BadColour('x')),
            (
                player(1, "A", "", "", &["0000 - H", "   2 w ?"]),
                1,
                109,
                BadResult('?'),
            ),
            (
                player(1, "A", "", "", &["   2 w 1x"]),
                1,
                100,
                NotBlank('x'),
            ),
            (
                at(&[(1, "001"), (8, "1"), (91, "   2 w 1")]),
                1,
                96,
                NotBlank('w'),
            ),
            (
                player(1, "A", "", "", &["   2 - 1"]),
                1,
                97,
                GameWithoutColour,
            ),
            (
                player(1, "A", "", "", &["   2    "]),
                1,
                97,
                GameWithoutColour,
            ),
            (
                player(1, "A", "", "", &["0000 w 1"]),
                1,
                97,
                ColourWithoutOpponent,
            ),
            (
                player(1, "A", "", "", &["0000 - 1"]),
                1,
                99,
                GameWithoutOpponent('1'),
            ),
            (
                player(1, "A", "", "", &["   2 - F"]),
                1,
                99,
                ByeWithOpponent('F'),
            ),
            (player(1, "A", "", "", &["   1 w 1"]), 1, 92, OwnOpponent),
            (
                player(1, "A", "", "", &["0000 - Z"]) + &"  0000 - Z".repeat(999),
                1,
                10_082,
                TooManyRounds,
            ),
            (
                "012 x\n260 001 002    1    2".into(),
                2,
                1,
                Unsupported("prohibited pairings (260 and XXP lines)"),
            ),
            ("XXR 3\n142 4".into(), 2, 5, Contradicts(1)),
            ("152 W\nXXC black1".into(), 2, 5, Contradicts(1)),
            (
                format!(
                    "{}\n{}",
                    player(1, "A", "", "", &[]),
                    player(1, "B", "", "", &[])
                ),
                2,
                5,
                DuplicatePlayer {
                    number: PlayerNo(1),
                    line: 1,
                },
            ),
            (
                format!(
                    "{}\n{}",
                    player(1, "A", "", "", &[]),
                    player(3, "B", "", "", &[])
                ),
                2,
                5,
                MissingPlayer(PlayerNo(2)),
            ),
            (
                pair("   9 w 1", "0000 - U"),
                1,
                92,
                NoSuchPlayer(PlayerNo(9)),
            ),
            (
                pair("   2 w 1", "0000 - U"),
                1,
                92,
                NotPointingBack {
                    round: 1,
                    player: PlayerNo(1),
                    opponent: PlayerNo(2),
                    line: 2,
                },
            ),
            (
                pair("   2 w 1", "   1 w 0"),
                1,
                97,
                SameColour {
                    round: 1,
                    player: PlayerNo(1),
                    opponent: PlayerNo(2),
                    line: 2,
                    colour: Color::White,
                },
            ),
            (
                pair("   2 w 1", "   1 b 1"),
                1,
                99,
                ResultsDisagree {
                    round: 1,
                    player: PlayerNo(1),
                    opponent: PlayerNo(2),
                    line: 2,
                },
            ),
            (
                pair("   2 w 1", "   1 b  "),
                1,
                99,
                ResultsDisagree {
                    round: 1,
                    player: PlayerNo(1),
                    opponent: PlayerNo(2),
                    line: 2,
                },
            ),
            (
                pair("   2 w +", "   1 b +"),
                1,
                99,
                ResultsDisagree {
                    round: 1,
                    player: PlayerNo(1),
                    opponent: PlayerNo(2),
                    line: 2,
                },
            ),
            (
                pair("   2 w 1", "   1 b 0") + "\nXXR 1\n240 H 2 1",
                4,
                7,
                RoundAfterLast {
                    round: 2,
                    rounds: 1,
                },
            ),
            (
                pair("   2 w 1", "   1 b 0") + "\n240 H 1 1",
                3,
                11,
                ByeAgainstRecord {
                    round: 1,
                    player: PlayerNo(1),
                },
            ),
            (
                pair("   2 w 1", "   1 b 0") + "\n240 H 2 3",
                3,
                11,
                NoSuchPlayer(PlayerNo(3)),
            ),
            (
                pair("   2 w 1", "   1 b 0") + "\n240 H 2 1\n240 F 2 1",
                4,
                11,
                Contradicts(3),
            ),
            (
                two_rounds + "\nXXR 1",
                3,
                5,
                FewerRoundsThanPaired {
                    rounds: 1,
                    paired: 2,
                },
            ),
            (
                player(1, "A", "", "", &["0000 - U", "0000 - H"]) + "\nXXR 1",
                1,
                109,
                RoundAfterLast {
                    round: 2,
                    rounds: 1,
                },
            ),
        ]
    }

    #[test]
    fn names_the_line_and_column_of_what_is_wrong() {
        for (text, line, column, kind) in broken() {
            let e = error(&text);
            assert_eq!(
                (e.line, e.column, &e.kind),
                (line, column, &kind),
                "{text:?}: {e}"
            );
            assert!(e
                .to_string()
                .starts_with(&format!("line {line}, column {column}: ")));
        }
    }

    #[test]
    fn writes_the_columns_trf_defines() {
        let t = read(&sample()).unwrap().tournament().unwrap();
        let text = write(&t);
        assert!(text.ends_with("\r\n"));
        let lines: Vec<&str> = text.split("\r\n").collect();
        assert_eq!(
            lines[..5],
            ["012 Spring Open", "142 3", "XXR 3", "152 W", "XXC white1"]
        );
        let expected = at(&[
            (1, "001"),
            (8, "3"),
            (15, "Gamma, Gil"),
            (82, "0.0"),
            (89, "3"),
            (95, "1 b 0"),
            (105, "4 w -"),
            (112, "0000 - H"),
        ]);
        assert_eq!(lines[7], expected);
        assert!(lines[6].contains(&format!("{:<33} 1950", "Ærøskøbing, Åse")));
        assert_eq!(&lines[8][109..], "  0000 - F");
    }

    #[test]
    fn write_fits_what_the_columns_hold() {
        let long = "Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine";
        let t = Tournament {
            name: "Cup\nFinal ".into(),
            rounds: 0,
            first_colour: Color::Black,
            players: vec![Player {
                number: PlayerNo(1),
                name: long.into(),
                rating: 12_000,
                rounds: vec![],
                withdrawn: false,
            }],
            planned: vec![(1, PlayerNo(1), Bye::Pairing)],
        };
        let text = write(&t);
        assert_eq!(text.lines().next(), Some("012 Cup Final"));
        assert!(!text.contains("XXR"));
        let t = read(&text).unwrap().tournament().unwrap();
        assert_eq!(t.players[0].name, long.chars().take(33).collect::<String>());
        assert_eq!(t.players[0].rating, 9999);
        assert_eq!(t.planned, []);
    }

    #[test]
    fn write_leaves_out_points_too_large_for_the_column() {
        // Pairing-allocated byes, so that the rounds count as paired.
        let rounds = (0..100).map(|_| Round::Bye(Bye::Pairing)).collect();
        let t = Tournament {
            name: String::new(),
            rounds: 100,
            first_colour: Color::White,
            players: vec![Player {
                number: PlayerNo(1),
                name: "A".into(),
                rating: 0,
                rounds,
                withdrawn: false,
            }],
            planned: vec![],
        };
        let file = read(&write(&t)).unwrap();
        let Some(Record::Player(p)) = file.lines.last().map(|l| &l.record) else {
            panic!("no player line");
        };
        assert_eq!(p.points, None);
        assert_eq!(file.tournament().unwrap(), t);
    }

    /// Every kind of round, a game still being played, a double forfeit, byes fixed ahead
    /// and a withdrawal.
    fn everything() -> Tournament {
        use GameResult::*;
        let player = |number: u16, name: &str, rating: u16, rounds: Vec<Round>| Player {
            number: PlayerNo(number),
            name: name.into(),
            rating,
            rounds,
            withdrawn: false,
        };
        let playing = |opponent: u16, colour: Color| Round::Game {
            opponent: PlayerNo(opponent),
            colour,
            result: None,
        };
        let (w, b) = (Color::White, Color::Black);
        let mut players = vec![
            player(
                1,
                "Anna",
                2000,
                vec![game(4, w, Win), game(2, b, Draw), playing(3, w)],
            ),
            player(
                2,
                "Ærøskøbing, Åse",
                1900,
                vec![
                    game(5, w, UnratedWin),
                    game(1, w, Draw),
                    game(6, w, ForfeitWin),
                ],
            ),
            player(
                3,
                "李小龍",
                0,
                vec![
                    Round::Bye(Bye::Pairing),
                    game(4, w, UnratedDraw),
                    playing(1, b),
                ],
            ),
            player(
                4,
                "Dan",
                1500,
                vec![
                    game(1, b, Loss),
                    game(3, b, UnratedDraw),
                    Round::Bye(Bye::Full),
                ],
            ),
            player(
                5,
                "Eve",
                1400,
                vec![
                    game(2, b, UnratedLoss),
                    game(6, w, ForfeitLoss),
                    Round::Bye(Bye::Zero),
                ],
            ),
            player(
                6,
                "Fay",
                1300,
                vec![
                    Round::Bye(Bye::Half),
                    game(5, b, ForfeitLoss),
                    game(2, b, ForfeitLoss),
                ],
            ),
        ];
        players[4].withdrawn = true;
        Tournament {
            name: "Spring Open".into(),
            rounds: 5,
            first_colour: Color::Black,
            players,
            planned: vec![
                (4, PlayerNo(3), Bye::Half),
                (5, PlayerNo(1), Bye::Zero),
                (5, PlayerNo(4), Bye::Full),
            ],
        }
    }

    #[test]
    fn round_trips_what_it_writes() {
        let t = everything();
        let text = write(&t);
        assert_eq!(read(&text).unwrap().tournament().unwrap(), t, "{text}");
        // Before round 1 too.
        let mut fresh = t.clone();
        for p in &mut fresh.players {
            p.rounds.clear();
        }
        fresh.planned.push((1, PlayerNo(6), Bye::Half));
        fresh
            .planned
            .sort_by_key(|&(round, player, _)| (round, player));
        assert_eq!(read(&write(&fresh)).unwrap().tournament().unwrap(), fresh);
    }

    #[test]
    fn writes_pairings_as_pairing_engines_print_them() {
        let p = Pairings {
            games: vec![(PlayerNo(3), PlayerNo(1)), (PlayerNo(2), PlayerNo(4))],
            bye: Some(PlayerNo(5)),
        };
        assert_eq!(write_pairings(&p), "3\n3 1\n2 4\n5 0\n");
        assert_eq!(write_pairings(&Pairings::default()), "0\n");
    }

    /// Reading never panics, and whatever reads as a tournament writes back as the same one.
    fn survives(text: &str) {
        if let Ok(t) = read(text).and_then(|file| file.tournament()) {
            let again = read(&write(&t)).and_then(|file| file.tournament());
            assert_eq!(again.as_ref(), Ok(&t), "{text:?}");
        }
    }

    #[test]
    fn survives_garbage() {
        let huge = "9".repeat(100);
        let cases = [
            String::new(),
            "\n\r\n\r".into(),
            "\u{0}\u{1}\u{7f}".into(),
            "ÆØÅ ÆØÅ".into(),
            "001 ".into(),
            format!("001 {huge}"),
            format!("XXR {huge}"),
            format!("240 H {huge} {huge}"),
            format!("152 {huge}"),
            player(9999, "Ωμέγα", "9999", "99.5", &["9999 w 1"]),
            format!("001    1      {}", "é".repeat(100)),
            player(1, "A", "", "", &["   2 w 1"]).repeat(3),
            player(1, "A", "", "", &[]) + &"  0000 - Z".repeat(5000),
            "001    1".to_string() + &"x".repeat(100_000),
        ];
        for case in &cases {
            survives(case);
        }
    }

    #[test]
    fn survives_truncation_and_mutation() {
        let sample = write(&everything()) + &sample();
        let chars: Vec<char> = sample.chars().collect();
        for end in 0..chars.len() {
            survives(&chars[..end].iter().collect::<String>());
        }
        let palette = [
            ' ', '0', '1', '4', '9', 'w', 'b', '-', '+', '=', 'U', 'Z', 'H', '.', '#', 'é', '€',
            '\n', '\r', '\t',
        ];
        // xorshift: a fixed, dependency-free sequence.
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |below: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % below as u64) as usize
        };
        for _ in 0..3000 {
            let mut mutated = chars.clone();
            for _ in 0..1 + next(4) {
                let at = next(mutated.len());
                match next(3) {
                    0 => mutated[at] = palette[next(palette.len())],
                    1 => {
                        mutated.remove(at);
                    }
                    _ => mutated.insert(at, palette[next(palette.len())]),
                }
            }
            survives(&mutated.iter().collect::<String>());
        }
    }

    /// The bbpPairings fixtures with this extension, in name order.
    fn fixtures(extension: &str) -> Vec<std::path::PathBuf> {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/pairing/dutch");
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{dir}: {e}"))
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|e| e == extension))
            .collect();
        paths.sort();
        assert!(!paths.is_empty(), "no .{extension} fixtures in {dir}");
        paths
    }

    #[test]
    fn round_trips_the_bbp_pairings_fixtures() {
        for path in fixtures("trf") {
            let text = std::fs::read_to_string(&path).unwrap();
            let t = read(&text)
                .and_then(|file| file.tournament())
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let again = read(&write(&t)).and_then(|file| file.tournament());
            assert_eq!(again, Ok(t), "{}", path.display());
        }
    }

    #[test]
    fn writes_pairings_as_bbp_pairings_prints_them() {
        for path in fixtures("expected") {
            let text = std::fs::read_to_string(&path).unwrap();
            let mut pairings = Pairings::default();
            for line in text.lines().skip(1) {
                let numbers: Vec<u16> = line.split(' ').map(|n| n.parse().unwrap()).collect();
                match numbers[..] {
                    [bye, 0] => pairings.bye = Some(PlayerNo(bye)),
                    [white, black] => pairings.games.push((PlayerNo(white), PlayerNo(black))),
                    _ => panic!("{}: {line}", path.display()),
                }
            }
            assert_eq!(write_pairings(&pairings), text, "{}", path.display());
        }
    }
}
