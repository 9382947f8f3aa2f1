//! Perft on the reference position of issue 3 (RULES.md section 9), in nodes per second.
//! Goal: faster than Fairy-Stockfish with one thread (11 to 17 million nodes per second at
//! depth 5 on these machines).

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use engine::{perft, Position, Ruleset};
use std::time::Duration;

const REFERENCE: &str = "r1bqk2r/pp1[BL]1ppp/2[NN]1pn2/2p[WD]4/3P1(WD)2/2N1P(NN)2/PP(BL)2PPP/R1BQK2R w 0/0 -/- R,NbR,Q,K,WbRbmHfB,RbcBbN/R,NbR,Q,K,WbRbmHfB,RbcBbN 1";

fn reference_perft(c: &mut Criterion) {
    let pos = Position::parse(REFERENCE, Ruleset::Classic.into()).expect("the reference parses");
    let mut group = c.benchmark_group("perft/reference");
    group.sample_size(10);
    for (depth, nodes, seconds) in [(4, 3_010_264u64, 5), (5, 135_682_914, 30)] {
        group.throughput(Throughput::Elements(nodes));
        group.measurement_time(Duration::from_secs(seconds));
        group.bench_function(format!("depth {depth}"), |b| {
            b.iter(|| assert_eq!(perft(black_box(&pos), depth), nodes))
        });
    }
    group.finish();
}

criterion_group!(benches, reference_perft);
criterion_main!(benches);
