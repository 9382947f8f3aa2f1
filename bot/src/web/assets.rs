//! The stylesheet and the script, compiled into the binary: no build step, no CDN.

use axum::http::header;
use axum::response::IntoResponse;

const STYLESHEET: &str = include_str!("site.css");
const SCRIPT: &str = include_str!("live.js");

/// Both change only with the binary: a day in a browser's cache is safe, and a new version
/// is seen the next day at the latest.
const CACHED: &str = "public, max-age=86400";

pub(super) async fn stylesheet() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, CACHED),
        ],
        STYLESHEET,
    )
}

pub(super) async fn script() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, CACHED),
        ],
        SCRIPT,
    )
}

const ICON: &str = include_str!("icon.svg");

pub(super) async fn icon() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, CACHED),
        ],
        ICON,
    )
}
