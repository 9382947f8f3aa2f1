//! Pictures in words: what a screen reader speaks for each picture (a Discord attachment's
//! description, at most [`WORDS_MAX`] characters). The board's lines here are also the text
//! board's, so the terminal and the alt text say the same thing the same way.

use crate::board_view::{BoardView, ReplayView};
use crate::fide_view::{score_lines, FideBoardView, FideReplayView};
use crate::view::{ChartView, CsipgsBoardView, CsipgsReplayView, TableView};
use engine::{zorkmids, Color, Design, Position, Price, PriceError, Square};

/// Discord keeps at most this many characters of an attachment's description.
pub const WORDS_MAX: usize = 1024;

/// How much of a side's panel a line tells.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Panel {
    /// Treasury, reserve and the six designs with their prices.
    Full,
    /// Treasury and reserve: for words that must fit.
    Brief,
}

/// One side's panel as a line: "White (Alice): 3 zorkmids, reserve empty, designs P 2, ...".
pub(crate) fn panel_line(view: &CsipgsBoardView, color: Color, detail: Panel) -> String {
    let p = view.player(color);
    let reserve: Vec<String> = p
        .reserve
        .iter()
        .map(|(d, n)| format!("{} x{n}", d.piece_name()))
        .collect();
    let mut line = format!(
        "{color} ({}): {}, reserve {}",
        p.name,
        zorkmids(p.treasury),
        if reserve.is_empty() {
            "empty".to_string()
        } else {
            reserve.join(", ")
        },
    );
    if detail == Panel::Full {
        let slots: Vec<String> = p
            .slots
            .iter()
            .map(|s| match s.cost {
                Some(c) => format!("{} {c}", s.design.piece_name()),
                None => s.design.piece_name(),
            })
            .collect();
        line.push_str(&format!(", designs {}", slots.join(", ")));
    }
    line
}

/// Whose turn it is, or how the game ended.
pub(crate) fn status_line(view: &CsipgsBoardView) -> String {
    match &view.result {
        Some(result) => result.clone(),
        None => format!("Turn {}: {} to move.", view.ply, view.to_move),
    }
}

/// A FIDE-family board's status line.
pub(crate) fn fide_status_line(view: &FideBoardView) -> String {
    match &view.result {
        Some(result) => result.clone(),
        None => format!("Move {}: {} to move.", view.fullmove, view.to_move),
    }
}

/// A FIDE-family side's captures as a line: "White (Alice): captured P x2".
pub(crate) fn captured_line(view: &FideBoardView, color: Color) -> String {
    let captured: Vec<String> = view.captured[color.index()]
        .iter()
        .map(|(d, n)| format!("{} x{n}", d.piece_name()))
        .collect();
    format!(
        "{color} ({}): captured {}",
        view.names[color.index()],
        if captured.is_empty() {
            "nothing".to_string()
        } else {
            captured.join(", ")
        }
    )
}

/// The last moves of a FIDE-family game as a line, if any were played.
pub(crate) fn moves_line(view: &FideBoardView, kept: usize) -> Option<String> {
    let sheet = score_lines(&view.moves);
    let lines: Vec<String> = sheet[sheet.len().saturating_sub(kept)..]
        .iter()
        .map(|&(number, white, black)| match (white, black) {
            (Some(white), Some(black)) => format!("{number}. {white} {black}"),
            (Some(white), None) => format!("{number}. {white}"),
            (None, black) => format!("{number}... {}", black.unwrap_or_default()),
        })
        .collect();
    (!lines.is_empty()).then(|| format!("Last moves: {}", lines.join(" ")))
}

/// A board in words: whose turn, the players' panels or cards, every piece by square and
/// what else the picture marks, within [`WORDS_MAX`] characters.
pub fn board_words(view: &BoardView) -> String {
    match view {
        BoardView::Csipgs(view) => csipgs_board_words(view),
        BoardView::Fide(view) => fide_board_words(view),
    }
}

