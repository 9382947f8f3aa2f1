//! The rating chart: a player's rating over time as a line with a dot per point, round
//! ratings up the left and dates (UTC, YYYY-MM-DD) along the bottom.

use crate::canvas::{paint, stroke, Canvas};
use crate::style::{palette, Style};
use crate::text::{self, Face};
use crate::view::ChartView;
use time::{Date, Month, OffsetDateTime};
use tiny_skia::{FillRule, PathBuilder, Pixmap, Rect, Transform};

const DAY: i64 = 86_400;
/// About 7,900 years either side of 1970, in seconds: a day either side of it is still in
/// the calendar (years -9999 to 9999).
const MAX_TIME: i64 = 250_000_000_000;
/// The smallest rating range the chart shows.
const MIN_SPAN: i64 = 40;

pub(crate) fn draw(view: &ChartView, style: &Style) -> Canvas {
    let u = style.u();
    let (w, h) = ((600.0 * u).round(), (300.0 * u).round());
    let pad = 14.0 * u;
    let title_px = 18.0 * u;
    let label_px = 12.0 * u;
    let title_base = pad + text::cap_height(title_px);
    let plot = Plot {
        left: 58.0 * u,
        right: w - 24.0 * u,
        top: 48.0 * u,
        bottom: h - 34.0 * u,
    };

    // Times far outside the calendar would have no dates to label.
    let mut points: Vec<(i64, i32)> = view
        .points
        .iter()
        .map(|&(t, r)| (t.clamp(-MAX_TIME, MAX_TIME), r))
        .collect();
    points.sort_unstable();
    let mut pix = Pixmap::new(w as u32, h as u32).expect("a positive size");
    let [r, g, b] = palette::CARD;
    pix.fill(tiny_skia::Color::from_rgba8(r, g, b, 255));

    let Some(&(first_t, _)) = points.first() else {
        let mut canvas = Canvas::from_pixmap(&pix);
        title(&mut canvas, view, pad, title_base, title_px, w - 2.0 * pad);
        text::draw_centred(
            &mut canvas,
            Face::Regular,
            16.0 * u,
            w / 2.0,
            (plot.top + plot.bottom) / 2.0,
            palette::MUTED,
            "no rated games yet",
        );
        return canvas;
    };
    let last_t = points.last().map_or(first_t, |p| p.0);
    let (lo_r, hi_r) = points.iter().fold((i32::MAX, i32::MIN), |(lo, hi), p| {
        (lo.min(p.1), hi.max(p.1))
    });
    // A flat history still gets a readable scale: at least 40 points around it.
    let (lo_r, hi_r) = (lo_r as i64, hi_r as i64);
    let (lo_r, hi_r) = if hi_r - lo_r < MIN_SPAN {
        let mid = (lo_r + hi_r) / 2;
        (mid - MIN_SPAN / 2, mid + MIN_SPAN / 2)
    } else {
        (lo_r, hi_r)
    };
    let y_step = nice_step(hi_r - lo_r, 4);
    let y_lo = lo_r.div_euclid(y_step) * y_step;
    let y_hi = -(-hi_r).div_euclid(y_step) * y_step;
    let (mut t_lo, mut t_hi) = (first_t, last_t);
    if t_hi - t_lo < DAY {
        let mid = t_lo + (t_hi - t_lo) / 2;
        t_lo = mid - DAY;
        t_hi = mid + DAY;
    }
    let x_of = |t: i64| plot.left + (t - t_lo) as f32 / (t_hi - t_lo) as f32 * plot.width();
    let y_of = |r: i64| plot.bottom - (r - y_lo) as f32 / (y_hi - y_lo) as f32 * plot.height();

    // Grid: a line at each round rating, a faint one at each date tick.
    let grid = paint(palette::PANEL, 1.0);
    let t = Transform::identity();
    let hairline = (1.0 * u).max(1.0);
    let y_ticks: Vec<i64> = (0..)
        .map(|k| y_lo + k * y_step)
        .take_while(|&r| r <= y_hi)
        .collect();
    for &r in &y_ticks {
        let y = y_of(r).round();
        if let Some(rect) = Rect::from_xywh(plot.left, y, plot.width(), hairline) {
            pix.fill_rect(rect, &grid, t, None);
        }
    }
    let x_ticks = date_ticks(t_lo, t_hi, plot.width() / (90.0 * u));
    for &day in &x_ticks {
        let x = x_of(midnight(day)).round();
        if let Some(rect) = Rect::from_xywh(x, plot.top, hairline, plot.height()) {
            pix.fill_rect(rect, &grid, t, None);
        }
    }

    // The line, then a dot per point on top.
    let ink = paint(palette::MARK_MOVE, 1.0);
    if points.len() > 1 {
        let mut pb = PathBuilder::new();
        for (i, &(t, r)) in points.iter().enumerate() {
            let (x, y) = (x_of(t), y_of(r as i64));
            if i == 0 {
                pb.move_to(x, y);
            } else {
                pb.line_to(x, y);
            }
        }
        if let Some(line) = pb.finish() {
            pix.stroke_path(&line, &ink, &stroke(2.5 * u), t, None);
        }
    }
    let dot = if points.len() > 120 { 2.0 } else { 3.5 } * u;
    for &(t, r) in &points {
        if let Some(c) = PathBuilder::from_circle(x_of(t), y_of(r as i64), dot) {
            pix.fill_path(&c, &ink, FillRule::Winding, Transform::identity(), None);
        }
    }

    let mut canvas = Canvas::from_pixmap(&pix);
    title(&mut canvas, view, pad, title_base, title_px, w - 2.0 * pad);
    for &r in &y_ticks {
        text::draw_right(
            &mut canvas,
            Face::Regular,
            label_px,
            plot.left - 8.0 * u,
            y_of(r) + text::cap_height(label_px) / 2.0,
            palette::MUTED,
            &r.to_string(),
        );
    }
    for &day in &x_ticks {
        let date = label(day);
        let half = text::width(Face::Regular, label_px, &date) / 2.0;
        let x = x_of(midnight(day)).clamp(half + 4.0 * u, w - half - 4.0 * u);
        text::draw_centred(
            &mut canvas,
            Face::Regular,
            label_px,
            x,
            plot.bottom + 8.0 * u + text::cap_height(label_px),
            palette::MUTED,
            &date,
        );
    }
    // The latest rating, large, top right.
    if let Some(&(_, now)) = points.iter().max_by_key(|p| p.0) {
        text::draw_right(
            &mut canvas,
            Face::Bold,
            title_px,
            w - pad,
            title_base,
            palette::MARK_MOVE,
            &now.to_string(),
        );
    }
    canvas
}

