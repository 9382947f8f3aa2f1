//! Which way up the board is: seen from White's side a1 is bottom left, from Black's top
//! right. The picture and the text board both ask here, as lila-gif settles it once in
//! `Orientation::x` and `y`.

use engine::{Color, Square};

/// Where `square` stands on the board seen from `orientation`'s side: its column from the
/// left and its row from the top, each 0 to 7.
pub(crate) fn place(square: Square, orientation: Color) -> (u8, u8) {
    match orientation {
        Color::White => (square.file(), 7 - square.rank()),
        Color::Black => (7 - square.file(), square.rank()),
    }
}

/// The squares in reading order seen from `orientation`'s side: rows from the top, each
/// from the left.
pub(crate) fn rows(orientation: Color) -> [[Square; 8]; 8] {
    let mut rows = [[Square::from_index(0); 8]; 8];
    for square in Square::all() {
        let (column, row) = place(square, orientation);
        rows[row as usize][column as usize] = square;
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_side_reads_its_own_back_rank_last() {
        let name = |sq: Square| sq.to_string();
        let white = rows(Color::White);
        assert_eq!(name(white[0][0]), "a8");
        assert_eq!(name(white[7][0]), "a1");
        assert_eq!(name(white[7][7]), "h1");
        let black = rows(Color::Black);
        assert_eq!(name(black[0][0]), "h1");
        assert_eq!(name(black[7][0]), "h8");
        assert_eq!(name(black[7][7]), "a8");
    }
}
