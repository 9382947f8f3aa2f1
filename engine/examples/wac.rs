//! Win At Chess, the classic 300 tactics, through the FIDE computer at each level:
//! `cargo run --release -p engine --example wac -- [--ms 1000] [--levels 1,2,...,6] [FILE]`.
//! Prints how many each level solves (its move is among the `bm` moves and none of the `am`
//! moves) and which it missed.

use engine::computer::{choose_fide, Level, Think};
use engine::fide::{san, FideGame, Position, Variants};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

const SUITE: &str = include_str!("../tests/data/wac.epd");

fn main() {
    let mut args = std::env::args().skip(1);
    let mut ms = 1000;
    let mut levels: Vec<Level> = Level::ALL.to_vec();
    let mut text = SUITE.to_string();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--ms" => ms = args.next().and_then(|a| a.parse().ok()).expect("--ms N"),
            "--levels" => {
                levels = args
                    .next()
                    .expect("--levels 1,2")
                    .split(',')
                    .map(|l| l.parse().expect("a level"))
                    .collect()
            }
            file => text = std::fs::read_to_string(file).expect("an EPD file"),
        }
    }
    let stop = AtomicBool::new(false);
    for level in levels {
        let mut solved = 0;
        let mut missed = Vec::new();
        let mut total = 0;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let fen = format!("{} 0 1", fields[..4].join(" "));
            let pos = Position::from_fen(&fen, Variants::NONE).expect("a FEN");
            let ops = fields[4..].join(" ");
            let moves_of = |op: &str| -> Vec<_> {
                ops.split(';')
                    .map(str::trim)
                    .filter_map(|o| o.strip_prefix(op))
                    .flat_map(|list| list.split_whitespace())
                    .map(|m| {
                        san::parse(&pos, m)
                            .unwrap_or_else(|e| panic!("{line}: '{m}' is no move here: {e}"))
                    })
                    .collect()
            };
            let (bm, am) = (moves_of("bm "), moves_of("am "));
            let id = ops.split("id ").nth(1).map_or("?", |s| {
                s.trim_matches(|c| c == '"' || c == ';' || c == ' ')
            });
            let think = Think {
                level,
                budget: Duration::from_millis(ms),
                seed: 1,
            };
            let game = FideGame::from_position(pos);
            let best = choose_fide(&game, &think, &stop).map(|(m, _)| m);
            total += 1;
            let ok = best.is_some_and(|m| bm.contains(&m) && !am.contains(&m));
            if ok {
                solved += 1;
            } else {
                missed.push(id.to_string());
            }
        }
        println!("level {level}: {solved} of {total} at {ms} ms");
        println!("  missed: {}", missed.join(" "));
    }
}