/// The plotting area, in pixels.
struct Plot {
    left: f32,
    right: f32,
    top: f32,
    bottom: f32,
}

impl Plot {
    fn width(&self) -> f32 {
        self.right - self.left
    }

    fn height(&self) -> f32 {
        self.bottom - self.top
    }
}

fn title(canvas: &mut Canvas, view: &ChartView, x: f32, baseline: f32, px: f32, w: f32) {
    // Room is left on the right for the latest rating.
    let t = text::ellipsize(Face::Bold, px, &view.title, w - 80.0 * px / 18.0);
    text::draw(canvas, Face::Bold, px, x, baseline, palette::TEXT, &t);
}

/// A round step (1, 2 or 5 times a power of ten) that cuts `span` into at most `max_ticks`
/// parts.
fn nice_step(span: i64, max_ticks: i64) -> i64 {
    let mut step = 1;
    loop {
        for m in [1, 2, 5] {
            if span <= step * m * max_ticks {
                return step * m;
            }
        }
        step *= 10;
    }
}

/// Days to label between two times, at most `max_ticks` of them: every day, two days or
/// week for a short history, else the first of every month, quarter, year and so on.
fn date_ticks(t_lo: i64, t_hi: i64, max_ticks: f32) -> Vec<Date> {
    // Days since 1970-01-01.
    let (d_lo, d_hi) = ((t_lo + DAY - 1).div_euclid(DAY), t_hi.div_euclid(DAY));
    let max_ticks = max_ticks.max(1.0) as i64;
    let span = (d_hi - d_lo).max(0);
    if let Some(step) = [1, 2, 7].into_iter().find(|&s| span / s < max_ticks) {
        let start = -(-d_lo).div_euclid(step) * step;
        return (0..)
            .map(|k| start + k * step)
            .take_while(|&d| d <= d_hi)
            .map_while(date_of)
            .collect();
    }
    let (Some(lo), Some(hi)) = (date_of(d_lo), date_of(d_hi)) else {
        return Vec::new();
    };
    // Months since year 0, so steps line up with quarters and years.
    let month_of = |date: Date| i64::from(date.year()) * 12 + i64::from(u8::from(date.month())) - 1;
    let (m_lo, m_hi) = (month_of(lo), month_of(hi));
    let mut step = [1, 2, 3, 6, 12, 24, 60, 120]
        .into_iter()
        .find(|&s| (m_hi - m_lo) / s < max_ticks)
        .unwrap_or(1200);
    while (m_hi - m_lo) / step >= max_ticks {
        step *= 10;
    }
    let first = -(-m_lo).div_euclid(step) * step;
    (0..)
        .map(|k| first + k * step)
        .map_while(first_of_month)
        .skip_while(|&d| d < lo)
        .take_while(|&d| d <= hi)
        .collect()
}

