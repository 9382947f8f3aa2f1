//! Game record files (RULES.md section 9): PGN-style tags, a blank line, then numbered turns.

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::game::{EndReason, Game, Outcome, TurnError};
use crate::movetext::Warning;
use crate::position::{read_terrain, square_list, Position, PositionError};
use crate::proposal::{Modifier, Proposals};
use crate::ruleset::{Options, Rules, Ruleset, UnknownOption, UnknownRuleset};
use rust_decimal::Decimal;
use std::fmt::Write;
use std::str::FromStr;

/// Names written into a record's tags.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Players {
    /// The White tag.
    pub white: String,
    /// The Black tag.
    pub black: String,
}

/// Why a record can't be replayed.
#[derive(Clone, Debug, thiserror::Error)]
pub enum ReplayError {
    /// A line in the tag section that is not a tag.
    #[error("line {line}: '{text}' is not a tag: write [Name \"value\"]")]
    BadTag {
        /// The line number, from 1.
        line: usize,
        /// The line.
        text: String,
    },
    /// The Ruleset tag names no ruleset.
    #[error(transparent)]
    Ruleset(#[from] UnknownRuleset),
    /// The Options tag names an unknown option.
    #[error(transparent)]
    Options(#[from] UnknownOption),
    /// A Proposals tag entry that can't be read or agreed.
    #[error(
        "the Proposals tag entry '{0}' is not 'atom NAME NOTATION COST' or 'modifier NAME COST'"
    )]
    BadProposal(String),
    /// The Terrain tag and the Start tag's terrain field disagree.
    #[error("the Terrain tag and the Start tag's impassable squares differ: give them once")]
    TerrainMismatch,
    /// The Start tag is not a legal position.
    #[error("the Start tag is not a position: {0}")]
    Start(#[from] PositionError),
    /// The result is not `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[error("'{0}' is not a result: use 1-0, 0-1, 1/2-1/2 or *")]
    BadResult(String),
    /// The result breaks the rules (a draw where the ruleset allows none).
    #[error("the result {result} can't stand: {reason}")]
    Outcome {
        /// The result as written.
        result: String,
        /// The rule it breaks.
        reason: TurnError,
    },
    /// A turn is illegal.
    #[error("illegal at turn {turn} (line {}, column {}): {reason}", .at.0, .at.1)]
    Illegal {
        /// The turn's ply.
        turn: u32,
        /// Where the turn is written.
        at: At,
        /// Why it is illegal.
        reason: TurnError,
        /// The game up to the turn before.
        before: Box<Game>,
    },
    /// A turn follows the game's end on the board.
    #[error("turn {turn} is written after the game ended ({outcome})")]
    AfterEnd {
        /// The ply the turn would have.
        turn: u32,
        /// How the game ended.
        outcome: Outcome,
    },
}

/// A replayed record: the game, and marks that didn't match the position.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The game, every turn checked, with the record's result.
    pub game: Game,
    /// The player tags.
    pub players: Players,
    /// Each warning with the ply it belongs to.
    pub warnings: Vec<(u32, Warning)>,
}

/// Where something is written in a file: its line and column (in characters), each from 1.
pub type At = (usize, usize);

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

impl Game {
    /// The game as a record file.
    pub fn record_text(&self, players: &Players) -> String {
        let rules = self.rules();
        let mut out = String::new();
        let tag = |out: &mut String, name: &str, value: &str| {
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            let _ = writeln!(out, "[{name} \"{value}\"]");
        };
        tag(&mut out, "Ruleset", rules.ruleset.name());
        tag(&mut out, "White", &players.white);
        tag(&mut out, "Black", &players.black);
        let options = rules.options.to_string();
        if !options.is_empty() {
            tag(&mut out, "Options", &options);
        }
        if !rules.proposals.is_empty() {
            tag(&mut out, "Proposals", &proposals_text(&rules.proposals));
        }
        // The terrain has its own tag; the Start tag is written only for another position.
        let terrain = self.start().terrain();
        let mut start = self.start().to_setup();
        start.terrain = Bitboard::EMPTY;
        if start != Position::start(rules.clone()).to_setup() {
            let start = Position::from_setup(start, rules.clone())
                .map_or_else(|_| self.start().to_string(), |p| p.to_string());
            tag(&mut out, "Start", &start);
        }
        if terrain.nonempty() {
            tag(&mut out, "Terrain", &square_list(terrain));
        }
        let result = self.result().map_or("*", |o| o.score());
        tag(&mut out, "Result", result);
        if let Some(word) = self.result().and_then(|o| o.reason.termination()) {
            tag(&mut out, "Termination", word);
        }
        out.push('\n');
        let mut line = String::new();
        for t in self.turns() {
            let item = format!("{}.{}", t.ply, t.notation);
            if !line.is_empty() && line.len() + item.len() > 79 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&item);
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(result);
        out.push_str(&line);
        out.push('\n');
        out
    }

