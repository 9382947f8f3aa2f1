//! `csipgs render` and `csipgs diagram`: the pictures of the render crate as PNG files.

use super::Exit;
use super::{family_position, GameArgs, RulesArgs};
use engine::{price, Color, Design, PriceTable, Proposals};
use render::Style;
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
    match family_position(Some(position_text), rules, game) {
        Ok(position) => {
            let view = position.board_view(names).seen_by(side);
            write(out, &render::board(&view, &Style::default()))
        }
        Err(code) => code,
    }
}

/// `csipgs diagram DESIGN -o piece.png`: how a design moves, with its classic price and
/// breakdown (or why it has none). A bare `P` is the pawn and a bare `K` is `WF`, as in
/// `csipgs price`.
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

/// Write a picture's PNG bytes to a file named `.png`, or to standard output for `-`; a
/// failure is printed with what to check.
pub(super) fn write(out: &Path, png: &[u8]) -> ExitCode {
    use std::io::Write;
    if out == Path::new("-") {
        let mut stdout = std::io::stdout().lock();
        return match stdout.write_all(png).and_then(|()| stdout.flush()) {
            Ok(()) => ExitCode::SUCCESS,
            // A reader that stopped reading (`| head -c 8`) wanted no more.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => {
                complain!("can't write the picture to standard output: {e}");
                Exit::Io.into()
            }
        };
    }
    write_named(out, png, "png")
}

/// Write a picture's bytes to a file whose name ends in `.extension` (the format the bytes
/// are in: a name that says another would mislead whoever opens it).
pub(super) fn write_named(out: &Path, bytes: &[u8], extension: &str) -> ExitCode {
    let named = out
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case(extension));
    if !named {
        let upper = extension.to_uppercase();
        complain!(
            "{}: the picture is a {upper}, so the file's name ends in .{extension}",
            out.display()
        );
        return Exit::BadInput.into();
    }
    match std::fs::write(out, bytes) {
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
