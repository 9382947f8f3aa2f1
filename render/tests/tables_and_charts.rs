//! The leaderboard table and the rating chart: they decode, have sane sizes, and show their
//! rows, zebra stripes, ellipses, lines and dots; and the charts of 0 and 1 games.

use render::testing;

use render::{ChartView, Column, Style, TableView};

use testing::Picture;

const CARD: [u8; 3] = [247, 244, 238];
const CELL: [u8; 3] = [236, 231, 222];
const HEADER: [u8; 3] = [49, 46, 43];
const LINE: [u8; 3] = [30, 100, 215];

fn table(view: &TableView, style: &Style) -> Picture {
    Picture::decode(&render::table(view, style))
}

#[test]
fn a_leaderboard_has_a_header_zebra_rows_and_bounded_width() {
    let style = Style::default();
    let view = testing::leaderboard();
    let pic = table(&view, &style);
    assert!(pic.width >= 400 && pic.width <= 1000, "width {}", pic.width);
    // Title, header and 25 rows of 28 px.
    assert!(
        pic.height >= 26 * 28 && pic.height <= 28 * 30,
        "height {}",
        pic.height
    );
    // Zebra: along a column of pixels inside the table, plain and shaded rows alternate.
    let x = 20;
    let rows: Vec<[u8; 3]> = (0..26)
        .map(|i| pic.at(x, (44 + 28 * i + 2) as u32))
        .collect();
    assert_eq!(rows[0], HEADER, "the header row is dark");
    for (i, c) in rows[1..].iter().enumerate() {
        let expected = if i % 2 == 1 { CELL } else { CARD };
        assert_eq!(*c, expected, "row {i}");
    }
    // The long name is cut short: the picture stays narrower than the name would make it.
    let wide = TableView {
        rows: vec![vec!["1".into(), "x".repeat(400), "1500".into()]],
        ..view.clone()
    };
    assert!(table(&wide, &style).width < 1000);
}

#[test]
fn tables_with_no_rows_many_rows_or_ragged_rows_still_draw() {
    let style = Style::default();
    let columns = vec![Column::left("Player"), Column::right("Rating")];
    let empty = TableView {
        title: "Nobody yet".into(),
        columns: columns.clone(),
        rows: vec![],
    };
    let pic = table(&empty, &style);
    assert!(pic.width >= 200 && pic.height >= 80 && pic.height < 200);
    let many = TableView {
        title: "Everybody".into(),
        columns: columns.clone(),
        rows: (0..500).map(|i| vec![format!("p{i}")]).collect(),
    };
    let pic = table(&many, &style);
    assert!(pic.height < 60 * 30, "rows are capped: {}", pic.height);
    let none = TableView {
        title: String::new(),
        columns: vec![],
        rows: vec![vec!["stray".into()]],
    };
    table(&none, &Style::board_px(200));
}

fn chart(view: &ChartView, style: &Style) -> Picture {
    Picture::decode(&render::chart(view, style))
}

#[test]
fn a_rating_history_draws_a_line_with_dots() {
    let pic = chart(&testing::rating_history(), &Style::default());
    assert_eq!((pic.width, pic.height), (600, 300));
    let blue = pic.count(0, 40, 600, 260, LINE, 30);
    assert!(blue > 2000, "line and dots: {blue} px");
}

#[test]
fn no_games_one_game_and_many_games() {
    let style = Style::default();
    let none = chart(
        &ChartView {
            title: "Carol: rating".into(),
            points: vec![],
        },
        &style,
    );
    assert_eq!((none.width, none.height), (600, 300));
    assert_eq!(none.count(0, 40, 600, 260, LINE, 30), 0, "nothing plotted");
    assert!(
        none.count(150, 100, 300, 100, [118, 110, 100], 40) > 100,
        "says there are no games"
    );

    let one = chart(
        &ChartView {
            title: "Bob: rating".into(),
            points: vec![(1_700_000_000, 1500)],
        },
        &style,
    );
    let dot = one.count(0, 40, 600, 260, LINE, 30);
    assert!(dot > 10 && dot < 200, "one dot: {dot} px");

    let many = ChartView {
        title: "Dave: rating".into(),
        points: (0..2000)
            .map(|i| (1_500_000_000 + i * 40_000, 1200 + (i as i32 * 7919) % 900))
            .collect(),
    };
    assert_eq!(chart(&many, &style).width, 600);
    // Same time twice, the whole range of times and ratings, out of order.
    let odd = ChartView {
        title: "Eve".into(),
        points: vec![(i64::MAX, i32::MAX), (0, 0), (i64::MIN, i32::MIN), (0, 5)],
    };
    chart(&odd, &style);
    let small = chart(&testing::rating_history(), &Style::board_px(240));
    assert!(small.width < 600);
}
