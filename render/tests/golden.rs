//! Golden images: the board views, two FIDE boards (a middlegame under variants with
//! clocks, and a mate), a leaderboard, tournament standings (the README's), a
//! rating chart and the diagram of a design with every unofficial prefix must look as
//! checked in, within a small per-pixel tolerance.
//! Regenerate them with `UPDATE_GOLDEN=1 cargo test -p render --test golden`.

use render::testing;

use std::path::PathBuf;

/// Largest difference allowed in any channel of any pixel, and how many pixels may differ
/// by more than a hair, so a changed font or antialiasing is caught but rounding is not.
const CHANNEL_TOLERANCE: u8 = 24;
const MAX_DIFFERENT_PIXELS: usize = 40;

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// Where a picture that differs is written for a look: a folder of this run's own under the
/// system's temporary directory, never the source tree.
fn actual_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("csipgs-golden-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}

#[test]
fn golden_images_match() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let style = render::Style::default();
    let mut failures = Vec::new();
    let mut pictures: Vec<(&str, Vec<u8>)> = testing::golden_views()
        .into_iter()
        .map(|(name, view)| (name, render::board(&render::BoardView::from(view), &style)))
        .collect();
    pictures.push((
        "fide-middlegame",
        render::board(&render::BoardView::from(testing::fide_middlegame()), &style),
    ));
    pictures.push((
        "fide-mate",
        render::board(&render::BoardView::from(testing::fide_mate()), &style),
    ));
    pictures.push((
        "leaderboard",
        render::table(&testing::leaderboard(), &style),
    ));
    pictures.push(("standings", render::table(&testing::standings(), &style)));
    pictures.push(("rating", render::chart(&testing::rating_history(), &style)));
    let prefixed = render::engine::Design::parse("relay-doublemove-shooting-FfR").unwrap();
    let priced = render::engine::price(
        &prefixed,
        render::engine::PriceTable::Classic,
        &render::engine::Proposals::default(),
    );
    pictures.push((
        "design-prefixes",
        render::design(&prefixed, &priced, &style),
    ));
    for (name, png_bytes) in pictures {
        let path = golden_dir().join(format!("{name}.png"));
        if update {
            std::fs::write(&path, &png_bytes).unwrap();
            continue;
        }
        let golden = std::fs::read(&path)
            .unwrap_or_else(|e| panic!("{}: {e}; run with UPDATE_GOLDEN=1", path.display()));
        let golden = testing::Picture::decode(&golden);
        let actual = testing::Picture::decode(&png_bytes);
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
            let actual = actual_dir().join(format!("{name}.actual.png"));
            std::fs::write(&actual, &png_bytes).unwrap();
            failures.push(format!(
                "{name}: {different} pixels differ (see {})",
                actual.display()
            ));
        }
    }
    assert!(failures.is_empty(), "golden images differ: {failures:#?}");
}

/// The README shows the sample game's replay; it must be what the renderer makes today
/// (frame for frame, within the same tolerance as the pictures).
#[test]
fn the_readme_replay_is_current() {
    use image::codecs::gif::GifDecoder;
    use image::AnimationDecoder;
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("doc/sample48.gif");
    let gif_bytes = render::replay(
        &render::ReplayView::from(testing::sample48()),
        &render::Style::default(),
    );
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &gif_bytes).unwrap();
        return;
    }
    let frames = |bytes: &[u8]| {
        GifDecoder::new(std::io::Cursor::new(bytes))
            .expect("a GIF")
            .into_frames()
            .collect_frames()
            .expect("frames decode")
    };
    let kept = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; run with UPDATE_GOLDEN=1", path.display()));
    let (kept, made) = (frames(&kept), frames(&gif_bytes));
    assert_eq!(kept.len(), made.len(), "run with UPDATE_GOLDEN=1");
    for (i, (k, m)) in kept.iter().zip(&made).enumerate() {
        assert_eq!(k.delay(), m.delay(), "frame {i}");
        let (k, m) = (k.buffer(), m.buffer());
        assert_eq!(k.dimensions(), m.dimensions(), "frame {i}");
        let different = k
            .pixels()
            .zip(m.pixels())
            .filter(|(a, b)| {
                a.0.iter()
                    .zip(b.0.iter())
                    .any(|(x, y)| x.abs_diff(*y) > CHANNEL_TOLERANCE)
            })
            .count();
        assert!(
            different <= MAX_DIFFERENT_PIXELS,
            "frame {i}: {different} pixels differ; run with UPDATE_GOLDEN=1"
        );
    }
}
