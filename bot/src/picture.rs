//! Pictures as image bytes: the one place images are drawn (by the render crate).

use crate::core::Picture;
use render::Style;

/// The picture as the bytes of its file: PNG, or GIF for a replay.
pub fn encode(picture: &Picture) -> Vec<u8> {
    let style = Style::default();
    match picture {
        Picture::Board(view) => render::board(view, &style),
        Picture::Design { design, price } => render::design(design, &Ok((**price).clone()), &style),
        Picture::Replay(view) => render::replay(view, &style),
        Picture::FideBoard(view) => render::fide_board(view, &style),
        Picture::FideReplay(view) => render::fide_replay(view, &style),
        Picture::Table(view) => render::table(view, &style),
        Picture::Chart(view) => render::chart(view, &style),
    }
}

/// The attachment's file name.
pub fn file_name(picture: &Picture) -> String {
    match picture {
        Picture::Board(view) => format!("board-{}.png", view.ply),
        Picture::Design { .. } => "design.png".to_string(),
        Picture::FideBoard(view) => format!("board-{}.png", view.fullmove),
        Picture::Replay(_) | Picture::FideReplay(_) => "replay.gif".to_string(),
        Picture::Table(_) => "table.png".to_string(),
        Picture::Chart(_) => "rating.png".to_string(),
    }
}
