//! Ratings and who plays: /rating, /leaderboard, /profile and /games.

use super::present::page_of;
use super::{
    member, named_channel, strong, typed, Content, Core, CoreError, Listing, Local, Picture, Place,
    Reply, Span, Who,
};
use crate::family::Family;
use crate::store::{Player, RatingRow, ResultRow, Word};
use crate::words;
use engine::{Color, EndReason};
use league::ratings::{self, MAX_DEVIATION, PROVISIONAL_DEVIATION};
use render::{ChartView, Column, TableView};
use std::fmt::Write;

/// How many members the leaderboard shows.
const TOP: usize = 20;
/// How many games a profile lists.
pub(super) const LAST_GAMES: i64 = 10;

impl Core {
    /// /rating: a member's rating, deviation and record in this server, in one game's pool
    /// or in each they are rated in.
    pub(super) async fn show_rating(
        &self,
        who: &Who,
        place: Place,
        member: Option<Player>,
        game: Option<Family>,
    ) -> Result<Vec<Reply>, CoreError> {
        let guild = Core::channel(place)?.guild;
        let member = member.unwrap_or_else(|| who.player());
        let families = game.map_or(Family::ALL.to_vec(), |f| vec![f]);
        let mut lines = Vec::new();
        let mut provisional = false;
        for family in families {
            let Some(standing) = self.store.rating(guild, member.id, family).await? else {
                continue;
            };
            provisional |= standing.rating.is_provisional();
            lines.push(format!(
                "{}{} (deviation {:.0}), {} rated game(s): {} won, {} drawn, {} lost.",
                family.pool_prefix(),
                standing.rating,
                standing.rating.deviation(),
                standing.games,
                standing.wins,
                standing.draws,
                standing.losses,
            ));
        }
        if lines.is_empty() {
            return Err(match game {
                Some(family) => CoreError::UnratedIn(member.id, family),
                None => CoreError::Unrated(member.id),
            });
        }
        Ok(vec![Reply::public(words![
            super::member(member.id),
            format!(
                ": {}{}",
                lines.join(" "),
                if provisional {
                    " The ? means provisional: a few more games settle it."
                } else {
                    ""
                }
            ),
        ])])
    }

    /// /leaderboard: the top 20, as a table picture and as text. Established ratings rank
    /// first (as lichess ranks them); provisional ones ("?") fill the rest, best first, so a
    /// new community sees its players from the first game.
    pub(super) async fn leaderboard(
        &self,
        place: Place,
        game: Option<Family>,
    ) -> Result<Vec<Reply>, CoreError> {
        let guild = Core::channel(place)?.guild;
        let family = game.unwrap_or_default();
        let Some(Leaderboard { table, text, .. }) = self.leaderboard_table(guild, family).await?
        else {
            return Ok(vec![Reply::public(words![
                format!("No one has played a rated game{}", family.pool_suffix()),
                Span::Local(Local::Scope),
                " yet: ",
                Span::Local(Local::NoRating),
                ".",
            ])]);
        };
        Ok(vec![
            Reply::public(text).with_picture(Picture::Table(Box::new(table)))
        ])
    }

    /// A server's leaderboard of a family as a table and as text; None before anyone has
    /// played a rated game of it there.
    pub(super) async fn leaderboard_table(
        &self,
        guild: u64,
        family: Family,
    ) -> Result<Option<Leaderboard>, CoreError> {
        let all = self.store.ratings(guild, family).await?;
        if all.is_empty() {
            return Ok(None);
        }
        let title = family.leaderboard_title();
        let entries = all
            .into_iter()
            .map(|r| {
                let (rating, games) = (r.rating, r.games as u32);
                (r, rating, games)
            })
            .collect();
        let top: Vec<RatingRow> = ratings::standings(entries, TOP)
            .into_iter()
            .map(|(row, _, _)| row)
            .collect();
        let mut text = words![strong(words![title.clone()]), "\n"];
        let mut rows = Vec::new();
        for (rank, row) in top.iter().enumerate() {
            let _ = write!(text, "{}. ", rank + 1);
            text.push(member(row.user));
            let _ = writeln!(
                text,
                " {} ({}W {}D {}L)",
                row.rating, row.wins, row.draws, row.losses
            );
            rows.push(vec![
                (rank + 1).to_string(),
                row.name.clone(),
                row.rating.to_string(),
                format!("{:.0}", row.rating.deviation()),
                row.games.to_string(),
                format!("{}/{}/{}", row.wins, row.draws, row.losses),
            ]);
        }
        if top.iter().any(|r| r.rating.is_provisional()) {
            text.push("A ? marks a provisional rating: a few more games settle it.");
        }
        let table = TableView {
            title,
            columns: vec![
                Column::right("#"),
                Column::left("Player"),
                Column::right("Rating"),
                Column::right("RD"),
                Column::right("Games"),
                Column::right("W/D/L"),
            ],
            rows,
        };
        Ok(Some(Leaderboard {
            table,
            text: text.trim_end(),
            members: top.iter().map(|r| r.user).collect(),
        }))
    }

