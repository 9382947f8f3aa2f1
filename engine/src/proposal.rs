//! Proposals (RULES.md section 7): atoms and modifiers the players priced by estimate bidding.

use crate::atom::{standard_cost, Atom};
use crate::design::{Design, Mode};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A modifier that can be proposed and then used in designs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Modifier {
    /// The atom repeats in its direction until blocked: a running D is written `DD`.
    Runner,
    /// The leap is blocked by a piece on a square it passes: `nN`.
    Lame,
}

impl Modifier {
    /// Its name: `runner` or `lame`.
    pub fn word(self) -> &'static str {
        match self {
            Modifier::Runner => "runner",
            Modifier::Lame => "lame",
        }
    }
}

impl fmt::Display for Modifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl FromStr for Modifier {
    type Err = ProposalError;
    fn from_str(s: &str) -> Result<Modifier, ProposalError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "runner" | "running" | "rider" => Ok(Modifier::Runner),
            "lame" | "n" => Ok(Modifier::Lame),
            other => Err(ProposalError::UnknownModifier(other.to_string())),
        }
    }
}

/// An atom as priced: a leap or ride, lame or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct AtomForm {
    /// The leap and whether it rides.
    pub atom: Atom,
    /// Whether it is lame (`n`).
    pub lame: bool,
}

impl AtomForm {
    /// The form in Betza's notation, such as `nN` or `DD`.
    pub fn notation(self) -> String {
        format!(
            "{}{}",
            if self.lame { "n" } else { "" },
            self.atom.notation()
        )
    }
}

/// An agreed atom: its name and form, and the base cost both players bid up to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AtomPrice {
    /// The name the proposer gave it, such as "Chinese knight".
    pub name: String,
    /// What it is.
    pub form: AtomForm,
    /// Its base cost: the higher estimate.
    pub cost: Decimal,
}

/// An agreed modifier: its name, what it is, and the multiplier both players bid up to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModifierPrice {
    /// The name the proposer gave it.
    pub name: String,
    /// What it is.
    pub modifier: Modifier,
    /// Its multiplier: the higher estimate.
    pub multiplier: Decimal,
}

/// The proposals a game has agreed on, with their winning estimates.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proposals {
    /// Agreed atoms, in the order agreed.
    pub atoms: Vec<AtomPrice>,
    /// Agreed modifiers, in the order agreed.
    pub modifiers: Vec<ModifierPrice>,
}

/// Why a proposal or an estimate can't be accepted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProposalError {
    /// The notation is more than one bare atom.
    #[error("a proposed atom is one atom, optionally lame, with no other modifiers (such as nN or Z); '{0}' is not")]
    NotAnAtom(String),
    /// The atom is in the price list already.
    #[error("{0} already has a price; propose only atoms that have none (such as Z, DD or nN)")]
    AlreadyPriced(String),
    /// The game agreed on it already.
    #[error("{0} has been proposed and priced in this game already")]
    AlreadyProposed(String),
    /// A word that is no modifier.
    #[error("unknown modifier '{0}': the modifiers that can be proposed are runner and lame")]
    UnknownModifier(String),
    /// An estimate of 0 or less, or above 1000.
    #[error("an estimate must be more than 0 and at most 1000; {0} is not")]
    BadEstimate(Decimal),
}

/// Validate one sealed estimate as it comes in.
pub fn check_estimate(value: Decimal) -> Result<(), ProposalError> {
    if value <= Decimal::ZERO || value > Decimal::from(1000) {
        return Err(ProposalError::BadEstimate(value));
    }
    Ok(())
}

impl Proposals {
    /// Whether nothing has been agreed.
    pub fn is_empty(&self) -> bool {
        self.atoms.is_empty() && self.modifiers.is_empty()
    }

    /// The agreed price of an atom form, if any.
    pub fn atom(&self, form: AtomForm) -> Option<&AtomPrice> {
        self.atoms.iter().find(|a| a.form == form)
    }

    /// The agreed multiplier of a modifier, if any.
    pub fn modifier(&self, modifier: Modifier) -> Option<&ModifierPrice> {
        self.modifiers.iter().find(|m| m.modifier == modifier)
    }

    /// The atom a proposal's notation stands for, checked before bidding starts.
    pub fn atom_form(notation: &Design) -> Result<AtomForm, ProposalError> {
        let not_atom = || ProposalError::NotAnAtom(notation.written().to_string());
        let [part] = notation.parts() else {
            return Err(not_atom());
        };
        if !notation.prefixes().is_empty()
            || part.mode != Mode::Both
            || !part.dirs.is_all(part.class())
        {
            return Err(not_atom());
        }
        let form = AtomForm {
            atom: part.atom,
            lame: part.lame,
        };
        if !form.lame && standard_cost(form.atom).is_some() {
            return Err(ProposalError::AlreadyPriced(form.notation()));
        }
        Ok(form)
    }

    /// Check that a proposal could be agreed, before anyone bids.
    pub fn check_atom(&self, form: AtomForm) -> Result<(), ProposalError> {
        match self.atom(form) {
            Some(_) => Err(ProposalError::AlreadyProposed(form.notation())),
            None => Ok(()),
        }
    }

    /// Check every agreed cost and multiplier is an estimate [`check_estimate`] accepts.
    pub fn check_values(&self) -> Result<(), ProposalError> {
        let costs = self.atoms.iter().map(|a| a.cost);
        let multipliers = self.modifiers.iter().map(|m| m.multiplier);
        costs.chain(multipliers).try_for_each(check_estimate)
    }

    /// Check that a modifier could be agreed, before anyone bids.
    pub fn check_modifier(&self, modifier: Modifier) -> Result<(), ProposalError> {
        match self.modifier(modifier) {
            Some(_) => Err(ProposalError::AlreadyProposed(modifier.to_string())),
            None => Ok(()),
        }
    }

    /// Record an agreed atom at the higher of the two estimates.
    pub fn agree_atom(
        &mut self,
        name: &str,
        form: AtomForm,
        estimates: [Decimal; 2],
    ) -> Result<Decimal, ProposalError> {
        self.check_atom(form)?;
        let cost = agreed(estimates)?;
        self.atoms.push(AtomPrice {
            name: name.to_string(),
            form,
            cost,
        });
        Ok(cost)
    }

    /// Record an agreed modifier at the higher of the two estimates.
    pub fn agree_modifier(
        &mut self,
        name: &str,
        modifier: Modifier,
        estimates: [Decimal; 2],
    ) -> Result<Decimal, ProposalError> {
        self.check_modifier(modifier)?;
        let multiplier = agreed(estimates)?;
        self.modifiers.push(ModifierPrice {
            name: name.to_string(),
            modifier,
            multiplier,
        });
        Ok(multiplier)
    }
}

fn agreed(estimates: [Decimal; 2]) -> Result<Decimal, ProposalError> {
    for e in estimates {
        check_estimate(e)?;
    }
    Ok(estimates[0].max(estimates[1]).normalize())
}
