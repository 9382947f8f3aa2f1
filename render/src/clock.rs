//! Clocks: the time left as text, and the clock box each player's panel shows.

use crate::canvas::Canvas;
use crate::sprites::{emblem, Emblem};
use crate::style::palette;
use crate::text::{self, Face};
use crate::view::ClockView;

/// Under this many seconds a clock shows in the warning colour.
const LOW_SECONDS: u64 = 60;

/// Time left as a clock shows it: `2d 03h` for a day or more, `5h 07m` for an hour or more,
/// `4:05` below that, `0:00` when out.
pub fn clock_text(seconds: u64) -> String {
    const MINUTE: u64 = 60;
    const HOUR: u64 = 60 * MINUTE;
    const DAY: u64 = 24 * HOUR;
    if seconds >= DAY {
        format!("{}d {:02}h", seconds / DAY, seconds % DAY / HOUR)
    } else if seconds >= HOUR {
        format!("{}h {:02}m", seconds / HOUR, seconds % HOUR / MINUTE)
    } else {
        format!("{}:{:02}", seconds / MINUTE, seconds % MINUTE)
    }
}

/// The height of the panel row a clock takes, in design units.
pub(crate) const ROW: f32 = 40.0;

/// A clock box at (x, y), the top of its row: dark while running, light while waiting, red
/// under a minute.
pub(crate) fn draw(canvas: &mut Canvas, clock: ClockView, x: f32, y: f32, u: f32) {
    let low = clock.remaining < LOW_SECONDS;
    let (fill, ink) = match (clock.running, low) {
        (true, false) => (palette::CLOCK_RUNNING, palette::CARD),
        (true, true) => (palette::NEGATIVE, palette::CARD),
        (false, false) => (palette::CELL, palette::TEXT),
        (false, true) => (palette::CELL, palette::NEGATIVE),
    };
    let label = clock_text(clock.remaining);
    let px = 22.0 * u;
    let h = 32.0 * u;
    let pad = 8.0 * u;
    let icon = (18.0 * u).round();
    let w = pad + icon + 7.0 * u + text::width(Face::Mono, px, &label) + pad;
    canvas.fill_rect(
        x as i32,
        y as i32,
        w.round() as u32,
        h.round() as u32,
        fill,
        1.0,
    );
    let mid = y + h / 2.0;
    canvas.blit(
        &emblem(Emblem::Clock(ink), icon as u32),
        (x + pad).round() as i32,
        (mid - icon / 2.0).round() as i32,
    );
    text::draw(
        canvas,
        Face::Mono,
        px,
        x + pad + icon + 7.0 * u,
        mid + text::cap_height(px) / 2.0,
        ink,
        &label,
    );
}

#[cfg(test)]
mod tests {
    use super::clock_text;

    #[test]
    fn days_hours_minutes_and_seconds() {
        assert_eq!(clock_text(2 * 86_400 + 3 * 3600 + 59), "2d 03h");
        assert_eq!(clock_text(86_400), "1d 00h");
        assert_eq!(clock_text(5 * 3600 + 7 * 60 + 30), "5h 07m");
        assert_eq!(clock_text(3600), "1h 00m");
        assert_eq!(clock_text(3599), "59:59");
        assert_eq!(clock_text(245), "4:05");
        assert_eq!(clock_text(59), "0:59");
        assert_eq!(clock_text(0), "0:00");
        assert_eq!(clock_text(400 * 86_400), "400d 00h");
    }
}
