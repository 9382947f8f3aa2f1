//! Checking a turn before it changes anything: the action, then the design phase, each
//! refused with the reason a player understands.

use super::error::TurnError;
use super::turns::Game;
use crate::action::{Action, DesignPhase, Turn};
use crate::design::Design;
use crate::money::Zorkmids;
use crate::movetext::design_list;
use crate::position::{Position, MAX_PIECES};
use crate::price::price;
use crate::square::Square;

impl Game {
    /// Validate a whole turn and return the position after it.
    pub(super) fn check_turn(&self, turn: &Turn) -> Result<Position, TurnError> {
        let pos = &self.position;
        let us = pos.to_move();
        let mut next = pos.clone();
        match &turn.action {
            Action::Move { from, to } => {
                let design = self.own_piece(*from)?;
                if !pos.legal_moves().contains(&(*from, *to)) {
                    let label = Position::piece_label(design);
                    return Err(self.why_not(&[*from], *to, &label));
                }
                next.credit();
                next.act(&turn.action);
            }
            Action::DoubleMove { from, via, to } => {
                let design = self.own_piece(*from)?;
                if !pos.legal_double_moves().contains(&(*from, *via, *to)) {
                    let label = Position::piece_label(design);
                    return Err(self.why_not_double(&[*from], *via, *to, &label));
                }
                next.credit();
                next.act(&turn.action);
            }
            Action::Transfer { design, to } => {
                self.check_transfer(design, *to)?;
                next.credit();
                next.act(&turn.action);
            }
            Action::Buy(designs) => {
                if self.rules().options.power {
                    return Err(TurnError::PowerBuy);
                }
                next.credit();
                check_buy(&next, designs)?;
                next.buy(designs);
            }
        }
        match &turn.design {
            None => {}
            Some(DesignPhase::Buy(designs)) => {
                if !self.rules().options.power {
                    return Err(TurnError::DesignPhaseBuy);
                }
                check_buy(&next, designs)?;
                next.buy(designs);
            }
            Some(DesignPhase::Redesign { slot, design }) => {
                let index = self.check_redesign(&next, slot, design)?;
                let kind = next
                    .intern(design)
                    .expect("the kind table makes room for a new design");
                next.slots[us.index()][index] = kind;
            }
        }
        next.pass_turn();
        Ok(next)
    }

    fn check_transfer(&self, design: &Design, to: Square) -> Result<(), TurnError> {
        let pos = &self.position;
        let us = pos.to_move();
        if !pos.reserve(us).iter().any(|(d, _)| d == design) {
            return Err(TurnError::NotInReserve(Position::piece_label(design)));
        }
        // Whether the square is next to a royal is asked first: in a fog game that square is
        // seen, so saying it is occupied or impassable gives nothing away.
        let Some(royal) = pos.royals(us).find(|r| r.neighbours().any(|n| n == to)) else {
            return Err(TurnError::NotNextToRoyal(to));
        };
        if pos.piece_at(to).is_some() {
            return Err(TurnError::Occupied(to));
        }
        if pos.terrain().contains(to) {
            return Err(TurnError::Impassable(to));
        }
        let action = Action::Transfer {
            design: design.clone(),
            to,
        };
        if pos.transfer_squares().contains(to)
            && (!pos.is_general() || pos.keeps_royal_safe(&action))
        {
            return Ok(());
        }
        // With several royals the drop may be next to another one that is not attacked.
        let attacked = pos
            .royals(us)
            .filter(|r| r.neighbours().any(|n| n == to))
            .find(|&r| pos.attacked_by(r, !us));
        match attacked {
            Some(royal) => {
                let name = pos.royal_name(royal);
                Err(if self.rules().options.fog {
                    TurnError::TransferBesideAttacked(name)
                } else {
                    TurnError::TransferBesideCheck(name)
                })
            }
            // Next to a royal not in check, yet refused: the drop would expose the royal.
            None => Err(TurnError::LeavesCheck(pos.royal_name(royal))),
        }
    }

    fn check_redesign(
        &self,
        pos: &Position,
        slot: &Design,
        design: &Design,
    ) -> Result<usize, TurnError> {
        let us = pos.to_move();
        let slots = pos.slots(us);
        let names = || design_list(&slots.iter().map(|d| (*d).clone()).collect::<Vec<_>>());
        let index = slots
            .iter()
            .position(|d| *d == slot)
            .ok_or_else(|| TurnError::NoSuchSlot {
                design: slot.piece_name(),
                slots: names(),
            })?;
        if slots.contains(&design) {
            return Err(TurnError::RepeatedDesign(design.piece_name()));
        }
        if !self.rules().options.unofficial {
            if let Some(p) = design.unofficial_prefix() {
                return Err(TurnError::Unofficial(p.word()));
            }
        }
        price(
            design,
            self.rules().ruleset.price_table(),
            &self.rules().proposals,
        )
        .map_err(|error| TurnError::Unpriced {
            design: design.piece_name(),
            error,
        })?;
        Ok(index)
    }