/// The date `days` after 1970-01-01, if the calendar has it.
fn date_of(days: i64) -> Option<Date> {
    let seconds = days.checked_mul(DAY)?;
    OffsetDateTime::from_unix_timestamp(seconds)
        .ok()
        .map(OffsetDateTime::date)
}

/// The first day of a month counted from January of year 0, if the calendar has it.
fn first_of_month(months: i64) -> Option<Date> {
    let year = i32::try_from(months.div_euclid(12)).ok()?;
    let month = Month::try_from(months.rem_euclid(12) as u8 + 1).ok()?;
    Date::from_calendar_date(year, month, 1).ok()
}

/// A day's start, in seconds since 1970-01-01 (UTC).
fn midnight(day: Date) -> i64 {
    day.midnight().assume_utc().unix_timestamp()
}

/// A tick's label, YYYY-MM-DD.
fn label(day: Date) -> String {
    let (y, m, d) = (day.year(), u8::from(day.month()), day.day());
    format!("{y:04}-{m:02}-{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(days: i64) -> String {
        label(date_of(days).expect("in the calendar"))
    }

    #[test]
    fn dates_are_labelled_as_the_calendar_has_them() {
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(-1), "1969-12-31");
        assert_eq!(date(59), "1970-03-01");
        assert_eq!(date(11_016), "2000-02-29");
        assert_eq!(date(19_723), "2024-01-01");
        assert_eq!(date(1_717_200_000 / DAY), "2024-06-01");
        assert_eq!(date(-719_528), "0000-01-01");
    }

    #[test]
    fn days_and_dates_round_trip() {
        for days in [-800_000, -1, 0, 59, 11_016, 19_723, 20_000, 2_000_000] {
            let day = date_of(days).expect("in the calendar");
            assert_eq!(midnight(day), days * DAY);
        }
        assert_eq!(date_of(i64::MAX), None);
        assert_eq!(date_of(4_000_000), None, "the year 12921");
    }

    #[test]
    fn the_widest_chart_keeps_its_dates_in_the_calendar() {
        let ticks = date_ticks(-MAX_TIME - DAY, MAX_TIME + DAY, 5.0);
        assert!(!ticks.is_empty() && ticks.len() <= 5, "{ticks:?}");
    }

    #[test]
    fn long_histories_are_labelled_on_the_first_of_a_month() {
        let start = 1_700_000_000; // 2023-11-14
        let ticks = date_ticks(start, start + 200 * DAY, 5.0);
        assert!(!ticks.is_empty() && ticks.len() <= 5, "{ticks:?}");
        for d in ticks {
            assert_eq!(d.day(), 1, "{d}");
        }
    }

    #[test]
    fn round_steps() {
        assert_eq!(nice_step(1, 4), 1);
        assert_eq!(nice_step(7, 4), 2);
        assert_eq!(nice_step(130, 4), 50);
        assert_eq!(nice_step(400, 4), 100);
        assert_eq!(nice_step(1200, 4), 500);
    }

    #[test]
    fn date_ticks_are_few_and_in_range() {
        let start = 1_700_000_000;
        for span_days in [0, 1, 3, 20, 40, 100, 400, 4000, 40_000] {
            let ticks = date_ticks(start, start + span_days * DAY, 5.0);
            assert!(ticks.len() <= 5, "{span_days}: {ticks:?}");
            assert!(span_days < 1 || !ticks.is_empty(), "{span_days}: no ticks");
            for d in ticks {
                assert!(midnight(d) >= start && midnight(d) <= start + span_days * DAY);
            }
        }
    }
}
