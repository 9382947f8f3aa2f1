//! The animated replay, modelled on lila-gif's `Render`: an iterator of encoded GIF blocks.
//! The first frame is the whole board picture; each later one is only the rectangle that
//! changed, with the pixels that stayed the same transparent, all against one global
//! palette ([`crate::indexed`]). image's GIF encoder would quantise every frame on its own
//! (NeuQuant, far too slow for 49 frames); the `gif` crate writes our indexed frames as
//! they are.

use crate::board;
use crate::canvas::Canvas;
use crate::fide_board;
use crate::fide_view::FideReplayView;
use crate::indexed::{palette, Palette, TRANSPARENT};
use crate::style::Style;
use crate::view::CsipgsReplayView;
use gif::{DisposalMethod, Encoder, Frame, Repeat};
use std::borrow::Cow;

/// How long each position shows, in hundredths of a second, and the last one.
const FRAME_DELAY: u16 = 100;
const LAST_DELAY: u16 = 300;

pub(crate) fn encode(view: &CsipgsReplayView, style: &Style) -> Vec<u8> {
    let frames = view.frames.iter().map(|f| board::draw(f, style));
    encode_frames(frames, style)
}

pub(crate) fn encode_fide(view: &FideReplayView, style: &Style) -> Vec<u8> {
    let frames = view.frames.iter().map(|f| fide_board::draw(f, style));
    encode_frames(frames, style)
}

/// Each picture is drawn only when its frame is encoded, so a long game never holds more
/// than two pictures at once.
fn encode_frames(frames: impl ExactSizeIterator<Item = Canvas>, style: &Style) -> Vec<u8> {
    let mut gif = Vec::new();
    for block in Blocks::new(frames, style) {
        gif.extend_from_slice(&block);
    }
    gif
}

pub(crate) fn encode_within(
    view: &CsipgsReplayView,
    style: &Style,
    budget: ReplayBudget,
) -> Replay {
    within(
        view.frames.len(),
        &|i, s| board::draw(&view.frames[i], s),
        style,
        budget,
    )
}

pub(crate) fn encode_fide_within(
    view: &FideReplayView,
    style: &Style,
    budget: ReplayBudget,
) -> Replay {
    within(
        view.frames.len(),
        &|i, s| fide_board::draw(&view.frames[i], s),
        style,
        budget,
    )
}

/// How large a replay may grow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayBudget {
    /// The GIF's largest size in bytes.
    pub bytes: usize,
    /// The most positions it shows: each costs a board picture's CPU, so a longer game shows
    /// every n-th position.
    pub frames: usize,
}

/// A replay made within a [`ReplayBudget`], and which positions it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The GIF file.
    pub gif: Vec<u8>,
    /// 1 when it shows every position; n when it shows the start, every n-th turn after it
    /// and the last position.
    pub every: usize,
    /// How many positions it shows.
    pub shown: usize,
    /// The board's width in pixels: smaller than asked only when even a few frames of the
    /// asked size did not fit the budget.
    pub board_px: u32,
}

/// Below this many positions a smaller board is tried before fewer positions: a replay of a
/// handful of frames no longer tells the game.
const FEW_FRAMES: usize = 12;
/// Diff frames measured before encoding, spread over the game, to estimate the size.
const SAMPLES: usize = 6;
/// The estimate aims this far under the budget: frames late in a game (more pieces, busier
/// panels) tend to be larger than the sample's average.
const MARGIN: f64 = 0.8;

