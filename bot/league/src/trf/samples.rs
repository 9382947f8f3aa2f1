//! Files and lines the three phases' tests share.

use crate::model::{GameResult, PlayerNo, Round};
use crate::trf::{TrfError, TrfErrorKind};
use engine::Color;

/// A line with each text starting at its column.
pub(super) fn at(fields: &[(usize, &str)]) -> String {
    let mut line = String::new();
    for &(column, text) in fields {
        let len = line.chars().count();
        assert!(len < column, "fields overlap at column {column}");
        line.push_str(&" ".repeat(column - 1 - len));
        line.push_str(text);
    }
    line
}

/// A `001` line; each round is written as in the file, e.g. "   3 w 1" or "0000 - H".
pub(super) fn player(
    number: u16,
    name: &str,
    rating: &str,
    points: &str,
    rounds: &[&str],
) -> String {
    let (number, points) = (format!("{number:>4}"), format!("{points:>4}"));
    let mut fields = vec![
        (1, "001"),
        (5, number.as_str()),
        (15, name),
        (49, rating),
        (81, points.as_str()),
        (86, number.as_str()),
    ];
    for (i, round) in rounds.iter().enumerate() {
        fields.push((92 + 10 * i, round));
    }
    at(&fields)
}

/// Four players, two rounds paired out of three, a planned bye in a column and one on a
/// `240` line, a forfeit, a non-ASCII name, and the records pairing ignores.
pub(super) fn sample() -> String {
    [
        "012 Spring Open".to_string(),
        "022 Torino".to_string(),
        "042 2026/03/01".to_string(),
        "062 4".to_string(),
        "092 Individual: Swiss-System".to_string(),
        "XXR 3".to_string(),
        "### players".to_string(),
        player(1, "Alpha, Anna", "2100", "1.5", &["   3 w 1", "   2 b ="]),
        player(
            2,
            "Ærøskøbing, Åse",
            "1950",
            "1.0",
            &["   4 b =", "   1 w ="],
        ),
        player(
            3,
            "Gamma, Gil",
            "",
            "0.5",
            &["   1 b 0", "   4 w -", "0000 - H"],
        ),
        player(4, "Delta, Dan", "1800", "1.5", &["   2 w =", "   3 b +"]),
        String::new(),
        "240 F 003     4".to_string(),
    ]
    .join("\n")
}

pub(super) fn game(opponent: u16, colour: Color, result: GameResult) -> Round {
    Round::Game {
        opponent: PlayerNo(opponent),
        colour,
        result: Some(result),
    }
}

/// That each text fails `phase` at its line and column with its kind, and that the message
/// says where first.
pub(super) fn assert_located(
    cases: Vec<(String, usize, usize, TrfErrorKind)>,
    phase: impl Fn(&str) -> TrfError,
) {
    for (text, line, column, kind) in cases {
        let e = phase(&text);
        assert_eq!(
            (e.line, e.column, &e.kind),
            (line, column, &kind),
            "{text:?}: {e}"
        );
        assert!(e
            .to_string()
            .starts_with(&format!("line {line}, column {column}: ")));
    }
}
