//! FIDE perft of one position, whole process, for timing against other engines:
//! `cargo run --release -p engine --example fide_perft -- "<FEN>" DEPTH` prints the count.

use engine::fide::{perft, Position, Variants};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [fen, depth] = args.as_slice() else {
        eprintln!("usage: fide_perft \"<FEN>\" DEPTH");
        return ExitCode::FAILURE;
    };
    let Ok(depth) = depth.parse() else {
        eprintln!("'{depth}' is not a depth");
        return ExitCode::FAILURE;
    };
    match Position::from_fen(fen, Variants::NONE) {
        Ok(pos) => {
            println!("{}", perft(&pos, depth));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
