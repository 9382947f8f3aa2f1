//! A member's page in a server, reached from its leaderboards: what `/profile` shows there
//! (each family's rating, the rating charts, the record by ruleset, the last games, each
//! linked to its page) as plain data. A member who never played in the server, and one
//! forgotten (`/privacy forget`), has no page.

use super::ratings::{rating_legend, result_words, LAST_GAMES};
use super::{Core, CoreError, Picture};
use crate::family::Family;
use crate::store::{anonymous_number, LinkKind, Player};
use engine::Color;

/// The size in pixels of a rating chart as the core's painters draw it (render's default
/// style), for a page to reserve its place.
pub const CHART_SIZE: (u32, u32) = (600, 300);

/// A member's page in a server.
#[derive(Clone, Debug)]
pub struct PlayerPage {
    pub name: String,
    /// Each family they are rated in.
    pub ratings: Vec<FamilyRating>,
    /// What the ratings' columns and marks mean: header, then meaning.
    pub legend: Vec<(String, String)>,
    /// Wins, draws and losses by ruleset, ruleset by name.
    pub record: Vec<(String, [i64; 3])>,
    /// The last games, the last to end first.
    pub games: Vec<PlayedGame>,
}

/// A member's rating in one family's pool.
#[derive(Clone, Debug)]
pub struct FamilyRating {
    pub family: Family,
    /// As shown: "1523", "1500?".
    pub rating: String,
    pub provisional: bool,
    /// The rating deviation, rounded.
    pub deviation: u32,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
}

/// A finished game from the member's side.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// The game's number, as its record file names it.
    pub number: i64,
    pub colour: Color,
    pub opponent: String,
    pub ruleset: String,
    pub rated: bool,
    /// "win by checkmate", "draw", "loss on time".
    pub result: String,
    /// The rating after it, for a rated game.
    pub rating: Option<String>,
    /// When it ended, in seconds since 1970.
    pub ended_at: i64,
    pub path: String,
}

impl Core {
    /// A member who has played in a server, by the name they last played under there; None
    /// for anyone else, an anonymous (forgotten) member among them.
    async fn known_player(&self, guild: u64, member: u64) -> Result<Option<Player>, CoreError> {
        if anonymous_number(member).is_some() {
            return Ok(None);
        }
        Ok(self
            .store
            .player_name(guild, member)
            .await?
            .map(|name| Player { id: member, name }))
    }

    /// A member's page in a server; None when they have none there.
    pub async fn player_page(
        &self,
        guild: u64,
        member: u64,
    ) -> Result<Option<PlayerPage>, CoreError> {
        let Some(player) = self.known_player(guild, member).await? else {
            return Ok(None);
        };
        let mut ratings = Vec::new();
        for family in Family::ALL {
            if let Some(r) = self.store.rating(guild, member, family).await? {
                ratings.push(FamilyRating {
                    family,
                    rating: r.rating.to_string(),
                    provisional: r.rating.is_provisional(),
                    deviation: r.rating.deviation().round() as u32,
                    games: r.games,
                    wins: r.wins,
                    draws: r.draws,
                    losses: r.losses,
                });
            }
        }
        let mut games = Vec::new();
        for r in self.store.results(guild, member, LAST_GAMES).await? {
            games.push(PlayedGame {
                number: r.game,
                colour: r.colour,
                opponent: r.opponent_name.clone(),
                ruleset: r.ruleset.clone(),
                rated: r.rated,
                result: result_words(&r),
                rating: r.rating.map(|x| x.to_string()),
                ended_at: r.ended_at,
                path: self.page_path(LinkKind::Game, r.game, guild).await?,
            });
        }
        Ok(Some(PlayerPage {
            name: player.name,
            ratings,
            legend: rating_legend(),
            record: self.store.record_by_ruleset(guild, member).await?,
            games,
        }))
    }

    /// A member's rating chart in a family's pool of a server (PNG), as `/profile` draws
    /// it; None when they have no page there or no rating in that pool.
    pub async fn player_chart(
        &self,
        guild: u64,
        member: u64,
        family: Family,
    ) -> Result<Option<Vec<u8>>, CoreError> {
        let Some(player) = self.known_player(guild, member).await? else {
            return Ok(None);
        };
        if self.store.rating(guild, member, family).await?.is_none() {
            return Ok(None);
        }
        let chart = self.rating_chart(guild, &player, family).await?;
        let png = self
            .painters
            .encode(Picture::Chart(Box::new(chart)))
            .await
            .map_err(CoreError::Picture)?;
        Ok(Some(png))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use render::{ChartView, Style};

    #[test]
    fn the_chart_size_is_the_charts() {
        let view = ChartView {
            title: "alice: rating".to_string(),
            points: vec![(0, 1500), (86_400, 1520)],
        };
        let png = render::chart(&view, &Style::default());
        let size = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
        assert_eq!((size(16), size(20)), CHART_SIZE);
    }
}
