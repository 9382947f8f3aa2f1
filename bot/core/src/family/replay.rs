//! Reading a record file back to its end, as `csipgs replay` does: csipgs's own record
//! format, or PGN for the FIDE family.

use super::GameRules;
use engine::fide::{FideGame, Pgn, PgnError, Variants};
use engine::{Color, Game, PlayedTurn, ReplayError};
use render::{CsipgsReplayView, FideReplayView, ReplayView};

/// A record read to its end.
pub struct Replayed {
    /// A line per turn: a csipgs turn with both treasuries after it, or a FIDE move number
    /// with its two moves.
    pub lines: Vec<String>,
    /// What the record got wrong but could be read past, each with its turn.
    pub warnings: Vec<String>,
    /// The final position: csipgs's position text, or FEN.
    pub position: String,
    /// The result, or `*` for a game still going.
    pub result: String,
    /// Every position, for the replay picture.
    pub view: ReplayView,
}

/// Why a record was not read to its end.
pub enum Unreplayed {
    /// A turn the rules refuse: the lines of the turns before it, and the refusal.
    Illegal { lines: Vec<String>, why: String },
    /// Not a readable record, or one that the variants given contradict.
    Unreadable(String),
}

impl GameRules {
    /// Read a record of this family. A csipgs record names its own ruleset and adds its
    /// options to these rules' options; a PGN is read under its Variant tag, or under these
    /// rules' variants when it has none, and when `variants_given` the two must agree.
    pub fn replay(&self, text: &str, variants_given: bool) -> Result<Replayed, Unreplayed> {
        match self {
            GameRules::Csipgs(rules) => csipgs(text, rules.options),
            GameRules::Fide(variants) => fide(text, variants_given.then_some(*variants)),
        }
    }
}

fn csipgs(text: &str, options: engine::Options) -> Result<Replayed, Unreplayed> {
    let replay = Game::replay_with(text, options).map_err(|e| match &e {
        ReplayError::Illegal { before, .. } => Unreplayed::Illegal {
            lines: turn_lines(before.turns()),
            why: e.to_string(),
        },
        e => Unreplayed::Unreadable(e.to_string()),
    })?;
    let game = &replay.game;
    let names = [replay.players.white.as_str(), replay.players.black.as_str()];
    Ok(Replayed {
        lines: turn_lines(game.turns()),
        warnings: (replay.warnings.iter())
            .map(|(turn, warning)| format!("warning at turn {turn}: {warning}"))
            .collect(),
        position: game.position().to_string(),
        result: game.result().map_or("*".to_string(), |o| o.to_string()),
        view: CsipgsReplayView::from_game(game, names).into(),
    })
}

fn turn_lines(turns: &[PlayedTurn]) -> Vec<String> {
    turns
        .iter()
        .map(|t| {
            format!(
                "{:>4}. {:<28} White {:<6} Black {}",
                t.ply,
                t.notation,
                t.treasuries[Color::White.index()].to_string(),
                t.treasuries[Color::Black.index()]
            )
        })
        .collect()
}

/// A PGN, read under its Variant tag, or under `variants` when it has none (a tag that
/// `variants` contradicts is refused).
fn fide(text: &str, variants: Option<Variants>) -> Result<Replayed, Unreplayed> {
    let tagged = text
        .lines()
        .any(|line| line.trim_start().starts_with("[Variant "));
    let with_tag;
    let text = match variants {
        // After the record, so that its lines keep their numbers in errors (a tag line is
        // read wherever it stands).
        Some(v) if !tagged => {
            with_tag = format!("{text}\n[Variant \"{v}\"]\n");
            &with_tag
        }
        _ => text,
    };
    let pgn = Pgn::read(text).map_err(|e| match e {
        illegal @ PgnError::Move { .. } => Unreplayed::Illegal {
            lines: Vec::new(),
            why: format!("illegal at {illegal}"),
        },
        e => Unreplayed::Unreadable(e.to_string()),
    })?;
    if let Some(v) = variants.filter(|&v| pgn.game.variants() != v) {
        return Err(Unreplayed::Unreadable(format!(
            "the record's Variant tag says {}, but --variants says {v}: leave --variants out, \
             or make them agree",
            pgn.game.variants()
        )));
    }
    let name = |tag: &str, otherwise| {
        pgn.tags
            .iter()
            .find(|(n, v)| n == tag && !v.is_empty() && v != "?")
            .map_or(otherwise, |(_, v)| v.as_str())
    };
    let names = [name("White", "White"), name("Black", "Black")];
    Ok(Replayed {
        lines: move_lines(&pgn.game),
        warnings: Vec::new(),
        position: pgn.game.position().fen(),
        result: pgn.game.result().map_or("*".to_string(), |o| o.to_string()),
        view: FideReplayView::from_game(&pgn.game, names).into(),
    })
}

/// The moves in SAN, one move number a line: `   1. e4          e5`; a game Black starts
/// has `...` in White's place.
fn move_lines(game: &FideGame) -> Vec<String> {
    let start = game.start();
    let mut lines = Vec::new();
    let mut number = start.fullmoves();
    let mut line = match start.turn() {
        Color::White => String::new(),
        Color::Black => format!("{number:>4}. {:<12}", "..."),
    };
    let mut color = start.turn();
    for san in game.sans() {
        match color {
            Color::White => line = format!("{number:>4}. {san:<12}"),
            Color::Black => {
                lines.push(format!("{line}{san}"));
                line.clear();
                number += 1;
            }
        }
        color = !color;
    }
    if !line.is_empty() {
        lines.push(line.trim_end().to_string());
    }
    lines
}
