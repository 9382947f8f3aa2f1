//! A game's page. Two parts change on their own: the game (`head`: players, clocks and
//! state; `moves`: the move list), sent live to every watcher; and the turn a reader looks
//! at (`ply`: the board, its caption and the panels beside it), which the page's script
//! steps through without a reload.

use super::segment;
use crate::core::{after_words, capitalised, GamePage, PlyView};
use engine::{Color, Design};
use maud::{html, Markup};
use render::{BoardView, CsipgsBoardView, FideBoardView, PlayerView, Style};

/// The board picture's size in pixels: every board the pages show is this size.
pub(in crate::web) fn board_size() -> (u32, u32) {
    Style::default().board_alone_size()
}

/// The whole page's body: the game, the turn shown from `side`, and the moves.
pub(in crate::web) fn game(
    page: &GamePage,
    ply: Option<&PlyView>,
    side: Color,
    base: &str,
) -> Markup {
    let shown = ply.map_or(page.played, |p| p.ply);
    html! {
        // The bot's clock when the page was drawn, so the script counts down to a deadline
        // whatever the reader's clock says.
        div #head data-now=(page.now) { (head(page)) }
        div.status {
            p.state #state role="status" aria-live="polite" { (state(page)) }
            @if page.active { p.quiet #watchers {} }
        }
        @if page.secret {
            p { "A fog game: its board and moves are shown once it ends. Until then only the players see their own views." }
        }
        @if let Some(ply) = ply {
            div.game {
                div.board {
                    (figure(ply, side, base))
                    (plies(shown, page.played, side, base))
                }
                div {
                    div #ply { (panels(ply, side)) }
                    h2 { "Moves" }
                    div #moves { (moves(page, shown, side, base)) }
                    p.downloads {
                        a href={ (base) "/record" } download { "Download the record" }
                        a href={ (base) "/replay.gif" } { "Replay (animated picture)" }
                    }
                }
            }
        }
    }
}

/// Who plays, their clocks, and how many watch.
pub(in crate::web) fn head(page: &GamePage) -> Markup {
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
                        @let running = face.running && page.active;
                        span.clock data-seconds=(face.remaining)
                            data-deadline=[page.deadline.filter(|_| running)]
                            role="timer" aria-label={ (colour) "'s clock" } {
                            (render::clock_text(face.remaining))
                        }
                    }
                }
            }
        }
    }
}

/// The game's state in a sentence, for the status line (which stays put, so a screen
/// reader hears each change).
pub(in crate::web) fn state(page: &GamePage) -> String {
    match page.active {
        true => format!("Turn {}: {}", page.played + 1, page.state),
        false => page.state.clone(),
    }
}

/// A board picture's address: each turn's, from each side, never changes.
pub(in crate::web) fn board_src(base: &str, ply: u32, side: Color) -> String {
    match side {
        Color::White => format!("{base}/board/{ply}"),
        Color::Black => format!("{base}/board/{ply}?side=black"),
    }
}

/// A turn's address on the page.
fn ply_href(base: &str, ply: u32, side: Color) -> String {
    match side {
        Color::White => format!("{base}?ply={ply}"),
        Color::Black => format!("{base}?ply={ply}&side=black"),
    }
}

/// The caption under the board.
pub(in crate::web) fn caption(ply: u32, played: u32) -> String {
    capitalised(&after_words(ply, played))
}

fn figure(ply: &PlyView, side: Color, base: &str) -> Markup {
    let (width, height) = board_size();
    html! {
        figure {
            img #board src=(board_src(base, ply.ply, side)) alt=(ply.summary)
                width=(width) height=(height);
            figcaption #caption { (caption(ply.ply, ply.played)) }
        }
    }
}

/// Links to step through the turns and turn the board round (the keys follow them; the
/// script steps without a reload).
fn plies(shown: u32, played: u32, side: Color, base: &str) -> Markup {
    let step = |ply: u32, rel: Option<&str>, key: &str, label: &str, enabled: bool| {
        html! {
            @if enabled {
                a href=(ply_href(base, ply, side)) rel=[rel] data-step=(key) data-ply=(ply) { (label) }
            } @else {
                span.off data-step=(key) aria-disabled="true" { (label) }
            }
        }
    };
    html! {
        nav.plies #plies aria-label="Turns" data-shown=(shown) data-played=(played)
            data-base=(base) data-side=(side_name(side)) {
            (step(0, None, "first", "« Start", shown > 0))
            (step(shown.saturating_sub(1), Some("prev"), "prev", "‹ Previous", shown > 0))
            span #turn { "Turn " (shown) " of " (played) }
            (step(shown + 1, Some("next"), "next", "Next ›", shown < played))
            (step(played, None, "last", "Last »", shown < played))
            a.flip href=(ply_href(base, shown, !side)) data-step="flip" {
                "Flip board"
            }
        }
    }
}

