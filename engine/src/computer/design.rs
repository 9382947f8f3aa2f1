//! The design phase: which slot to replace, and with what. Searching every design at every
//! node is hopeless (the designs are countless), so the choice is made once per turn at the
//! root, from a catalogue plus the designs the position already shows (both sides' slots and
//! pieces, so agreed proposals and the opponent's finds are considered too).
//!
//! A design's merit is its worth (the evaluation's value: half open-board mobility, half
//! price) per zorkmid, with every piece charged [`TEMPO_ZORKMIDS`] more for the two turns it
//! takes to buy and drop and for the place it takes under the 16-piece limit. That favours
//! strong pieces over swarms of cheap ones, as a player with a few turns per piece should.
//!
//! The catalogue holds the FIDE pieces and their well-known compounds (the archbishop `BN`,
//! chancellor `RN`, amazon `QN`, centaur `WFN`, dragon king `RF`, dragon horse `BW`), the
//! short-range leapers that csipgs prices cheaply (`WD`, `FA`, `WA`, `FD`, `NW`, `NF`,
//! `ND`, `NA`, `WDA`, `FAD`), and the long leapers `L`, `NN`, `NL`: strong values per
//! zorkmid under the classic and Bodlaender tables alike. Royal slots are never replaced
//! (an extra royal is a drop base); a slot is replaced only when the best candidate's merit
//! beats the slot's by [`MARGIN_PERCENT`] percent, so the slots settle after a few turns.

use crate::action::DesignPhase;
use crate::design::Design;
use crate::eval::kind_value;
use crate::kinds::Kind;
use crate::position::Position;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

const CATALOGUE: &[&str] = &[
    "N", "B", "R", "Q", "BN", "RN", "QN", "WFN", "RF", "BW", "WD", "FA", "WA", "FD", "NW", "NF",
    "ND", "NA", "WDA", "FAD", "L", "NN", "NL",
];

/// Zorkmids added to every price when judging merit: the turns a piece costs to enter.
const TEMPO_ZORKMIDS: i64 = 3;

/// How much better (percent) a candidate must be than the slot it replaces.
const MARGIN_PERCENT: i64 = 15;

/// The redesign the side to move should make, if any.
pub(super) fn choose(pos: &Position) -> Option<DesignPhase> {
    let us = pos.to_move();
    let slots = pos.slots(us);
    let rules = pos.rules();
    let merit = |design: &Design| -> Option<i64> {
        let kind = Kind::new(design.clone(), rules);
        let cost = kind.cost?.0;
        if cost <= Decimal::ZERO {
            return None;
        }
        let per = Decimal::from(kind_value(&kind)) * Decimal::from(1000)
            / (cost + Decimal::from(TEMPO_ZORKMIDS));
        per.round().to_i64()
    };
    let (worst, worst_merit) = slots
        .iter()
        .filter(|d| !d.is_royal())
        .filter_map(|d| Some(((*d).clone(), merit(d)?)))
        .min_by_key(|(_, m)| *m)?;
    let shown = pos
        .pieces()
        .map(|(_, _, d)| d.clone())
        .chain(pos.slots(!us).into_iter().cloned());
    let candidates = CATALOGUE
        .iter()
        .filter_map(|text| Design::parse(text).ok())
        .chain(shown)
        .filter(|d| !d.is_royal() && !slots.contains(&d));
    let (best, best_merit) = candidates
        .filter_map(|d| {
            let m = merit(&d)?;
            Some((d, m))
        })
        .max_by_key(|(_, m)| *m)?;
    (best_merit * 100 > worst_merit * (100 + MARGIN_PERCENT)).then_some(DesignPhase::Redesign {
        slot: worst,
        design: best,
    })
}
