//! `csipgs render` and `csipgs diagram`: the pictures of the render crate as PNG files.

use super::Exit;
use super::{fide_position, position_arg, GameArgs, RulesArgs};
use crate::family::GameRules;
use engine::{price, Color, Design, PriceTable, Proposals};
use render::{BoardView, FideBoardView, Style};
use std::path::Path;
use std::process::ExitCode;

/// `csipgs render POSITION -o board.png [--black] [--rules R] [--options O]`: the whole board
/// (a fog position's terrain too) with both players' panels, from White's side, or Black's
/// with `--black`; with `--game fide [--variants V]` the position is a FEN.
pub fn render(
    position_text: &str,
    (rules, game): (&RulesArgs, &GameArgs),
    out: &Path,
    black: bool,
) -> ExitCode {
    let side = if black { Color::Black } else { Color::White };
    let names = ["White", "Black"];
    let png = match game.rules(&rules.given(), || rules.rules()) {
        Ok(GameRules::Csipgs(_)) => position_arg(position_text, rules).map(|position| {
            let view = BoardView::from_position(&position, names).seen_by(side);
            render::board(&view, &Style::default())
        }),
        Ok(GameRules::Fide(variants)) => fide_position(position_text, variants).map(|position| {
            let view = FideBoardView::from_position(&position, names).seen_by(side);
            render::fide_board(&view, &Style::default())
        }),
        Err(code) => Err(code),
    };
    match png {
        Ok(png) => write(out, &png),
        Err(code) => code,
    }
}

/// `csipgs diagram DESIGN -o piece.png`: how a design moves, with its classic price and
/// breakdown (or why it has none). A bare `P` is the pawn and a bare `K` is `WF`, as in
/// `csipgs price` (RULES.md section 6).
pub fn diagram(design: &str, out: &Path) -> ExitCode {
    let design = match Design::parse_lookup(design) {
        Ok(d) => d,
        Err(e) => {
            complain!("{e}");
            return Exit::BadInput.into();
        }
    };
    let priced = price(&design, PriceTable::Classic, &Proposals::default());
    write(out, &render::design(&design, &priced, &Style::default()))
}

/// Write a picture's bytes to a file; a failure is printed with what to check.
pub(super) fn write(out: &Path, png: &[u8]) -> ExitCode {
    match std::fs::write(out, png) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            complain!(
                "can't write {}: {e}; check the folder exists and is writable",
                out.display()
            );
            Exit::Io.into()
        }
    }
}
