//! The stylesheet and the script, compiled into the binary: no build step, no CDN.

use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use flate2::write::GzEncoder;
use flate2::Compression;
use std::io::Write;
use std::sync::OnceLock;

const STYLESHEET: &str = include_str!("site.css");
const SCRIPT: &str = include_str!("live.js");
/// The Activity's own script, and Discord's SDK bundled (`bot/activity/build.sh`).
const ACTIVITY: &str = include_str!("activity.js");
const SDK: &str = include_str!("../../activity/discord-sdk.js");

/// Both change only with the binary, and pages ask for them by `STAMP`: a day in a
/// browser's cache is safe, and a page of a new binary fetches its own at once.
const CACHED: &str = "public, max-age=86400";

/// What the pages ask for the stylesheet and script with (`?v=`): their contents' FNV-1a
/// hash, so a change reaches every browser at once, even in a build of the same version.
pub(super) const STAMP: u64 = fnv(
    SDK.as_bytes(),
    fnv(
        ACTIVITY.as_bytes(),
        fnv(
            SCRIPT.as_bytes(),
            fnv(STYLESHEET.as_bytes(), 0xcbf2_9ce4_8422_2325),
        ),
    ),
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

/// A script, as the browser may keep it.
fn javascript(body: impl IntoResponse) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, CACHED),
        ],
        body,
    )
}

pub(super) async fn script() -> impl IntoResponse {
    javascript(SCRIPT)
}

pub(super) async fn activity_script() -> impl IntoResponse {
    javascript(ACTIVITY)
}

/// Discord's SDK, gzipped (once, on first asking) for browsers that take it so: a third of
/// its size, which a phone inside Discord loads on every launch.
pub(super) async fn sdk(headers: HeaderMap) -> Response {
    static GZIPPED: OnceLock<Vec<u8>> = OnceLock::new();
    let takes_gzip = headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|coding| coding.split(';').next().is_some_and(|c| c.trim() == "gzip"));
    let mut response = if takes_gzip {
        let gzipped = GZIPPED.get_or_init(|| {
            let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
            // Writing to a Vec can't fail.
            let _ = encoder.write_all(SDK.as_bytes());
            encoder.finish().unwrap_or_default()
        });
        let mut response = javascript(gzipped.as_slice()).into_response();
        response.headers_mut().insert(
            header::CONTENT_ENCODING,
            header::HeaderValue::from_static("gzip"),
        );
        response
    } else {
        javascript(SDK).into_response()
    };
    response.headers_mut().insert(
        header::VARY,
        header::HeaderValue::from_static("accept-encoding"),
    );
    response
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

#[cfg(test)]
mod tests {
    use sha2::{Digest, Sha256};
    use std::path::Path;
    use std::process::Command;

    fn activity_dir() -> &'static Path {
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/activity"))
    }

    /// The committed bundle of Discord's SDK is what `build.sh` makes from the lock file:
    /// rebuilt and compared byte for byte where npm is (CI's machines); elsewhere, at least
    /// what the script recorded of it, so a hand edit shows.
    #[test]
    fn the_sdk_bundle_is_what_its_script_builds() {
        let dir = activity_dir();
        let committed = std::fs::read(dir.join("discord-sdk.js")).unwrap();
        assert_eq!(committed, super::SDK.as_bytes());
        let recorded = std::fs::read_to_string(dir.join("discord-sdk.js.sha256")).unwrap();
        let sum = format!("{:x}", Sha256::digest(&committed));
        assert_eq!(recorded, format!("{sum}  discord-sdk.js\n"));
        let npm = Command::new("npm").arg("--version").output();
        if !npm.is_ok_and(|o| o.status.success()) {
            println!("npm isn't here: checked the bundle against its recorded SHA-256 only");
            return;
        }
        let scratch = std::env::temp_dir().join(format!("csipgs-sdk-{}", std::process::id()));
        std::fs::create_dir_all(&scratch).unwrap();
        let built = scratch.join("discord-sdk.js");
        let run = Command::new("sh")
            .arg(dir.join("build.sh"))
            .arg(&built)
            .output()
            .unwrap();
        let rebuilt = std::fs::read(&built);
        let _ = std::fs::remove_dir_all(&scratch);
        assert!(
            run.status.success(),
            "build.sh: {}",
            String::from_utf8_lossy(&run.stderr)
        );
        assert!(
            rebuilt.unwrap() == committed,
            "bot/activity/discord-sdk.js is not what build.sh builds: run bot/activity/build.sh"
        );
    }
}
