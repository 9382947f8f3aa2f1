//! The board as text, for the terminal (and screen readers): a function of the view alone,
//! like the pictures, so it shows exactly what the picture of the same view shows.

use crate::orientation;
use crate::view::BoardView;
use crate::FideBoardView;
use engine::{Color, Design, Fide, Square};

/// A csipgs board: FIDE pieces by letter (White upper case), other designs numbered, `(1)`
/// for White and `[1]` for Black, `#` impassable and `~` out of sight, with a legend; then
/// both panels and whose turn it is or the result.
pub(crate) fn csipgs(view: &BoardView) -> String {
    // Designs without a letter, numbered in the order the grid meets them.
    let mut others: Vec<&Design> = Vec::new();
    let mut rows = grid(view.orientation, |square| match view.piece_at(square) {
        None if view.terrain.contains(&square) => " # ".to_string(),
        None if view.hidden.contains(&square) => " ~ ".to_string(),
        None if view.check.contains(&square) => " + ".to_string(),
        None => " . ".to_string(),
        Some((color, design)) => match design.fide() {
            Some(f) => fide_cell(color, f),
            None => {
                let n = match others.iter().position(|d| *d == design) {
                    Some(i) => i + 1,
                    None => {
                        others.push(design);
                        others.len()
                    }
                };
                match color {
                    Color::White => format!("({n})"),
                    Color::Black => format!("[{n}]"),
                }
            }
        },
    });
    if !view.terrain.is_empty() || !view.hidden.is_empty() {
        rows.push("   # = impassable, ~ = out of sight".to_string());
    }
    if !others.is_empty() {
        let legend: Vec<String> = others
            .iter()
            .enumerate()
            .map(|(i, d)| format!("{} = {d}", i + 1))
            .collect();
        rows.push(format!("   {}", legend.join(", ")));
    }
    for color in Color::ALL {
        let p = view.player(color);
        let reserve: Vec<String> = p
            .reserve
            .iter()
            .map(|(d, n)| format!("{} x{n}", d.piece_name()))
            .collect();
        let slots: Vec<String> = p
            .slots
            .iter()
            .map(|s| match s.cost {
                Some(c) => format!("{} {c}", s.design.piece_name()),
                None => s.design.piece_name(),
            })
            .collect();
        rows.push(format!(
            "{color} ({}): {} zorkmids, reserve {}, designs {}",
            p.name,
            p.treasury,
            if reserve.is_empty() {
                "empty".to_string()
            } else {
                reserve.join(", ")
            },
            slots.join(", ")
        ));
    }
    match &view.result {
        Some(result) => rows.push(result.clone()),
        None => rows.push(format!("Turn {}: {} to move.", view.ply, view.to_move)),
    }
    rows.join("\n")
}

/// A FIDE-family board: pieces by letter (White upper case), then what each side has
/// captured, the variants, and whose move it is or the result.
pub(crate) fn fide(view: &FideBoardView) -> String {
    let mut rows = grid(view.orientation, |square| match view.piece_at(square) {
        Some((color, design)) => design
            .fide()
            .map_or_else(|| " ? ".to_string(), |f| fide_cell(color, f)),
        None => " . ".to_string(),
    });
    for color in Color::ALL {
        let captured: Vec<String> = view.captured[color.index()]
            .iter()
            .map(|(d, n)| format!("{} x{n}", d.piece_name()))
            .collect();
        rows.push(format!(
            "{color} ({}): captured {}",
            view.names[color.index()],
            if captured.is_empty() {
                "nothing".to_string()
            } else {
                captured.join(", ")
            }
        ));
    }
    if !view.variants.is_empty() {
        rows.push(format!("Variants: {}", view.variants.join(", ")));
    }
    match &view.result {
        Some(result) => rows.push(result.clone()),
        None => rows.push(format!("Move {}: {} to move.", view.fullmove, view.to_move)),
    }
    rows.join("\n")
}

/// The 8x8 grid seen from `orientation`'s side, files and ranks labelled on every edge,
/// each square's cell (three characters wide) from `cell`.
fn grid(orientation: Color, mut cell: impl FnMut(Square) -> String) -> Vec<String> {
    let squares = orientation::rows(orientation);
    let header: String = squares[0]
        .iter()
        .map(|sq| format!(" {} ", (b'a' + sq.file()) as char))
        .collect();
    let mut rows = vec![format!("   {header}")];
    for row in &squares {
        let rank = row[0].rank() + 1;
        let mut line = format!(" {rank} ");
        for &square in row {
            line.push_str(&cell(square));
        }
        line.push_str(&format!(" {rank}"));
        rows.push(line);
    }
    rows.push(format!("   {header}"));
    rows
}

/// A FIDE piece's letter, upper case for White.
fn fide_cell(color: Color, fide: Fide) -> String {
    match color {
        Color::White => format!(" {} ", fide.letter()),
        Color::Black => format!(" {} ", fide.letter().to_ascii_lowercase()),
    }
}
