//! What the computer searches: the position itself, or in a fog game the board as its side
//! knows it (RULES.md section 8), so the search can't use what the moderator hides.

use crate::color::Color;
use crate::game::Game;
use crate::position::{Piece, Position};
use crate::square::Square;

/// The position the computer's search starts from.
pub(super) fn position(game: &Game) -> Position {
    if !game.rules().options.fog {
        return game.position().clone();
    }
    let mut known = game.known_board();
    let us = known.to_move();
    if known.royals(!us).is_empty() {
        // The enemy's royal is hidden. Without one the search would think the game won, so
        // it assumes one where the enemy started, or the nearest empty square it can't see.
        if let Some((sq, kind)) = guess(game, &known, !us) {
            known.put(sq, Piece { color: !us, kind });
        }
    }
    known
}

/// Where a hidden royal of `them` is assumed, and its kind: the mover's own royal design.
fn guess(game: &Game, known: &Position, them: Color) -> Option<(Square, crate::kinds::KindId)> {
    let us = !them;
    let kind = known.royals(us).first().and_then(|r| known.piece(r))?.kind;
    let home: Square = match them {
        Color::White => "e1",
        Color::Black => "e8",
    }
    .parse()
    .ok()?;
    let seen = game.view(us).seen;
    let free = |sq: &Square| {
        known.piece(*sq).is_none() && !seen.contains(*sq) && !known.terrain().contains(*sq)
    };
    let distance = |sq: &Square| {
        sq.file()
            .abs_diff(home.file())
            .max(sq.rank().abs_diff(home.rank()))
    };
    Square::all()
        .filter(free)
        .min_by_key(distance)
        .map(|sq| (sq, kind))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::{Options, Rules, Ruleset};

    fn fog_game(text: &str) -> Game {
        let rules = Rules::new(
            Ruleset::Classic,
            Options {
                fog: true,
                ..Options::default()
            },
        );
        Game::from_position(Position::parse(text, rules).expect("parses"))
    }

    #[test]
    fn the_search_sees_only_what_its_side_sees() {
        // Black's queen on a8 is far from anything White sees.
        let game = fog_game("q3k3/8/8/8/8/8/8/4K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 9");
        let pos = position(&game);
        let a8: Square = "a8".parse().unwrap();
        let e8: Square = "e8".parse().unwrap();
        assert!(pos.piece(a8).is_none(), "{pos}");
        // The hidden king is assumed where Black started.
        assert!(pos.royals(Color::Black).contains(e8), "{pos}");
    }

    #[test]
    fn a_hidden_royal_is_assumed_near_home() {
        let game = fog_game("8/8/8/8/8/8/8/k3K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 9");
        let pos = position(&game);
        let a1: Square = "a1".parse().unwrap();
        assert!(pos.piece(a1).is_none(), "a1 is not seen from e1: {pos}");
        assert_eq!(pos.royals(Color::Black).count(), 1, "{pos}");
    }
}
