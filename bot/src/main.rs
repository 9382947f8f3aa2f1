//! `csipgs`: csipgs chess on Discord and in the terminal.

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

mod cli;
mod price_text;

#[derive(Parser)]
#[command(
    name = "csipgs",
    version,
    about = "csipgs chess (Ralph Betza, 1996) on Discord and in the terminal"
)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Price a design: the price, the exact raw value and the breakdown.
    Price {
        /// The design in Betza's notation, such as WbRbmHfB.
        design: String,
        /// The price table: classic or bodlaender.
        #[arg(long, default_value = "classic")]
        rules: String,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Replay a game record, checking every turn; prints each turn with both treasuries.
    Replay {
        /// The record file (RULES.md section 9).
        file: PathBuf,
    },
    /// List every legal action of a position in record notation, sorted.
    Moves {
        /// The position string, such as "4k3/8/8/8/8/8/8/4K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1".
        position: String,
        /// The ruleset: classic, kurnia or progressive.
        #[arg(long, default_value = "classic")]
        rules: String,
    },
    /// Count action sequences of a given depth from a position (perft).
    Perft {
        /// The position string.
        position: String,
        /// How many plies deep.
        depth: u32,
        /// The ruleset: classic, kurnia or progressive.
        #[arg(long, default_value = "classic")]
        rules: String,
    },
}

fn main() -> ExitCode {
    match Args::parse().command {
        Command::Price {
            design,
            rules,
            json,
        } => cli::price::run(&design, &rules, json),
        Command::Replay { file } => cli::replay::run(&file),
        Command::Moves { position, rules } => cli::moves::run(&position, &rules),
        Command::Perft {
            position,
            depth,
            rules,
        } => cli::perft::run(&position, depth, &rules),
    }
}
