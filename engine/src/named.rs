//! Well-known fairy pieces by name, in the notation csipgs writes them: what a newcomer who
//! has heard of an amazon but not of Betza's notation can look up.

/// (name, design), by name; every design parses and has a price under both tables (tested).
pub const NAMED: &[(&str, &str)] = &[
    ("alfil", "A"),
    ("amazon", "QN"),
    ("archbishop", "BN"),
    ("bishop", "B"),
    ("camel", "C"),
    ("centaur", "WFN"),
    ("champion", "WAD"),
    ("chancellor", "RN"),
    ("dabbaba", "D"),
    ("dragon horse", "BW"),
    ("dragon king", "RF"),
    ("elephant", "FA"),
    ("ferz", "F"),
    ("gnu", "NC"),
    ("kirin", "FD"),
    ("knight", "N"),
    ("mann", "WF"),
    ("nightrider", "NN"),
    ("phoenix", "WA"),
    ("queen", "Q"),
    ("rook", "R"),
    ("squirrel", "NAD"),
    ("threeleaper", "H"),
    ("wazir", "W"),
    ("wizard", "CF"),
    ("woody rook", "WD"),
];

/// The named pieces whose name contains `typed` or whose design starts with it (ignoring
/// case), those whose name starts with it first.
pub fn matching(typed: &str) -> Vec<(&'static str, &'static str)> {
    let typed = typed.trim().to_lowercase();
    let mut found: Vec<_> = NAMED
        .iter()
        .copied()
        .filter(|(name, design)| name.contains(&typed) || design.to_lowercase().starts_with(&typed))
        .collect();
    found.sort_by_key(|(name, _)| !name.starts_with(&typed));
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::design::Design;
    use crate::price::{price, PriceTable};
    use crate::proposal::Proposals;

    #[test]
    fn every_named_piece_parses_and_is_priced_under_both_tables() {
        let mut unpriced = Vec::new();
        for (name, text) in NAMED {
            let design = Design::parse(text).unwrap_or_else(|e| panic!("{name} {text}: {e}"));
            for table in [PriceTable::Classic, PriceTable::Bodlaender] {
                if let Err(e) = price(&design, table, &Proposals::default()) {
                    unpriced.push(format!("{name} {text} ({table:?}): {e}"));
                }
            }
        }
        assert!(unpriced.is_empty(), "{unpriced:#?}");
        let mut names: Vec<&str> = NAMED.iter().map(|(n, _)| *n).collect();
        names.sort_unstable();
        assert_eq!(names, NAMED.iter().map(|(n, _)| *n).collect::<Vec<_>>());
    }

    #[test]
    fn a_name_or_the_start_of_a_design_finds_it() {
        assert_eq!(matching("amaz"), [("amazon", "QN")]);
        assert_eq!(matching("camel"), [("camel", "C")]);
        assert!(matching("rider").contains(&("nightrider", "NN")));
        assert!(matching("bn").contains(&("archbishop", "BN")));
        assert!(matching("xyz").is_empty());
    }
}