    /// The design of the mover's piece on a square, or why there is none.
    pub(super) fn own_piece(&self, square: Square) -> Result<&Design, TurnError> {
        let mover = self.position.to_move();
        match self.position.piece_at(square) {
            Some((owner, _)) if owner != mover && self.rules().options.fog => {
                Err(TurnError::NotYourSquare(square))
            }
            None if self.rules().options.fog => Err(TurnError::NotYourSquare(square)),
            None => Err(TurnError::NoPiece(square)),
            Some((owner, _)) if owner != mover => Err(TurnError::NotYours {
                square,
                owner,
                mover,
            }),
            Some((_, design)) => Ok(design),
        }
    }

    /// Why none of these pieces can legally go to `to`.
    pub(super) fn why_not(&self, candidates: &[Square], to: Square, label: &str) -> TurnError {
        let pos = &self.position;
        let us = pos.to_move();
        if candidates == [to] {
            return TurnError::AlreadyThere {
                piece: label.to_string(),
                square: to,
            };
        }
        if let Some((owner, design)) = pos.piece_at(to) {
            if owner == us {
                return TurnError::OwnPiece {
                    square: to,
                    piece: Position::piece_label(design),
                };
            }
        }
        let pseudo = candidates
            .iter()
            .copied()
            .find(|&from| pos.single_targets(from).contains(to));
        if pseudo.is_some() {
            return self.check_refusal();
        }
        match candidates {
            [from] => TurnError::Unreachable {
                piece: label.to_string(),
                from: *from,
                to,
            },
            _ => TurnError::NoneReach {
                piece: label.to_string(),
                to,
            },
        }
    }

    /// Why none of these doublemove pieces can legally go to `via` and then to `to`.
    pub(super) fn why_not_double(
        &self,
        candidates: &[Square],
        via: Square,
        to: Square,
        label: &str,
    ) -> TurnError {
        let pos = &self.position;
        let mut unchecked = Vec::new();
        for &from in candidates {
            pos.double_moves(from, &mut unchecked);
        }
        let possible = unchecked.iter().any(
            |a| matches!(a, Action::DoubleMove { via: v, to: t, .. } if *v == via && *t == to),
        );
        if possible {
            return self.check_refusal();
        }
        TurnError::NoDoubleMove {
            piece: label.to_string(),
            via,
            to,
        }
    }

    /// The refusal of a move the piece could make but for check: it leaves the only royal
    /// in check, or doesn't answer the check it is in.
    fn check_refusal(&self) -> TurnError {
        let pos = &self.position;
        let us = pos.to_move();
        let royal = pos
            .royals(us)
            .first()
            .map(|r| pos.royal_name(r))
            .unwrap_or_default();
        if pos.royals_in_check(us).is_empty() {
            TurnError::LeavesCheck(royal)
        } else {
            TurnError::MustAnswerCheck(royal)
        }
    }
}

/// Check a purchase for the side to move, whose treasury already holds this turn's credit.
fn check_buy(pos: &Position, designs: &[Design]) -> Result<(), TurnError> {
    let us = pos.to_move();
    if designs.is_empty() {
        return Err(TurnError::EmptyBuy);
    }
    if designs.len() > 1 && !pos.rules().ruleset.allows_multi_buy() {
        return Err(TurnError::MultiBuy(pos.rules().ruleset.name().to_string()));
    }
    let slots = pos.slots(us);
    for design in designs {
        if !slots.contains(&design) {
            return Err(TurnError::NotADesign {
                design: design.piece_name(),
                slots: design_list(&slots.iter().map(|d| (*d).clone()).collect::<Vec<_>>()),
            });
        }
    }
    if let Some(royal) = pos.royals_in_check(us).first() {
        let name = pos.royal_name(*royal);
        return Err(if pos.rules().options.fog {
            TurnError::BuyAttacked(name)
        } else {
            TurnError::BuyInCheck(name)
        });
    }
    let count = pos.piece_count(us);
    if count + designs.len() as u32 > MAX_PIECES {
        return Err(TurnError::PieceLimit(count));
    }
    let cost = designs
        .iter()
        .map(|d| pos.cost(d).expect("slot designs have prices"))
        .fold(Zorkmids::ZERO, |a, c| a + c);
    let funds = pos.treasury(us);
    if cost > funds {
        let what = match designs {
            [one] => with_article(&one.piece_name()),
            _ => format!("buying {}", design_list(designs)),
        };
        return Err(TurnError::CantAfford { what, cost, funds });
    }
    Ok(())
}

/// "a WD", "an N", "an fR", "a royal-WF": the article by how the name is read aloud.
fn with_article(name: &str) -> String {
    let spoken_vowel = !name.contains('-')
        && name
            .chars()
            .next()
            .is_some_and(|c| "aefhilmnorsx".contains(c.to_ascii_lowercase()));
    format!("{} {name}", if spoken_vowel { "an" } else { "a" })
}