    /// Replay a record file, checking every turn's legality and affordability.
    pub fn replay(text: &str) -> Result<Replay, ReplayError> {
        Game::replay_with(text, Options::default())
    }

    /// Replay a record file with these options on besides those its Options tag names (for
    /// records written without tags). A byte-order mark and CRLF line ends (files saved by
    /// Windows editors) are read as any other.
    pub fn replay_with(text: &str, extra: Options) -> Result<Replay, ReplayError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut tags: Vec<(String, String)> = Vec::new();
        // The movetext's words, each with its line and column.
        let mut body: Vec<(&str, At)> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let trimmed = line.trim();
            if trimmed.starts_with('[') && body.is_empty() {
                tags.push(read_tag(trimmed).ok_or_else(|| ReplayError::BadTag {
                    line: i + 1,
                    text: trimmed.to_string(),
                })?);
            } else {
                body.extend(words_at(line, i + 1));
            }
        }
        let get = |name: &str| {
            tags.iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(name))
                .map(|(_, v)| v.as_str())
        };
        let ruleset = get("Ruleset").map_or(Ok(Ruleset::Classic), Ruleset::from_str)?;
        let options: Options = get("Options").unwrap_or("").parse()?;
        let mut rules = Rules::new(ruleset, options.union(extra));
        rules.proposals = read_proposals(get("Proposals").unwrap_or(""))?;
        let mut start = match get("Start") {
            Some(s) => s.parse()?,
            None => Position::start(rules.clone()).to_setup(),
        };
        if let Some(list) = get("Terrain") {
            let terrain = read_terrain(list)?;
            if start.terrain.nonempty() && start.terrain != terrain {
                return Err(ReplayError::TerrainMismatch);
            }
            start.terrain = terrain;
        }
        let start = Position::from_setup(start, rules)?;
        let mut game = Game::from_position(start);
        let players = Players {
            white: get("White").unwrap_or("").to_string(),
            black: get("Black").unwrap_or("").to_string(),
        };
        let mut warnings = Vec::new();
        let (turns, body_result) = split_movetext(&body);
        for (number, text, at) in turns {
            let turn = game.position().ply();
            if let Some(outcome) = game.result() {
                return Err(ReplayError::AfterEnd {
                    turn,
                    outcome: *outcome,
                });
            }
            if number != turn {
                warnings.push((
                    turn,
                    Warning(format!("numbered {number}, but it is turn {turn}")),
                ));
            }
            let played = game
                .play_recorded(&text)
                .map_err(|reason| ReplayError::Illegal {
                    turn,
                    at,
                    reason,
                    before: Box::new(game.clone()),
                })?;
            warnings.extend(played.warnings.into_iter().map(|w| (turn, w)));
        }
        let result = match (get("Result"), body_result) {
            (Some(tag), _) => Some(tag.to_string()),
            (None, body) => body,
        };
        if let Some(result) = result {
            apply_result(&mut game, &result, get("Termination"), &mut warnings)?;
        } else if let Some(word) = get("Termination") {
            warnings.push((
                game.position().ply(),
                Warning(format!(
                    "the Termination tag says '{word}', but there is no result; it is ignored"
                )),
            ));
        }
        Ok(Replay {
            game,
            players,
            warnings,
        })
    }
}

