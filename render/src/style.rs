//! Sizes and colours, and where things go on the board picture.

use crate::orientation;
use engine::{Color, Square};

/// How big a picture is. Everything scales with the side of one square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Style {
    /// Pixels per board square: 90 makes a 720 px board.
    pub square: u32,
}

impl Style {
    /// The smallest square drawn, whatever `square` says.
    pub const MIN_SQUARE: u32 = 24;
    /// The largest square drawn, whatever `square` says.
    pub const MAX_SQUARE: u32 = 256;

    /// A style whose 8x8 board is about `board_px` pixels wide (kept within sane bounds).
    pub fn board_px(board_px: u32) -> Style {
        Style {
            square: (board_px / 8).clamp(Style::MIN_SQUARE, Style::MAX_SQUARE),
        }
    }

    /// The square size actually used.
    pub(crate) fn s(&self) -> u32 {
        self.square.clamp(Style::MIN_SQUARE, Style::MAX_SQUARE)
    }

    /// One design unit: sizes below are written for 90 px squares.
    pub(crate) fn u(&self) -> f32 {
        self.s() as f32 / 90.0
    }

    /// The margin round the board that holds the file and rank labels.
    pub(crate) fn margin(&self) -> u32 {
        (self.s() * 3).div_ceil(10)
    }

    pub(crate) fn panel_width(&self) -> u32 {
        self.s() * 9 / 2
    }

    /// Width and height of the board picture, panels included.
    pub fn board_image_size(&self) -> (u32, u32) {
        let (board, _) = self.board_alone_size();
        (board + self.panel_width(), board)
    }

    /// Width and height of the board alone ([`crate::board_alone`]): the squares and the
    /// labels round them.
    pub fn board_alone_size(&self) -> (u32, u32) {
        let side = 8 * self.s() + 2 * self.margin();
        (side, side)
    }

    /// Where a square is drawn on the board picture seen from `orientation`'s side.
    pub fn square_rect(&self, square: Square, orientation: Color) -> Rect {
        let (col, row) = orientation::place(square, orientation);
        let s = self.s();
        Rect {
            x: self.margin() + col as u32 * s,
            y: self.margin() + row as u32 * s,
            w: s,
            h: s,
        }
    }

    /// The panels' area, right of the board.
    pub fn panel_rect(&self) -> Rect {
        let (w, h) = self.board_image_size();
        let x = w - self.panel_width();
        Rect {
            x,
            y: 0,
            w: w - x,
            h,
        }
    }
}

impl Default for Style {
    /// A 720 px board.
    fn default() -> Style {
        Style { square: 90 }
    }
}

/// A pixel rectangle of a picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    /// Left edge.
    pub x: u32,
    /// Top edge.
    pub y: u32,
    /// Width.
    pub w: u32,
    /// Height.
    pub h: u32,
}

impl Rect {
    /// The middle pixel.
    pub fn centre(&self) -> (u32, u32) {
        (self.x + self.w / 2, self.y + self.h / 2)
    }
}

/// An opaque colour.
pub(crate) type Rgb = [u8; 3];

/// How `over` shows laid on `base` at `alpha` (0 to 1).
pub(crate) fn mix(base: Rgb, over: Rgb, alpha: f32) -> Rgb {
    [0, 1, 2].map(|c| (base[c] as f32 + (over[c] as f32 - base[c] as f32) * alpha).round() as u8)
}

/// The palette: lichess's brown board, so players feel at home.
pub(crate) mod palette {
    use super::Rgb;

    pub const LIGHT: Rgb = [240, 217, 181];
    pub const DARK: Rgb = [181, 136, 99];
    pub const FRAME: Rgb = [49, 46, 43];
    pub const LABEL: Rgb = [215, 205, 190];
    pub const LAST_MOVE: Rgb = [155, 199, 0];
    pub const LAST_MOVE_ALPHA: f32 = 0.41;
    pub const CHECK: Rgb = [230, 20, 20];

