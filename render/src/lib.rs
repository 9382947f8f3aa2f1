//! Pictures of csipgs chess and of FIDE chess with Gilman's modest variants, as PNG or GIF
//! bytes, each taking one view type whatever the game's family ([`BoardView`],
//! [`ReplayView`]):
//!
//! - [`board`]: the board with both players' panels (treasury, clock, reserve, designs),
//!   or one player's view of a fog game ([`CsipgsBoardView::from_view`]): unseen squares
//!   greyed, impassable ones hatched; a FIDE-family board with each player's captured pieces
//!   and the variants in force beside it;
//! - [`board_alone`]: the same board without panels or cards, for the web pages;
//! - [`replay`]: an animated GIF of a game, one frame per position ([`replay_within`]:
//!   thinned to a size and frame budget, for games of any length);
//! - [`design`]: the movement diagram of one design, with its price;
//! - [`table`]: a table such as a leaderboard;
//! - [`chart`]: a player's rating over time;
//! - [`text_board`]: either board as text, for the terminal;
//! - [`board_words`] and the other `*_words`: each picture in words, for screen readers
//!   (a Discord attachment's description), sharing the text board's lines.
//!
//! Every picture is a pure function of a plain-data view and a [`Style`]; sprites, glyphs
//! and the replay's palette are prepared once per process and reused, so a board costs a
//! couple of milliseconds.
//!
//! # Layout
//!
//! - `board_view`: the one board view and replay view of either family ([`BoardView`],
//!   [`ReplayView`]), each a family's own view inside.
//! - `view`: what the pictures show, as serde data ([`CsipgsBoardView`],
//!   [`CsipgsReplayView`], [`TableView`], [`ChartView`]). A fog player's board is built from
//!   the engine's per-player view alone, so a hidden piece can't reach the picture.
//!   `fide_view`: the same for the FIDE family ([`FideBoardView`], [`FideReplayView`]).
//! - `style`: sizes, colours and where things go; `orientation`: which way up the board is,
//!   for pictures and text alike.
//! - `canvas`: the RGB pixel buffer (an `image::RgbImage`) pictures are composed on, and its
//!   PNG encoding through `image`'s encoder.
//! - `artwork`, `token`, `marks`, `emblems` (prefix badges and rock among them), `path`:
//!   vector drawing with tiny-skia; `sprites` keeps what they draw; `text` sets type.
//! - One module per picture: `board` and `panel` (with `clock`), `fide_board` (the same
//!   board and panel parts, other cards), `replay` (either board as frames, with its fixed
//!   palette in `indexed`), `diagram`, `table`, `chart`; `text_board` for both boards as
//!   text.
//!
//! ```
//! use render::{BoardView, ClockView, CsipgsBoardView, Style};
//! use render::engine::{Game, Ruleset};
//!
//! let mut game = Game::new(Ruleset::Classic.into());
//! game.play_text("Kd2").unwrap();
//! let mut view = CsipgsBoardView::from_game(&game, ["Alice", "Bob"]);
//! view.clocks = Some([
//!     ClockView { remaining: 300, running: false },
//!     ClockView { remaining: 295, running: true },
//! ]);
//! let png = render::board(&BoardView::Csipgs(view), &Style::default());
//! assert_eq!(&png[1..4], b"PNG");
//! assert_eq!(render::clock_text(295), "4:55");
//! ```

#![warn(missing_docs)]

mod artwork;
mod board;
mod board_view;
mod canvas;
mod chart;
mod clock;
mod diagram;
mod emblems;
mod fide_board;
mod fide_view;
mod indexed;
mod marks;
mod orientation;
mod panel;
mod path;
mod replay;
mod sprites;
mod style;
mod table;
mod text;
mod text_board;
mod token;
mod view;
mod words;

#[cfg(any(test, feature = "testing"))]
pub mod testing;

pub use board_view::{BoardView, ReplayView};
pub use clock::clock_text;
pub use engine;
pub use fide_view::{FideBoardView, FideReplayView, ListedMove};
pub use replay::{Replay, ReplayBudget};
pub use style::{Rect, Style};
pub use view::{
    Align, ChartView, ClockView, Column, CsipgsBoardView, CsipgsReplayView, PlayerView, Slot,
    TableView,
};
pub use words::{board_words, chart_words, design_words, replay_words, table_words, WORDS_MAX};

