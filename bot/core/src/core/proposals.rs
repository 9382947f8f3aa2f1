//! Estimate bidding (RULES.md section 7): a player proposes an atom or modifier with a sealed
//! estimate, the other answers with theirs, and the higher becomes its price in the game.

use super::{code, member, strong, typed, Core, CoreError, Place, Reply, Target, Who};
use crate::store::{ProposalKind, ProposalRow, Word};
use crate::words;
use engine::proposal::{check_estimate, Proposals};
use engine::{Color, Design, Modifier};
use rust_decimal::Decimal;
use std::str::FromStr;

/// What a proposal names, checked against the game before anyone bids.
enum Subject {
    Atom(Design),
    Modifier(Modifier),
}

impl Subject {
    fn read(kind: ProposalKind, notation: &str) -> Result<Subject, CoreError> {
        let notation = notation.trim();
        Ok(match kind {
            ProposalKind::Atom => {
                Subject::Atom(
                    Design::parse(notation).map_err(|error| CoreError::BadDesign {
                        text: notation.to_string(),
                        error,
                    })?,
                )
            }
            ProposalKind::Modifier => Subject::Modifier(Modifier::from_str(notation)?),
        })
    }

    /// The notation as stored and shown: the atom's form (`nN`) or the modifier's word.
    fn notation(&self) -> Result<String, CoreError> {
        Ok(match self {
            Subject::Atom(d) => Proposals::atom_form(d)?.notation(),
            Subject::Modifier(m) => m.to_string(),
        })
    }
}

fn estimate(text: &str) -> Result<Decimal, CoreError> {
    let value =
        Decimal::from_str(text.trim()).map_err(|_| CoreError::BadEstimate(text.to_string()))?;
    check_estimate(value)?;
    Ok(value.normalize())
}

impl Core {
    pub(super) async fn propose(
        &self,
        who: &Who,
        place: Place,
        kind: ProposalKind,
        name: &str,
        notation: &str,
        value: &str,
    ) -> Result<Vec<Reply>, CoreError> {
        let row = self.active(place).await?;
        let color = Core::color(&row, who)?;
        if row.computer.is_some() {
            return Err(CoreError::ComputerProposals);
        }
        let game = row
            .game
            .csipgs()
            .ok_or(CoreError::CsipgsCommand("propose"))?;
        let subject = Subject::read(kind, notation)?;
        match &subject {
            Subject::Atom(d) => game.check_proposal_atom(d)?,
            Subject::Modifier(m) => game.check_proposal_modifier(*m)?,
        }
        let notation = subject.notation()?;
        let value = estimate(value)?;
        let open = self.store.open_proposals(row.id).await?;
        if let Some(p) = open
            .iter()
            .find(|p| p.kind == kind && p.notation == notation)
        {
            return Err(CoreError::AlreadyOpen(notation, p.id));
        }
        let name = match name.trim() {
            "" => notation.clone(),
            n => n.to_string(),
        };
        let mut estimates = [None, None];
        estimates[color.index()] = Some(value);
        let proposal = ProposalRow {
            id: 0,
            kind,
            name: name.clone(),
            notation: notation.clone(),
            proposer: color,
            estimates,
        };
        let opponent = row.player(!color).id;
        let what = match kind {
            ProposalKind::Atom => "cost",
            ProposalKind::Modifier => "multiplier",
        };
        let sealed = Reply::private(words![
            "Your sealed estimate for ",
            typed(&name),
            format!(" ({notation}) is {value}. Nobody sees it until "),
            member(opponent),
            " gives theirs.",
        ]);
        let here = Target::Channel {
            channel: Core::channel(place)?.channel,
        };
        let now = self.now();
        let (_, replies) = self
            .write_owing(row.guild, here, async |owing| {
                let store = &self.store;
                store
                    .insert_proposal(
                        row.id,
                        &proposal,
                        |id| {
                            owing.owe(vec![Reply::public(words![
                                member(who.id),
                                format!(" proposes a new {}: ", kind.word()),
                                strong(words![typed(&name)]),
                                " = ",
                                code(notation.clone()),
                                ". ",
                                member(opponent),
                                format!(": give your sealed estimate of its {what} with "),
                                code(format!("/estimate proposal:{id} value:...")),
                                "; the higher estimate becomes its price in this game.",
                            ])
                            .pinging(opponent)])
                        },
                        now,
                    )
                    .await
            })
            .await?;
        Ok(std::iter::once(sealed).chain(replies).collect())
    }

    pub(super) async fn estimate(
        &self,
        who: &Who,
        place: Place,
        proposal: i64,
        value: &str,
    ) -> Result<Vec<Reply>, CoreError> {
        let mut row = self.active(place).await?;
        let color = Core::color(&row, who)?;
        let mut open: ProposalRow = self
            .store
            .open_proposals(row.id)
            .await?
            .into_iter()
            .find(|p| p.id == proposal)
            .ok_or(CoreError::NoProposal(proposal))?;
        if open.estimates[color.index()].is_some() {
            return Err(CoreError::AlreadyEstimated(row.player(!color).id));
        }
        open.estimates[color.index()] = Some(estimate(value)?);
        let [Some(white), Some(black)] = open.estimates else {
            // The proposer's estimate came with the proposal, so this can't be the first.
            return Err(CoreError::NoProposal(proposal));
        };
        let subject = Subject::read(open.kind, &open.notation)?;
        let game = row
            .game
            .csipgs_mut()
            .ok_or(CoreError::CsipgsCommand("estimate"))?;
        let agreed = match &subject {
            Subject::Atom(d) => game.agree_atom(&open.name, d, [white, black]),
            Subject::Modifier(m) => game.agree_modifier(&open.name, *m, [white, black]),
        };
        let (agreed, text) = match agreed {
            Ok(price) => {
                let what = match subject {
                    Subject::Atom(_) => format!("{} costs {price}", open.notation),
                    Subject::Modifier(_) => {
                        format!("the {} modifier multiplies by {price}", open.notation)
                    }
                };
                (
                    Some(price),
                    words![
                        "Both estimates are in for ",
                        strong(words![typed(&open.name)]),
                        " (",
                        code(open.notation.clone()),
                        "): ",
                        member(row.player(Color::White).id),
                        format!(" (White) {white}, "),
                        member(row.player(Color::Black).id),
                        format!(" (Black) {black}. From now on {what} in this game."),
                    ],
                )
            }
            Err(e) => (
                None,
                words![
                    format!("Proposal #{} (", open.id),
                    typed(&open.name),
                    format!(") is void: {e}."),
                ],
            ),
        };
        let mut replies = vec![Reply::public(text)];
        let here = Target::Channel {
            channel: Core::channel(place)?.channel,
        };
        let now = self.now();
        self.write_owed(row.guild, here, &mut replies, |owed| async move {
            self.store
                .settle_proposal(&row, &open, agreed, &owed, now)
                .await
        })
        .await?;
        Ok(replies)
    }
}
