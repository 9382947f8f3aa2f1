//! The animated replay: decode the GIF and check its frames, timing and looping, and that
//! what it shows is the board picture of each position, within the palette's error.

use render::testing;

use image::codecs::gif::GifDecoder;
use image::{AnimationDecoder, RgbaImage};
use render::engine::Color;
use render::{ClockView, CsipgsReplayView, ReplayBudget, Style};

use testing::Picture;

/// The GIF's blocks, undecoded: frame rectangles, delays, transparency.
struct Frame {
    delay: u16,
    left: u16,
    top: u16,
    width: u16,
    height: u16,
    transparent: Option<u8>,
}

fn blocks(gif_bytes: &[u8]) -> (u16, u16, gif::Repeat, Vec<Frame>) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(gif_bytes).expect("a GIF");
    let (w, h) = (decoder.width(), decoder.height());
    assert!(decoder.global_palette().is_some(), "one global palette");
    let mut frames = Vec::new();
    while let Some(f) = decoder.read_next_frame().expect("a frame") {
        assert!(f.palette.is_none(), "no frame has a palette of its own");
        frames.push(Frame {
            delay: f.delay,
            left: f.left,
            top: f.top,
            width: f.width,
            height: f.height,
            transparent: f.transparent,
        });
    }
    (w, h, decoder.repeat(), frames)
}

/// What a GIF shows at each frame, composed as a browser shows it.
fn shown(gif_bytes: &[u8]) -> Vec<RgbaImage> {
    GifDecoder::new(std::io::Cursor::new(gif_bytes))
        .expect("a GIF")
        .into_frames()
        .collect_frames()
        .expect("frames decode")
        .into_iter()
        .map(|f| f.into_buffer())
        .collect()
}

/// Mean difference per channel, and the share of pixels off by more than `tol`.
fn error(shown: &RgbaImage, png: &Picture, tol: u8) -> (f64, f64) {
    assert_eq!((shown.width(), shown.height()), (png.width, png.height));
    let (mut sum, mut far) = (0u64, 0usize);
    for (a, b) in shown.as_raw().chunks_exact(4).zip(png.rgb.chunks_exact(3)) {
        assert_eq!(a[3], 255, "every pixel is opaque");
        let d = (0..3).map(|c| a[c].abs_diff(b[c])).max().unwrap();
        sum += (0..3).map(|c| a[c].abs_diff(b[c]) as u64).sum::<u64>();
        far += usize::from(d > tol);
    }
    let n = png.rgb.len() / 3;
    (sum as f64 / (3 * n) as f64, far as f64 / n as f64)
}

fn assert_close(shown: &RgbaImage, png_bytes: &[u8], what: &str) {
    let (mean, far) = error(shown, &Picture::decode(png_bytes), 40);
    assert!(mean < 1.5, "{what}: mean error {mean:.2}");
    assert!(
        far < 0.002,
        "{what}: {:.3} % of pixels far off",
        far * 100.0
    );
}

/// Each frame of the GIF shows its board picture, within the palette's error.
fn every_frame_close(view: &CsipgsReplayView, style: &Style) {
    let shown = shown(&render::replay(
        &render::ReplayView::from(view.clone()),
        style,
    ));
    assert_eq!(shown.len(), view.frames.len());
    for (i, frame) in view.frames.iter().enumerate() {
        assert_close(
            &shown[i],
            &render::board(&render::BoardView::from(frame.clone()), style),
            &format!("frame {i}"),
        );
    }
}

#[test]
fn the_sample_game_is_49_frames_each_a_second_the_last_three_looping() {
    let view = testing::sample48();
    assert_eq!(view.frames.len(), 49);
    let style = Style::default();
    let bytes = render::replay(&render::ReplayView::from(view.clone()), &style);
    assert_eq!(&bytes[..6], b"GIF89a");
    assert!(bytes.len() < 4 << 20, "{} bytes", bytes.len());
    let (w, h, repeat, frames) = blocks(&bytes);
    assert_eq!((w as u32, h as u32), style.board_image_size());
    assert_eq!(repeat, gif::Repeat::Infinite);
    assert_eq!(frames.len(), 49);
    for (i, f) in frames.iter().enumerate() {
        let delay = if i == 48 { 300 } else { 100 };
        assert_eq!(f.delay, delay, "frame {i}");
        assert!(f.left + f.width <= w && f.top + f.height <= h, "frame {i}");
        if i == 0 {
            assert_eq!((f.left, f.top, f.width, f.height), (0, 0, w, h));
            assert_eq!(f.transparent, None);
        } else {
            assert!(
                f.transparent.is_some(),
                "frame {i} keeps what didn't change"
            );
        }
    }
    // Later frames hold only what changed: together far less than whole pictures.
    let area: u64 = frames[1..]
        .iter()
        .map(|f| f.width as u64 * f.height as u64)
        .sum();
    assert!(area < 48 * (w as u64 * h as u64) * 3 / 4, "{area} px");
}

#[test]
fn every_frame_shows_its_position_within_the_palettes_error() {
    let view = testing::sample48();
    let style = Style::default();
    let shown = shown(&render::replay(
        &render::ReplayView::from(view.clone()),
        &style,
    ));
    assert_eq!(shown.len(), 49);
    for i in [0, 1, 2, 15, 16, 30, 47, 48] {
        let png = render::board(&render::BoardView::from(view.frames[i].clone()), &style);
        assert_close(&shown[i], &png, &format!("frame {i}"));
    }
}

