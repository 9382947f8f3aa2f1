//! `csipgs view`: what one side of a fog game sees (RULES.md section 8).

use super::{position_arg, RulesArgs};
use engine::{Color, Game};
use render::{text_board, BoardView, CsipgsBoardView, Style};
use std::path::Path;
use std::process::ExitCode;

/// `csipgs view POSITION white|black [--rules R] [--options O] [-o view.png]`: the board as
/// `side` sees it (the terminal's text board: `~` out of sight, `#` impassable) and, with
/// `-o`, that side's picture. Without the fog option every square is seen.
pub fn run(position: &str, side: Color, rules: &RulesArgs, out: Option<&Path>) -> ExitCode {
    let position = match position_arg(position, rules) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let (text, picture) = seen_by(&Game::from_position(position), side);
    super::show(format_args!("{text}"));
    match out {
        Some(out) => super::render::write(out, &render::board(&picture, &Style::default())),
        None => ExitCode::SUCCESS,
    }
}

/// The text and the picture of `side`'s view, both drawn from that view alone.
pub(crate) fn seen_by(game: &Game, side: Color) -> (String, BoardView) {
    let view = game.view(side);
    let picture = BoardView::from(CsipgsBoardView::from_view(&view, ["White", "Black"]));
    let text = format!(
        "{side} sees {} of 64 squares\n{}\n",
        view.seen.count(),
        text_board(&picture)
    );
    (text, picture)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Options, Position, Rules, Ruleset};

    #[test]
    fn a_fog_view_hides_what_its_side_cannot_see() {
        let fog: Options = "fog".parse().unwrap();
        let pos = Position::parse(
            "4k3/8/8/3p4/8/8/8/R3K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 5 c3,b6,h3,a6,g3,f6",
            Rules::new(Ruleset::Classic, fog),
        )
        .unwrap();
        let (white, _) = seen_by(&Game::from_position(pos), Color::White);
        assert!(white.starts_with("White sees 14 of 64 squares"), "{white}");
        // The rook sees up the a-file to the impassable a6; the black pawn and king are hidden.
        assert!(white.contains(" 6  #  ~  ~ "), "{white}");
        assert!(white.contains(" 1  R  .  .  .  K  .  ~  ~ "), "{white}");
        assert!(!white.contains(" p ") && !white.contains(" k "), "{white}");
    }
}
