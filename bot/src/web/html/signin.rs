//! The sign-in pages: who a browser is signed in as, and why a sign-in failed.

use crate::store::Session;
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use maud::{html, Markup};

/// Signed in: as whom, until when, and the way out (a form carrying its sealed token).
pub(in crate::web) fn signed_in(session: &Session, form: &str) -> Markup {
    html! {
        h1 { "Signed in" }
        p { "This browser is signed in as " strong { (session.name) } " until "
            (crate::core::utc_time(session.expires_at)) "." }
        form method="post" action="/signout" {
            input type="hidden" name="form" value=(form);
            button type="submit" { "Sign out" }
        }
    }
}

/// Not signed in: the way in.
pub(in crate::web) fn signed_out() -> Markup {
    html! {
        h1 { "Not signed in" }
        p { "Sign in with your Discord account to play your games from the browser. csipgs asks Discord only who you are." }
        p { a.button href="/signin" { "Sign in with Discord" } }
    }
}

/// A sign-in that didn't happen, and what to do.
pub(in crate::web) fn signin_failed(why: &str) -> Response {
    let body = html! {
        h1 { "Not signed in" }
        p.error role="alert" { (why) }
        p { a.button href="/signin" { "Sign in with Discord" } }
    };
    (
        StatusCode::BAD_REQUEST,
        super::super::pages::no_store(),
        Html(super::page("Not signed in", None, body)),
    )
        .into_response()
}
