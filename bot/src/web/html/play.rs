//! A seated player's page: their board with a square to click over each of its squares, the
//! turns that take no square (buys) as buttons, and a box to type any turn, which is also
//! what the page sends; the script fills it from the clicks. Without the script the buttons
//! and the box still play.

use super::{cards, content, head, state};
use crate::core::{PlayPage, Reply};
use crate::family::ClickKind;
use engine::{Color, Square};
use maud::{html, Markup, PreEscaped};

/// The squares of the board as the member sees it: top row first, left to right.
fn squares(seat: Color) -> Vec<Square> {
    let mut squares = Vec::with_capacity(64);
    for row in 0..8u8 {
        for col in 0..8u8 {
            let (file, rank) = match seat {
                Color::White => (col, 7 - row),
                Color::Black => (7 - col, row),
            };
            squares.extend(Square::new(file, rank));
        }
    }
    squares
}

/// The page; `form` is the token its form carries, `said` what the last turn sent answered.
pub(in crate::web) fn play(page: &PlayPage, base: &str, form: &str, said: &[Reply]) -> Markup {
    let clicks = serde_json::to_string(&page.clicks).unwrap_or_else(|_| "[]".into());
    let (size, _) = render::Style::default().board_alone_size();
    let buys: Vec<_> = page
        .clicks
        .iter()
        .filter(|c| c.kind == ClickKind::Buy)
        .collect();
    let mut drops: Vec<&str> = page
        .clicks
        .iter()
        .filter(|c| c.kind == ClickKind::Drop)
        .filter_map(|c| c.piece.as_deref())
        .collect();
    drops.sort_unstable();
    drops.dedup();
    html! {
        div #head data-now=(page.page.now) { (head(&page.page)) }
        div.status {
            p.state #state role="status" aria-live="polite" { (state(&page.page)) }
            p.quiet { "You play " (page.seat) ". " a href=(base) { "The watchers' page" } }
        }
        @for reply in said {
            p class=(if reply.ephemeral { "error" } else { "said" }) role="alert" {
                (content(&reply.text))
            }
            // Its buttons (a resignation's "Resign" and "Keep playing"), sent back as the
            // bot sealed them.
            @let pressed: Vec<_> = reply
                .buttons
                .iter()
                .filter(|b| !b.id.is_empty() && !b.launches())
                .collect();
            @if !pressed.is_empty() {
                div.answers {
                    @for button in pressed {
                        (act(base, form, "press", Some(&button.id), &button.label))
                    }
                }
            }
        }
        div.game #play data-played=(page.page.played) data-page={ (base) "/play" } {
            div.board {
                figure.playing {
                    img src={ (base) "/play/board.png" } width=(size) height=(size)
                        alt={ "Your board, from " (page.seat) "'s side" };
                    div.squares {
                        @for square in squares(page.seat) {
                            button type="button" data-sq=(square) aria-label=(square) {}
                        }
                    }
                }
            }
            div {
                @if page.yours {
                    form.turn method="post" action={ (base) "/play" } {
                        input type="hidden" name="form" value=(form);
                        label for="turn" { "Your turn" }
                        input #turn type="text" name="turn" autocomplete="off" maxlength="500"
                            placeholder="Kd2, or click a piece and a square";
                        button type="submit" { "Play" }
                        p.quiet #preview {}
                    }
                    @if !drops.is_empty() {
                        h2 { "Drop from your reserve" }
                        ul.drops {
                            @for piece in &drops {
                                li { button type="button" data-drop=(piece) { (piece) } }
                            }
                        }
                    }
                    @if !buys.is_empty() {
                        h2 { "Buy" }
                        ul.buys {
                            @for buy in &buys {
                                li {
                                    form method="post" action={ (base) "/play" } {
                                        input type="hidden" name="form" value=(form);
                                        input type="hidden" name="turn" value=(buy.text);
                                        button type="submit" { (buy.text) }
                                    }
                                }
                            }
                        }
                    }
                } @else if page.page.active {
                    p { "Your opponent is to move: their turn shows here as soon as it is played." }
                }
                @if page.page.active {
                    div.answers {
                        (act(base, form, "draw", None, "Offer or accept a draw"))
                        (act(base, form, "resign", None, "Resign…"))
                    }
                }
                (cards(&page.board, page.seat))
            }
        }
        script #clicks type="application/json" { (PreEscaped(clicks.replace("</", "<\\/"))) }
    }
}

/// A button that sends the page's form with `act` (and a pressed button's id).
fn act(base: &str, form: &str, act: &str, press: Option<&str>, label: &str) -> Markup {
    html! {
        form.act method="post" action={ (base) "/play" } {
            input type="hidden" name="form" value=(form);
            input type="hidden" name="act" value=(act);
            @if let Some(press) = press {
                input type="hidden" name="press" value=(press);
            }
            button type="submit" { (label) }
        }
    }
}
