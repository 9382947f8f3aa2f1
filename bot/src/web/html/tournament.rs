//! A tournament's page.

use super::{legend, table};
use crate::core::{capitalised, TournamentPage};
use maud::{html, Markup};

/// A tournament's page: the changing part.
pub(in crate::web) fn tournament(page: &TournamentPage) -> Markup {
    html! {
        h1 { (page.name) }
        p.meta { (page.about) }
        p.state role="status" aria-live="polite" { (capitalised(&page.progress)) }
        @if let Some(standings) = &page.standings {
            h2 { "Standings" }
            (table(standings))
            (legend(&page.legend))
        }
        @if let Some(trf) = &page.trf {
            p.downloads { a href=(trf) download { "Download the TRF file" } }
        }
        @if !page.entrants.is_empty() {
            h2 { "Signed up" }
            ul { @for name in &page.entrants { li { (name) } } }
        }
        @for round in &page.rounds {
            h2 { "Round " (round.number) }
            div.scroll {
                table {
                    thead {
                        tr {
                            th.num scope="col" { "Board" }
                            th scope="col" { "White" }
                            th scope="col" { "Black" }
                            th scope="col" { "Result" }
                            th scope="col" { "Game" }
                        }
                    }
                    tbody {
                        @for board in &round.boards {
                            tr {
                                td.num { (board.board) }
                                td { (board.white) }
                                td { (board.black) }
                                td { (board.result.unwrap_or(if board.game.is_some() { "playing" } else { "to start" })) }
                                td {
                                    @if let Some(path) = &board.game {
                                        a href=(path) { "Watch" span.quiet { " " (board.white) " vs " (board.black) } }
                                    } @else { "not started" }
                                }
                            }
                        }
                    }
                }
            }
            @if !round.byes.is_empty() {
                ul { @for (name, what) in &round.byes { li { (name) ": " (what) } } }
            }
        }
    }
}
