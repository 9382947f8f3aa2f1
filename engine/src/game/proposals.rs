//! Proposals during a game (RULES.md section 7): checked before bidding, and once agreed the
//! position's designs priced again.

use super::error::TurnError;
use super::turns::Game;
use crate::design::Design;
use crate::proposal::{Modifier, ProposalError, Proposals};
use rust_decimal::Decimal;

impl Game {
    /// Check proposals may be made in this game and this one could be agreed.
    pub fn check_proposal_atom(&self, notation: &Design) -> Result<(), TurnError> {
        if !self.rules().proposals_allowed() {
            return Err(TurnError::ProposalsOff);
        }
        let form = Proposals::atom_form(notation)?;
        Ok(self.rules().proposals.check_atom(form)?)
    }

    /// Check proposals may be made in this game and this modifier could be agreed.
    pub fn check_proposal_modifier(&self, modifier: Modifier) -> Result<(), TurnError> {
        if !self.rules().proposals_allowed() {
            return Err(TurnError::ProposalsOff);
        }
        Ok(self.rules().proposals.check_modifier(modifier)?)
    }

    /// Both estimates are in: the atom is priced at the higher one from now on.
    pub fn agree_atom(
        &mut self,
        name: &str,
        notation: &Design,
        estimates: [Decimal; 2],
    ) -> Result<Decimal, TurnError> {
        self.check_proposal_atom(notation)?;
        let form = Proposals::atom_form(notation)?;
        self.change_proposals(|p| p.agree_atom(name, form, estimates))
    }

    /// Both estimates are in: the modifier multiplies at the higher one from now on.
    pub fn agree_modifier(
        &mut self,
        name: &str,
        modifier: Modifier,
        estimates: [Decimal; 2],
    ) -> Result<Decimal, TurnError> {
        self.check_proposal_modifier(modifier)?;
        self.change_proposals(|p| p.agree_modifier(name, modifier, estimates))
    }

    /// Change the agreed proposals and price the position's designs again.
    fn change_proposals(
        &mut self,
        change: impl FnOnce(&mut Proposals) -> Result<Decimal, ProposalError>,
    ) -> Result<Decimal, TurnError> {
        let mut rules = self.rules().clone();
        let value = change(&mut rules.proposals)?;
        self.position.set_rules(rules);
        Ok(value)
    }
}
