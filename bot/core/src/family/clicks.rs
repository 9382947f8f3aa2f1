//! Every legal turn as a pointer makes it on a board: the squares clicked, in order, and the
//! piece or designs it needs besides, with the turn as its family writes it, which is what
//! the page sends (the same text `/move` takes). The page marks a piece's targets from these,
//! so it never offers a turn the rules refuse.

use super::GameState;
use engine::fide;
use engine::{Action, Square};

/// What kind of turn a click makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ClickKind {
    /// From a square to a square (through another, for a two-step move).
    Move,
    /// A reserve piece onto a square.
    Drop,
    /// Pieces of designs into the reserve.
    Buy,
}

/// A legal turn, as clicks.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Click {
    pub kind: ClickKind,
    pub from: Option<String>,
    /// A two-step move's first target.
    pub via: Option<String>,
    pub to: Option<String>,
    /// A drop's design, a buy's designs (space between), a promotion's piece letter.
    pub piece: Option<String>,
    /// The turn as its family writes it.
    pub text: String,
}

fn square(s: Square) -> Option<String> {
    Some(s.to_string())
}

impl GameState {
    /// Every legal turn of the side to move, as clicks (none once the game is over). In a
    /// fog game, every turn the mover may be offered without learning what they don't see
    /// (worked out and written on the board as they know it); the moderator refuses those
    /// the hidden board doesn't allow.
    pub fn clicks(&self) -> Vec<Click> {
        match self {
            GameState::Csipgs(game) => game
                .offered_turns()
                .iter()
                .map(|(action, text)| csipgs_click(action, text.clone()))
                .collect(),
            GameState::Fide(game) if game.is_over() => Vec::new(),
            GameState::Fide(game) => {
                let pos = game.position();
                pos.legal_moves()
                    .iter()
                    .map(|m| Click {
                        kind: ClickKind::Move,
                        from: square(m.from),
                        via: m.via.and_then(square),
                        to: square(m.to),
                        piece: m.promotion.map(|role| role.letter().to_string()),
                        text: fide::san::write(pos, m),
                    })
                    .collect()
            }
        }
    }
}

fn csipgs_click(action: &Action, text: String) -> Click {
    let (kind, from, via, to, piece) = match action {
        Action::Move { from, to } => (ClickKind::Move, square(*from), None, square(*to), None),
        Action::DoubleMove { from, via, to } => (
            ClickKind::Move,
            square(*from),
            square(*via),
            square(*to),
            None,
        ),
        Action::Transfer { design, to } => (
            ClickKind::Drop,
            None,
            None,
            square(*to),
            Some(design.to_string()),
        ),
        Action::Buy(designs) => {
            let names: Vec<String> = designs.iter().map(ToString::to_string).collect();
            (ClickKind::Buy, None, None, None, Some(names.join(" ")))
        }
    };
    Click {
        kind,
        from,
        via,
        to,
        piece,
        text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::GameRules;
    use engine::fide::Variants;
    use engine::{Options, Rules, Ruleset};

    fn csipgs() -> GameState {
        GameRules::Csipgs(Rules::new(Ruleset::Classic, Options::default())).new_game(|| 1)
    }

    /// A csipgs game: each king move as clicks, and once a zorkmid buys something, buys of
    /// designs; every click's text is what `/move` takes, and plays.
    #[test]
    fn a_csipgs_turn_is_its_squares_and_its_text() {
        let mut game = csipgs();
        let king = game.clicks();
        let king = king
            .iter()
            .find(|c| c.from.as_deref() == Some("e1") && c.to.as_deref() == Some("d2"))
            .expect("Kd2");
        assert_eq!(king.kind, ClickKind::Move);
        let mut bought = false;
        for _ in 0..12 {
            let clicks = game.clicks();
            for click in &clicks {
                let mut played = game.clone();
                played
                    .play_text(&click.text)
                    .unwrap_or_else(|e| panic!("{}: {e}", click.text));
            }
            bought |= clicks
                .iter()
                .any(|c| c.kind == ClickKind::Buy && c.piece.is_some());
            let king = clicks.iter().find(|c| c.kind == ClickKind::Move).unwrap();
            game.play_text(&king.text.clone()).unwrap();
        }
        assert!(
            bought,
            "a buy among the clicks once the treasury allows one"
        );
    }

    /// FIDE: twenty first moves, each its squares and its SAN; a promotion names its piece.
    #[test]
    fn a_fide_move_is_its_squares_and_its_san() {
        let game = GameRules::Fide(Variants::NONE).new_game(|| 1);
        let clicks = game.clicks();
        assert_eq!(clicks.len(), 20);
        let knight = clicks.iter().find(|c| c.text == "Nf3").unwrap();
        assert_eq!(
            (knight.from.as_deref(), knight.to.as_deref()),
            (Some("g1"), Some("f3"))
        );
    }
}