/// A replay in words: the players, how many positions it shows (`shown`), then its last
/// position, within [`WORDS_MAX`] characters.
pub fn replay_words(view: &ReplayView, shown: usize) -> String {
    match view {
        ReplayView::Csipgs(view) => csipgs_replay_words(view, shown),
        ReplayView::Fide(view) => fide_replay_words(view, shown),
    }
}

/// A csipgs board in words: whose turn, both panels, then every piece by square in record
/// notation (`Ke1`, `(WD)d4`; royal pieces first), squares in check, impassable and out of sight. Too long,
/// the designs are left out of the panels, then the piece lists are cut short.
pub(crate) fn csipgs_board_words(view: &CsipgsBoardView) -> String {
    let head = |detail: Panel| {
        let mut lines = vec![status_line(view)];
        lines.extend(Color::ALL.map(|c| format!("{}.", panel_line(view, c, detail))));
        lines.join(" ")
    };
    let marks = |label: &str, squares: &[Square]| -> Option<String> {
        (!squares.is_empty()).then(|| format!("{label}: {}.", squares_list(squares)))
    };
    let mut tail: Vec<String> = Vec::new();
    tail.extend(marks("In check", &view.check));
    tail.extend(marks("Impassable", &view.terrain));
    if !view.hidden.is_empty() {
        tail.push(format!("{} squares out of sight.", view.hidden.len()));
    }
    let lists = Color::ALL.map(|color| side_pieces(&view.pieces, color));
    for detail in [Panel::Full, Panel::Brief] {
        let words = sides(&head(detail), &lists, &tail, usize::MAX);
        if words.chars().count() <= WORDS_MAX {
            return words;
        }
    }
    // Cut the longer list until the words fit.
    let mut keep = lists.iter().map(Vec::len).max().unwrap_or(0);
    loop {
        let words = sides(&head(Panel::Brief), &lists, &tail, keep);
        if words.chars().count() <= WORDS_MAX || keep == 0 {
            return clip(&words);
        }
        keep -= 1;
    }
}

/// One side's pieces by square in record notation (`Kd3`, `(WD)d4`), royal pieces first:
/// cut short, the list still names them.
fn side_pieces(pieces: &[(Square, Color, Design)], color: Color) -> Vec<String> {
    let mut on: Vec<(Square, &Design)> = pieces
        .iter()
        .filter(|(_, c, _)| *c == color)
        .map(|(s, _, d)| (*s, d))
        .collect();
    on.sort_by_key(|(s, d)| (!d.is_royal(), *s));
    on.into_iter()
        .map(|(s, d)| format!("{}{s}", Position::piece_label(d)))
        .collect()
}

/// `head`, each side's pieces (at most `keep` named, the rest counted), then `tail`.
fn sides(head: &str, lists: &[Vec<String>; 2], tail: &[String], keep: usize) -> String {
    let mut words = head.to_string();
    for color in Color::ALL {
        let list = &lists[color.index()];
        let shown = &list[..list.len().min(keep)];
        let mut line = if list.is_empty() {
            "no pieces".to_string()
        } else {
            shown.join(", ")
        };
        if list.len() > shown.len() {
            line.push_str(&format!(" and {} more", list.len() - shown.len()));
        }
        words.push_str(&format!(" {color} pieces: {line}."));
    }
    for part in tail {
        words.push(' ');
        words.push_str(part);
    }
    words
}

/// A FIDE-family board in words: whose move, every piece by square, captures, the last
/// moves and the variants.
pub(crate) fn fide_board_words(view: &FideBoardView) -> String {
    let mut words = fide_status_line(view);
    for color in Color::ALL {
        let list = side_pieces(&view.pieces, color);
        words.push_str(&format!(" {color} pieces: {}.", list.join(", ")));
    }
    if !view.check.is_empty() {
        words.push_str(&format!(" In check: {}.", squares_list(&view.check)));
    }
    for color in Color::ALL {
        words.push_str(&format!(" {}.", captured_line(view, color)));
    }
    if let Some(moves) = moves_line(view, 3) {
        words.push_str(&format!(" {moves}."));
    }
    if !view.variants.is_empty() {
        words.push_str(&format!(" Variants: {}.", view.variants.join(", ")));
    }
    clip(&words)
}