/// The replay of positions `0..len`, drawn by `draw`, within `budget`: first the positions
/// are thinned to `budget.frames`, then to what a sample of frames says fits, then, should
/// the encoded GIF still outgrow the budget (checked as it is written, so the work stops
/// there), fewer again from the bytes per frame measured; below `FEW_FRAMES` positions the
/// board shrinks instead. It never fails: one frame of the smallest board is always given.
fn within(
    len: usize,
    draw: &dyn Fn(usize, &Style) -> Canvas,
    style: &Style,
    budget: ReplayBudget,
) -> Replay {
    let asked = (*style, len.clamp(1, budget.frames.max(1)));
    let (mut style, mut count) = asked;
    loop {
        let estimate = estimate_count(len, count, draw, &style, budget.bytes);
        if estimate < count.min(FEW_FRAMES) && shrink(&mut style) {
            count = asked.1;
            continue;
        }
        count = estimate.clamp(1, count);
        let picks = picks(len, count);
        let frames = picks.iter().map(|&i| draw(i, &style));
        let mut gif = Vec::new();
        let mut written = 0;
        for block in Blocks::new(frames, &style) {
            gif.extend_from_slice(&block);
            written += 1;
            if gif.len() > budget.bytes {
                break;
            }
        }
        let done = gif.len() <= budget.bytes || (count == 1 && !shrink(&mut style));
        if done {
            return Replay {
                gif,
                every: step(len, count),
                shown: picks.len().max(1),
                board_px: 8 * style.s(),
            };
        }
        if count > 1 {
            // Bytes per frame as measured, with the margin for the frames not yet written.
            let per_frame = gif.len() as f64 / written.max(1) as f64;
            let fits = (budget.bytes as f64 * MARGIN / per_frame) as usize;
            count = fits.clamp(1, count - 1);
        } else {
            count = asked.1;
        }
    }
}

/// A smaller board, three quarters the size; false when it is already the smallest.
fn shrink(style: &mut Style) -> bool {
    let smaller = Style::board_px(8 * style.s() * 3 / 4);
    let shrunk = smaller.s() < style.s();
    *style = smaller;
    shrunk
}

/// The gap between the positions shown when `count` of `len` are.
fn step(len: usize, count: usize) -> usize {
    match count {
        0 | 1 => len.max(1),
        _ => (len - 1).div_ceil(count - 1).max(1),
    }
}

/// The positions shown: the start, every `step`-th after it, and always the last.
fn picks(len: usize, count: usize) -> Vec<usize> {
    if len == 0 {
        return Vec::new();
    }
    if count <= 1 {
        return vec![len - 1];
    }
    let mut picks: Vec<usize> = (0..len - 1).step_by(step(len, count)).collect();
    picks.push(len - 1);
    picks
}

/// How many of `len` positions (at most `count`) fit in `bytes`, from the first frame and
/// `SAMPLES` diff frames at the gap that count gives, measured again at the smaller count
/// (wider gaps make larger diffs) until the two agree.
fn estimate_count(
    len: usize,
    mut count: usize,
    draw: &dyn Fn(usize, &Style) -> Canvas,
    style: &Style,
    bytes: usize,
) -> usize {
    for _ in 0..3 {
        let picks = picks(len, count);
        if picks.len() < 2 {
            return count;
        }
        let first = Blocks::new(std::iter::once(draw(picks[0], style)), style)
            .map(|b| b.len())
            .sum::<usize>();
        let pairs: Vec<usize> = (0..SAMPLES)
            .map(|k| k * (picks.len() - 1) / SAMPLES)
            .collect();
        let diffs: usize = pairs
            .iter()
            .map(|&k| {
                let frames = [draw(picks[k], style), draw(picks[k + 1], style)];
                Blocks::new(frames.into_iter(), style)
                    .nth(1)
                    .map_or(0, |b| b.len())
            })
            .sum();
        let per_diff = (diffs as f64 / pairs.len() as f64).max(1.0);
        let room = (bytes as f64 * MARGIN - first as f64).max(0.0);
        let fits = 1 + (room / per_diff) as usize;
        if fits >= count {
            return count;
        }
        count = fits.max(1);
    }
    count
}

/// The GIF as it is encoded: the header, palette and first frame; then one frame at a time;
/// then the trailer.
struct Blocks<'a, I> {
    /// The pictures, drawn as they are taken.
    frames: I,
    /// Whether the view has no frames at all: then one empty board is shown.
    empty: bool,
    style: &'a Style,
    palette: &'static Palette,
    encoder: Option<Encoder<Vec<u8>>>,
    /// The picture now on screen, to compare the next frame with.
    shown: Option<Canvas>,
    done: bool,
}

