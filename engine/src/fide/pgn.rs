//! Portable Game Notation: a FIDE-family game with its tags, written and read.
//!
//! The variants travel in a `Variant` tag: `Standard` for FIDE chess, otherwise the
//! comma-separated names (`Variant "warhead,stungun"`). A game from another position has
//! `SetUp "1"` and `FEN`.

use super::fen::{FenError, START};
use super::game::{FideGame, FideTurnError};
use super::position::Position;
use super::variant::{VariantError, Variants};
use crate::game::{EndReason, Outcome};
use crate::record::At;
use crate::Color;
use std::fmt::Write;
use thiserror::Error;

/// A game and the tags that came with it (other than the ones the game itself decides).
#[derive(Clone, Debug)]
pub struct Pgn {
    /// Tags in order, such as `("White", "ann")`.
    pub tags: Vec<(String, String)>,
    /// The game.
    pub game: FideGame,
}

/// Why a PGN was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PgnError {
    /// A tag line that is not `[Name "value"]`.
    #[error("line {0}: a tag is written [Name \"value\"]")]
    Tag(usize),
    /// The Variant tag names an unknown or clashing variant.
    #[error("the Variant tag: {0}")]
    Variant(#[from] VariantError),
    /// The FEN tag is not a position.
    #[error("the FEN tag: {0}")]
    Fen(#[from] FenError),
    /// A move could not be played.
    #[error("move {number} ({text}, line {}, column {}): {error}", .at.0, .at.1)]
    Move {
        /// The move's number in the record.
        number: u32,
        /// Where the move is written.
        at: At,
        /// The move as written.
        text: String,
        /// Why it was refused.
        error: FideTurnError,
    },
    /// The result token disagrees with the board.
    #[error("the record says {0}, but the board shows {1}")]
    Result(String, String),
    /// A `{` comment that runs to the end of the file: the moves after it would be lost.
    #[error("line {0}: a comment opened with {{ is never closed with }}")]
    Comment(usize),
}

/// The tags every PGN has, in the order they are written.
const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
/// Tags the game decides, which are not kept as free tags.
const DECIDED: [&str; 5] = ["Result", "Variant", "SetUp", "FEN", "Termination"];

impl Pgn {
    /// A game with no tags yet.
    pub fn new(game: FideGame) -> Pgn {
        Pgn {
            tags: Vec::new(),
            game,
        }
    }

    /// Sets a tag (replacing one of the same name).
    pub fn tag(mut self, name: &str, value: impl Into<String>) -> Pgn {
        let value = value.into();
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value,
            None => self.tags.push((name.to_string(), value)),
        }
        self
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The record's text.
    pub fn text(&self) -> String {
        let game = &self.game;
        let result = game.result().map_or("*", |o| o.score());
        let mut out = String::new();
        for name in ROSTER {
            let value = match name {
                "Result" => result.to_string(),
                _ => self.get(name).unwrap_or("?").to_string(),
            };
            let _ = writeln!(out, "[{name} \"{}\"]", escape(&value));
        }
        let variants = game.variants();
        let variant = if variants.is_empty() {
            "Standard".to_string()
        } else {
            variants.to_string()
        };
        let _ = writeln!(out, "[Variant \"{variant}\"]");
        let fen = game.start().fen();
        if fen != START {
            let _ = writeln!(out, "[SetUp \"1\"]\n[FEN \"{fen}\"]");
        }
        if let Some(words) = game.result().and_then(|o| o.reason.termination()) {
            let _ = writeln!(out, "[Termination \"{words}\"]");
        }
        for (name, value) in &self.tags {
            if !ROSTER.contains(&name.as_str()) && !DECIDED.contains(&name.as_str()) {
                let _ = writeln!(out, "[{name} \"{}\"]", escape(value));
            }
        }
        out.push('\n');
        let mut line = String::new();
        let mut number = game.start().fullmoves();
        let mut color = game.start().turn();
        for (i, san) in game.sans().iter().enumerate() {
            let token = match (color, i) {
                (Color::White, _) => format!("{number}. {san}"),
                (Color::Black, 0) => format!("{number}... {san}"),
                (Color::Black, _) => san.clone(),
            };
            push_token(&mut out, &mut line, &token);
            if color == Color::Black {
                number += 1;
            }
            color = !color;
        }
        push_token(&mut out, &mut line, result);
        out.push_str(&line);
        out.push('\n');
        out
    }

    /// Reads one game.
    /// A byte-order mark and CRLF line ends (files saved by Windows editors) are read as
    /// any other.
    pub fn read(text: &str) -> Result<Pgn, PgnError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut tags = Vec::new();
        // Every line keeps its place (tags and escapes as empty lines), so an error in the
        // movetext can name its line.
        let mut movetext = String::new();
        for (i, line) in text.lines().enumerate() {
            let trimmed = line.trim();
            if trimmed.starts_with('[') {
                tags.push(tag_line(trimmed).ok_or(PgnError::Tag(i + 1))?);
            } else if !trimmed.starts_with('%') {
                // Untrimmed, so that columns count from the line's start.
                movetext.push_str(line);
            }
            movetext.push('\n');
        }
        let get = |name: &str| {
            tags.iter()
                .find(|(n, _): &&(String, String)| n == name)
                .map(|(_, v)| v.as_str())
        };
        let variants = match get("Variant") {
            None => Variants::NONE,
            Some(v)
                if ["standard", "chess", "fide", ""]
                    .contains(&v.trim().to_ascii_lowercase().as_str()) =>
            {
                Variants::NONE
            }
            Some(v) => v.parse()?,
        };
        let start = match get("FEN") {
            Some(fen) => Position::from_fen(fen, variants)?,
            None => Position::start(variants),
        };
        let mut game = FideGame::from_position(start);
        let mut result_token = None;
        let mut number = start.fullmoves();
        for (token, at) in tokens(&movetext)? {
            if ["1-0", "0-1", "1/2-1/2", "*"].contains(&token.as_str()) {
                result_token = Some(token);
                break;
            }
            let text = token.clone();
            game.play_text(&token).map_err(|error| PgnError::Move {
                number,
                at,
                text,
                error,
            })?;
            if game.position().turn() == Color::White {
                number += 1;
            }
        }
        let termination = get("Termination").and_then(EndReason::from_termination);
        settle(&mut game, result_token.as_deref(), termination)?;
        let tags = tags
            .into_iter()
            .filter(|(n, _)| !DECIDED.contains(&n.as_str()))
            .collect();
        Ok(Pgn { tags, game })
    }
}

