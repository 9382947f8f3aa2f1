//! The pages' HTML. maud escapes every value written into it, so a member's name or a typed
//! design can't become markup. Each live page has one changing part, written by the same
//! function for the page and for its live updates. Here what every page shares; a file per
//! page beside it.

mod activity;
mod game;
mod play;
mod player;
mod price;
mod server;
mod signin;
mod tournament;

pub(super) use activity::*;
pub(super) use game::*;
pub(super) use play::*;
pub(super) use player::*;
pub(super) use price::*;
pub(super) use server::*;
pub(super) use signin::*;
pub(super) use tournament::*;

use crate::core::{utc_time, Content, Span};
use maud::{html, Markup, DOCTYPE};
use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
use render::{Align, TableView};

/// What a design may be in the price page's address: everything but letters, digits and
/// `-._~` is escaped.
const SEGMENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// A whole page around `body`. `events` is the page's live stream, if it has one.
pub(super) fn page(title: &str, events: Option<&str>, body: Markup) -> String {
    document(title, events, &[], body)
}

/// A page that also runs `scripts` (after the pages' own), in order.
fn document(title: &str, events: Option<&str>, scripts: &[&str], body: Markup) -> String {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="referrer" content="no-referrer";
                title { (title) " · csipgs" }
                link rel="icon" href="/static/icon.svg" type="image/svg+xml";
                link rel="stylesheet" href={ "/static/site.css?v=" (super::assets::STAMP) };
                script src={ "/static/live.js?v=" (super::assets::STAMP) } defer {}
                @for script in scripts {
                    script src={ "/static/" (script) "?v=" (super::assets::STAMP) } defer {}
                }
            }
            body {
                header.site {
                    a.brand href="/price" { "csipgs" }
                    a href="/price" { "Price a design" }
                }
                main #page data-events=[events] {
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

/// A design as one segment of an address.
pub(super) fn segment(design: &str) -> String {
    utf8_percent_encode(design, SEGMENT).to_string()
}

/// A table with a header row; numbers line up on the right.
pub(super) fn table(view: &TableView) -> Markup {
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

/// What a table's columns and marks mean, under it: each header, then its meaning.
pub(super) fn legend(entries: &[(String, String)]) -> Markup {
    html! {
        dl.legend { @for (header, meaning) in entries { dt { (header) } dd { (meaning) } } }
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