impl<'a, I: ExactSizeIterator<Item = Canvas>> Blocks<'a, I> {
    fn new(frames: I, style: &'a Style) -> Blocks<'a, I> {
        Blocks {
            empty: frames.len() == 0,
            frames,
            style,
            palette: palette(),
            encoder: None,
            shown: None,
            done: false,
        }
    }

    /// The whole picture, indexed: the first frame.
    fn first(&self, canvas: &Canvas, delay: u16) -> Frame<'static> {
        let pixels: Vec<u8> = canvas
            .rgb()
            .chunks_exact(3)
            .map(|px| self.palette.index(px))
            .collect();
        Frame {
            delay,
            dispose: DisposalMethod::Keep,
            width: canvas.width() as u16,
            height: canvas.height() as u16,
            buffer: Cow::Owned(pixels),
            ..Frame::default()
        }
    }

    /// The rectangle that changed since `shown`, unchanged pixels transparent.
    fn diff(&self, shown: &Canvas, canvas: &Canvas, delay: u16) -> Frame<'static> {
        let w = canvas.width() as usize;
        let (old, new) = (shown.rgb(), canvas.rgb());
        let (mut top, mut bottom, mut left, mut right) = (usize::MAX, 0, usize::MAX, 0);
        for (y, (a, b)) in old
            .chunks_exact(w * 3)
            .zip(new.chunks_exact(w * 3))
            .enumerate()
        {
            if a == b {
                continue;
            }
            let same = |x: &usize| a[x * 3..x * 3 + 3] == b[x * 3..x * 3 + 3];
            let first = (0..w).find(|x| !same(x)).expect("the rows differ");
            let last = (0..w).rev().find(|x| !same(x)).expect("the rows differ");
            top = top.min(y);
            bottom = y;
            left = left.min(first);
            right = right.max(last);
        }
        let mut frame = Frame {
            delay,
            dispose: DisposalMethod::Keep,
            transparent: Some(TRANSPARENT),
            ..Frame::default()
        };
        if top == usize::MAX {
            // Nothing changed: one transparent pixel keeps the frame's time.
            frame.width = 1;
            frame.height = 1;
            frame.buffer = Cow::Owned(vec![TRANSPARENT]);
            return frame;
        }
        let (fw, fh) = (right - left + 1, bottom - top + 1);
        let mut pixels = Vec::with_capacity(fw * fh);
        for y in top..=bottom {
            let row = (y * w + left) * 3..(y * w + right + 1) * 3;
            for (a, b) in old[row.clone()]
                .chunks_exact(3)
                .zip(new[row].chunks_exact(3))
            {
                pixels.push(if a == b {
                    TRANSPARENT
                } else {
                    self.palette.index(b)
                });
            }
        }
        frame.left = left as u16;
        frame.top = top as u16;
        frame.width = fw as u16;
        frame.height = fh as u16;
        frame.buffer = Cow::Owned(pixels);
        frame
    }
}

impl<I: ExactSizeIterator<Item = Canvas>> Iterator for Blocks<'_, I> {
    type Item = Vec<u8>;

    fn next(&mut self) -> Option<Vec<u8>> {
        if self.done {
            return None;
        }
        let canvas = match self.frames.next() {
            Some(canvas) => canvas,
            None if self.empty => {
                self.empty = false;
                board::empty(self.style)
            }
            None => {
                // The trailer.
                self.done = true;
                let encoder = self.encoder.take()?;
                return Some(encoder.into_inner().expect("GIF into memory"));
            }
        };
        let delay = if self.frames.len() == 0 {
            LAST_DELAY
        } else {
            FRAME_DELAY
        };
        let frame = match &self.shown {
            Some(shown) => self.diff(shown, &canvas, delay),
            None => self.first(&canvas, delay),
        };
        let encoder = self.encoder.get_or_insert_with(|| {
            let mut encoder = Encoder::new(
                Vec::new(),
                canvas.width() as u16,
                canvas.height() as u16,
                &self.palette.table_bytes(),
            )
            .expect("GIF header into memory");
            encoder
                .set_repeat(Repeat::Infinite)
                .expect("GIF loop into memory");
            encoder
        });
        encoder.write_frame(&frame).expect("GIF frame into memory");
        self.shown = Some(canvas);
        Some(std::mem::take(encoder.get_mut()))
    }
}