/// Checks the result token against the board, or records it when the board has not ended
/// the game (a resignation, a flag, an agreement).
fn settle(
    game: &mut FideGame,
    token: Option<&str>,
    termination: Option<EndReason>,
) -> Result<(), PgnError> {
    let winner = match token {
        Some("1-0") => Some(Color::White),
        Some("0-1") => Some(Color::Black),
        Some("1/2-1/2") => None,
        _ => {
            return match game.result() {
                Some(o) => Err(PgnError::Result("no result".into(), o.to_string())),
                None => Ok(()),
            }
        }
    };
    let said = token.unwrap_or("*").to_string();
    if let Some(o) = game.result() {
        return if o.winner == winner {
            Ok(())
        } else {
            Err(PgnError::Result(said, o.to_string()))
        };
    }
    let reason = termination
        .filter(|r| !r.is_on_the_board() && r.fits(winner))
        .unwrap_or(if winner.is_none() {
            EndReason::DrawAgreed
        } else {
            EndReason::Recorded
        });
    game.record_result(Outcome { winner, reason })
        .map(|_| ())
        .map_err(|e| PgnError::Result(said, e.to_string()))
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

fn tag_line(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((
        name.to_string(),
        value.replace("\\\"", "\"").replace("\\\\", "\\"),
    ))
}

/// The moves and result of movetext, each with where it is written, without numbers,
/// comments, variations and NAGs.
fn tokens(movetext: &str) -> Result<Vec<(String, At)>, PgnError> {
    let mut out = Vec::new();
    let mut depth = 0;
    let mut chars = movetext.chars().peekable();
    let mut word = String::new();
    // Where the word being read starts.
    let mut start = (1, 1);
    let flush = |word: &mut String, start: At, out: &mut Vec<(String, At)>| {
        let w = std::mem::take(word);
        if ["1-0", "0-1", "1/2-1/2", "*"].contains(&w.as_str()) {
            out.push((w, start));
            return;
        }
        // A move number is part of the word ("12.e4"): the move starts after it.
        let number = w.len()
            - w.trim_start_matches(|c: char| c.is_ascii_digit())
                .trim_start_matches('.')
                .len();
        let w = &w[number..];
        if !w.is_empty() && !w.starts_with('$') {
            out.push((w.to_string(), (start.0, start.1 + number)));
        }
    };
    let mut line = 1;
    let mut column = 0;
    while let Some(c) = chars.next() {
        column += 1;
        if word.is_empty() {
            start = (line, column);
        }
        match c {
            '{' => {
                flush(&mut word, start, &mut out);
                let opened = line;
                let mut closed = false;
                for c in chars.by_ref() {
                    column += 1;
                    if c == '}' {
                        closed = true;
                        break;
                    }
                    if c == '\n' {
                        (line, column) = (line + 1, 0);
                    }
                }
                if !closed {
                    return Err(PgnError::Comment(opened));
                }
            }
            ';' => {
                flush(&mut word, start, &mut out);
                for c in chars.by_ref() {
                    if c == '\n' {
                        (line, column) = (line + 1, 0);
                        break;
                    }
                }
            }
            '(' => {
                flush(&mut word, start, &mut out);
                depth += 1;
            }
            ')' => depth -= 1,
            c if c.is_whitespace() => {
                if depth == 0 {
                    flush(&mut word, start, &mut out);
                } else {
                    word.clear();
                }
                if c == '\n' {
                    (line, column) = (line + 1, 0);
                }
            }
            c if depth == 0 => word.push(c),
            _ => {}
        }
    }
    flush(&mut word, start, &mut out);
    Ok(out)
}

fn push_token(out: &mut String, line: &mut String, token: &str) {
    if !line.is_empty() && line.len() + 1 + token.len() > 79 {
        out.push_str(line);
        out.push('\n');
        line.clear();
    }
    if !line.is_empty() {
        line.push(' ');
    }
    line.push_str(token);
}