/// Apply a record's result and Termination tag. The board's own end stands, and a tag that
/// disagrees with it is a warning; so is a Termination word unknown here, or one that doesn't
/// fit the result (the result then stands without a reason). A draw where the ruleset allows
/// none is refused.
fn apply_result(
    game: &mut Game,
    result: &str,
    termination: Option<&str>,
    warnings: &mut Vec<(u32, Warning)>,
) -> Result<(), ReplayError> {
    let winner = match result {
        "1-0" => Some(Some(Color::White)),
        "0-1" => Some(Some(Color::Black)),
        "1/2-1/2" => Some(None),
        "*" => None,
        other => return Err(ReplayError::BadResult(other.to_string())),
    };
    let ply = game.position().ply();
    let mut warn = |text: String| warnings.push((ply, Warning(text)));
    let reason = termination.and_then(|word| {
        let reason = EndReason::from_termination(word);
        if reason.is_none() {
            warn(format!(
                "unknown Termination '{word}': the words are {}; the result stands without it",
                EndReason::termination_words()
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        reason
    });
    match (game.result().copied(), winner) {
        (Some(o), Some(w)) if o.winner != w => warn(format!(
            "the record says {result}, but the board says {}",
            o.score()
        )),
        (Some(o), None) => warn(format!(
            "the record says the game goes on, but it ended {}",
            o.score()
        )),
        (Some(o), Some(_)) => {
            if let Some(reason) = reason.filter(|r| *r != o.reason) {
                warn(format!(
                    "the record says the game ended by {}, but the board says by {}",
                    reason.termination().unwrap_or_default(),
                    o.reason.termination().unwrap_or_default()
                ));
            }
        }
        (None, Some(winner)) => {
            let reason = match reason {
                Some(r) if r.is_on_the_board() => {
                    warn(format!(
                        "the record says {}, but the board shows no end; the result stands without it",
                        r.termination().unwrap_or_default()
                    ));
                    EndReason::Recorded
                }
                Some(r) if !r.fits(winner) => {
                    warn(format!(
                        "the record says {} with the result {result}, which don't go together; the result stands without it",
                        r.termination().unwrap_or_default()
                    ));
                    EndReason::Recorded
                }
                Some(r) => r,
                None => EndReason::Recorded,
            };
            game.finish(Outcome { winner, reason })
                .map_err(|reason| ReplayError::Outcome {
                    result: result.to_string(),
                    reason,
                })?;
        }
        (None, None) => {}
    }
    Ok(())
}

fn read_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, value) = inner.split_once(' ')?;
    let value = value.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((
        name.to_string(),
        value.replace("\\\"", "\"").replace("\\\\", "\\"),
    ))
}

/// Numbered turns and a trailing result. A number is digits and a dot at a word's start.
/// The words of one line, each with its line and column (in characters, from 1).
fn words_at(line: &str, number: usize) -> impl Iterator<Item = (&str, At)> {
    let mut column = 0;
    let mut start = None;
    let mut words = Vec::new();
    for (byte, c) in line.char_indices().chain([(line.len(), ' ')]) {
        column += 1;
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((byte, column)),
            (true, Some((from, at))) => {
                words.push((&line[from..byte], (number, at)));
                start = None;
            }
            _ => {}
        }
    }
    words.into_iter()
}

/// The movetext's turns, each with its number and where it starts, and the result written
/// after them.
fn split_movetext(body: &[(&str, At)]) -> (Vec<(u32, String, At)>, Option<String>) {
    let mut turns: Vec<(u32, String, At)> = Vec::new();
    let mut result = None;
    for &(word, at) in body {
        if RESULTS.contains(&word) {
            result = Some(word.to_string());
            continue;
        }
        let digits = word.chars().take_while(|c| c.is_ascii_digit()).count();
        let numbered = digits > 0 && word[digits..].starts_with('.');
        if numbered {
            let number = word[..digits].parse().unwrap_or(0);
            let rest = word[digits..].trim_start_matches('.');
            turns.push((number, rest.to_string(), at));
        } else if let Some(last) = turns.last_mut() {
            if !last.1.is_empty() {
                last.1.push(' ');
            }
            last.1.push_str(word);
        } else {
            turns.push((0, word.to_string(), at));
        }
    }
    (turns, result)
}

/// `atom Chinese_knight nN 2.4; modifier runner 5` (names use `_` for spaces).
fn proposals_text(p: &Proposals) -> String {
    let atoms = p.atoms.iter().map(|a| {
        format!(
            "atom {} {} {}",
            a.name.replace(' ', "_"),
            a.form.notation(),
            a.cost
        )
    });
    let modifiers = p
        .modifiers
        .iter()
        .map(|m| format!("modifier {} {}", m.modifier, m.multiplier));
    atoms.chain(modifiers).collect::<Vec<_>>().join("; ")
}

fn read_proposals(text: &str) -> Result<Proposals, ReplayError> {
    let mut p = Proposals::default();
    for entry in text.split(';').map(str::trim).filter(|e| !e.is_empty()) {
        let bad = || ReplayError::BadProposal(entry.to_string());
        let words: Vec<&str> = entry.split_whitespace().collect();
        let number = |w: &str| Decimal::from_str(w).map_err(|_| bad());
        match words[..] {
            ["atom", name, notation, cost] => {
                let design = crate::design::Design::parse(notation).map_err(|_| bad())?;
                let form = Proposals::atom_form(&design).map_err(|_| bad())?;
                let cost = number(cost)?;
                p.agree_atom(&name.replace('_', " "), form, [cost, cost])
                    .map_err(|_| bad())?;
            }
            ["modifier", name, value] => {
                let modifier = Modifier::from_str(name).map_err(|_| bad())?;
                let value = number(value)?;
                p.agree_modifier(name, modifier, [value, value])
                    .map_err(|_| bad())?;
            }
            _ => return Err(bad()),
        }
    }
    Ok(p)
}