    pub const PANEL: Rgb = [226, 220, 210];
    pub const CARD: Rgb = [247, 244, 238];
    pub const CARD_ACTIVE: Rgb = [234, 244, 220];
    pub const CELL: Rgb = [236, 231, 222];
    pub const ACTIVE: Rgb = [98, 153, 36];
    pub const TEXT: Rgb = [34, 32, 29];
    pub const MUTED: Rgb = [118, 110, 100];
    pub const GOLD: Rgb = [232, 182, 50];
    /// The coin's rim and its stamped z.
    pub const COIN_RIM: Rgb = [150, 105, 20];
    pub const COIN_MARK: Rgb = [110, 75, 10];
    pub const PRICE: Rgb = [150, 100, 10];
    pub const NEGATIVE: Rgb = [200, 40, 30];
    pub const RESULT: Rgb = [250, 214, 90];
    /// The running clock's box: the board's frame colour, light digits.
    pub const CLOCK_RUNNING: Rgb = FRAME;

    /// Piece bodies and outlines.
    pub const WHITE_BODY: Rgb = [250, 250, 247];
    pub const WHITE_LINE: Rgb = [28, 28, 28];
    pub const BLACK_BODY: Rgb = [42, 42, 42];
    pub const BLACK_LINE: Rgb = [8, 8, 8];
    pub const BLACK_DETAIL: Rgb = [225, 225, 220];
    /// The light ring inside a black token, and the outline of a royal token's crown.
    pub const TOKEN_RING: Rgb = [120, 120, 115];
    pub const CROWN_LINE: Rgb = [90, 60, 10];

    /// Move marks: moves or captures, moves only, captures only.
    pub const MARK_BOTH: Rgb = [30, 120, 60];
    pub const MARK_MOVE: Rgb = [30, 100, 215];
    pub const MARK_CAPTURE: Rgb = [215, 35, 35];
    /// The same marks on a black token, lighter so they show on its dark face.
    pub const MARK_BOTH_ON_BLACK: Rgb = [120, 225, 140];
    pub const MARK_MOVE_ON_BLACK: Rgb = [120, 185, 255];
    pub const MARK_CAPTURE_ON_BLACK: Rgb = [255, 110, 100];
    pub const LAME: Rgb = [120, 120, 120];

    /// Prefix badges: a chip in the prefix's colour with a light sign on it.
    pub const SHOOTING: Rgb = [222, 60, 40];
    pub const RELAY: Rgb = [20, 125, 135];
    pub const DOUBLEMOVE: Rgb = [120, 65, 175];
    pub const BADGE_SIGN: Rgb = WHITE_BODY;
    pub const BADGE_RIM: Rgb = WHITE_LINE;

    /// Impassable squares of a fog game: dark rock, hatched.
    pub const ROCK: Rgb = [72, 64, 57];
    pub const ROCK_LINE: Rgb = [118, 106, 94];
    /// Squares the viewer can't see: grey, a hint of the square's own shade left.
    pub const FOG: Rgb = [138, 141, 148];
    const FOG_ALPHA: f32 = 0.8;
    /// Remembered rock under fog: the fog's grey with the rock's hatching in a darker grey.
    pub const FOG_ROCK_LINE: Rgb = [88, 90, 96];

    /// A square's colour under fog. The board paints it and the replay's palette keeps it
    /// as a key colour; both ask here, so a frame's fog maps exactly.
    pub fn fogged(square: Rgb) -> Rgb {
        super::mix(square, FOG, FOG_ALPHA)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn white_sees_a1_bottom_left_and_black_sees_it_top_right() {
        let s = Style::default();
        let a1: Square = "a1".parse().unwrap();
        let w = s.square_rect(a1, Color::White);
        let b = s.square_rect(a1, Color::Black);
        assert_eq!((w.x, w.y), (s.margin(), s.margin() + 7 * 90));
        assert_eq!((b.x, b.y), (s.margin() + 7 * 90, s.margin()));
    }

    #[test]
    fn silly_sizes_are_clamped() {
        assert_eq!(Style::board_px(0).s(), Style::MIN_SQUARE);
        assert_eq!(Style { square: 100_000 }.s(), Style::MAX_SQUARE);
    }
}
