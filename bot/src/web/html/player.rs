//! A member's page in a server.

use super::legend;
use crate::core::{utc_time, PlayerPage, CHART_SIZE};
use maud::{html, Markup};

/// A member's page; `base` is its path, under which its charts are.
pub(in crate::web) fn player(page: &PlayerPage, base: &str, server: &str) -> Markup {
    let (width, height) = CHART_SIZE;
    html! {
        h1 { (page.name) }
        p.meta { a href=(server) { "This server's page" } }
        h2 { "Ratings" }
        @if page.ratings.is_empty() {
            p.quiet { "No rated game yet." }
        } @else {
            div.scroll {
                table {
                    thead { tr {
                        th scope="col" { "Game" }
                        th.num scope="col" { "Rating" }
                        th.num scope="col" { "RD" }
                        th.num.wide scope="col" { "Games" }
                        th.num scope="col" { "W/D/L" }
                    } }
                    tbody { @for r in &page.ratings { tr {
                        td { (r.family.title()) }
                        td.num { (r.rating) }
                        td.num { (r.deviation) }
                        td.num.wide { (r.games) }
                        td.num { (r.wins) "/" (r.draws) "/" (r.losses) }
                    } } }
                }
            }
            (legend(&page.legend))
            @for r in &page.ratings {
                figure {
                    img src={ (base) "/chart.png?family=" (r.family.name()) }
                        alt={ "Chart of " (page.name) "'s " (r.family.title()) " rating after each rated game; now " (r.rating) "." }
                        width=(width) height=(height);
                    figcaption { (r.family.title()) " rating, game by game" }
                }
            }
        }
        @if !page.record.is_empty() {
            h2 { "Record by ruleset" }
            ul { @for (ruleset, [w, d, l]) in &page.record {
                li { (ruleset) ": " (w) " won, " (d) " drawn, " (l) " lost" }
            } }
        }
        h2 { "Last games" }
        @if page.games.is_empty() {
            p.quiet { "No finished game yet." }
        } @else {
            ul.games { @for g in &page.games { li {
                a href=(g.path) { (g.colour) " vs " (g.opponent) }
                ": " (g.result)
                @if let Some(rating) = &g.rating { ", now " (rating) }
                span.quiet {
                    " · game #" (g.number) ", " (g.ruleset) ", "
                    (if g.rated { "rated" } else { "unrated" }) ", ended "
                    time { (utc_time(g.ended_at)) }
                }
            } } }
        }
    }
}
