//! Where a game stands, in the words `/game` gives: the side to move, with what each family
//! says beside the mover's name, and in csipgs each side's economy and the proposals agreed.

use super::GameState;
use engine::{zorkmids, Color, Position};

/// A game's standing, for the core to put the mover's and the proposals' names into.
#[derive(Debug, Default)]
pub struct Standing {
    /// Before the mover's name: "Turn 12: White to move (".
    pub before: String,
    /// After it, to the end of the line: "), who gets 1 zorkmid this turn.", "), in check.".
    pub after: String,
    /// Each side's economy, a line each, where the family has one.
    pub economies: Vec<String>,
    /// Each proposal agreed in this game: its kind's words, its name as a member typed it,
    /// and what it is.
    pub agreed: Vec<(&'static str, String, String)>,
}

impl GameState {
    /// Where the game stands now.
    pub fn standing(&self) -> Standing {
        let to_move = self.to_move();
        match self {
            GameState::Csipgs(game) => {
                let position = game.position();
                let rules = game.rules();
                let income = rules.ruleset.income(position.ply());
                let atoms = rules.proposals.atoms.iter().map(|a| {
                    let what = format!(" ({}) costs {}.", a.form.notation(), a.cost);
                    ("Proposed atom ", a.name.clone(), what)
                });
                let modifiers = rules.proposals.modifiers.iter().map(|m| {
                    let what = format!(" ({}) multiplies by {}.", m.modifier, m.multiplier);
                    ("Proposed modifier ", m.name.clone(), what)
                });
                Standing {
                    before: format!("Turn {}: {to_move} to move (", position.ply()),
                    after: format!("), who gets {} this turn.", zorkmids(income)),
                    economies: Color::ALL.map(|c| economy(position, c)).to_vec(),
                    agreed: atoms.chain(modifiers).collect(),
                }
            }
            GameState::Fide(game) => {
                let check = if game.position().in_check() {
                    ", in check"
                } else {
                    ""
                };
                Standing {
                    before: format!("Move {}: {to_move} to move (", game.position().fullmoves()),
                    after: format!("){check}."),
                    ..Standing::default()
                }
            }
        }
    }
}

/// "White: 3 zorkmids; reserve (WD), N x2; designs P 2, N 3, ...".
fn economy(position: &Position, color: Color) -> String {
    let reserve: Vec<String> = position
        .reserve(color)
        .iter()
        .map(|(d, n)| match n {
            1 => Position::piece_label(d),
            _ => format!("{} x{n}", Position::piece_label(d)),
        })
        .collect();
    let designs: Vec<String> = position
        .slots(color)
        .iter()
        .map(|d| match position.cost(d) {
            Some(cost) => format!("{} {cost}", d.piece_name()),
            None => d.piece_name(),
        })
        .collect();
    format!(
        "{color}: {}; reserve {}; designs {}.",
        zorkmids(position.treasury(color)),
        if reserve.is_empty() {
            "empty".to_string()
        } else {
            reserve.join(", ")
        },
        designs.join(", ")
    )
}
