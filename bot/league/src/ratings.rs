//! Glicko-2 ratings, as lichess keeps them: each rated game updates both players at once,
//! and time away from the board widens a rating's deviation.
//!
//! The arithmetic is the `skillratings` crate's; this module adds lichess's constants and
//! bounds, its per-game update (see [`game`]), the time step ([`idle`]), display ("1523?")
//! and the leaderboard order. Pure functions, no I/O: the command core loads the ratings,
//! calls these and stores the results.

use engine::Color;
use serde::{Deserialize, Serialize};
use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;
use std::fmt;

/// System constant τ, how fast volatility may change: lichess's `Glicko.tau`.
pub const TAU: f64 = 0.75;

/// The lowest rating deviation (RD): lichess's `Glicko.minDeviation`.
pub const MIN_DEVIATION: f64 = 45.0;

/// The highest RD, a new player's: lichess's `Glicko.maxDeviation`.
pub const MAX_DEVIATION: f64 = 500.0;

/// From this RD up a rating is provisional, shown with "?": lichess's
/// `Glicko.provisionalDeviation`.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// The highest volatility: lichess's `Glicko.maxVolatility` ("past this, it might not
/// stabilize ever again").
pub const MAX_VOLATILITY: f64 = 0.1;

/// The lowest volatility. Ours: lichess has no floor, but real volatilities stay near
/// 0.03–0.1, and this keeps the volatility iteration (on ln σ²) from underflowing to 0.
pub const MIN_VOLATILITY: f64 = 0.000_001;

/// The lowest rating: lichess's `Glicko.minRating`.
pub const MIN_RATING: f64 = 400.0;

/// The highest rating: lichess's `Glicko.maxRating` (its sanity check refuses 4000 and
/// above). Lichess never gets there; we clamp to it so every rating we store reads back.
pub const MAX_RATING: f64 = 4000.0;

/// Glicko-2 rating periods in a day away from rated games: lichess's
/// `Glicko.ratingPeriodsPerDay`, "chosen so a typical player's RD goes from 60 -> 110 in
/// 1 year".
pub const RATING_PERIODS_PER_DAY: f64 = 0.21436;

/// Glicko-2's scale: μ = (rating − 1500) / 173.7178 and φ = RD / 173.7178 (Glickman,
/// "Example of the Glicko-2 system", step 2).
const GLICKO2_SCALE: f64 = 173.7178;

/// Tolerance ε of the volatility iteration (step 5): Glickman's and lichess's.
const CONVERGENCE_TOLERANCE: f64 = 0.000_001;

/// A Glicko-2 rating within its bounds: [`MIN_RATING`]..=[`MAX_RATING`],
/// [`MIN_DEVIATION`]..=[`MAX_DEVIATION`], [`MIN_VOLATILITY`]..=[`MAX_VOLATILITY`]. Stored
/// as its three numbers; reading them back checks the bounds.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "Parts")]
pub struct Rating {
    rating: f64,
    deviation: f64,
    volatility: f64,
}

/// A stored rating before [`Rating::from_parts`] has checked it.
#[derive(Deserialize)]
struct Parts {
    rating: f64,
    deviation: f64,
    volatility: f64,
}

impl TryFrom<Parts> for Rating {
    type Error = &'static str;

    fn try_from(parts: Parts) -> Result<Rating, Self::Error> {
        Rating::from_parts(parts.rating, parts.deviation, parts.volatility)
            .ok_or("a rating, deviation or volatility out of range")
    }
}

impl Rating {
    /// A new player: lichess's `Glicko.default`, 1500 with the widest RD and volatility 0.09
    /// (`Glicko.defaultVolatility`).
    pub const NEW: Rating = Rating {
        rating: 1500.0,
        deviation: MAX_DEVIATION,
        volatility: 0.09,
    };

    /// The rating from its stored numbers, or `None` if one is not finite or is out of
    /// bounds (see [`Rating`]).
    pub fn from_parts(rating: f64, deviation: f64, volatility: f64) -> Option<Rating> {
        let valid = (MIN_RATING..=MAX_RATING).contains(&rating)
            && (MIN_DEVIATION..=MAX_DEVIATION).contains(&deviation)
            && (MIN_VOLATILITY..=MAX_VOLATILITY).contains(&volatility);
        valid.then_some(Rating {
            rating,
            deviation,
            volatility,
        })
    }

