//! `csipgs view`: what one side of a fog game sees (RULES.md section 8), as text.

use super::{position_arg, RulesArgs};
use engine::{Color, Design, Game, Position, Square, View};
use render::{BoardView, Style};
use std::fmt::Write;
use std::path::Path;
use std::process::ExitCode;

/// `csipgs view POSITION white|black [--rules R] [--options O] [-o view.png]`: the board as
/// `side` sees it, `?` for unseen squares and `#` for impassable ones, then the pieces it
/// sees; with `-o`, that side's picture too. Without the fog option every square is seen.
pub fn run(position: &str, side: Color, rules: &RulesArgs, out: Option<&Path>) -> ExitCode {
    let position = match position_arg(position, rules) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let view = Game::from_position(position).view(side);
    print!("{}", text(&view));
    match out {
        Some(out) => {
            let picture = BoardView::from_view(&view, ["White", "Black"]);
            super::render::write(out, &render::board(&picture, &Style::default()))
        }
        None => ExitCode::SUCCESS,
    }
}

/// The view as a text board and lists.
fn text(view: &View) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} sees {} squares ('?' unseen, '#' impassable, '*' another design: see below)",
        view.color,
        view.seen.count()
    );
    for rank in (0..8).rev() {
        let _ = write!(out, "{} ", rank + 1);
        for file in 0..8 {
            let sq = Square::new(file, rank).expect("on the board");
            let _ = write!(out, " {}", cell(view, sq));
        }
        out.push('\n');
    }
    out.push_str("   a b c d e f g h\n");
    let pieces: Vec<String> = view
        .pieces
        .iter()
        .map(|(sq, color, design)| format!("{sq} {color} {}", Position::piece_label(design)))
        .collect();
    let _ = writeln!(out, "pieces seen: {}", or_none(&pieces));
    let terrain: Vec<String> = view.terrain.map(|sq| sq.name()).collect();
    let _ = writeln!(out, "impassable squares known: {}", or_none(&terrain));
    let _ = writeln!(
        out,
        "{} to move, ply {}; treasuries White {} Black {}",
        view.to_move,
        view.ply,
        view.treasuries[Color::White.index()],
        view.treasuries[Color::Black.index()]
    );
    out
}

fn cell(view: &View, sq: Square) -> char {
    if let Some((_, color, design)) = view.pieces.iter().find(|(s, _, _)| *s == sq) {
        return letter(*color, design);
    }
    if view.terrain.contains(sq) {
        '#'
    } else if view.seen.contains(sq) {
        '.'
    } else {
        '?'
    }
}

/// A FIDE design's letter as in position strings, `*` for any other design.
fn letter(color: Color, design: &Design) -> char {
    let c = design.fide().map_or('*', |f| f.letter());
    match color {
        Color::White => c,
        Color::Black => c.to_ascii_lowercase(),
    }
}

fn or_none(items: &[String]) -> String {
    if items.is_empty() {
        "none".to_string()
    } else {
        items.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Options, Rules, Ruleset};

    #[test]
    fn a_fog_view_hides_what_its_side_cannot_see() {
        let fog: Options = "fog".parse().unwrap();
        let pos = Position::parse(
            "4k3/8/8/8/8/8/8/R3K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 5 c3,f6",
            Rules::new(Ruleset::Classic, fog),
        )
        .unwrap();
        let white = text(&Game::from_position(pos).view(Color::White));
        // The rook sees up the a-file and along the first rank; the king its neighbours.
        assert!(white.contains("8  . ? ? ? ? ? ? ?"), "{white}");
        assert!(white.contains("1  R . . . K . . ."), "{white}");
        assert!(
            white.contains("pieces seen: a1 White R, e1 White K"),
            "{white}"
        );
        assert!(white.contains("impassable squares known: none"), "{white}");
    }
}
