//! Pictures as PNG bytes: the one place images are drawn (by the render crate).

use crate::core::Picture;
use render::Style;

pub fn png(picture: &Picture) -> Vec<u8> {
    let style = Style::default();
    match picture {
        Picture::Board(view) => render::board(view, &style),
        Picture::Design { design, price } => render::design(design, &Ok((**price).clone()), &style),
    }
}

/// The attachment's file name.
pub fn file_name(picture: &Picture) -> String {
    match picture {
        Picture::Board(view) => format!("board-{}.png", view.ply),
        Picture::Design { .. } => "design.png".to_string(),
    }
}
