//! How a design moves, reduced to what a picture shows, and the marks that show it: a dot
//! for moves or captures, a ring for moves only, a cross for captures only.

use crate::canvas::{paint, stroke};
use crate::style::{palette, Rgb};
use engine::{Color, Design, Mode};
use tiny_skia::{FillRule, PathBuilder, Pixmap, Transform};

/// What a mark stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Reach {
    Both,
    MoveOnly,
    CaptureOnly,
}

impl Reach {
    pub(crate) fn new(can_move: bool, can_capture: bool) -> Reach {
        match (can_move, can_capture) {
            (true, false) => Reach::MoveOnly,
            (false, true) => Reach::CaptureOnly,
            _ => Reach::Both,
        }
    }

    fn from_mode(mode: Mode) -> Reach {
        Reach::new(mode.can_move(), mode.can_capture())
    }

    pub(crate) fn merge(self, other: Reach) -> Reach {
        if self == other {
            self
        } else {
            Reach::Both
        }
    }

    /// The mark colour on a light background, or on a black token's dark face.
    pub(crate) fn rgb(self, on_dark: bool) -> Rgb {
        match (self, on_dark) {
            (Reach::Both, false) => palette::MARK_BOTH,
            (Reach::MoveOnly, false) => palette::MARK_MOVE,
            (Reach::CaptureOnly, false) => palette::MARK_CAPTURE,
            (Reach::Both, true) => palette::MARK_BOTH_ON_BLACK,
            (Reach::MoveOnly, true) => palette::MARK_MOVE_ON_BLACK,
            (Reach::CaptureOnly, true) => palette::MARK_CAPTURE_ON_BLACK,
        }
    }
}

/// One way of moving, on screen: x to the right, y down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Motion {
    pub dx: i8,
    pub dy: i8,
    pub rider: bool,
    pub lame: bool,
    pub reach: Reach,
}

/// A design's steps for a side as seen on screen (`flip` when the board is seen from Black's
/// side), with the same step of different parts merged (`mWcW` moves like `W`).
pub(crate) fn motions(design: &Design, color: Color, flip: bool) -> Vec<Motion> {
    let mut out: Vec<Motion> = Vec::new();
    for step in design.steps(color) {
        let (dx, dy) = if flip {
            (-step.dx, step.dy)
        } else {
            (step.dx, -step.dy)
        };
        let reach = Reach::from_mode(step.mode);
        match out
            .iter_mut()
            .find(|m| (m.dx, m.dy, m.rider, m.lame) == (dx, dy, step.rider, step.lame))
        {
            Some(m) => m.reach = m.reach.merge(reach),
            None => out.push(Motion {
                dx,
                dy,
                rider: step.rider,
                lame: step.lame,
                reach,
            }),
        }
    }
    out
}

/// Draw a mark of radius `r` centred at (cx, cy).
pub(crate) fn draw_mark(
    pix: &mut Pixmap,
    reach: Reach,
    cx: f32,
    cy: f32,
    r: f32,
    rgb: Rgb,
    halo: Option<Rgb>,
) {
    let t = Transform::identity();
    let line = (r * 0.45).max(1.2);
    match reach {
        Reach::Both => {
            let p = PathBuilder::from_circle(cx, cy, r).expect("positive radius");
            if let Some(h) = halo {
                pix.stroke_path(&p, &paint(h, 1.0), &stroke(line * 0.9), t, None);
            }
            pix.fill_path(&p, &paint(rgb, 1.0), FillRule::Winding, t, None);
        }
        Reach::MoveOnly => {
            let p = PathBuilder::from_circle(cx, cy, r - line / 2.0).expect("positive radius");
            if let Some(h) = halo {
                pix.stroke_path(&p, &paint(h, 1.0), &stroke(line * 2.0), t, None);
                pix.fill_path(&p, &paint(h, 1.0), FillRule::Winding, t, None);
            }
            pix.stroke_path(&p, &paint(rgb, 1.0), &stroke(line), t, None);
        }
        Reach::CaptureOnly => {
            let a = r * 0.85;
            let mut pb = PathBuilder::new();
            pb.move_to(cx - a, cy - a);
            pb.line_to(cx + a, cy + a);
            pb.move_to(cx + a, cy - a);
            pb.line_to(cx - a, cy + a);
            let p = pb.finish().expect("two lines");
            if let Some(h) = halo {
                pix.stroke_path(&p, &paint(h, 1.0), &stroke(line * 2.2), t, None);
            }
            pix.stroke_path(&p, &paint(rgb, 1.0), &stroke(line * 1.3), t, None);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pawn_moves_up_and_captures_diagonally_up_for_white() {
        let m = motions(&Design::parse("fcFfmW").unwrap(), Color::White, false);
        assert!(m.contains(&Motion {
            dx: 0,
            dy: -1,
            rider: false,
            lame: false,
            reach: Reach::MoveOnly
        }));
        assert!(m.contains(&Motion {
            dx: 1,
            dy: -1,
            rider: false,
            lame: false,
            reach: Reach::CaptureOnly
        }));
        assert_eq!(m.len(), 3);
    }

    #[test]
    fn black_pawn_points_down_unless_the_board_is_flipped() {
        let d = Design::parse("fmW").unwrap();
        assert_eq!(motions(&d, Color::Black, false)[0].dy, 1);
        assert_eq!(motions(&d, Color::Black, true)[0].dy, -1);
    }

    #[test]
    fn move_only_and_capture_only_of_one_step_merge() {
        let m = motions(&Design::parse("mWcW").unwrap(), Color::White, false);
        assert!(m.iter().all(|m| m.reach == Reach::Both));
        assert_eq!(m.len(), 4);
    }
}
