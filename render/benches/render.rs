//! How long the pictures take: a 720 px board with both panels (goal: about 3.6 ms, what
//! lila-gif needs for a bare 720 px board), and a design diagram.

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use render::engine::{price, Design, PriceTable, Proposals};
use render::Style;

fn board(c: &mut Criterion) {
    let style = Style::board_px(720);
    for (name, view) in [
        ("middlegame", common::middlegame()),
        ("fairy", common::fairy()),
    ] {
        c.bench_function(&format!("board 720px with panels ({name})"), |b| {
            b.iter(|| render::board(&view, &style))
        });
    }
}

fn diagram(c: &mut Criterion) {
    let style = Style::default();
    let design = Design::parse("Wfc(DNFA)scDsHbmH").unwrap();
    let priced = price(&design, PriceTable::Classic, &Proposals::default());
    c.bench_function("design diagram Wfc(DNFA)scDsHbmH", |b| {
        b.iter(|| render::design(&design, &priced, &style))
    });
}

criterion_group!(benches, board, diagram);
criterion_main!(benches);
