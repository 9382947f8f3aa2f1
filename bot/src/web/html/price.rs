//! The price calculator.

use super::segment;
use crate::core::PricePage;
use crate::price_text::{price_heading, price_rows, PRICE_COLUMNS};
use engine::Ruleset;
use maud::{html, Markup};

/// A design's price and the size in pixels of its diagram.
pub(in crate::web) struct Priced<'a> {
    pub page: &'a PricePage,
    pub diagram: (u32, u32),
}

/// The price calculator, with a price if one was asked for (or what was wrong).
pub(in crate::web) fn price(
    typed: &str,
    ruleset: Ruleset,
    result: Option<Result<Priced, String>>,
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
            Some(Ok(Priced { page: found, diagram })) => {
                @let notation = found.design.to_string();
                h2 { (notation) ", " (found.ruleset.name()) " ruleset" }
                figure {
                    img src={ "/price/" (segment(&notation)) "/diagram?ruleset=" (found.ruleset.name()) }
                        alt={ "Movement diagram of " (notation) ": every square it moves to or captures on from the centre; the breakdown below lists each part." }
                        width=(diagram.0) height=(diagram.1);
                }
                // The aligned text (exactly /price's) where it fits; a phone gets it as a
                // table, whose multipliers wrap.
                pre.wide aria-label="Price breakdown" { (found.breakdown) }
                div.narrow {
                    p { (price_heading(&found.price, typed)) }
                    table.breakdown {
                        caption { "Price breakdown" }
                        thead { tr { @for (i, c) in PRICE_COLUMNS.iter().enumerate() {
                            th scope="col" class=[numeric(i)] { (c) }
                        } } }
                        tbody { @for row in price_rows(&found.price) { tr {
                            @for (i, cell) in row.iter().enumerate() {
                                td class=[numeric(i)] { (cell) }
                            }
                        } } }
                    }
                }
                p { "Share this price: " a href={ "/price/" (segment(&notation)) "?ruleset=" (found.ruleset.name()) } { "link" } }
            }
            Some(Err(problem)) => { p.error role="alert" { (problem) } }
            None => {}
        }
    }
}

/// The breakdown's columns of numbers (base and subtotal) line up on the right.
fn numeric(column: usize) -> Option<&'static str> {
    matches!(column, 1 | 3).then_some("num")
}
