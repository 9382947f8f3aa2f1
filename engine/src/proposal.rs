//! Proposals (RULES.md section 7): atoms and modifiers the players priced by estimate bidding.

use crate::atom::Atom;
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
    pub atom: Atom,
    pub lame: bool,
}

impl AtomForm {
    pub fn notation(self) -> String {
        format!(
            "{}{}",
            if self.lame { "n" } else { "" },
            self.atom.notation()
        )
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AtomPrice {
    pub name: String,
    pub form: AtomForm,
    pub cost: Decimal,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModifierPrice {
    pub name: String,
    pub modifier: Modifier,
    pub multiplier: Decimal,
}

/// The proposals a game has agreed on, with their winning estimates.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proposals {
    pub atoms: Vec<AtomPrice>,
    pub modifiers: Vec<ModifierPrice>,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProposalError {
    #[error("a proposed atom is one atom, optionally lame, with no other modifiers (such as nN or Z); '{0}' is not")]
    NotAnAtom(String),
    #[error("{0} already has a price; propose only atoms that have none (such as Z, DD or nN)")]
    AlreadyPriced(String),
    #[error("{0} has been proposed and priced in this game already")]
    AlreadyProposed(String),
    #[error("unknown modifier '{0}': the modifiers that can be proposed are runner and lame")]
    UnknownModifier(String),
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
    pub fn is_empty(&self) -> bool {
        self.atoms.is_empty() && self.modifiers.is_empty()
    }

    pub fn atom(&self, form: AtomForm) -> Option<&AtomPrice> {
        self.atoms.iter().find(|a| a.form == form)
    }

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
        if !form.lame && crate::price::standard_cost(form.atom).is_some() {
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
