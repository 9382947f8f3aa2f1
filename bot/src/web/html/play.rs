//! A seated player's page: their board with a square to click over each of its squares, the
//! turns that take no square (buys) as buttons, and a box to type any turn, which is also
//! what the page sends; the script fills it from the clicks. Without the script the buttons
//! and the box still play.

use super::{cards, content, head, segment, state};
use crate::core::{Bid, PlayPage, Reply, OPEN_BUILDER};
use crate::family::ClickKind;
use crate::picture::Picture;
use crate::store::{ProposalKind, Word};
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
            (answer(base, form, reply))
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
                        (command(form, "turn"))
                        label for="turn" { "Your turn" }
                        input #turn type="text" name="text" autocomplete="off" maxlength="500"
                            placeholder="Kd2, or click a piece and a square";
                        button type="submit" { "Play" }
                        p.quiet #preview {}
                    }
                    @if page.designs {
                        details.redesign {
                            summary { "Replace a design after this turn" }
                            form method="post" action={ (base) "/play" } {
                                (command(form, "move"))
                                input type="hidden" name="redesign" value=(OPEN_BUILDER);
                                label {
                                    "Your turn "
                                    input #redesign-move type="text" name="move" maxlength="500"
                                        autocomplete="off" placeholder="Kd2";
                                }
                                button type="submit" { "Choose the new design…" }
                            }
                        }
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
                                        (command(form, "turn"))
                                        input type="hidden" name="text" value=(buy.text);
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
                        @if page.designs {
                            (act(base, form, "design", "Design builder"))
                        }
                        @if page.drawable {
                            (act(base, form, "draw", "Offer or accept a draw"))
                        }
                        (act(base, form, "resign", "Resign…"))
                        @if page.abortable {
                            (act(base, form, "abort", "Abort"))
                        }
                    }
                }
                @if let Some(bids) = &page.proposals {
                    (proposals(base, form, page.seat, bids))
                }
                (cards(&page.board, page.seat))
            }
        }
        script #clicks type="application/json" { (PreEscaped(clicks.replace("</", "<\\/"))) }
    }
}

/// The fields every form of the page carries: its token, and the command it sends.
fn command(form: &str, name: &str) -> Markup {
    html! {
        input type="hidden" name="form" value=(form);
        input type="hidden" name="act" value="command";
        input type="hidden" name="command" value=(name);
    }
}

/// A button that sends the command `name`, which takes no options.
fn act(base: &str, form: &str, name: &str, label: &str) -> Markup {
    html! {
        form.act method="post" action={ (base) "/play" } {
            (command(form, name))
            button type="submit" { (label) }
        }
    }
}

/// What the bot answered, as Discord shows it: its text, its diagram, its menus (the design
/// builder's), its buttons (sent back as the bot sealed them) and its form.
fn answer(base: &str, form: &str, reply: &Reply) -> Markup {
    let action = format!("{base}/play");
    let pressed: Vec<_> = reply
        .buttons
        .iter()
        .filter(|b| !b.id.is_empty() && !b.launches())
        .collect();
    html! {
        div.said {
            @let asks = !reply.selects.is_empty() || !pressed.is_empty() || reply.form.is_some();
            p class=(if reply.ephemeral && !asks { "error" } else { "said" }) role="alert" {
                (content(&reply.text))
            }
            @if let Some(Picture::Design { design, .. }) = &reply.picture {
                @let notation = design.to_string();
                img.diagram src={ "/price/" (segment(&notation)) "/diagram" }
                    alt={ "Movement diagram of " (notation) };
            }
            @for select in &reply.selects {
                form.pick method="post" action=(action) {
                    input type="hidden" name="form" value=(form);
                    input type="hidden" name="act" value="pick";
                    input type="hidden" name="press" value=(select.id);
                    label {
                        span.quiet { (select.placeholder) }
                        select name="value" {
                            // As Discord shows a menu with nothing chosen: its placeholder.
                            @if !select.options.iter().any(|o| o.chosen) {
                                option value="" disabled selected { (select.placeholder) }
                            }
                            @for option in &select.options {
                                option value=(option.value) selected[option.chosen] {
                                    (option.label)
                                }
                            }
                        }
                    }
                    button type="submit" { "Choose" }
                }
            }
            @if !pressed.is_empty() {
                div.answers {
                    @for button in pressed {
                        form.act method="post" action=(action) {
                            input type="hidden" name="form" value=(form);
                            input type="hidden" name="act" value="press";
                            input type="hidden" name="press" value=(button.id);
                            button type="submit" { (button.label) }
                        }
                    }
                }
            }
            @if let Some(asked) = &reply.form {
                form.asked method="post" action=(action) {
                    input type="hidden" name="form" value=(form);
                    input type="hidden" name="act" value="submit";
                    input type="hidden" name="press" value=(asked.id);
                    h2 { (asked.title) }
                    @for field in &asked.fields {
                        label {
                            (field.label)
                            input type="text" name=(field.id) value=(field.value)
                                placeholder=(field.placeholder) maxlength="500" autocomplete="off";
                        }
                    }
                    button type="submit" { "Play" }
                }
            }
        }
    }
}

/// New atoms and modifiers: the open proposals (a sealed estimate to give, or the other's
/// awaited), and a form to propose one.
fn proposals(base: &str, form: &str, seat: Color, bids: &[Bid]) -> Markup {
    html! {
        details.proposals open[!bids.is_empty()] {
            summary { "Proposals" }
            @for bid in bids {
                p {
                    (bid.proposer) " proposes " strong { (bid.name) } " = " code { (bid.notation) }
                    " (" (bid.kind.word()) "). "
                    @if bid.given {
                        "Your sealed estimate is in; waiting for the other."
                    }
                }
                @if !bid.given && bid.proposer != seat {
                    form.estimate method="post" action={ (base) "/play" } {
                        (command(form, "estimate"))
                        input type="hidden" name="proposal" value=(bid.id);
                        label {
                            "Your sealed estimate of its "
                            (match bid.kind { ProposalKind::Atom => "cost", ProposalKind::Modifier => "multiplier" })
                            input type="text" name="value" inputmode="decimal" maxlength="20"
                                placeholder="2.5" autocomplete="off";
                        }
                        button type="submit" { "Bid" }
                    }
                }
            }
            form.propose method="post" action={ (base) "/play" } {
                (command(form, "propose"))
                label {
                    "Propose a new "
                    select name="kind" {
                        option value="atom" { "atom (a new move, such as Z)" }
                        option value="modifier" { "modifier (runner, lame)" }
                    }
                }
                label { "Its name " input type="text" name="name" maxlength="100" placeholder="zebra"; }
                label { "Notation " input type="text" name="notation" maxlength="100" placeholder="Z"; }
                label {
                    "Your sealed estimate "
                    input type="text" name="estimate" inputmode="decimal" maxlength="20" placeholder="2.5";
                }
                button type="submit" { "Propose" }
            }
        }
    }
}
