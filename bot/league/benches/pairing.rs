//! Swiss pairing speed: a 100-player round 9, a 200-player round 6, round 9 of a
//! 500-player tournament (goal: under 1 s), rounds 1, 2, 5 and 9 of 1,000 players (goal:
//! under 2 s) and rounds 1, 2 and 5 of 2,000 (goal: under 10 s), each the whole of what
//! `csipgs pair` computes
//! (reading the TRF file, pairing by the Dutch rules, the checker's judgement, the printed
//! pairings) checked against the reference program's pairings. The binary adds only the
//! process around it.
//!
//! `cargo bench -p league --bench pairing`

use criterion::Criterion;
use league::{checker, dutch, trf};
use std::path::PathBuf;
use std::time::Duration;

/// A case in `tests/fixtures/pairing`, as `folder/name`.
fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/pairing")
        .join(format!("{name}.trf"))
}

/// The file's next round as `csipgs pair` prints it.
fn pair(path: &std::path::Path) -> String {
    let text = std::fs::read_to_string(path).expect("the fixture reads");
    let t = trf::read(&text)
        .and_then(|file| file.tournament())
        .expect("a valid TRF file");
    let round = dutch::next_round(&t);
    let pairings = dutch::pair(&t, round).expect("a pairing");
    checker::check(&t, round, &pairings).expect("a pairing the checker passes");
    trf::write_pairings(&pairings)
}

fn main() {
    let mut criterion = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10))
        .configure_from_args();
    for (label, name) in [
        (
            "Dutch round 9, 100 players",
            "dutch/random-s6537-p100-r9-k9",
        ),
        (
            "Dutch round 6, 200 players",
            "dutch/random-s6667-p200-r11-k6",
        ),
        ("Dutch round 9, 500 players", "dutch/bench-500-r9"),
        ("Dutch round 1, 1000 players", "dutch/bench-1000-r1"),
        ("Dutch round 2, 1000 players", "dutch/bench-1000-r2"),
        (
            "Dutch round 2, 1000 players, White won every game",
            "dutch/bench-1000-r2-white-wins",
        ),
        ("Dutch round 5, 1000 players", "dutch/bench-1000-r5"),
        ("Dutch round 9, 1000 players", "dutch/bench-1000-r9"),
        ("Dutch round 1, 2000 players", "dutch/bench-2000-r1"),
        ("Dutch round 2, 2000 players", "dutch/bench-2000-r2"),
        ("Dutch round 5, 2000 players", "dutch/bench-2000-r5"),
        (
            "Dutch round 2, 2000 players, White won every game",
            "dutch/bench-2000-r2-white-wins",
        ),
    ] {
        let path = fixture(name);
        let expected = std::fs::read_to_string(path.with_extension("expected")).unwrap();
        assert_eq!(pair(&path), expected, "{name}: not the reference pairings");
        criterion.bench_function(label, |b| b.iter(|| pair(&path)));
    }
    criterion.final_summary();
}