    /// /profile: rating history as a chart, the record by ruleset and the last 10 games.
    pub(super) async fn profile(
        &self,
        who: &Who,
        place: Place,
        member: Option<Player>,
        game: Option<Family>,
    ) -> Result<Vec<Reply>, CoreError> {
        let guild = Core::channel(place)?.guild;
        let member = member.unwrap_or_else(|| who.player());
        let family = game.unwrap_or_default();
        let standing = self.store.rating(guild, member.id, family).await?;
        let mut text = words![
            strong(words!["Profile of ", super::member(member.id)]),
            "\n"
        ];
        match &standing {
            Some(s) => {
                let _ = writeln!(
                    text,
                    "{}Rating {} after {} rated game(s).",
                    family.pool_prefix(),
                    s.rating,
                    s.games
                );
            }
            None => {
                let _ = writeln!(text, "{}No rated games yet.", family.pool_prefix());
            }
        }
        let record = self.store.record_by_ruleset(guild, member.id).await?;
        if record.is_empty() {
            text.push(words![
                "No finished games",
                Span::Local(Local::Scope),
                " yet.\n"
            ]);
        }
        for (ruleset, [w, d, l]) in &record {
            let _ = writeln!(text, "{ruleset}: {w} won, {d} drawn, {l} lost.");
        }
        let results = self.store.results(guild, member.id, LAST_GAMES).await?;
        if !results.is_empty() {
            text.push("Last games:\n");
        }
        for r in &results {
            let _ = writeln!(
                text,
                "- {} vs {} ({}, {}): {}{}",
                r.colour,
                r.opponent_name,
                r.ruleset,
                if r.rated { "rated" } else { "unrated" },
                result_words(r),
                r.rating.map_or(String::new(), |x| format!(", now {x}"))
            );
        }
        let chart = self.rating_chart(guild, &member, family).await?;
        Ok(vec![
            Reply::public(text.trim_end()).with_picture(Picture::Chart(Box::new(chart)))
        ])
    }

    /// A member's rating after each rated game of a family in a server, as a chart.
    pub(super) async fn rating_chart(
        &self,
        guild: u64,
        member: &Player,
        family: Family,
    ) -> Result<ChartView, CoreError> {
        let points = self
            .store
            .rating_history(guild, member.id, family)
            .await?
            .into_iter()
            .map(|(at, rating)| (at, rating.round() as i32))
            .collect();
        Ok(ChartView {
            title: format!("{}: {}rating", member.name, family.pool_prefix()),
            points,
        })
    }

    /// /games: the server's games in progress that the asker can see, where, and whose
    /// turn, a page at a time. Only the asker sees the answer: it follows what they can see.
    pub(super) async fn games(
        &self,
        place: Place,
        listing: Listing,
    ) -> Result<Vec<Reply>, CoreError> {
        let guild = Core::channel(place)?.guild;
        let mut games = self.store.active_games(guild).await?;
        // A thread the bot opened is public: whoever sees its channel sees it.
        games.retain(|(row, channel)| {
            listing.sight.sees(*channel) || row.thread.is_some_and(|t| listing.sight.sees(t.parent))
        });
        if games.is_empty() {
            return Ok(vec![Reply::private(words![
                "No games in progress",
                Span::Local(Local::Scope),
                ": ",
                Span::Local(Local::NewGame),
                ".",
            ])]);
        }
        let now = self.now();
        let mut text = words![
            strong(words![format!("{} game(s) in progress", games.len())]),
            "\n"
        ];
        let (games, footer) = page_of(games, listing.page, "games")?;
        for (row, channel) in &games {
            let mover = row.game.to_move();
            let clock = row
                .deadline()
                .map(|d| format!(", {} left", render::clock_text((d - now).max(0) as u64)))
                .unwrap_or_default();
            text.push(named_channel(*channel));
            text.push(": ");
            text.push(typed(&row.player(Color::White).name));
            text.push(" (White) vs ");
            text.push(typed(&row.player(Color::Black).name));
            let _ = writeln!(
                text,
                " (Black), turn {}, {mover} to move{clock}.",
                row.game.ply()
            );
        }
        text.push(footer);
        Ok(vec![Reply::private(text.trim_end())])
    }
}

/// A server's leaderboard of a family.
pub(super) struct Leaderboard {
    pub table: TableView,
    /// The same, as text.
    pub text: Content,
    /// The member of each of the table's rows.
    pub members: Vec<u64>,
}

/// What a rating's columns and marks mean, in plain words: each column's header (or mark),
/// then its meaning.
pub(super) fn rating_legend() -> Vec<(String, String)> {
    let rating = "a Glicko-2 rating, counted as lichess counts it: a new player starts at 1500";
    let provisional = format!(
        "provisional: its RD is {PROVISIONAL_DEVIATION:.0} or more (a new player's is \
         {MAX_DEVIATION:.0}); a few more rated games settle it"
    );
    let deviation = "rating deviation, how sure the rating is: the lower, the surer. Each \
         rated game lowers it; time away raises it";
    vec![
        ("Rating".to_string(), rating.to_string()),
        ("?".to_string(), provisional),
        ("RD".to_string(), deviation.to_string()),
        (
            "W/D/L".to_string(),
            "rated games won, drawn and lost".to_string(),
        ),
    ]
}

/// A listed game's result from the member's side: "win by checkmate", "loss on time".
pub(super) fn result_words(result: &ResultRow) -> String {
    format!("{}{}", result.score.word(), ended_by(&result.reason))
}

/// How a listed game ended, from its record's Termination word: " by checkmate",
/// " on time", " by capturing the last royal piece"; nothing for a result without a reason.
fn ended_by(termination: &str) -> String {
    let words = match EndReason::from_termination(termination) {
        None | Some(EndReason::Recorded) => return String::new(),
        Some(EndReason::Timeout) => "on time",
        Some(EndReason::RoyalCaptured) => "by capturing the last royal piece",
        Some(_) => return format!(" by {termination}"),
    };
    format!(" {words}")
}
