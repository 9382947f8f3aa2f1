//! The built `csipgs` binary as people and scripts call it: the terminal game, the CLI
//! subcommands and the README's examples, one suite a module, in one test binary so it links
//! once.

mod cli;
use csipgs_core::core::testing::postgres;

mod computer;
mod databases;
mod engine;
mod fide;
mod first_hour;
mod newcomer;
mod pair;
mod play;
mod price;
mod readme;
mod safety;
mod serve;
