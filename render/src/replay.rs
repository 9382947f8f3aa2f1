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
use crate::view::ReplayView;
use gif::{DisposalMethod, Encoder, Frame, Repeat};
use std::borrow::Cow;

/// How long each position shows, in hundredths of a second, and the last one.
const FRAME_DELAY: u16 = 100;
const LAST_DELAY: u16 = 300;

pub(crate) fn encode(view: &ReplayView, style: &Style) -> Vec<u8> {
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
