//! A server's page.

use super::legend;
use crate::core::{utc_time, FamilyBoard, GameLine, ServerPage};
use maud::{html, Markup};
use render::Align;

/// A server's page; `base` is its path, under which its members' pages are.
pub(in crate::web) fn server(page: &ServerPage, base: &str) -> Markup {
    html! {
        h1 {
            @match &page.name {
                // bdi: a name written right to left can't reorder the words around it.
                Some(name) => { "csipgs on " bdi { (name) } }
                None => { "csipgs on this server" }
            }
        }
        h2 { "Games in progress" }
        @if page.games.is_empty() {
            p.quiet { "None right now." }
        } @else {
            ul.games { @for game in &page.games { li { (game_line(game)) } } }
        }
        h2 { "Finished games" }
        @if page.finished.is_empty() {
            p.quiet { "None yet." }
        } @else {
            ul.games { @for game in &page.finished { li { (game_line(game)) } } }
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
        @for board in &page.leaderboards {
            h2 { "Leaderboard: " (board.family.title()) }
            (leaderboard(board, base))
        }
        @if page.leaderboards.is_empty() {
            h2 { "Leaderboard" }
            p.quiet { "No rated game has been played here yet." }
        } @else {
            (legend(&page.legend))
        }
    }
}

/// A game in a list: its players, then what tells it from another between them.
fn game_line(game: &GameLine) -> Markup {
    html! {
        a href=(game.path) { (game.white) " vs " (game.black) }
        " · " (game.state)
        span.quiet {
            " · game #" (game.number) ", " (game.rules) ", " (game.turns) " turns, started "
            time { (utc_time(game.started_at)) }
        }
    }
}

/// A family's leaderboard, each player linked to their page. Its heading names it, so the
/// table has no caption of its own. The games column is only for wide screens: the
/// won/drawn/lost column beside it adds up to it.
fn leaderboard(board: &FamilyBoard, base: &str) -> Markup {
    let view = &board.table;
    let class = |i: usize| {
        let c = view.columns.get(i)?;
        let right = matches!(c.align, Align::Right).then_some("num");
        let wide = (c.header == "Games").then_some("wide");
        let classes: Vec<&str> = right.into_iter().chain(wide).collect();
        (!classes.is_empty()).then(|| classes.join(" "))
    };
    let player = view.columns.iter().position(|c| c.header == "Player");
    html! {
        div.scroll {
            table.leaderboard {
                thead { tr { @for (i, c) in view.columns.iter().enumerate() {
                    th scope="col" class=[class(i)] { (c.header) }
                } } }
                tbody { @for (row, member) in view.rows.iter().zip(&board.members) { tr {
                    @for (i, cell) in row.iter().take(view.columns.len()).enumerate() {
                        td class=[class(i)] {
                            @if Some(i) == player {
                                a href={ (base) "/p/" (member) } { (cell) }
                            } @else { (cell) }
                        }
                    }
                } } }
            }
        }
    }
}
