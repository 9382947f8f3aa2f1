//! Where a design can go from one square of an empty board: the squares its movement diagram
//! shows and the move-set tests check.

use crate::color::Color;
use crate::design::{Design, Mode};
use crate::square::Square;

/// A square a design reaches, and what may happen there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Target {
    /// The square reached.
    pub square: Square,
    /// Move there, capture there, or both (also when one part only moves there and another
    /// only captures there).
    pub mode: Mode,
    /// Every way there is a lame leap, so a piece in the way could block it.
    pub lame: bool,
}

/// The squares a design reaches from `from` on an otherwise empty 8x8 board, for a side
/// (Black's directions turned round), sorted by square. Rides go on to the board's edge.
pub fn targets_on_empty_board(design: &Design, from: Square, color: Color) -> Vec<Target> {
    let mut found: [Option<(Mode, bool)>; 64] = [None; 64];
    for step in design.steps(color) {
        let mut at = from;
        while let Some(to) = at.offset(step.dx, step.dy) {
            let cell = &mut found[to.index()];
            *cell = Some(match *cell {
                None => (step.mode, step.lame),
                Some((mode, lame)) => (either(mode, step.mode), lame && step.lame),
            });
            if !step.rider {
                break;
            }
            at = to;
        }
    }
    Square::all()
        .filter_map(|square| {
            found[square.index()].map(|(mode, lame)| Target { square, mode, lame })
        })
        .collect()
}

/// What may happen on a square two parts reach.
fn either(a: Mode, b: Mode) -> Mode {
    if a == b {
        a
    } else {
        Mode::Both
    }
}
