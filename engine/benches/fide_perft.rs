//! Perft of FIDE chess in nodes per second: the start to depth 5 and Kiwipete to depth 4,
//! every move above the last ply made, the last ply's legal moves counted (as Stockfish's
//! `go perft` counts them). The tests check depth 6 and Kiwipete to depth 5
//! (tests/fide_perft.rs).

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use engine::fide::{perft, Position, Variants, START};
use std::time::Duration;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn fide_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("fide perft");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    for (name, fen, depth, nodes) in [
        ("start depth 5", START, 5, 4_865_609u64),
        ("kiwipete depth 4", KIWIPETE, 4, 4_085_603),
    ] {
        let pos = Position::from_fen(fen, Variants::NONE).expect("the position parses");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| {
            b.iter(|| assert_eq!(perft(black_box(&pos), depth), nodes))
        });
    }
    group.finish();
}

criterion_group!(benches, fide_perft);
criterion_main!(benches);