#[test]
fn clocks_checks_and_a_result_go_through_the_palette_too() {
    let style = Style::board_px(400);
    let mut frames = vec![
        testing::check(),
        testing::clocks(),
        testing::finished(),
        testing::fairy().seen_by(Color::White),
    ];
    frames[3].clocks = Some([
        ClockView {
            remaining: 42,
            running: true,
        },
        ClockView {
            remaining: 3 * 3600,
            running: false,
        },
    ]);
    let view = CsipgsReplayView { frames };
    every_frame_close(&view, &style);
}

#[test]
fn prefix_badges_rock_and_fog_go_through_the_palette_too() {
    let style = Style::default();
    // A fog game's replay shows the true board: every rock, nothing hidden.
    let mut whole = testing::fog();
    whole.hidden.clear();
    whole.terrain.push("g6".parse().unwrap());
    let view = CsipgsReplayView {
        frames: vec![testing::prefixes(), testing::fog(), whole],
    };
    every_frame_close(&view, &style);
}

#[test]
fn one_frame_and_no_frames() {
    let style = Style::board_px(240);
    let one = CsipgsReplayView {
        frames: vec![testing::start()],
    };
    let (_, _, _, frames) = blocks(&render::replay(
        &render::ReplayView::from(one.clone()),
        &style,
    ));
    assert_eq!(frames.len(), 1);
    assert_eq!(frames[0].delay, 300);
    let none = CsipgsReplayView { frames: vec![] };
    let (w, h, _, frames) = blocks(&render::replay(
        &render::ReplayView::from(none.clone()),
        &style,
    ));
    assert_eq!(frames.len(), 1);
    assert_eq!((w as u32, h as u32), style.board_image_size());
}

#[test]
fn a_repeated_position_is_a_tiny_frame() {
    let style = Style::board_px(240);
    let view = CsipgsReplayView {
        frames: vec![testing::start(), testing::start()],
    };
    let (_, _, _, frames) = blocks(&render::replay(
        &render::ReplayView::from(view.clone()),
        &style,
    ));
    assert_eq!(frames.len(), 2);
    assert_eq!((frames[1].width, frames[1].height), (1, 1));
}

#[test]
fn older_views_without_clocks_or_fog_still_read() {
    let view = testing::middlegame();
    let mut json: serde_json::Value = serde_json::to_value(&view).unwrap();
    for field in ["clocks", "terrain", "hidden"] {
        json.as_object_mut().unwrap().remove(field);
    }
    let back: render::CsipgsBoardView = serde_json::from_value(json).unwrap();
    assert_eq!(back, view);
    let with = testing::clocks();
    let text = serde_json::to_string(&CsipgsReplayView {
        frames: vec![with.clone()],
    })
    .unwrap();
    let back: CsipgsReplayView = serde_json::from_str(&text).unwrap();
    assert_eq!(back.frames, [with]);
}

#[test]
fn within_a_generous_budget_the_replay_is_whole() {
    let view = testing::sample48();
    let style = Style::default();
    let budget = ReplayBudget {
        bytes: 8 << 20,
        frames: 150,
    };
    let made = render::replay_within(&render::ReplayView::from(view.clone()), &style, budget);
    assert_eq!((made.every, made.shown, made.board_px), (1, 49, 720));
    assert_eq!(
        made.gif,
        render::replay(&render::ReplayView::from(view.clone()), &style)
    );
}

#[test]
fn too_many_positions_show_every_nth_turn_and_the_last() {
    let view = testing::sample48();
    let style = Style::default();
    let budget = ReplayBudget {
        bytes: 8 << 20,
        frames: 10,
    };
    let made = render::replay_within(&render::ReplayView::from(view.clone()), &style, budget);
    // 48 turns in at most 10 positions: the start, every 6th turn (6, 12, ... 42), the last.
    assert_eq!((made.every, made.shown), (6, 9));
    let shown = shown(&made.gif);
    assert_eq!(shown.len(), 9);
    for (frame, position) in [(0, 0), (1, 6), (7, 42), (8, 48)] {
        let png = render::board(
            &render::BoardView::from(view.frames[position].clone()),
            &style,
        );
        assert_close(&shown[frame], &png, &format!("frame {frame}"));
    }
}

#[test]
fn too_many_bytes_show_fewer_positions_or_a_smaller_board_within_the_budget() {
    let view = testing::sample48();
    let style = Style::default();
    let whole = render::replay(&render::ReplayView::from(view.clone()), &style).len();
    let budget = ReplayBudget {
        bytes: whole / 3,
        frames: 150,
    };
    let made = render::replay_within(&render::ReplayView::from(view.clone()), &style, budget);
    assert!(made.gif.len() <= budget.bytes, "{} bytes", made.gif.len());
    // Fewer positions, or (below a dozen) a smaller board: here both.
    assert!(made.shown < 49 && made.board_px < 720, "{made:?}");
    let (_, _, _, frames) = blocks(&made.gif);
    assert_eq!(frames.len(), made.shown);
}

#[test]
fn a_budget_below_one_frame_draws_a_smaller_board_and_never_fails() {
    let view = testing::sample48();
    let style = Style::default();
    let budget = ReplayBudget {
        bytes: 20_000,
        frames: 150,
    };
    let made = render::replay_within(&render::ReplayView::from(view.clone()), &style, budget);
    assert!(made.board_px < 720, "{} px", made.board_px);
    assert!(!made.gif.is_empty());
    let (w, _, _, frames) = blocks(&made.gif);
    assert_eq!(frames.len(), made.shown);
    assert_eq!(
        w as u32,
        Style::board_px(made.board_px).board_image_size().0
    );
}
