//! Pictures of csipgs chess: a board with both players' panels, and the movement diagram of
//! one design, as PNG bytes. Pure functions of their inputs; sprites and glyphs are prepared
//! once per process and reused, so a board costs a few milliseconds.

mod artwork;
mod board;
mod canvas;
mod diagram;
mod emblems;
mod marks;
mod panel;
mod path;
mod sprites;
mod style;
mod text;
mod token;
mod view;

pub use engine;
pub use style::{Rect, Style};
pub use view::{BoardView, PlayerView, Slot};

use engine::{Design, Price, PriceError};

/// The board picture: the 8x8 board with its labels, highlights and pieces, and both players'
/// panels beside it.
pub fn board(view: &BoardView, style: &Style) -> Vec<u8> {
    board::draw(view, style).png()
}

/// The movement diagram of a design, as a White piece (forward is up), with its price and
/// breakdown, or the reason it has none.
pub fn design(design: &Design, price: &Result<Price, PriceError>, style: &Style) -> Vec<u8> {
    diagram::draw(design, price, style).png()
}