use engine::{Design, Price, PriceError};

/// The board picture (PNG). A csipgs board: the 8x8 board with its labels, highlights and
/// pieces, and both players' panels beside it. A FIDE-family board: the same board, and
/// beside it each player's name, clock and captured pieces, whose turn it is or the result,
/// the last moves and the variants in force.
pub fn board(view: &BoardView, style: &Style) -> Vec<u8> {
    draw(view, style).png()
}

/// The board alone (PNG), square, [`Style::board_alone_size`]: frame and labels, fog and
/// rock, the last move's tint, the check glow and the pieces, without panels or cards, for a
/// page that shows what the panels hold as text beside it.
pub fn board_alone(view: &BoardView, style: &Style) -> Vec<u8> {
    let canvas = match view {
        BoardView::Csipgs(view) => board::squares(view, style),
        BoardView::Fide(view) => fide_board::squares(view, style),
    };
    canvas.left(style.board_alone_size().0).png()
}

/// The board picture before it is encoded.
fn draw(view: &BoardView, style: &Style) -> canvas::Canvas {
    match view {
        BoardView::Csipgs(view) => board::draw(view, style),
        BoardView::Fide(view) => fide_board::draw(view, style),
    }
}

/// A looping animated GIF of a game: each frame a board picture shown about a second, the
/// last held three. One fixed palette serves every frame, and after the first only the
/// rectangle that changed is encoded. An empty view gives a one-frame GIF of an empty board.
pub fn replay(view: &ReplayView, style: &Style) -> Vec<u8> {
    match view {
        ReplayView::Csipgs(view) => replay::encode(view, style),
        ReplayView::Fide(view) => replay::encode_fide(view, style),
    }
}

/// [`replay`] within a budget, for a game of any length: past `budget.frames` positions, or
/// when a sample of frames says the GIF would outgrow `budget.bytes`, it shows the start,
/// every n-th turn and the last position (the GIF is checked as it is written, and made
/// again with fewer should it still grow too large); when even a few frames are too large,
/// the board is drawn smaller. It never fails: at worst it is the last position alone.
pub fn replay_within(view: &ReplayView, style: &Style, budget: ReplayBudget) -> Replay {
    match view {
        ReplayView::Csipgs(view) => replay::encode_within(view, style, budget),
        ReplayView::Fide(view) => replay::encode_fide_within(view, style, budget),
    }
}

/// The movement diagram of a design (PNG), as a White piece (forward is up), with its price
/// and breakdown, or the reason it has none.
pub fn design(design: &Design, price: &Result<Price, PriceError>, style: &Style) -> Vec<u8> {
    diagram::draw(design, price, style).png()
}

/// The size of [`design`]'s picture (width, height), found without drawing it.
pub fn design_size(
    design: &Design,
    price: &Result<Price, PriceError>,
    style: &Style,
) -> (u32, u32) {
    diagram::size(design, price, style)
}

/// A table picture (PNG), such as a leaderboard: title, headed columns sized to their text,
/// zebra rows; long cells end in an ellipsis.
pub fn table(view: &TableView, style: &Style) -> Vec<u8> {
    table::draw(view, style).png()
}

/// A rating chart (PNG, about 600x300 at the default style): the rating as a line with a dot
/// per game, round ratings up the side and dates along the bottom.
pub fn chart(view: &ChartView, style: &Style) -> Vec<u8> {
    chart::draw(view, style).png()
}

/// The board as text from the view's side, one line a rank, FIDE pieces by letter (White
/// upper case). A csipgs board: other designs numbered, `(1)` for White and `[1]` for Black,
/// with a legend; `#` impassable and `~` out of sight (a fog player's view); then both
/// players' treasury, reserve and designs, and whose turn it is or the result. A
/// FIDE-family board: then what each side has captured, the last moves, the variants, and
/// whose move it is or the result.
pub fn text_board(view: &BoardView) -> String {
    match view {
        BoardView::Csipgs(view) => text_board::csipgs(view),
        BoardView::Fide(view) => text_board::fide(view),
    }
}
