//! The board as text, for the terminal: a function of the view alone, like the pictures, so
//! it shows exactly what the picture of the same view shows. Its lines under the grid are
//! `words`' (a picture's alt text), so both say the same the same way.

use crate::clock::clock_text;
use crate::fide_view::FideBoardView;
use crate::orientation;
use crate::view::{ClockView, CsipgsBoardView};
use crate::words::{captured_line, fide_status_line, moves_line, panel_line, status_line, Panel};
use engine::{Color, Design, Fide, Square};

/// A csipgs board: FIDE pieces by letter (White upper case), other designs numbered, `(1)`
/// for White and `[1]` for Black, `#` impassable and `~` out of sight, with a legend; then
/// both panels and whose turn it is or the result.
pub(crate) fn csipgs(view: &CsipgsBoardView) -> String {
    // Designs without a letter, numbered in the order the grid meets them. They are numbered
    // first, so every cell can be as wide as the widest number needs.
    let mut others: Vec<&Design> = Vec::new();
    for square in orientation::rows(view.orientation).into_iter().flatten() {
        if let Some((_, design)) = view.piece_at(square) {
            if design.fide().is_none() && !others.contains(&design) {
                others.push(design);
            }
        }
    }
    // Past nine, a number takes a space of its own either side, so neighbours never touch.
    let width = match others.len().to_string().len() {
        1 => CELL,
        digits => digits + 3,
    };
    let mut rows = grid(view.orientation, width, |square| {
        match view.piece_at(square) {
            None if view.terrain.contains(&square) => "#".to_string(),
            None if view.hidden.contains(&square) => "~".to_string(),
            None if view.check.contains(&square) => "+".to_string(),
            None => ".".to_string(),
            Some((color, design)) => match design.fide() {
                Some(f) => fide_letter(color, f).to_string(),
                None => {
                    let n = others
                        .iter()
                        .position(|d| *d == design)
                        .map_or(0, |i| i + 1);
                    match color {
                        Color::White => format!("({n})"),
                        Color::Black => format!("[{n}]"),
                    }
                }
            },
        }
    });
    if !view.terrain.is_empty() || !view.hidden.is_empty() {
        rows.push("   # = impassable, ~ = out of sight".to_string());
    }
    let legend: Vec<String> = others
        .iter()
        .enumerate()
        .map(|(i, d)| format!("{} = {d}", i + 1))
        .collect();
    rows.extend(wrapped("   ", &legend));
    rows.extend(Color::ALL.map(|color| panel_line(view, color, Panel::Full)));
    let options = view.options.enabled_names();
    if !options.is_empty() {
        rows.push(format!("Options: {}", options.join(", ")));
    }
    rows.extend(clocks_line(&view.clocks));
    rows.push(status_line(view));
    rows.join("\n")
}

/// A FIDE-family board: pieces by letter (White upper case), then what each side has
/// captured, the last moves, the variants, and whose move it is or the result.
pub(crate) fn fide(view: &FideBoardView) -> String {
    let mut rows = grid(view.orientation, CELL, |square| {
        match view.piece_at(square) {
            Some((color, design)) => design
                .fide()
                .map_or('?', |f| fide_letter(color, f))
                .to_string(),
            None => ".".to_string(),
        }
    });
    rows.extend(Color::ALL.map(|color| captured_line(view, color)));
    rows.extend(moves_line(view, MOVE_LINES));
    if !view.variants.is_empty() {
        rows.push(format!("Variants: {}", view.variants.join(", ")));
    }
    rows.extend(clocks_line(&view.clocks));
    rows.push(fide_status_line(view));
    rows.join("\n")
}

/// Both clocks, as the picture shows them: "Clocks: White 14:32 (running), Black 15:00".
fn clocks_line(clocks: &Option<[ClockView; 2]>) -> Option<String> {
    let clocks = clocks.as_ref()?;
    let each = Color::ALL.map(|color| {
        let clock = &clocks[color.index()];
        let running = if clock.running { " (running)" } else { "" };
        format!("{color} {}{running}", clock_text(clock.remaining))
    });
    Some(format!("Clocks: {}", each.join(", ")))
}

/// The narrowest cell: a letter with a space either side, or a number up to 9 in brackets.
const CELL: usize = 3;

/// How many lines of the score sheet (a move of each side) the FIDE board lists: enough to
/// follow the game, short enough for one line of text.
const MOVE_LINES: usize = 5;

/// How long a legend line may grow before the next entry starts a new line: a terminal's
/// customary 80 columns.
const LINE: usize = 80;

/// The 8x8 grid seen from `orientation`'s side, files and ranks labelled on every edge,
/// each square's mark from `cell` centred in `width` characters, so the columns stay in line
/// however wide the widest mark is.
fn grid(orientation: Color, width: usize, mut cell: impl FnMut(Square) -> String) -> Vec<String> {
    let centred = |mark: &str| {
        let room = width.saturating_sub(mark.chars().count());
        let left = room.div_ceil(2);
        format!("{}{mark}{}", " ".repeat(left), " ".repeat(room - left))
    };
    let squares = orientation::rows(orientation);
    let header: String = squares[0]
        .iter()
        .map(|sq| centred(&((b'a' + sq.file()) as char).to_string()))
        .collect();
    let mut rows = vec![format!("   {header}")];
    for row in &squares {
        let rank = row[0].rank() + 1;
        let mut line = format!(" {rank} ");
        for &square in row {
            line.push_str(&centred(&cell(square)));
        }
        line.push_str(&format!(" {rank}"));
        rows.push(line);
    }
    rows.push(format!("   {header}"));
    rows
}

/// `entries` joined by commas into lines of at most [`LINE`] characters (a longer entry has
/// a line of its own), each line after `indent`, each but the last ending in a comma.
fn wrapped(indent: &str, entries: &[String]) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for entry in entries {
        // Counting the comma that ends every line but the last.
        let joined = indent.len() + line.len() + 2 + entry.len() + 1;
        if !line.is_empty() && joined > LINE {
            lines.push(format!("{indent}{line},"));
            line.clear();
        }
        if !line.is_empty() {
            line.push_str(", ");
        }
        line.push_str(entry);
    }
    if !line.is_empty() {
        lines.push(format!("{indent}{line}"));
    }
    lines
}

/// A FIDE piece's letter, upper case for White.
fn fide_letter(color: Color, fide: Fide) -> char {
    match color {
        Color::White => fide.letter(),
        Color::Black => fide.letter().to_ascii_lowercase(),
    }
}
