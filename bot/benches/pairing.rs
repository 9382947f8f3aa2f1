//! Swiss pairing speed, through `csipgs pair` as an arbiter runs it: a 100-player round 9,
//! a 200-player round 6 and round 9 of a 500-player tournament (goal: under 1 s), each a
//! whole process (reading the TRF file, pairing by the Dutch rules, printing) checked
//! against the reference program's pairings.
//!
//! `cargo bench -p bot --bench pairing`

use criterion::Criterion;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/pairing/dutch")
        .join(format!("{name}.trf"))
}

fn pair(name: &str) -> Duration {
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_csipgs"))
        .arg("pair")
        .arg(fixture(name))
        .output()
        .expect("csipgs runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected = std::fs::read(fixture(name).with_extension("expected")).unwrap();
    assert_eq!(out.stdout, expected, "{name}: not the reference pairings");
    start.elapsed()
}

fn main() {
    let mut criterion = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10))
        .configure_from_args();
    for (label, name) in [
        ("Dutch round 9, 100 players", "random-s6537-p100-r9-k9"),
        ("Dutch round 6, 200 players", "random-s6667-p200-r11-k6"),
        ("Dutch round 9, 500 players", "bench-500-r9"),
    ] {
        criterion.bench_function(label, |b| b.iter(|| pair(name)));
    }
    criterion.final_summary();
}