    /// The rating, unrounded.
    pub fn rating(self) -> f64 {
        self.rating
    }

    /// The rating deviation (RD): how uncertain the rating is.
    pub fn deviation(self) -> f64 {
        self.deviation
    }

    /// The volatility: how erratic the player's results have been.
    pub fn volatility(self) -> f64 {
        self.volatility
    }

    /// True while the RD is at least [`PROVISIONAL_DEVIATION`].
    pub fn is_provisional(self) -> bool {
        self.deviation >= PROVISIONAL_DEVIATION
    }

    /// The shown number.
    fn whole(self) -> i32 {
        // In range by the bounds, so the cast is exact.
        self.rating.round() as i32
    }

    /// Clamps each number to its bounds, as lichess's `cap` does after every update.
    fn capped(rating: f64, deviation: f64, volatility: f64) -> Rating {
        debug_assert!(rating.is_finite() && deviation.is_finite() && volatility.is_finite());
        Rating {
            rating: rating.clamp(MIN_RATING, MAX_RATING),
            deviation: deviation.clamp(MIN_DEVIATION, MAX_DEVIATION),
            volatility: volatility.clamp(MIN_VOLATILITY, MAX_VOLATILITY),
        }
    }

    fn to_glicko2(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }
}

/// The rating as shown: rounded, with "?" while provisional (`1523`, `1500?`).
impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mark = if self.is_provisional() { "?" } else { "" };
        write!(f, "{}{mark}", self.whole())
    }
}

/// A game's result from one player's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// A win: 1.
    Win,
    /// A draw: ½.
    Draw,
    /// A loss: 0.
    Loss,
}

impl Score {
    /// The score of the player of colour `me` in a game won by `winner` (`None`: a draw).
    pub fn from_winner(winner: Option<Color>, me: Color) -> Score {
        match winner {
            None => Score::Draw,
            Some(color) if color == me => Score::Win,
            Some(_) => Score::Loss,
        }
    }

    fn outcome(self) -> Outcomes {
        match self {
            Score::Win => Outcomes::WIN,
            Score::Draw => Outcomes::DRAW,
            Score::Loss => Outcomes::LOSS,
        }
    }
}

/// Both players' ratings after a rated game won by `winner` (`None`: a draw).
///
/// As lichess does, each game is rated at once and on its own, against the opponent's rating
/// before the game, and adds no time to the deviation: time away is [`idle`]'s, which the
/// caller applies first. The RD and the other numbers are then clamped to their bounds.
pub fn game(white: Rating, black: Rating, winner: Option<Color>) -> (Rating, Rating) {
    let rate = |me: Rating, opponent: Rating, color: Color| {
        let score = Score::from_winner(winner, color);
        period(me, &[(opponent, score)], TAU, 0.0)
    };
    (
        rate(white, black, Color::White),
        rate(black, white, Color::Black),
    )
}

/// The rating after `days` without a rated game: the RD widens as Glicko-2 widens it over
/// rating periods without games (Glickman's step 6), at lichess's
/// [`RATING_PERIODS_PER_DAY`], up to [`MAX_DEVIATION`]. Rating and volatility are unchanged.
/// The caller passes the days since the player's last rated game, before calling [`game`].
pub fn idle(rating: Rating, days: u32) -> Rating {
    widen(rating, f64::from(days) * RATING_PERIODS_PER_DAY)
}

/// Glickman's step 6 alone, for `periods` rating periods (a fraction too, as lichess's
/// `previewDeviation`): φ* = √(φ² + periods·σ²), capped at [`MAX_DEVIATION`].
///
/// skillratings' `decay_deviation` is the same step for one period, but caps the RD at 350
/// (Glicko's new-player RD), which would lower lichess's new-player 500.
fn widen(rating: Rating, periods: f64) -> Rating {
    let step = rating.volatility * GLICKO2_SCALE * periods.sqrt();
    Rating {
        deviation: rating.deviation.hypot(step).min(MAX_DEVIATION),
        ..rating
    }
}

