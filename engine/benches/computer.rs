//! The computer player's speed: search nodes per second on the perft reference position,
//! the time one turn takes at each level from a middle-game position, and the time per turn
//! over whole games at the default and top levels (median and maximum, printed at the end:
//! the maximum must stay under the budget).

use criterion::{black_box, criterion_group, Criterion, Throughput};
use engine::computer::{choose_turn, Level, Think};
use engine::search::{search, Limits};
use engine::{Game, Position, Ruleset};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

const REFERENCE: &str = "r1bqk2r/pp1[BL]1ppp/2[NN]1pn2/2p[WD]4/3P1(WD)2/2N1P(NN)2/PP(BL)2PPP/R1BQK2R w 0/0 -/- R,NbR,Q,K,WbRbmHfB,RbcBbN/R,NbR,Q,K,WbRbmHfB,RbcBbN 1";

fn reference_search(c: &mut Criterion) {
    let pos = Position::parse(REFERENCE, Ruleset::Classic.into()).expect("the reference parses");
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(6),
        ..Limits::default()
    };
    let nodes = search(&pos, &limits, 1, &stop).nodes;
    let mut group = c.benchmark_group("search/reference");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("depth 6", |b| {
        b.iter(|| search(black_box(&pos), &limits, 1, &stop))
    });
    group.finish();
}

/// A middle-game position: 30 turns of the default level against itself.
fn middle_game() -> Game {
    let mut game = Game::new(Ruleset::Classic.into());
    let stop = AtomicBool::new(false);
    for ply in 0..30u64 {
        let think = Think::new(Level::new(3).expect("a level"), ply);
        let Some(turn) = choose_turn(&game, &think, &stop) else {
            break;
        };
        game.play(turn).expect("the computer plays legal turns");
    }
    game
}

fn turn_per_level(c: &mut Criterion) {
    let game = middle_game();
    let stop = AtomicBool::new(false);
    let mut group = c.benchmark_group("computer/turn");
    group.sample_size(10);
    for level in Level::ALL {
        group.bench_function(format!("level {level}"), |b| {
            b.iter(|| choose_turn(black_box(&game), &Think::new(level, 1), &stop))
        });
    }
    group.finish();
}

/// Time each of the computer's turns over one whole game of `level` against itself.
fn game_turn_times(level: Level) -> Vec<Duration> {
    let mut game = Game::new(Ruleset::Classic.into());
    let stop = AtomicBool::new(false);
    let mut times = Vec::new();
    for ply in 0..300u64 {
        let think = Think::new(level, ply);
        let started = Instant::now();
        let Some(turn) = choose_turn(&game, &think, &stop) else {
            break;
        };
        times.push(started.elapsed());
        game.play(turn).expect("the computer plays legal turns");
    }
    times
}

fn report_game_times() {
    for level in [Level::default(), Level::MAX] {
        let mut times = game_turn_times(level);
        times.sort();
        let median = times[times.len() / 2];
        let max = times.last().copied().unwrap_or_default();
        println!(
            "computer/game level {level}: {} turns, median {} ms, max {} ms (budget {} ms)",
            times.len(),
            median.as_millis(),
            max.as_millis(),
            engine::computer::DEFAULT_BUDGET.as_millis()
        );
    }
}

criterion_group!(benches, reference_search, turn_per_level);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    report_game_times();
}
