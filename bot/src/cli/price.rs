use super::Exit;
use crate::price_text::{price_json, price_text};
use engine::{price, Design, PriceTable, Proposals, Ruleset};
use std::process::ExitCode;

/// `csipgs price DESIGN [--rules classic|bodlaender] [--json]`: the price, the exact value and
/// the breakdown. A bare `P` is the pawn `fcFfmW` and a bare `K` is `WF` (as the player's guide
/// says under "How to write a design").
/// Exit status 2 for a design that can't be read or priced (an atom that needs a proposal) and
/// for an unknown table.
pub fn run(typed: &str, rules: &str, json: bool) -> ExitCode {
    let Some(table) = table(rules) else {
        complain!("unknown price table '{rules}': use classic or bodlaender (or a ruleset: classic, kurnia, progressive)");
        return Exit::BadInput.into();
    };
    let design = match Design::parse_lookup(typed) {
        Ok(d) => d,
        Err(e) => {
            complain!("{e}");
            return Exit::BadInput.into();
        }
    };
    match price(&design, table, &Proposals::default()) {
        Ok(p) if json => say!("{}", price_json(&p)),
        Ok(p) => super::show(format_args!("{}", price_text(&p, typed))),
        Err(e) => {
            complain!("{e}");
            return Exit::BadInput.into();
        }
    }
    ExitCode::SUCCESS
}

/// A table by name, or the table a ruleset prices with.
fn table(name: &str) -> Option<PriceTable> {
    name.parse::<PriceTable>()
        .ok()
        .or_else(|| name.parse::<Ruleset>().ok().map(Ruleset::price_table))
}