/// A player's rating after a Glicko-2 rating period with `games` (each against the
/// opponent's rating before the period), with system constant `tau` and `elapsed` rating
/// periods of time for step 6 (lichess's `calculateNewRating`): Glickman's paper has 1;
/// lichess's per-game update 0. Clamped to the bounds of [`Rating`].
///
/// skillratings' `glicko2_rating_period` always takes one period. Its result gives back what
/// step 6 needs: with its new RD φ₁ and volatility σ′, the games' information is
/// 1/v = 1/φ₁² − 1/(φ² + σ′²) (step 7), so the RD after `elapsed` periods is
/// φ′ = 1/√(1/(φ² + elapsed·σ′²) + 1/v), and the rating moves by the crate's change scaled
/// by (φ′/φ₁)² (step 8). Volatility (step 5) does not depend on step 6.
fn period(player: Rating, games: &[(Rating, Score)], tau: f64, elapsed: f64) -> Rating {
    if games.is_empty() {
        return widen(player, elapsed);
    }
    let results: Vec<(Glicko2Rating, Outcomes)> = games
        .iter()
        .map(|&(opponent, score)| (opponent.to_glicko2(), score.outcome()))
        .collect();
    let config = Glicko2Config {
        tau,
        convergence_tolerance: CONVERGENCE_TOLERANCE,
    };
    let one = glicko2_rating_period(&player.to_glicko2(), &results, &config);

    // On the rating scale: φ², and σ′² (what one period of time adds to it).
    let variance = player.deviation.powi(2);
    let drift = (one.volatility * GLICKO2_SCALE).powi(2);
    // Never below 0, even by rounding: games never widen the RD.
    let information = (one.deviation.powi(2).recip() - (variance + drift).recip()).max(0.0);
    let deviation = ((variance + elapsed * drift).recip() + information)
        .sqrt()
        .recip();
    let rating = player.rating + (one.rating - player.rating) * (deviation / one.deviation).powi(2);
    Rating::capped(rating, deviation, one.volatility)
}

/// A rating before and after a game, shown as `1523 -> 1541 (+18)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Change {
    /// Before the game (after [`idle`]).
    pub before: Rating,
    /// After it.
    pub after: Rating,
}

impl Change {
    /// The change in the shown (rounded) rating.
    pub fn delta(self) -> i32 {
        self.after.whole() - self.before.whole()
    }
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} -> {} ({:+})", self.before, self.after, self.delta())
    }
}

/// The top `limit` established players of `entries` (player, rating, rated games), best
/// first: by shown (rounded) rating, higher first; then by RD, lower first; then by games,
/// more first; then in the order given.
///
/// Provisional players are left off, as lichess leaves them off its rankings: their rating
/// is still a guess.
pub fn leaderboard<T>(entries: Vec<(T, Rating, u32)>, limit: usize) -> Vec<(T, Rating, u32)> {
    let mut board: Vec<_> = entries
        .into_iter()
        .filter(|(_, rating, _)| !rating.is_provisional())
        .collect();
    by_rank(&mut board);
    board.truncate(limit);
    board
}

/// The top `limit` of `entries` for a server's table: the [`leaderboard`], then, where room
/// is left, the provisional players in the same order (so a new community sees its players
/// from the first game).
pub fn standings<T>(entries: Vec<(T, Rating, u32)>, limit: usize) -> Vec<(T, Rating, u32)> {
    let (mut provisional, established): (Vec<_>, Vec<_>) = entries
        .into_iter()
        .partition(|(_, rating, _)| rating.is_provisional());
    let mut board = leaderboard(established, limit);
    by_rank(&mut provisional);
    let room = limit.saturating_sub(board.len());
    board.extend(provisional.into_iter().take(room));
    board
}

