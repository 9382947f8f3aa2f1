//! A game's page.

use crate::core::GamePage;
use maud::{html, Markup};

/// A game's page: the changing part, at the ply shown.
pub(in crate::web) fn game(page: &GamePage, base: &str) -> Markup {
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
