//! The stylesheet and the script, compiled into the binary: no build step, no CDN.

use axum::http::header;
use axum::response::IntoResponse;

const STYLESHEET: &str = include_str!("site.css");
const SCRIPT: &str = include_str!("live.js");

/// Both change only with the binary, and pages ask for them by `STAMP`: a day in a
/// browser's cache is safe, and a page of a new binary fetches its own at once.
const CACHED: &str = "public, max-age=86400";

/// What the pages ask for the stylesheet and script with (`?v=`): their contents' FNV-1a
/// hash, so a change reaches every browser at once, even in a build of the same version.
pub(super) const STAMP: u64 = fnv(
    SCRIPT.as_bytes(),
    fnv(STYLESHEET.as_bytes(), 0xcbf2_9ce4_8422_2325),
);

const fn fnv(bytes: &[u8], mut hash: u64) -> u64 {
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u64;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    hash
}

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
