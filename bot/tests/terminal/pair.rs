//! `csipgs pair` as an arbiter calls it: a TRF file in, the next round's pairings out, in the
//! form JaVaFo and bbpPairings print.

use std::path::PathBuf;
use std::process::{Command, Output};

fn csipgs(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_csipgs"))
        .args(args)
        .output()
        .expect("the csipgs binary runs")
}

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("league/tests/fixtures/pairing/dutch")
        .join(name)
}

fn scratch(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("csipgs-pair-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// A TRF player line with every field in its columns.
fn player(number: u16, rating: &str, points: &str, rounds: &[&str]) -> String {
    format!(
        "001 {number:>4}      {:<33} {rating:>4}{:28}{points:>4}{number:>5}  {}",
        format!("Player {number}"),
        "",
        rounds.join("  ")
    )
}

/// Every case bbpPairings (FIDE-endorsed) paired, through the whole program: read, paired,
/// passed by the checker, printed as the reference printed it.
#[test]
fn prints_the_reference_programs_pairings() {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(fixture(""))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "trf"))
        .collect();
    cases.sort();
    assert!(cases.len() > 400, "{} cases", cases.len());
    for case in cases {
        let out = csipgs(&["pair", case.to_str().unwrap()]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{}: {stderr}", case.display());
        let expected = std::fs::read_to_string(case.with_extension("expected")).unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            expected,
            "{}",
            case.display()
        );
    }
}

#[test]
fn a_file_that_is_not_trf_names_the_line_and_column() {
    let lines = [
        "012 Broken".to_string(),
        "142 5".to_string(),
        player(1, "2210", "0.0", &[]),
        player(2, "2150", "3.0", &[]),
    ];
    let path = scratch("broken.trf", &lines.join("\n"));
    let out = csipgs(&["pair", path.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("line 4, column 81"), "{stderr}");
    assert!(out.stdout.is_empty());
    let missing = csipgs(&["pair", "/nonexistent/file.trf"]);
    assert_eq!(missing.status.code(), Some(3));
    assert!(
        String::from_utf8_lossy(&missing.stderr).starts_with("can't read /nonexistent/file.trf")
    );
}

#[test]
fn a_round_no_pairing_can_keep_the_rules_is_refused() {
    // Three players who have all met and all had the bye: no legal round 4.
    let lines = [
        "012 Three".to_string(),
        "142 5".to_string(),
        player(1, "2000", "2.0", &["   2 w 1", "0000 - U", "   3 b 0"]),
        player(2, "1900", "2.0", &["   1 b 0", "   3 w 1", "0000 - U"]),
        player(3, "1800", "2.0", &["0000 - U", "   2 b 0", "   1 w 1"]),
    ];
    let path = scratch("stuck.trf", &lines.join("\n"));
    let out = csipgs(&["pair", path.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("round 4: no pairing keeps the absolute rules"),
        "{stderr}"
    );
}
