//! The Activity's page: a frame inside Discord whose script signs in and brings the member's
//! board into it (`activity.js`).

use maud::html;

/// The page; `client` is the application's id, which the script asks Discord's client to
/// sign in to; `public` where links open outside Discord.
pub(in crate::web) fn activity(client: u64, public: &str) -> String {
    let body = html! {
        div #activity data-client=(client) data-public=(public) {
            p #opening role="status" aria-live="polite" { "Opening your board…" }
        }
    };
    super::document("Your board", None, &["discord-sdk.js", "activity.js"], body)
}
