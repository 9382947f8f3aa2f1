//! The pages' HTML. maud escapes every value written into it, so a member's name or a typed
//! design can't become markup. Each live page has one changing part (`#live`), written by
//! the same function for the page and for its live updates.

use crate::core::{
    capitalised, utc_time, Content, GamePage, PricePage, ServerPage, Span, TournamentPage,
};
use engine::Ruleset;
use maud::{html, Markup, DOCTYPE};
use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
use render::{Align, TableView};

/// The version the stylesheet and script are asked for with, so a new binary's are fetched.
const ASSETS: &str = env!("CARGO_PKG_VERSION");

/// What a design may be in the price page's address: everything but letters, digits and
/// `-._~` is escaped.
const SEGMENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// A whole page around `body`. `events` is the page's live stream, if it has one.
pub(super) fn page(title: &str, events: Option<&str>, live: bool, body: Markup) -> String {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="referrer" content="no-referrer";
                title { (title) " · csipgs" }
                link rel="icon" href="/static/icon.svg" type="image/svg+xml";
                link rel="stylesheet" href={ "/static/site.css?v=" (ASSETS) };
                script src={ "/static/live.js?v=" (ASSETS) } defer {}
            }
            body {
                header.site {
                    a.brand href="/price" { "csipgs" }
                    a href="/price" { "Price a design" }
                }
                main #page data-events=[events] data-live=(if live { "1" } else { "0" }) {
                    (body)
                }
            }
        }
    }
    .into_string()
}

/// The page of an error: what went wrong and what to do.
pub(super) fn error(title: &str, text: &Content) -> String {
    page(
        title,
        None,
        false,
        html! {
            h1 { (title) }
            p.error role="alert" { (content(text)) }
        },
    )
}

/// What the core says, as HTML: what members typed stays text (maud escapes it), strong
/// words and code marked. A page knows no member by id: it says "a member".
pub(super) fn content(text: &Content) -> Markup {
    html! {
        @for span in text.spans() {
            @match span {
                Span::Text(words) | Span::Typed(words) => { (words) }
                Span::Member(_) => { "a member" }
                Span::Channel(_) => { "a channel" }
                Span::Strong(inner) => { strong { (content(inner)) } }
                Span::Code(typed) => { code { (typed) } }
                Span::Block(lines) => { pre { (lines) } }
                Span::Relative(at) | Span::Date(at) => { time { (utc_time(*at)) } }
                Span::Local(words) => { (crate::discord::message::local(*words)) }
            }
        }
    }
}

/// A game's page: the changing part, at the ply shown.
pub(super) fn game(page: &GamePage, base: &str) -> Markup {
    let [white, black] = &page.players;
    html! {
        h1 { (white.name) " vs " (black.name) }
        p.meta { (page.rules) " · " (page.terms) }
        div.seats {
            @for (seat, (colour, clock)) in page.players.iter().zip([("White", 0), ("Black", 1)]) {
                div.seat {
                    span.name { (seat.name) }
                    " (" (colour) ")"
                    @if seat.computer { " · the computer" }
                    @if let Some(rating) = &seat.rating { " " span.rating { (rating) } }
                    @if let Some(clocks) = &page.clocks {
                        @let face = clocks[clock];
                        span.clock data-seconds=(face.remaining)
                            data-running=(if face.running && page.active { "1" } else { "0" })
                            role="timer" aria-label={ (colour) "'s clock" } {
                            (render::clock_text(face.remaining))
                        }
                    }
                }
            }
        }
        p.state role="status" aria-live="polite" {
            @if page.active { "Turn " (page.played + 1) ": " }
            (page.state)
        }
        @if page.secret {
            p { "A fog game: its board and moves are shown once it ends. Until then only the players see their own views." }
        } @else {
            div.game {
                div {
                    @if let Some(board) = &page.board {
                        figure {
                            img src=(board_src(page, base)) alt=(board.summary)
                                width="720" height="800" aria-describedby="board-text";
                            figcaption { (turn_words(page.shown, page.played)) }
                        }
                        (plies(page, base))
                        details {
                            summary { "The board as text" }
                            pre #board-text { (board.text) }
                        }
                    }
                }
                div {
                    h2 { "Moves" }
                    @if page.turns.is_empty() {
                        p.quiet { "No turn yet." }
                    } @else {
                        ol.moves {
                            @for (i, turn) in page.turns.iter().enumerate() {
                                @let ply = i as u32 + 1;
                                li value=(ply) {
                                    a href={ (base) "?ply=" (ply) }
                                        aria-current=[(ply == page.shown).then_some("step")] {
                                        (turn)
                                    }
                                }
                            }
                        }
                    }
                    p.downloads {
                        a href={ (base) "/record" } download { "Download the record" }
                        a href={ (base) "/replay.gif" } { "Replay (animated picture)" }
                    }
                }
            }
        }
    }
}

