//! The first phase: a file's text into typed lines, each field checked on its own against
//! the columns it sits in. Whether the lines agree with one another is `check.rs`'s.

use super::{
    clean, error_at, TrfError, TrfErrorKind, FIRST_BYE_PLAYER_COLUMN, FIRST_ROUND_COLUMN,
    MAX_PLAYER, MAX_ROUNDS, POINTS_COLUMN,
};
use crate::model::{Bye, GameResult, PlayerNo, Points};
use engine::Color;

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
    /// What it says.
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
    /// Any other record (city, dates, pairing system…).
    Other {
        /// The three-character code.
        code: String,
        /// The text from column 5, trimmed.
        text: String,
    },
}

/// The fields of a `001` line that pairing uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerLine {
    /// Columns 5–8.
    pub number: PlayerNo,
    /// Columns 15–47, trimmed.
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
    /// Paired against an opponent.
    Game {
        /// Their pairing number.
        opponent: PlayerNo,
        /// `None` only for a forfeit written with `-` as its colour.
        colour: Option<Color>,
        /// `None` for a game still being played.
        result: Option<GameResult>,
    },
    /// No opponent (`0000`).
    Bye(Bye),
}

/// A `240` line: these players have this bye in this round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ByeLine {
    /// F, H or Z.
    pub bye: Bye,
    /// From 1.
    pub round: u16,
    /// Who has it.
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
            width: raw.chars().count(),
        };
        if columns.chars.is_empty() || columns.chars.starts_with(&['#'; 3]) {
            continue;
        }
        // Bytes that were not UTF-8 reach us as U+FFFD; some merge into one character and
        // shift the columns after them, so this is said before any field is read.
        if let Some(i) = columns.chars.iter().position(|&c| c == '\u{FFFD}') {
            return Err(columns.error(i + 1, TrfErrorKind::NotUtf8));
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
    /// Trailing blanks trimmed.
    chars: Vec<char>,
    /// Before trimming: a field of blanks at the end still counts as written.
    width: usize,
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
    // A line cut short would read as a player with no rounds; the reference programs
    // refuse one that stops before the points too.
    if columns.width < POINTS_COLUMN + 3 {
        let end = columns.width;
        return Err(columns.error(end + 1, TrfErrorKind::ShortPlayerLine(end)));
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Round;
    use crate::trf::samples::{assert_located, at, player, sample};

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

    /// A name saved as Windows-1252 ("Jérôme Šimek" in one byte a letter), decoded as the
    /// command line decodes a file (invalid bytes become U+FFFD; 0xE9 with the 0x8A after it
    /// becomes one, shifting the columns after it): the encoding is named, on its line.
    #[test]
    fn names_text_that_is_not_utf8_on_its_line() {
        let mut bytes = b"012 Open\nXXR 3\n001    1      J".to_vec();
        bytes.extend([
            0xE9, b'r', 0xF4, b'm', b'e', b' ', 0x8A, b'i', b'm', b'e', b'k',
        ]);
        bytes.extend(b" ".repeat(49 - 26));
        bytes.extend(b"1800                            0.0    1");
        let text = String::from_utf8_lossy(&bytes);
        let e = read(&text).unwrap_err();
        assert_eq!((e.line, e.column, e.kind), (3, 16, TrfErrorKind::NotUtf8));
        let mut merged = b"001    2      Ren".to_vec();
        merged.extend([0xE9, 0x8A]);
        merged.extend(b" ".repeat(80 - 19));
        merged.extend(b" 0.0");
        let e = read(&String::from_utf8_lossy(&merged)).unwrap_err();
        assert_eq!((e.line, e.column, e.kind), (1, 18, TrfErrorKind::NotUtf8));
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
            "XXR 3".into(),
        ];
        let t = read(&text.join("\n")).unwrap().tournament().unwrap();
        assert_eq!(t.players[0].rounds[1], Round::Bye(Bye::Zero));
        assert_eq!(t.players[1].rounds[1], Round::Bye(Bye::Half));
    }

    /// (text, line, column, kind) for lines that do not read.
    fn broken() -> Vec<(String, usize, usize, TrfErrorKind)> {
        use TrfErrorKind::*;
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
                at(&[(1, "001"), (8, "1"), (15, "Cut, Short"), (49, "1800")]),
                1,
                53,
                ShortPlayerLine(52),
            ),
            (
                at(&[(1, "001"), (8, "1"), (15, "M\u{FFFD}ller"), (84, "0")]),
                1,
                16,
                NotUtf8,
            ),
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
        ]
    }

    #[test]
    fn names_the_line_and_column_of_what_is_wrong() {
        assert_located(broken(), |text| read(text).unwrap_err());
    }
}
