//! Unit tests of the FIDE family that need the whole module.

use super::*;

#[test]
fn start_perft_shallow() {
    let pos = Position::start(Variants::NONE);
    assert_eq!(perft(&pos, 1), 20);
    assert_eq!(perft(&pos, 2), 400);
    assert_eq!(perft(&pos, 3), 8_902);
}
