//! Terminal subcommands, one module each.

pub mod price;
