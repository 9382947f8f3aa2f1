//! How long the pictures take: a 720 px board with both panels (goal: about 3.6 ms, what
//! lila-gif needs for a bare 720 px board; also with prefix badges, a fog player's view with
//! rock and hidden squares, and a FIDE board with its cards and variants), the 48-turn
//! sample game as an animated GIF (goal: under 1 s and under 4 MB; the size is printed), a
//! 2,000-ply game's replay within the bot's budget (goal: a few seconds and under 8 MB; the
//! size and the positions shown are printed), a design diagram, a leaderboard table and a
//! rating chart.

use render::testing;

use criterion::{criterion_group, criterion_main, Criterion};
use render::engine::{price, Design, PriceTable, Proposals};
use render::{BoardView, ChartView, ReplayBudget, ReplayView, Style};
use std::time::Duration;

fn board(c: &mut Criterion) {
    let style = Style::board_px(720);
    for (name, view) in [
        ("middlegame", testing::middlegame()),
        ("fairy", testing::fairy()),
        ("prefixes", testing::prefixes()),
        ("fog", testing::fog()),
    ] {
        let view = BoardView::from(view);
        c.bench_function(&format!("board 720px with panels ({name})"), |b| {
            b.iter(|| render::board(&view, &style))
        });
    }
    let fide = BoardView::from(testing::fide_middlegame());
    c.bench_function("FIDE board 720px with cards (middlegame)", |b| {
        b.iter(|| render::board(&fide, &style))
    });
}

fn diagram(c: &mut Criterion) {
    let style = Style::default();
    let design = Design::parse("Wfc(DNFA)scDsHbmH").unwrap();
    let priced = price(&design, PriceTable::Classic, &Proposals::default());
    c.bench_function("design diagram Wfc(DNFA)scDsHbmH", |b| {
        b.iter(|| render::design(&design, &priced, &style))
    });
}

fn replay(c: &mut Criterion) {
    let style = Style::board_px(720);
    let view = ReplayView::from(testing::sample48());
    let size = render::replay(&view, &style).len();
    println!(
        "replay GIF of the 48-turn sample game: {} frames, {size} bytes ({:.2} MB)",
        view.len(),
        size as f64 / (1 << 20) as f64
    );
    assert!(size < 4 << 20, "the replay GIF is {size} bytes, over 4 MB");
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("48-turn sample game GIF 720px", |b| {
        b.iter(|| render::replay(&view, &style))
    });
    group.finish();
}

/// The budget the bot gives `/replay`: Discord takes 10 MB from a bot, and a replay should
/// cost a few seconds of CPU at most.
const BOT_BUDGET: ReplayBudget = ReplayBudget {
    bytes: 8 << 20,
    frames: 150,
};

fn long_replay(c: &mut Criterion) {
    let style = Style::default();
    let view = ReplayView::from(testing::long2000());
    let made = render::replay_within(&view, &style, BOT_BUDGET);
    println!(
        "replay GIF of a 2,000-ply game within the bot's budget: {} of {} positions (every \
         {}th), {} px board, {} bytes ({:.2} MB)",
        made.shown,
        view.len(),
        made.every,
        made.board_px,
        made.gif.len(),
        made.gif.len() as f64 / (1 << 20) as f64
    );
    assert!(
        made.gif.len() <= BOT_BUDGET.bytes,
        "{} bytes",
        made.gif.len()
    );
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(30));
    group.bench_function("2,000-ply game GIF 720px within 8 MB and 150 frames", |b| {
        b.iter(|| render::replay_within(&view, &style, BOT_BUDGET))
    });
    group.finish();
}

fn table_and_chart(c: &mut Criterion) {
    let style = Style::default();
    let table = testing::leaderboard();
    c.bench_function("leaderboard table 25 rows", |b| {
        b.iter(|| render::table(&table, &style))
    });
    let chart = ChartView {
        title: "Alice · classic".into(),
        points: (0..200)
            .map(|i| {
                (
                    1_700_000_000 + i * 43_200,
                    1500 + (i as i32 * 37 % 120) - 60,
                )
            })
            .collect(),
    };
    c.bench_function("rating chart 200 points", |b| {
        b.iter(|| render::chart(&chart, &style))
    });
}

criterion_group!(
    benches,
    board,
    replay,
    long_replay,
    diagram,
    table_and_chart
);
criterion_main!(benches);