/// A design's movement diagram in words: the design, what it does, and its price (or why it
/// has none).
pub fn design_words(design: &Design, price: &Result<Price, PriceError>) -> String {
    let cost = match price {
        Ok(price) => format!(
            "It costs {} ({} prices).",
            zorkmids(price.cost),
            price.table
        ),
        Err(e) => format!("It has no price: {e}."),
    };
    clip(&format!(
        "Movement diagram of {design}: {}. {cost}",
        design.in_words()
    ))
}

/// A replay in words: how many positions it shows, then its last position.
pub(crate) fn csipgs_replay_words(view: &CsipgsReplayView, shown: usize) -> String {
    let last = view
        .frames
        .last()
        .map(csipgs_board_words)
        .unwrap_or_default();
    let names = view
        .frames
        .first()
        .map(|f| [&f.players[0].name, &f.players[1].name]);
    clip(&format!(
        "Animated replay of {}, {shown} positions. Last position: {last}",
        names_of(names)
    ))
}

/// A FIDE-family replay in words, as [`csipgs_replay_words`].
pub(crate) fn fide_replay_words(view: &FideReplayView, shown: usize) -> String {
    let last = view.frames.last().map(fide_board_words).unwrap_or_default();
    let names = view.frames.first().map(|f| [&f.names[0], &f.names[1]]);
    clip(&format!(
        "Animated replay of {}, {shown} positions. Last position: {last}",
        names_of(names)
    ))
}

/// "Alice (White) against Bob (Black)".
fn names_of(names: Option<[&String; 2]>) -> String {
    match names {
        Some([white, black]) => format!("{white} (White) against {black} (Black)"),
        None => "a game".to_string(),
    }
}

/// A table in words: its title, then each row as its cells under their headers.
pub fn table_words(view: &TableView) -> String {
    let mut words = format!("{}.", view.title);
    if view.rows.is_empty() {
        words.push_str(" No rows.");
    }
    for (i, row) in view.rows.iter().enumerate() {
        let cells: Vec<String> = view
            .columns
            .iter()
            .zip(row)
            .filter(|(_, cell)| !cell.is_empty())
            .map(|(column, cell)| format!("{} {cell}", column.header))
            .collect();
        let line = format!(" {}.", cells.join(", "));
        let more = format!(" And {} more rows.", view.rows.len() - i);
        if words.chars().count() + line.chars().count() + more.chars().count() > WORDS_MAX {
            words.push_str(&more);
            break;
        }
        words.push_str(&line);
    }
    clip(&words)
}

/// A rating chart in words: its title, how many points, first and last, lowest and highest.
pub fn chart_words(view: &ChartView) -> String {
    let mut points = view.points.clone();
    points.sort();
    let (Some(first), Some(last)) = (points.first(), points.last()) else {
        return clip(&format!("{}: no ratings yet.", view.title));
    };
    let low = points.iter().map(|p| p.1).min().unwrap_or(first.1);
    let high = points.iter().map(|p| p.1).max().unwrap_or(first.1);
    clip(&format!(
        "Rating chart, {}: {} points, from {} to {} (lowest {low}, highest {high}).",
        view.title,
        points.len(),
        first.1,
        last.1
    ))
}

