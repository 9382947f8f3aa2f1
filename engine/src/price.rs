//! Prices of designs (RULES.md section 4): base costs, direction and move/capture multipliers,
//! the colourbound discount, whole-piece prefixes, and rounding up, all in exact decimals.

pub use crate::atom::standard_cost;
use crate::atom::{Atom, LeapClass};
use crate::design::{Design, Mode, Part, Prefix};
use crate::directions::DirSet;
use crate::money::Zorkmids;
use crate::proposal::{AtomForm, Modifier, Proposals};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The direction-multiplier table a game prices with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PriceTable {
    /// Betza's table (also Wikipedia's and Kurnia's).
    Classic,
    /// Bodlaender's adapted table of the slow progressive overview.
    Bodlaender,
}

impl PriceTable {
    /// `classic` or `bodlaender`.
    pub fn name(self) -> &'static str {
        match self {
            PriceTable::Classic => "classic",
            PriceTable::Bodlaender => "bodlaender",
        }
    }

    fn multipliers(self) -> Multipliers {
        let d = |n: i64| Decimal::new(n, 1);
        match self {
            PriceTable::Classic => Multipliers {
                orth_f: d(5),
                orth_s: d(5),
                orth_b: d(2),
                diag_f: d(7),
                diag_b: d(4),
                obl_f: d(7),
                obl_b: d(4),
                obl_wide_narrow: d(5),
            },
            PriceTable::Bodlaender => Multipliers {
                orth_f: d(4),
                orth_s: d(5),
                orth_b: d(3),
                diag_f: d(6),
                diag_b: d(5),
                obl_f: d(6),
                obl_b: d(5),
                obl_wide_narrow: d(5),
            },
        }
    }
}

impl fmt::Display for PriceTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no price table.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown price table '{0}': use classic or bodlaender")]
pub struct UnknownPriceTable(pub String);

impl FromStr for PriceTable {
    type Err = UnknownPriceTable;
    fn from_str(s: &str) -> Result<PriceTable, UnknownPriceTable> {
        match s.trim().to_ascii_lowercase().as_str() {
            "classic" => Ok(PriceTable::Classic),
            "bodlaender" => Ok(PriceTable::Bodlaender),
            _ => Err(UnknownPriceTable(s.to_string())),
        }
    }
}

struct Multipliers {
    orth_f: Decimal,
    orth_s: Decimal,
    orth_b: Decimal,
    diag_f: Decimal,
    diag_b: Decimal,
    obl_f: Decimal,
    obl_b: Decimal,
    obl_wide_narrow: Decimal,
}

/// The move/capture-only multiplier, the same in both tables.
fn one_mode() -> Decimal {
    Decimal::new(6, 1)
}

fn colourbound() -> Decimal {
    Decimal::new(9, 1)
}

/// What a whole-piece prefix multiplies the price by (RULES.md section 4).
pub fn prefix_multiplier(prefix: Prefix) -> Decimal {
    Decimal::from(match prefix {
        Prefix::Royal => 4,
        Prefix::Relay => 2,
        Prefix::DoubleMove => 6,
        Prefix::Shooting => 3,
    })
}

/// One multiplier in a breakdown, with what it is for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Factor {
    /// What the multiplier is for, such as "forward only" or "royal".
    pub label: String,
    /// The multiplier.
    pub value: Decimal,
}

/// One part's line in a breakdown: base x factors = subtotal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartPrice {
    /// The part in canonical notation.
    pub part: String,
    /// The atom's base cost.
    pub base: Decimal,
    /// Where the base comes from: the atom's table entry or a proposal.
    pub base_label: String,
    /// The multipliers applied to the base, in order.
    pub factors: Vec<Factor>,
    /// Base times factors.
    pub subtotal: Decimal,
}

/// A design's price with its whole breakdown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Price {
    /// The design in canonical notation.
    pub design: String,
    /// The table it was priced with.
    pub table: PriceTable,
    /// One line per part.
    pub parts: Vec<PartPrice>,
    /// The parts' subtotals added up.
    pub sum: Decimal,
    /// Whole-piece multipliers: colourbound, then prefixes.
    pub whole: Vec<Factor>,
    /// The exact value before rounding.
    pub raw: Decimal,
    /// What the piece costs: the raw value rounded up to a whole zorkmid.
    pub cost: Zorkmids,
}

impl Price {
    /// The cost as a whole number of zorkmids.
    pub fn whole_cost(&self) -> u64 {
        self.cost.0.try_into().unwrap_or(u64::MAX)
    }
}

/// Why a design has no price.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[allow(missing_docs)] // `part` is the unpriced part, `atom` its atom, as the messages say.
pub enum PriceError {
    /// A leaper with no listed base cost, such as Z.
    #[error("{part} has no price: {atom} is not in the price list; propose it as an atom so both players can bid on its cost")]
    UnpricedAtom { part: String, atom: String },
    /// A rider other than R, B and NN.
    #[error("{part} has no price: {atom} rides, and only R, B and NN ride at a listed price; propose {atom} as an atom or the runner modifier")]
    UnpricedRider { part: String, atom: String },
    /// A lame leap.
    #[error("{part} has no price: lame leaps are priced only by proposal; propose {atom} as an atom or the lame modifier")]
    UnpricedLame { part: String, atom: String },
}

