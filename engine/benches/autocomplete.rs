//! The move list autocomplete writes, on the worst position issue 24 found: fifteen identical
//! `doublemove-Q` pieces, where every move needs telling apart from its twins (2,110 moves
//! and double moves, each with its check mark). Target: under 20 ms a list (it was 1.19 s
//! when each move's notation generated the whole list again).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use engine::{Game, Options, Position, Rules, Ruleset};

fn fifteen_twins() -> Game {
    let q = "(doublemove-Q)";
    let text = format!(
        "3kk3/8/8/8/8/8/{}/{q}{q}{q}{q}K{q}{q}{q} w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1",
        q.repeat(8)
    );
    let options = Options {
        unofficial: true,
        ..Options::default()
    };
    let rules = Rules::new(Ruleset::Classic, options);
    Game::from_position(Position::parse(&text, rules).expect("the twins' position parses"))
}

fn move_list(c: &mut Criterion) {
    let game = fifteen_twins();
    let mut group = c.benchmark_group("autocomplete");
    group.sample_size(20);
    group.bench_function("fifteen doublemove-Q twins", |b| {
        b.iter(|| {
            let mut notes: Vec<String> = black_box(&game)
                .offered_moves()
                .map(|(_, text)| text)
                .collect();
            notes.sort();
            assert_eq!(notes.len(), 2110);
            notes
        })
    });
    group.finish();
}

criterion_group!(benches, move_list);
criterion_main!(benches);