/// Squares as "e1, e8".
fn squares_list(squares: &[Square]) -> String {
    let mut squares = squares.to_vec();
    squares.sort();
    squares
        .iter()
        .map(Square::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// At most [`WORDS_MAX`] characters, ending in an ellipsis when cut.
fn clip(words: &str) -> String {
    if words.chars().count() <= WORDS_MAX {
        return words.to_string();
    }
    let mut cut: String = words.chars().take(WORDS_MAX - 1).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::Column;
    use engine::{Rules, Ruleset};

    fn view(position: &str) -> CsipgsBoardView {
        let rules: Rules = Ruleset::Classic.into();
        CsipgsBoardView::from_position(&Position::parse(position, rules).unwrap(), ["Alice", "Bob"])
    }

    #[test]
    fn a_board_says_whose_turn_both_treasuries_and_every_piece_by_square() {
        let words = csipgs_board_words(&view(
            "8/8/4k3/8/3(WD)4/3K4/8/8 w 1/2 -/fbDbcA P,N,WD,R,Q,K/P,N,fbDbcA,R,Q,K 9",
        ));
        assert!(words.starts_with("Turn 9: White to move."), "{words}");
        assert!(
            words.contains("White (Alice): 1 zorkmid, reserve empty"),
            "{words}"
        );
        assert!(
            words.contains("Black (Bob): 2 zorkmids, reserve fbDbcA x1"),
            "{words}"
        );
        assert!(words.contains("White pieces: Kd3, (WD)d4."), "{words}");
        assert!(words.contains("Black pieces: Ke6."), "{words}");
    }

    #[test]
    fn a_crowded_board_is_shortened_within_the_limit() {
        let mut crowded = view("4k3/8/8/8/8/8/8/4K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 30");
        let long = Design::parse("fcbmWfrbmFbrlbmDfbrlcAbNfsZbbL").unwrap();
        // Both sides' first two ranks full, the kings' squares aside.
        for (color, ranks) in [(Color::White, ['1', '2']), (Color::Black, ['8', '7'])] {
            for rank in ranks {
                for file in 'a'..='h' {
                    let square: Square = format!("{file}{rank}").parse().unwrap();
                    if !crowded.pieces.iter().any(|(on, ..)| *on == square) {
                        crowded.pieces.push((square, color, long.clone()));
                    }
                }
            }
        }
        for color in Color::ALL {
            for slot in &mut crowded.players[color.index()].slots {
                slot.design = long.clone();
            }
        }
        let words = csipgs_board_words(&crowded);
        assert!(words.chars().count() <= WORDS_MAX, "{}", words.len());
        assert!(words.starts_with("Turn 30: White to move."), "{words}");
        assert!(words.contains("more."), "{words}");
        assert!(words.contains("Ke1"), "{words}");
    }

    #[test]
    fn the_text_board_and_the_words_share_their_lines() {
        let view = view("4k3/8/8/8/8/8/8/4K3 b 3/0.5 WD,WD/- P,N,WD,R,Q,K/P,N,B,R,Q,K 12");
        let text = crate::text_board::csipgs(&view);
        let words = csipgs_board_words(&view);
        for color in Color::ALL {
            let line = panel_line(&view, color, Panel::Full);
            assert!(text.contains(&line) && words.contains(&line), "{line}");
        }
        assert!(text.ends_with(&status_line(&view)));
        assert!(words.starts_with(&status_line(&view)));
    }

    #[test]
    fn tables_charts_and_designs_read_as_their_data() {
        let table = TableView {
            title: "Leaderboard".into(),
            columns: vec![
                Column::right("#"),
                Column::left("Player"),
                Column::right("Rating"),
            ],
            rows: (1..=200)
                .map(|i| vec![i.to_string(), format!("player{i}"), "1500".into()])
                .collect(),
        };
        let words = table_words(&table);
        assert!(
            words.starts_with("Leaderboard. # 1, Player player1, Rating 1500."),
            "{words}"
        );
        assert!(words.contains("more rows"), "{words}");
        assert!(words.chars().count() <= WORDS_MAX);
        let chart = ChartView {
            title: "Alice".into(),
            points: vec![(2, 1530), (1, 1500), (3, 1490)],
        };
        assert_eq!(
            chart_words(&chart),
            "Rating chart, Alice: 3 points, from 1500 to 1490 (lowest 1490, highest 1530)."
        );
        let design = Design::parse("WbRbmHfB").unwrap();
        let price = engine::price(
            &design,
            engine::PriceTable::Classic,
            &engine::Proposals::default(),
        );
        let words = design_words(&design, &price);
        assert!(
            words.starts_with("Movement diagram of WbRbmHfB: one square"),
            "{words}"
        );
        assert!(words.ends_with("(classic prices)."), "{words}");
    }
}