/// Price a design under a table, with the proposals a game has agreed (or none).
pub fn price(
    design: &Design,
    table: PriceTable,
    proposals: &Proposals,
) -> Result<Price, PriceError> {
    let m = table.multipliers();
    let mut parts = Vec::with_capacity(design.parts().len());
    let mut sum = Decimal::ZERO;
    for part in design.parts() {
        let line = price_part(part, &m, proposals)?;
        sum += line.subtotal;
        parts.push(line);
    }
    let mut whole = Vec::new();
    if design.is_colourbound() {
        whole.push(Factor {
            label: "colourbound".into(),
            value: colourbound(),
        });
    }
    for &p in design.prefixes() {
        whole.push(Factor {
            label: p.word().into(),
            value: prefix_multiplier(p),
        });
    }
    let raw = whole.iter().fold(sum, |acc, f| acc * f.value).normalize();
    Ok(Price {
        design: design.canonical(),
        table,
        parts,
        sum: sum.normalize(),
        whole,
        raw,
        cost: Zorkmids(raw.ceil().normalize()),
    })
}

fn price_part(
    part: &Part,
    m: &Multipliers,
    proposals: &Proposals,
) -> Result<PartPrice, PriceError> {
    let form = AtomForm {
        atom: part.atom,
        lame: part.lame,
    };
    let (base, base_label, mut factors) = base_cost(form, proposals).ok_or_else(|| {
        let (part, atom) = (part.notation(), form.notation());
        if form.lame {
            PriceError::UnpricedLame { part, atom }
        } else if form.atom.rider {
            PriceError::UnpricedRider { part, atom }
        } else {
            PriceError::UnpricedAtom { part, atom }
        }
    })?;
    if let Some(f) = direction_factor(part.class(), part.dirs, m) {
        factors.push(f);
    }
    match part.mode {
        Mode::Both => {}
        Mode::MoveOnly => factors.push(Factor {
            label: "move only".into(),
            value: one_mode(),
        }),
        Mode::CaptureOnly => factors.push(Factor {
            label: "capture only".into(),
            value: one_mode(),
        }),
    }
    let subtotal = factors
        .iter()
        .fold(base, |acc, f| acc * f.value)
        .normalize();
    Ok(PartPrice {
        part: part.notation(),
        base,
        base_label,
        factors,
        subtotal,
    })
}

/// The base of an atom form: its table entry, a proposed atom, or a priced simpler form
/// times a proposed modifier (a running D is D's 1.5 x the runner's multiplier).
fn base_cost(form: AtomForm, proposals: &Proposals) -> Option<(Decimal, String, Vec<Factor>)> {
    if !form.lame {
        if let Some(c) = standard_cost(form.atom) {
            return Some((c, form.atom.notation(), Vec::new()));
        }
    }
    if let Some(p) = proposals.atom(form) {
        return Some((p.cost, format!("{} (proposed)", p.name), Vec::new()));
    }
    let (simpler, modifier) = if form.lame {
        (
            AtomForm {
                lame: false,
                ..form
            },
            Modifier::Lame,
        )
    } else if form.atom.rider {
        (
            AtomForm {
                atom: Atom::leaper(form.atom.leap),
                lame: false,
            },
            Modifier::Runner,
        )
    } else {
        return None;
    };
    let multiplier = proposals.modifier(modifier)?;
    let (base, label, mut factors) = base_cost(simpler, proposals)?;
    factors.push(Factor {
        label: format!("{} (proposed)", multiplier.name),
        value: multiplier.multiplier,
    });
    Some((base, label, factors))
}

/// The direction multiplier of a set, or None for all directions (x1).
fn direction_factor(class: LeapClass, dirs: DirSet, m: &Multipliers) -> Option<Factor> {
    if dirs.is_all(class) {
        return None;
    }
    let listed = |token: &str| DirSet::of_token(token, class) == Some(dirs);
    let named = |label: &str, value: Decimal| {
        Some(Factor {
            label: label.into(),
            value,
        })
    };
    match class {
        LeapClass::Orthogonal if listed("f") => return named("forward only", m.orth_f),
        LeapClass::Orthogonal if listed("s") => return named("sideways only", m.orth_s),
        LeapClass::Orthogonal if listed("b") => return named("backward only", m.orth_b),
        LeapClass::Diagonal if listed("f") => return named("forward only", m.diag_f),
        LeapClass::Diagonal if listed("b") => return named("backward only", m.diag_b),
        LeapClass::Oblique if listed("f") => return named("forward only", m.obl_f),
        LeapClass::Oblique if listed("b") => return named("backward only", m.obl_b),
        LeapClass::Oblique if listed("s") => return named("wide only", m.obl_wide_narrow),
        LeapClass::Oblique if listed("v") => return named("narrow only", m.obl_wide_narrow),
        LeapClass::Oblique if listed("ff") => {
            return named("forward narrow only", m.obl_f * m.obl_wide_narrow)
        }
        LeapClass::Oblique if listed("fs") => {
            return named("forward wide only", m.obl_f * m.obl_wide_narrow)
        }
        LeapClass::Oblique if listed("bb") => {
            return named("backward narrow only", m.obl_b * m.obl_wide_narrow)
        }
        LeapClass::Oblique if listed("bs") => {
            return named("backward wide only", m.obl_b * m.obl_wide_narrow)
        }
        _ => {}
    }
    // Any other set: each direction is worth its share of the smallest listed set holding it.
    let two = Decimal::from(2);
    let share = |bit: usize| match class {
        LeapClass::Orthogonal => [m.orth_f, m.orth_b, m.orth_s / two, m.orth_s / two][bit],
        LeapClass::Diagonal => [m.diag_f, m.diag_f, m.diag_b, m.diag_b][bit] / two,
        LeapClass::Oblique => (if bit < 4 { m.obl_f } else { m.obl_b }) * m.obl_wide_narrow / two,
    };
    let bits = if class == LeapClass::Oblique { 8 } else { 4 };
    let total: Decimal = (0..bits).filter(|&b| dirs.contains(b)).map(share).sum();
    named(
        &format!("directions {}", dirs.letters_str(class)),
        total.min(Decimal::ONE).normalize(),
    )
}
