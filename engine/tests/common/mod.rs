//! Helpers shared by the differential tests: a seedable generator and position strings
//! built from a board of designs.

use engine::{Color, Illegal, Position, PositionError, Rules};

/// SplitMix64: small, seedable, and enough for picking pieces and moves.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// A board of pieces, each a side and a design as written.
pub type Board = [Option<(Color, String)>; 64];

/// Put a piece on a random empty square; returns the square's index.
pub fn place(rng: &mut Rng, board: &mut Board, color: Color, design: &str) -> usize {
    loop {
        let sq = rng.below(64);
        if board[sq].is_none() {
            board[sq] = Some((color, design.to_string()));
            return sq;
        }
    }
}

/// One square's text in a position string.
fn piece_text(design: &str, color: Color) -> String {
    let fide = [
        ("royal-WF", 'K'),
        ("BR", 'Q'),
        ("R", 'R'),
        ("B", 'B'),
        ("N", 'N'),
        ("fcFfmW", 'P'),
    ];
    match fide.iter().find(|(d, _)| *d == design) {
        Some((_, letter)) if color == Color::White => letter.to_string(),
        Some((_, letter)) => letter.to_ascii_lowercase().to_string(),
        None if color == Color::White => format!("({design})"),
        None => format!("[{design}]"),
    }
}

/// The board field of a position string, rank 8 first.
pub fn board_text(board: &Board) -> String {
    let mut ranks = Vec::new();
    for rank in (0..8).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for file in 0..8 {
            match &board[rank * 8 + file] {
                None => empty += 1,
                Some((color, design)) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push_str(&piece_text(design, *color));
                }
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        ranks.push(text);
    }
    ranks.join("/")
}

/// A random position string as a position, or None when the only problem is that the side
/// not to move was left in check (random boards often do that; callers skip them).
pub fn parse_unless_waiting_in_check(text: &str, rules: Rules) -> Option<Position> {
    match Position::parse(text, rules) {
        Ok(pos) => Some(pos),
        Err(PositionError::Illegal(problems))
            if problems
                .iter()
                .all(|p| matches!(p, Illegal::WaitingInCheck { .. })) =>
        {
            None
        }
        Err(e) => panic!("{text}: {e}"),
    }
}
