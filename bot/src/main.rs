//! `csipgs`: csipgs chess on Discord and in the terminal.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod cli;

#[derive(Parser)]
#[command(name = "csipgs", version, about = "csipgs chess (Ralph Betza, 1996) on Discord and in the terminal")]
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
}

fn main() -> ExitCode {
    match Args::parse().command {
        Command::Price { design, rules, json } => cli::price::run(&design, &rules, json),
    }
}

