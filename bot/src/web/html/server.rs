//! A server's page.

use super::table;
use crate::core::ServerPage;
use maud::{html, Markup};

/// A server's page.
pub(in crate::web) fn server(page: &ServerPage) -> Markup {
    html! {
        h1 { "csipgs on this server" }
        h2 { "Games in progress" }
        @if page.games.is_empty() {
            p.quiet { "None right now." }
        } @else {
            ul {
                @for game in &page.games {
                    li {
                        a href=(game.path) { (game.white) " vs " (game.black) }
                        span.quiet { " · " (game.rules) ", " (game.turns) " turns" }
                    }
                }
            }
        }
        h2 { "Tournaments" }
        @if page.tournaments.is_empty() {
            p.quiet { "None yet." }
        } @else {
            ul {
                @for t in &page.tournaments {
                    li { a href=(t.path) { (t.name) } span.quiet { " · " (t.state) } }
                }
            }
        }
        @for (family, board) in &page.leaderboards {
            h2 { "Leaderboard: " (family.title()) }
            (table(board))
        }
        @if page.leaderboards.is_empty() {
            h2 { "Leaderboard" }
            p.quiet { "No rated game has been played here yet." }
        }
    }
}
