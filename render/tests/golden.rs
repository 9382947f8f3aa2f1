//! Golden images: the five views must look as checked in, within a small per-pixel tolerance.
//! Regenerate them with `UPDATE_GOLDEN=1 cargo test -p render --test golden`.

mod common;

use std::path::PathBuf;

/// Largest difference allowed in any channel of any pixel, and how many pixels may differ
/// by more than a hair, so a changed font or antialiasing is caught but rounding is not.
const CHANNEL_TOLERANCE: u8 = 24;
const MAX_DIFFERENT_PIXELS: usize = 40;

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

#[test]
fn golden_images_match() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let style = render::Style::default();
    let mut failures = Vec::new();
    for (name, view) in common::golden_views() {
        let png_bytes = render::board(&view, &style);
        let path = golden_dir().join(format!("{name}.png"));
        if update {
            std::fs::write(&path, &png_bytes).unwrap();
            continue;
        }
        let golden = std::fs::read(&path)
            .unwrap_or_else(|e| panic!("{}: {e}; run with UPDATE_GOLDEN=1", path.display()));
        let golden = common::Picture::decode(&golden);
        let actual = common::Picture::decode(&png_bytes);
        let (gw, gh, g) = (golden.width, golden.height, golden.rgb);
        let (w, h, p) = (actual.width, actual.height, actual.rgb);
        if (gw, gh) != (w, h) {
            failures.push(format!("{name}: {w}x{h}, golden {gw}x{gh}"));
            continue;
        }
        let different = g
            .chunks_exact(3)
            .zip(p.chunks_exact(3))
            .filter(|(a, b)| {
                a.iter()
                    .zip(b.iter())
                    .any(|(x, y)| x.abs_diff(*y) > CHANNEL_TOLERANCE)
            })
            .count();
        if different > MAX_DIFFERENT_PIXELS {
            std::fs::write(golden_dir().join(format!("{name}.actual.png")), &png_bytes).unwrap();
            failures.push(format!(
                "{name}: {different} pixels differ (see {name}.actual.png)"
            ));
        }
    }
    assert!(failures.is_empty(), "golden images differ: {failures:#?}");
}
