//! Proposals: new atoms and modifiers priced by both players' sealed estimates.

use super::games::{update_game, GameRow};
use super::health::commit;
use super::outbox::owe_in;
use super::{words, Owed, Store, StoreError, Word};
use engine::Color;
use sqlx::any::AnyRow;
use sqlx::Row;
use std::str::FromStr;

/// What a proposal prices: a new atom (its notation) or a modifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProposalKind {
    Atom,
    Modifier,
}

#[derive(Clone, Debug)]
pub struct ProposalRow {
    pub id: i64,
    pub kind: ProposalKind,
    pub name: String,
    pub notation: String,
    pub proposer: Color,
    /// Sealed estimates, White's first, as exact decimals.
    pub estimates: [Option<rust_decimal::Decimal>; 2],
}

words!(ProposalKind, "proposal kind", ProposalKind::Atom => "atom", ProposalKind::Modifier => "modifier");

/// How a proposal stands: waiting for estimates, priced, or void (refused, or the game ended).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ProposalStatus {
    Open,
    Agreed,
    Void,
}

words!(ProposalStatus, "proposal status", ProposalStatus::Open => "open", ProposalStatus::Agreed => "agreed", ProposalStatus::Void => "void");

fn decimal(text: Option<String>) -> Result<Option<rust_decimal::Decimal>, StoreError> {
    text.map(|t| {
        rust_decimal::Decimal::from_str(&t).map_err(|e| StoreError::Corrupt(e.to_string()))
    })
    .transpose()
}

fn proposal_row(row: AnyRow) -> Result<ProposalRow, StoreError> {
    let kind: String = row.try_get("kind")?;
    let proposer: String = row.try_get("proposer")?;
    Ok(ProposalRow {
        id: row.try_get("id")?,
        kind: ProposalKind::from_word(&kind)?,
        name: row.try_get("name")?,
        notation: row.try_get("notation")?,
        proposer: Color::from_word(&proposer)?,
        estimates: [
            decimal(row.try_get("white_estimate")?)?,
            decimal(row.try_get("black_estimate")?)?,
        ],
    })
}

impl Store {
    /// Store a new proposal (its `id` is ignored) with the proposer's sealed estimate, and
    /// the messages that owes (made from the new proposal's id). Returns the proposal's id
    /// and the owed messages' ids.
    pub async fn insert_proposal(
        &self,
        game_id: i64,
        proposal: &ProposalRow,
        owed: impl FnOnce(i64) -> Result<Vec<Owed>, StoreError>,
        now: i64,
    ) -> Result<(i64, Vec<i64>), StoreError> {
        let mut tx = self.pool.begin().await?;
        let proposal_id: i64 = sqlx::query(
            "INSERT INTO proposals (game_id, kind, name, notation, proposer, white_estimate, \
             black_estimate, status, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
             RETURNING id",
        )
        .bind(game_id)
        .bind(proposal.kind.word())
        .bind(&proposal.name)
        .bind(&proposal.notation)
        .bind(proposal.proposer.word())
        .bind(proposal.estimates[0].map(|d| d.to_string()))
        .bind(proposal.estimates[1].map(|d| d.to_string()))
        .bind(ProposalStatus::Open.word())
        .bind(now)
        .fetch_one(&mut *tx)
        .await?
        .try_get("id")?;
        let ids = owe_in(&mut tx, &owed(proposal_id)?, now).await?;
        commit(tx).await?;
        Ok((proposal_id, ids))
    }

    pub async fn open_proposals(&self, game_id: i64) -> Result<Vec<ProposalRow>, StoreError> {
        sqlx::query("SELECT * FROM proposals WHERE game_id = $1 AND status = $2 ORDER BY id")
            .bind(game_id)
            .bind(ProposalStatus::Open.word())
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(proposal_row)
            .collect()
    }

    /// Close a proposal with both estimates in: `agreed` is the price it got, or None when
    /// the game refused it (it is void). The game's new rules are saved in the same
    /// transaction, with the version check and the messages it owes.
    pub async fn settle_proposal(
        &self,
        row: &GameRow,
        proposal: &ProposalRow,
        agreed: Option<rust_decimal::Decimal>,
        owed: &[Owed],
        now: i64,
    ) -> Result<Vec<i64>, StoreError> {
        let mut tx = self.pool.begin().await?;
        update_game(&mut tx, row, now).await?;
        let done = sqlx::query(
            "UPDATE proposals SET white_estimate = $1, black_estimate = $2, status = $3, \
             agreed = $4 WHERE id = $5 AND status = $6",
        )
        .bind(proposal.estimates[0].map(|d| d.to_string()))
        .bind(proposal.estimates[1].map(|d| d.to_string()))
        .bind(match agreed {
            Some(_) => ProposalStatus::Agreed.word(),
            None => ProposalStatus::Void.word(),
        })
        .bind(agreed.map(|d| d.to_string()))
        .bind(proposal.id)
        .bind(ProposalStatus::Open.word())
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Conflict);
        }
        let ids = owe_in(&mut tx, owed, now).await?;
        commit(tx).await?;
        Ok(ids)
    }
}