/// The move list in numbered pairs, each turn a link to the board after it.
pub(in crate::web) fn moves(page: &GamePage, shown: u32, side: Color, base: &str) -> Markup {
    html! {
        @if page.turns.is_empty() {
            p.quiet { "No turn yet." }
        } @else {
            ol.moves {
                @for (pair, turns) in page.turns.chunks(2).enumerate() {
                    li value=(pair + 1) {
                        @for (i, turn) in turns.iter().enumerate() {
                            @let ply = (pair * 2 + i) as u32 + 1;
                            a href=(ply_href(base, ply, side)) data-ply=(ply)
                                aria-current=[(ply == shown).then_some("step")] {
                                (turn)
                            }
                            " "
                        }
                    }
                }
            }
        }
    }
}

/// What the panels beside the board hold, as text: each player's treasury, reserve and
/// designs (a csipgs game), or captures, the last moves and the variants (FIDE); then the
/// board as text. The player at the top of the board comes first.
pub(in crate::web) fn panels(ply: &PlyView, side: Color) -> Markup {
    html! {
        (cards(&ply.board, side))
        details {
            summary { "The board as text" }
            pre { (ply.text) }
        }
    }
}

/// Each player's card (treasury, reserve and designs; a FIDE side's captures), the player
/// at the top of the board first.
pub(in crate::web) fn cards(board: &BoardView, side: Color) -> Markup {
    let order = [!side, side];
    html! {
        @match board {
            BoardView::Csipgs(view) => {
                div.panels {
                    @for color in order { (csipgs_card(view, color)) }
                }
            }
            BoardView::Fide(view) => {
                div.panels {
                    @for color in order { (fide_card(view, color)) }
                }
                (fide_notes(view))
            }
        }
    }
}

fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn colour_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// A design, linked to its price page (its movement diagram and price breakdown).
fn design_link(design: &Design, ruleset: &str) -> Markup {
    let notation = design.to_string();
    html! {
        a.design href={ "/price/" (segment(&notation)) "?ruleset=" (ruleset) } { code { (notation) } }
    }
}

fn csipgs_card(view: &CsipgsBoardView, color: Color) -> Markup {
    let player: &PlayerView = &view.players[color.index()];
    let to_move = view.result.is_none() && view.to_move == color;
    html! {
        section.card aria-label={ (colour_name(color)) "'s panel" } {
            h3 {
                (player.name) " (" (colour_name(color)) ")"
                @if to_move { " " span.tomove { "to move" } }
            }
            p { "Treasury: " strong.money { (engine::zorkmids(player.treasury)) } }
            p {
                "Reserve: "
                @if player.reserve.is_empty() { span.quiet { "empty" } }
                @for (i, (design, count)) in player.reserve.iter().enumerate() {
                    @if i > 0 { ", " }
                    (design_link(design, &view.ruleset))
                    @if *count > 1 { " ×" (count) }
                }
            }
            table.designs {
                caption { "Designs" }
                thead { tr { th scope="col" { "#" } th scope="col" { "Design" } th.num scope="col" { "Price" } } }
                tbody {
                    @for (i, slot) in player.slots.iter().enumerate() {
                        tr {
                            td { (i + 1) }
                            td { (design_link(&slot.design, &view.ruleset)) }
                            td.num {
                                @match &slot.cost {
                                    Some(cost) => { (cost.to_string()) }
                                    None => { span.quiet { "none" } }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

fn fide_card(view: &FideBoardView, color: Color) -> Markup {
    let captured = &view.captured[color.index()];
    let to_move = view.result.is_none() && view.to_move == color;
    html! {
        section.card aria-label={ (colour_name(color)) "'s panel" } {
            h3 {
                (view.names[color.index()]) " (" (colour_name(color)) ")"
                @if to_move { " " span.tomove { "to move" } }
            }
            p {
                "Captured: "
                @if captured.is_empty() { span.quiet { "nothing" } }
                @for (i, (design, count)) in captured.iter().enumerate() {
                    @if i > 0 { ", " }
                    (design.fide().map_or("piece", |f| f.name()))
                    @if *count > 1 { " ×" (count) }
                }
            }
        }
    }
}

fn fide_notes(view: &FideBoardView) -> Markup {
    html! {
        p {
            "Variants: "
            @if view.variants.is_empty() { "none (standard chess)" }
            @else { (view.variants.join(", ")) }
        }
    }
}