/// Leaderboard order, in place (a stable sort: equals keep the order given).
fn by_rank<T>(board: &mut [(T, Rating, u32)]) {
    board.sort_by(|(_, a, a_games), (_, b, b_games)| {
        b.whole()
            .cmp(&a.whole())
            .then(a.deviation.total_cmp(&b.deviation))
            .then(b_games.cmp(a_games))
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use skillratings::glicko2::{decay_deviation, glicko2};

    /// Any three numbers, bounds unchecked (the paper's opponents have RDs under 45).
    fn raw(rating: f64, deviation: f64, volatility: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility,
        }
    }

    fn valid(rating: f64, deviation: f64, volatility: f64) -> Rating {
        Rating::from_parts(rating, deviation, volatility).expect("in bounds")
    }

    fn close(actual: f64, expected: f64, tolerance: f64, what: &str) {
        assert!(
            (actual - expected).abs() <= tolerance,
            "{what}: {actual} is not within {tolerance} of {expected}"
        );
    }

    /// Glickman, "Example of the Glicko-2 system" (glicko.net/glicko/glicko2.pdf): a
    /// 1500/200/0.06 player beats a 1400/30 and loses to a 1550/100 and a 1700/300 in one
    /// rating period with τ = 0.5, ending at 1464.06 / 151.52 / 0.05999.
    #[test]
    fn glickmans_example() {
        let player = raw(1500.0, 200.0, 0.06);
        let games = [
            (raw(1400.0, 30.0, 0.06), Score::Win),
            (raw(1550.0, 100.0, 0.06), Score::Loss),
            (raw(1700.0, 300.0, 0.06), Score::Loss),
        ];
        let after = period(player, &games, 0.5, 1.0);
        close(after.rating(), 1464.06, 0.01, "rating");
        close(after.deviation(), 151.52, 0.01, "deviation");
        close(after.volatility(), 0.05999, 0.00001, "volatility");
    }

    /// The same period without step 6, from the paper's intermediate values (v = 1.7785,
    /// Δ = −0.4834 on the Glicko-2 scale): φ′ = 1/√(1/φ² + 1/v), μ′ = μ + φ′²·Δ/v.
    #[test]
    fn glickmans_example_without_time() {
        let player = raw(1500.0, 200.0, 0.06);
        let games = [
            (raw(1400.0, 30.0, 0.06), Score::Win),
            (raw(1550.0, 100.0, 0.06), Score::Loss),
            (raw(1700.0, 300.0, 0.06), Score::Loss),
        ];
        let after = period(player, &games, 0.5, 0.0);
        let (v, delta) = (1.7785_f64, -0.4834_f64);
        let phi = (((200.0_f64 / GLICKO2_SCALE).powi(2)).recip() + v.recip())
            .sqrt()
            .recip();
        close(after.deviation(), phi * GLICKO2_SCALE, 0.01, "deviation");
        let mu = phi * phi * delta / v;
        close(after.rating(), 1500.0 + mu * GLICKO2_SCALE, 0.05, "rating");
        close(after.volatility(), 0.05999, 0.00001, "volatility");
    }

    /// Lichess's own per-game results (scalachess's Glicko calculator tests, τ 0.75, no
    /// colour advantage, no deviation increase): (white, black, winner) -> (white, black).
    #[test]
    fn lichess_games() {
        type Numbers = (f64, f64, f64);
        let cases: [(Numbers, Numbers, Option<Color>, Numbers, Numbers); 5] = [
            (
                (1500.0, 350.0, 0.06),
                (1500.0, 350.0, 0.06),
                Some(Color::White),
                (1662.21, 290.2305, 0.0599993),
                (1337.79, 290.2305, 0.0599993),
            ),
            (
                (1500.0, 350.0, 0.06),
                (1500.0, 350.0, 0.06),
                None,
                (1500.0, 290.2305, 0.0599977),
                (1500.0, 290.2305, 0.0599977),
            ),
            (
                (1400.0, 79.0, 0.06),
                (1550.0, 110.0, 0.065),
                Some(Color::White),
                (1422.63, 77.4956, 0.06),
                (1506.32, 105.8706, 0.065),
            ),
            (
                (1200.0, 60.0, 0.053),
                (1850.0, 200.0, 0.062),
                Some(Color::Black),
                (1199.29, 59.9006, 0.052999),
                (1855.42, 196.9873, 0.061999),
            ),
            (
                (1200.0, 60.0, 0.053),
                (1850.0, 200.0, 0.062),
                None,
                (1208.01, 59.9006, 0.053002),
                (1745.71, 196.9873, 0.062006),
            ),
        ];
        for (white, black, winner, want_white, want_black) in cases {
            let (w, b) = game(
                valid(white.0, white.1, white.2),
                valid(black.0, black.1, black.2),
                winner,
            );
            for (got, want) in [(w, want_white), (b, want_black)] {
                let what = format!("{white:?} v {black:?}, {winner:?}");
                close(got.rating(), want.0, 0.005, &what);
                close(got.deviation(), want.1, 0.00005, &what);
                close(got.volatility(), want.2, 0.00001, &what);
            }
        }
    }

    /// Two new players' first game, as lichess's tests have it (to within 1).
    #[test]
    fn new_players_first_game() {
        let (w, b) = game(Rating::NEW, Rating::NEW, Some(Color::White));
        close(w.rating(), 1741.0, 1.0, "winner");
        close(b.rating(), 1258.0, 1.0, "loser");
        for r in [w, b] {
            close(r.deviation(), 396.0, 1.0, "deviation");
            close(r.volatility(), 0.0899983, 0.0000001, "volatility");
        }
    }

    /// One period with one game, step 6 included, is the crate's two-player update.
    #[test]
    fn one_game_period_is_the_crates_game() {
        let (a, b) = (valid(1620.0, 80.0, 0.07), valid(1490.0, 240.0, 0.09));
        let config = Glicko2Config {
            tau: TAU,
            convergence_tolerance: CONVERGENCE_TOLERANCE,
        };
        let (ca, cb) = glicko2(&a.to_glicko2(), &b.to_glicko2(), &Outcomes::LOSS, &config);
        let na = period(a, &[(b, Score::Loss)], TAU, 1.0);
        let nb = period(b, &[(a, Score::Win)], TAU, 1.0);
        for (ours, theirs) in [(na, ca), (nb, cb)] {
            close(ours.rating(), theirs.rating, 1e-9, "rating");
            close(ours.deviation(), theirs.deviation, 1e-9, "deviation");
            close(ours.volatility(), theirs.volatility, 1e-12, "volatility");
        }
    }

    /// One period of `widen` is skillratings' `decay_deviation` (below its 350 cap).
    #[test]
    fn widen_is_the_crates_decay() {
        for r in [valid(1500.0, 45.0, 0.06), valid(2100.0, 200.0, 0.1)] {
            let theirs = decay_deviation(&r.to_glicko2());
            close(
                widen(r, 1.0).deviation(),
                theirs.deviation,
                1e-9,
                "deviation",
            );
        }
    }

    /// "A typical player's RD goes from 60 -> 110 in 1 year" (lichess).
    #[test]
    fn a_year_away_makes_a_typical_rating_provisional() {
        let typical = valid(1800.0, 60.0, 0.06);
        close(idle(typical, 365).deviation(), 110.0, 1.0, "deviation");
        assert!(!idle(typical, 300).is_provisional());
        assert!(idle(typical, 400).is_provisional());
        assert_eq!(idle(typical, 0), typical);
    }

    #[test]
    fn new_is_provisional_until_enough_games() {
        assert!(Rating::NEW.is_provisional());
        assert_eq!(Rating::NEW.to_string(), "1500?");
        assert_eq!(Rating::NEW.to_string(), "1500?");

        let opponent = valid(1500.0, 60.0, 0.06);
        let mut me = Rating::NEW;
        let mut games = 0;
        while me.is_provisional() {
            let winner = [Some(Color::White), Some(Color::Black), None][games % 3];
            me = game(me, opponent, winner).0;
            games += 1;
            assert!(games <= 20, "still provisional after 20 games: {me:?}");
        }
        assert!(me.deviation() < PROVISIONAL_DEVIATION);
        assert!(!me.to_string().ends_with('?'), "{}", me.to_string());
    }

    #[test]
    fn shown_rounds() {
        assert_eq!(valid(1523.4, 60.0, 0.06).to_string(), "1523");
        assert_eq!(valid(1523.5, 60.0, 0.06).to_string(), "1524");
        assert_eq!(valid(1523.5, 110.0, 0.06).to_string(), "1524?");
        assert_eq!(valid(1523.5, 109.9, 0.06).to_string(), "1524");
    }

    #[test]
    fn from_parts_checks_bounds() {
        assert_eq!(
            Rating::from_parts(1500.0, MAX_DEVIATION, 0.09),
            Some(Rating::NEW)
        );
        for (r, d, v) in [
            (f64::NAN, 100.0, 0.06),
            (1500.0, f64::INFINITY, 0.06),
            (1500.0, 100.0, f64::NAN),
            (399.0, 100.0, 0.06),
            (4000.5, 100.0, 0.06),
            (1500.0, 44.0, 0.06),
            (1500.0, 501.0, 0.06),
            (1500.0, 100.0, 0.0),
            (1500.0, 100.0, 1e-300),
            (1500.0, 100.0, 0.11),
        ] {
            assert_eq!(Rating::from_parts(r, d, v), None, "{r} {d} {v}");
        }
    }

    #[test]
    fn serde_round_trip_checks_bounds() {
        let rating = valid(1523.25, 80.5, 0.0625);
        let text = serde_json::to_string(&rating).expect("serialises");
        assert_eq!(
            text,
            r#"{"rating":1523.25,"deviation":80.5,"volatility":0.0625}"#
        );
        let back: Rating = serde_json::from_str(&text).expect("reads back");
        assert_eq!(back, rating);
        let bad = r#"{"rating":1523.25,"deviation":30.0,"volatility":0.0625}"#;
        assert!(serde_json::from_str::<Rating>(bad).is_err());
    }

    #[test]
    fn score_from_winner() {
        use Color::{Black, White};
        assert_eq!(Score::from_winner(Some(White), White), Score::Win);
        assert_eq!(Score::from_winner(Some(White), Black), Score::Loss);
        assert_eq!(Score::from_winner(Some(Black), Black), Score::Win);
        assert_eq!(Score::from_winner(None, White), Score::Draw);
        assert_eq!(Score::from_winner(None, Black), Score::Draw);
    }

    #[test]
    fn change_display() {
        let at = |rating| valid(rating, 60.0, 0.06);
        let gain = Change {
            before: at(1523.0),
            after: at(1541.2),
        };
        assert_eq!(gain.to_string(), "1523 -> 1541 (+18)");
        assert_eq!(gain.delta(), 18);
        let loss = Change {
            before: at(1541.0),
            after: at(1522.6),
        };
        assert_eq!(loss.to_string(), "1541 -> 1523 (-18)");
        assert_eq!(loss.delta(), -18);
        let none = Change {
            before: at(1523.0),
            after: at(1523.3),
        };
        assert_eq!(none.to_string(), "1523 -> 1523 (+0)");
        let (won, lost) = game(Rating::NEW, Rating::NEW, Some(Color::White));
        let change = |after| Change {
            before: Rating::NEW,
            after,
        };
        assert_eq!(change(won).to_string(), "1500? -> 1741? (+241)");
        assert_eq!(change(lost).to_string(), "1500? -> 1259? (-241)");
    }

    #[test]
    fn leaderboard_order() {
        let entries = vec![
            ("2400 provisional", valid(2400.0, 150.0, 0.06), 3),
            ("1700", valid(1700.0, 50.0, 0.06), 10),
            ("1900", valid(1900.0, 90.0, 0.06), 40),
            ("1800 lower RD", valid(1800.4, 60.0, 0.06), 12),
            ("1800 more games", valid(1799.6, 70.0, 0.06), 90),
            ("1800 fewer games", valid(1800.0, 70.0, 0.06), 30),
            ("new", Rating::NEW, 0),
            (
                "2000 at RD 110",
                valid(2000.0, PROVISIONAL_DEVIATION, 0.06),
                8,
            ),
            ("1200 at RD 109", valid(1200.0, 109.0, 0.06), 5),
        ];
        let names = |board: Vec<(&'static str, Rating, u32)>| {
            board
                .into_iter()
                .map(|(name, _, _)| name)
                .collect::<Vec<_>>()
        };
        assert_eq!(
            names(leaderboard(entries.clone(), 10)),
            [
                "1900",
                "1800 lower RD",
                "1800 more games",
                "1800 fewer games",
                "1700",
                "1200 at RD 109",
            ]
        );
        assert_eq!(
            names(leaderboard(entries.clone(), 2)),
            ["1900", "1800 lower RD"]
        );
        assert!(leaderboard(entries.clone(), 0).is_empty());
        let provisional_only = vec![((), Rating::NEW, 0)];
        assert!(leaderboard(provisional_only, 10).is_empty());
        // A server's table fills what room is left with the provisional, best first.
        assert_eq!(
            names(standings(entries.clone(), 8)),
            [
                "1900",
                "1800 lower RD",
                "1800 more games",
                "1800 fewer games",
                "1700",
                "1200 at RD 109",
                "2400 provisional",
                "2000 at RD 110",
            ]
        );
        assert_eq!(
            names(standings(entries, 3)),
            ["1900", "1800 lower RD", "1800 more games"]
        );
    }

    /// Any rating within bounds, volatility from tiny to the cap.
    fn any_rating() -> impl Strategy<Value = Rating> {
        (
            MIN_RATING..=MAX_RATING,
            MIN_DEVIATION..=MAX_DEVIATION,
            prop_oneof![MIN_VOLATILITY..=MAX_VOLATILITY, 0.03..=MAX_VOLATILITY],
        )
            .prop_map(|(r, d, v)| valid(r, d, v))
    }

    fn any_score() -> impl Strategy<Value = Score> {
        prop_oneof![Just(Score::Win), Just(Score::Draw), Just(Score::Loss)]
    }

    fn any_winner() -> impl Strategy<Value = Option<Color>> {
        prop_oneof![
            Just(Some(Color::White)),
            Just(Some(Color::Black)),
            Just(None)
        ]
    }

    fn in_bounds(r: Rating) -> bool {
        Rating::from_parts(r.rating(), r.deviation(), r.volatility()) == Some(r)
    }

    proptest! {
        #[test]
        fn winner_gains_and_loser_loses(a in any_rating(), b in any_rating()) {
            let (w, l) = game(a, b, Some(Color::White));
            prop_assert!(w.rating() > a.rating() || a.rating() == MAX_RATING, "{a:?} -> {w:?}");
            prop_assert!(l.rating() < b.rating() || b.rating() == MIN_RATING, "{b:?} -> {l:?}");
        }

        #[test]
        fn a_draw_between_equals_changes_no_rating(a in any_rating()) {
            let (w, b) = game(a, a, None);
            prop_assert!((w.rating() - a.rating()).abs() < 1e-6);
            prop_assert!((b.rating() - a.rating()).abs() < 1e-6);
        }

        #[test]
        fn a_game_narrows_the_deviation(
            a in any_rating(),
            b in any_rating(),
            winner in any_winner(),
        ) {
            let (w, _) = game(a, b, winner);
            prop_assert!(
                w.deviation() < a.deviation() || w.deviation() == MIN_DEVIATION,
                "{a:?} v {b:?} -> {w:?}"
            );
        }

        #[test]
        fn idle_days_widen_the_deviation(
            a in any_rating(),
            days in 0u32..5000,
            more in 1u32..5000,
        ) {
            let before = idle(a, days);
            let after = idle(a, days + more);
            prop_assert!(before.deviation() >= a.deviation());
            prop_assert!(
                after.deviation() > before.deviation() || after.deviation() == MAX_DEVIATION
            );
            prop_assert!(after.deviation() <= MAX_DEVIATION);
            prop_assert_eq!(
                (after.rating(), after.volatility()),
                (a.rating(), a.volatility())
            );
        }

        #[test]
        fn ratings_stay_in_bounds(
            a in any_rating(),
            b in any_rating(),
            winner in any_winner(),
            days in 0u32..=u32::MAX,
        ) {
            let (w, l) = game(a, b, winner);
            prop_assert!(in_bounds(w), "{w:?}");
            prop_assert!(in_bounds(l), "{l:?}");
            prop_assert!(in_bounds(idle(a, days)));
        }

        #[test]
        fn swapping_colours_swaps_results(
            a in any_rating(),
            b in any_rating(),
            winner in any_winner(),
        ) {
            let (w, l) = game(a, b, winner);
            let (l2, w2) = game(b, a, winner.map(|c| !c));
            prop_assert_eq!(w, w2);
            prop_assert_eq!(l, l2);
        }

        /// Style pattern 7: the order of games within a period doesn't matter.
        #[test]
        fn order_within_a_period_does_not_matter(
            me in any_rating(),
            (games, shuffled) in prop::collection::vec((any_rating(), any_score()), 1..8)
                .prop_flat_map(|games| (Just(games.clone()), Just(games).prop_shuffle())),
            elapsed in prop_oneof![Just(0.0), Just(1.0)],
        ) {
            let a = period(me, &games, TAU, elapsed);
            let b = period(me, &shuffled, TAU, elapsed);
            prop_assert!((a.rating() - b.rating()).abs() < 1e-6, "{a:?} {b:?}");
            prop_assert!((a.deviation() - b.deviation()).abs() < 1e-6, "{a:?} {b:?}");
            prop_assert!((a.volatility() - b.volatility()).abs() < 1e-9, "{a:?} {b:?}");
        }
    }
}