/// The board picture's address: the last ply's changes with the game (clocks, result).
fn board_src(page: &GamePage, base: &str) -> String {
    match page.shown == page.played {
        true => format!("{base}/board/{}?v={}", page.shown, page.version),
        false => format!("{base}/board/{}", page.shown),
    }
}

fn turn_words(shown: u32, played: u32) -> String {
    match (shown, played) {
        (0, _) => "The start".to_string(),
        (s, p) if s == p => format!("After turn {s}, the last"),
        (s, p) => format!("After turn {s} of {p}"),
    }
}

/// Links to step through the turns (the arrow keys follow them).
fn plies(page: &GamePage, base: &str) -> Markup {
    let (shown, played) = (page.shown, page.played);
    html! {
        nav.plies aria-label="Turns" {
            @if shown > 0 {
                a href={ (base) "?ply=0" } data-step="first" { "Start" }
                a href={ (base) "?ply=" (shown - 1) } rel="prev" data-step="prev" { "‹ Previous" }
            }
            span { "Turn " (shown) " of " (played) }
            @if shown < played {
                a href={ (base) "?ply=" (shown + 1) } rel="next" data-step="next" { "Next ›" }
                a href=(base) data-step="last" { "Last" }
            }
        }
    }
}

/// A tournament's page: the changing part.
pub(super) fn tournament(page: &TournamentPage) -> Markup {
    html! {
        h1 { (page.name) }
        p.meta { (page.about) }
        p.state role="status" aria-live="polite" { (capitalised(&page.progress)) }
        @if let Some(standings) = &page.standings {
            h2 { "Standings" }
            (table(standings))
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
                                td { (board.result.unwrap_or("playing")) }
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

/// The tournament page's links that do not change.
pub(super) fn tournament_links(page: &TournamentPage, base: &str) -> Markup {
    html! {
        @if page.standings.is_some() {
            p.downloads { a href={ (base) "/trf" } download { "Download the TRF file" } }
        }
    }
}

/// A server's page.
pub(super) fn server(page: &ServerPage) -> Markup {
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

/// The price calculator, with a price if one was asked for (or what was wrong).
pub(super) fn price(
    typed: &str,
    ruleset: Ruleset,
    result: Option<Result<&PricePage, String>>,
) -> Markup {
    html! {
        h1 { "Price a design" }
        p.meta {
            "Type a piece in Betza's funny notation (such as " code { "WbRbmHfB" } " or "
            code { "fc(DNFA)" } "), or a FIDE letter, and pick a ruleset: the price is the one "
            code { "/price" } " gives on Discord."
        }
        form.price action="/price" method="get" {
            label { "Design" input name="design" value=(typed) maxlength="100" required
                autocapitalize="off" autocomplete="off" spellcheck="false"; }
            label { "Ruleset" select name="ruleset" {
                @for r in Ruleset::ALL {
                    option value=(r.name()) selected[r == ruleset] { (r.name()) }
                }
            } }
            button type="submit" { "Price" }
        }
        @match result {
            Some(Ok(found)) => {
                @let notation = found.design.to_string();
                h2 { (notation) ", " (found.ruleset.name()) " ruleset" }
                figure {
                    img src={ "/price/" (segment(&notation)) "/diagram?ruleset=" (found.ruleset.name()) }
                        alt={ "Movement diagram of " (notation) ": every square it moves to or captures on from the centre; the breakdown below lists each part." }
                        width="480" height="560";
                }
                pre aria-label="Price breakdown" { (found.breakdown) }
                p { "Share this price: " a href={ "/price/" (segment(&notation)) "?ruleset=" (found.ruleset.name()) } { "link" } }
            }
            Some(Err(problem)) => { p.error role="alert" { (problem) } }
            None => {}
        }
    }
}

/// A design as one segment of an address.
pub(super) fn segment(design: &str) -> String {
    utf8_percent_encode(design, SEGMENT).to_string()
}

/// A table with a header row; numbers line up on the right.
fn table(view: &TableView) -> Markup {
    let right = |i: usize| matches!(view.columns.get(i).map(|c| c.align), Some(Align::Right));
    html! {
        div.scroll {
            table {
                caption { (view.title) }
                thead { tr { @for (i, c) in view.columns.iter().enumerate() {
                    th scope="col" class=[right(i).then_some("num")] { (c.header) }
                } } }
                tbody { @for row in &view.rows { tr {
                    @for (i, cell) in row.iter().take(view.columns.len()).enumerate() {
                        td class=[right(i).then_some("num")] { (cell) }
                    }
                } } }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{code, member, strong, typed};

    #[test]
    fn content_is_escaped_html() {
        let text = csipgs_core::words![
            strong("Game on!"),
            " ",
            member(3),
            " named ",
            typed("<script>alert(1)</script> **x**"),
            ": ",
            code("a<b"),
        ];
        assert_eq!(
            content(&text).into_string(),
            "<strong>Game on!</strong> a member named &lt;script&gt;alert(1)&lt;/script&gt; **x**: \
             <code>a&lt;b</code>"
        );
    }
}
