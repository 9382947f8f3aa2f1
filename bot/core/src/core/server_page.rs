//! A server's page as plain data: its leaderboards, games in progress and tournaments, each
//! linked to its page.

use super::{Core, CoreError};
use crate::family::Family;
use crate::store::LinkKind;
use engine::Color;
use render::TableView;

/// A server's page: its leaderboards and what is being played.
#[derive(Clone, Debug)]
pub struct ServerPage {
    /// Each family's leaderboard with rated players.
    pub leaderboards: Vec<(Family, TableView)>,
    pub games: Vec<GameLine>,
    pub tournaments: Vec<TournamentLine>,
}

/// A game in a list, with its page's path.
#[derive(Clone, Debug)]
pub struct GameLine {
    pub white: String,
    pub black: String,
    pub rules: String,
    pub turns: usize,
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
    /// A server's page: every family's leaderboard, its games in progress and its
    /// tournaments, each linked to its page.
    pub async fn server_page(&self, guild: u64) -> Result<ServerPage, CoreError> {
        let mut leaderboards = Vec::new();
        for family in Family::ALL {
            if let Some((table, _)) = self.leaderboard_table(guild, family).await? {
                leaderboards.push((family, table));
            }
        }
        let mut games = Vec::new();
        for (row, _) in self.store.active_games(guild).await? {
            games.push(GameLine {
                white: row.player(Color::White).name.clone(),
                black: row.player(Color::Black).name.clone(),
                rules: row.game.rules().text(),
                turns: row.game.turns(),
                path: self.page_path(LinkKind::Game, row.id, guild).await?,
            });
        }
        let tournaments = self.tournament_lines(guild).await?;
        Ok(ServerPage {
            leaderboards,
            games,
            tournaments,
        })
    }
}
