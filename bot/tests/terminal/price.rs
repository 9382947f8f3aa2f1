//! `csipgs price` as a person and a script call it: the built binary, its output and status.

use std::process::{Command, Output};

fn csipgs(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_csipgs"))
        .args(args)
        .output()
        .expect("the csipgs binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("output is UTF-8")
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("errors are UTF-8")
}

#[test]
fn text_breakdown() {
    let out = csipgs(&["price", "WbRbmHfB"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "WbRbmHfB costs 5 zorkmids (classic table, exact value 4.99)"
    );
    assert!(lines.iter().any(|l| l.starts_with("bmH")
        && l.contains("x 0.2 backward only, x 0.6 move only")
        && l.ends_with("0.18")));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("sum") && l.ends_with("4.99")));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("price") && l.ends_with('5')));
}

#[test]
fn bodlaender_table() {
    let out = csipgs(&["price", "fcFfmW", "--rules", "bodlaender"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out)
        .starts_with("fcFfmW (= fmWfcF) costs 1 zorkmid (bodlaender table, exact value 0.9)"));
    // A letter is named as typed, with the design it stands for.
    let out = csipgs(&["price", "K"]);
    assert!(
        stdout(&out).starts_with("K (= WF) costs 3 zorkmids"),
        "{}",
        stdout(&out)
    );
    // A ruleset name picks the table that ruleset prices with.
    let out = csipgs(&["price", "fcFfmW", "--rules", "progressive"]);
    assert!(stdout(&out).contains("exact value 0.9"));
}

#[test]
fn json_object() {
    let out = csipgs(&["price", "Wfc(DNFA)scDsHbmH", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1, "exactly one JSON object: {text}");
    let v: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    assert_eq!(v["design"], "WfcDscDbmHsHfcFfcNfcA");
    assert!(v["price"].is_u64());
    assert_eq!(v["price"], 6);
    assert_eq!(v["raw"], "5.85");
    assert_eq!(v["table"], "classic");
    let parts = v["parts"].as_array().expect("parts is a list");
    assert_eq!(parts.len(), 8);
    for part in parts {
        for key in ["part", "base", "subtotal"] {
            assert!(part[key].is_string(), "{key} of {part}");
        }
        assert!(part["factors"].is_array());
    }
    assert_eq!(parts[1]["part"], "fcD");
    assert_eq!(
        parts[1]["factors"],
        serde_json::json!([
            {"label": "forward only", "value": "0.5"},
            {"label": "capture only", "value": "0.6"}
        ])
    );
    assert_eq!(parts[1]["subtotal"], "0.45");
}

#[test]
fn bare_p_is_the_pawn_and_bare_k_is_wf() {
    let p = csipgs(&["price", "P", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&p.stdout).unwrap();
    assert_eq!(
        (v["design"].as_str(), v["price"].as_u64()),
        (Some("fmWfcF"), Some(2))
    );
    let k = csipgs(&["price", "K", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&k.stdout).unwrap();
    assert_eq!(
        (v["design"].as_str(), v["price"].as_u64()),
        (Some("WF"), Some(3))
    );
    let royal = csipgs(&["price", "royal-K", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&royal.stdout).unwrap();
    assert_eq!(v["price"], 12);
}

#[test]
fn bad_design_exits_2() {
    for (design, message) in [
        ("WfcX", "unknown atom 'X' at column 4"),
        ("Wq", "modifier 'q' is not part of the notation"),
        ("W()", "empty group at column 2"),
        ("(W", "unbalanced parenthesis"),
    ] {
        for json in [false, true] {
            let mut args = vec!["price", design];
            if json {
                args.push("--json");
            }
            let out = csipgs(&args);
            assert_eq!(out.status.code(), Some(2), "{design}");
            assert!(stdout(&out).is_empty(), "{design}: nothing on stdout");
            assert!(stderr(&out).contains(message), "{design}: {}", stderr(&out));
        }
    }
    let long = "W".repeat(300);
    let out = csipgs(&["price", &long]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("at most 200 characters"));
}

#[test]
fn bad_rules_exit_2() {
    let out = csipgs(&["price", "N", "--rules", "fairy"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("unknown price table 'fairy'"));
}

#[test]
fn unpriced_design_names_the_part() {
    let out = csipgs(&["price", "WfZ"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with("fZ has no price"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn diagram_reads_a_lone_letter_as_price_does() {
    // `diagram P` is the pawn's diagram and `diagram K` is WF's, as in `price`.
    let dir = std::env::temp_dir();
    let png = |design: &str| {
        let path = dir.join(format!(
            "csipgs-diagram-{}-{design}.png",
            std::process::id()
        ));
        let out = csipgs(&["diagram", design, "-o", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{design}: {}", stderr(&out));
        let bytes = std::fs::read(&path).expect("the diagram was written");
        let _ = std::fs::remove_file(&path);
        bytes
    };
    assert_eq!(png("P"), png("fcFfmW"));
    assert_eq!(png("K"), png("WF"));
}
