//! A server's page as plain data: its leaderboards, games in progress, last finished games
//! and tournaments, each linked to its page, under the server's name as Discord last gave it.

use super::ratings::{rating_legend, Leaderboard};
use super::{Core, CoreError};
use crate::family::Family;
use crate::store::{GameRow, LinkKind};
use engine::Color;
use render::TableView;

/// How many finished games the page lists.
const FINISHED: i64 = 10;

/// A server's page: its leaderboards and what is being played.
#[derive(Clone, Debug)]
pub struct ServerPage {
    /// The server's name; None until Discord has given it (the bot connects, or joins).
    pub name: Option<String>,
    /// Each family's leaderboard with rated players.
    pub leaderboards: Vec<FamilyBoard>,
    /// What the leaderboards' columns and marks mean: header, then meaning.
    pub legend: Vec<(String, String)>,
    pub games: Vec<GameLine>,
    /// The last to end first.
    pub finished: Vec<GameLine>,
    pub tournaments: Vec<TournamentLine>,
}

/// A family's leaderboard, with the member of each row, whose page it links to.
#[derive(Clone, Debug)]
pub struct FamilyBoard {
    pub family: Family,
    pub table: TableView,
    pub members: Vec<u64>,
}

/// A game in a list, with what tells it from another between the same players, and its
/// page's path.
#[derive(Clone, Debug)]
pub struct GameLine {
    /// The game's number, as its record file names it.
    pub number: i64,
    pub white: String,
    pub black: String,
    pub rules: String,
    pub turns: usize,
    /// When it started, in seconds since 1970.
    pub started_at: i64,
    /// "White to move", or the result: "1-0, White wins by resignation".
    pub state: String,
    pub path: String,
}

/// A tournament in a list, with its page's path.
#[derive(Clone, Debug)]
pub struct TournamentLine {
    pub name: String,
    pub state: String,
    pub path: String,
}

impl Core {
    /// A server's page: every family's leaderboard, its games in progress, its last finished
    /// games and its tournaments, each linked to its page.
    pub async fn server_page(&self, guild: u64) -> Result<ServerPage, CoreError> {
        let mut leaderboards = Vec::new();
        for family in Family::ALL {
            if let Some(Leaderboard { table, members, .. }) =
                self.leaderboard_table(guild, family).await?
            {
                leaderboards.push(FamilyBoard {
                    family,
                    table,
                    members,
                });
            }
        }
        let mut games = Vec::new();
        for (row, _) in self.store.active_games(guild).await? {
            games.push(self.game_line(&row).await?);
        }
        let mut finished = Vec::new();
        for row in self.store.finished_games(guild, FINISHED).await? {
            finished.push(self.game_line(&row).await?);
        }
        let tournaments = self.tournament_lines(guild).await?;
        Ok(ServerPage {
            name: self
                .store
                .guild_name(guild)
                .await?
                .filter(|name| !name.trim().is_empty()),
            leaderboards,
            legend: rating_legend(),
            games,
            finished,
            tournaments,
        })
    }

    /// A game as a list shows it.
    async fn game_line(&self, row: &GameRow) -> Result<GameLine, CoreError> {
        let state = super::watch::state_words(row);
        Ok(GameLine {
            number: row.id,
            white: row.player(Color::White).name.clone(),
            black: row.player(Color::Black).name.clone(),
            rules: row.game.rules().text(),
            turns: row.game.turns(),
            started_at: row.started_at,
            state,
            path: self.page_path(LinkKind::Game, row.id, row.guild).await?,
        })
    }
}
