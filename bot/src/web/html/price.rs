//! The price calculator.

use super::segment;
use crate::core::PricePage;
use engine::Ruleset;
use maud::{html, Markup};

/// The price calculator, with a price if one was asked for (or what was wrong).
pub(in crate::web) fn price(
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
