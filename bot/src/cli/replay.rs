use super::Exit;
use super::GameArgs;
use crate::core::neutral;
use crate::family::GameRules;
use engine::fide::{FideGame, Pgn, PgnError, Variants};
use engine::{Color, Game, Options, PlayedTurn, ReplayError, Rules};
use render::{CsipgsReplayView, FideReplayView, ReplayView, Style};
use std::path::Path;
use std::process::ExitCode;

/// `csipgs replay FILE`: every turn with both treasuries after it, then the final position
/// and result; the first illegal turn ends it with status 1. `options` are on besides those
/// the record names. With `--game fide` the file is a PGN, and `--variants` gives the
/// variants of a record without a Variant tag (one with a tag must agree).
pub fn run(file: &Path, gif: Option<&Path>, options: Option<Options>, game: &GameArgs) -> ExitCode {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            complain!("can't read {}: {e}", file.display());
            return Exit::Io.into();
        }
    };
    // A record carries its own rules: the ones named here only check the family's options.
    match game.rules(&[("--options", options.is_some())], Rules::default) {
        Ok(GameRules::Csipgs(_)) => csipgs(&text, gif, options.unwrap_or_default()),
        Ok(GameRules::Fide(variants)) => {
            fide(&text, gif, game.variants.is_some().then_some(variants))
        }
        Err(code) => code,
    }
}

fn csipgs(text: &str, gif: Option<&Path>, options: Options) -> ExitCode {
    match Game::replay_with(text, options) {
        Ok(replay) => {
            print_turns(replay.game.turns());
            for (turn, warning) in &replay.warnings {
                complain!("warning at turn {turn}: {warning}");
            }
            say!("{}", replay.game.position());
            match replay.game.result() {
                Some(outcome) => say!("{outcome}"),
                None => say!("*"),
            }
            match gif {
                Some(out) => {
                    let names = [replay.players.white.as_str(), replay.players.black.as_str()];
                    let view = ReplayView::from(CsipgsReplayView::from_game(&replay.game, names));
                    let bytes = render::replay(&view, &Style::default());
                    write_gif(out, &bytes, view.len())
                }
                None => ExitCode::SUCCESS,
            }
        }
        Err(illegal @ ReplayError::Illegal { .. }) => {
            if let ReplayError::Illegal { before, .. } = &illegal {
                print_turns(before.turns());
            }
            say!("{}", neutral(&illegal.to_string()));
            Exit::No.into()
        }
        // A file that is not a readable record is bad input, not an illegal game.
        Err(e) => {
            complain!("{e}");
            Exit::BadInput.into()
        }
    }
}

fn print_turns(turns: &[PlayedTurn]) {
    for t in turns {
        say!(
            "{:>4}. {:<28} White {:<6} Black {}",
            t.ply,
            t.notation,
            t.treasuries[Color::White.index()].to_string(),
            t.treasuries[Color::Black.index()]
        );
    }
}

/// A PGN's moves, a move number a line, then the final position in FEN and the result; the
/// first illegal move ends it with status 1.
fn fide(text: &str, gif: Option<&Path>, variants: Option<Variants>) -> ExitCode {
    let pgn = match read_pgn(text, variants) {
        Ok(pgn) => pgn,
        Err(code) => return code,
    };
    print_moves(&pgn.game);
    say!("{}", pgn.game.position().fen());
    match pgn.game.result() {
        Some(outcome) => say!("{outcome}"),
        None => say!("*"),
    }
    match gif {
        Some(out) => {
            let name = |tag: &str, otherwise| {
                pgn.tags
                    .iter()
                    .find(|(n, v)| n == tag && !v.is_empty() && v != "?")
                    .map_or(otherwise, |(_, v)| v.as_str())
            };
            let names = [name("White", "White"), name("Black", "Black")];
            let view = ReplayView::from(FideReplayView::from_game(&pgn.game, names));
            let bytes = render::replay(&view, &Style::default());
            write_gif(out, &bytes, view.len())
        }
        None => ExitCode::SUCCESS,
    }
}

/// The record, read under its Variant tag, or under `variants` when it has none; a tag the
/// command line contradicts or an unreadable file is refused (status 2), an illegal move
/// printed (status 1).
fn read_pgn(text: &str, variants: Option<Variants>) -> Result<Pgn, ExitCode> {
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
    let pgn = Pgn::read(text).map_err(|e| -> ExitCode {
        match e {
            illegal @ PgnError::Move { .. } => {
                say!("{}", neutral(&format!("illegal at {illegal}")));
                Exit::No.into()
            }
            // A file that is not a readable PGN is bad input, not an illegal game.
            e => {
                complain!("{e}");
                Exit::BadInput.into()
            }
        }
    })?;
    match variants {
        Some(v) if pgn.game.variants() != v => {
            complain!(
                "the record's Variant tag says {}, but --variants says {v}: leave --variants \
                 out, or make them agree",
                pgn.game.variants()
            );
            Err(Exit::BadInput.into())
        }
        _ => Ok(pgn),
    }
}

/// The moves in SAN, one move number a line: `   1. e4          e5`; a game Black starts
/// has `...` in White's place.
fn print_moves(game: &FideGame) {
    let start = game.start();
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
                say!("{line}{san}");
                line.clear();
                number += 1;
            }
        }
        color = !color;
    }
    if !line.is_empty() {
        say!("{}", line.trim_end());
    }
}

/// Write a replay GIF; a failure is printed with what to check.
fn write_gif(out: &Path, bytes: &[u8], frames: usize) -> ExitCode {
    let code = super::render::write(out, bytes);
    if code == ExitCode::SUCCESS {
        complain!("wrote {} ({frames} frames)", out.display());
    }
    code
}
