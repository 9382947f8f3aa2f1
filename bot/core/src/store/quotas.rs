//! Quotas: how many of something one member, or one server, may have at once. A quota is
//! counted in the transaction that would add one, after that transaction has written its
//! scope's row in `quota_locks`: the write makes two commands at the same moment count one
//! after the other (PostgreSQL locks the row until commit, SQLite has one writer), so they
//! can't both take the last place.

use super::{id, ChallengeStatus, Status, Store, StoreError, TournamentStatus, Tx, Word};
use sqlx::AnyConnection;

/// What a quota counts. A member's quotas count what they have in every server the bot
/// serves: one member's load is the same wherever it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counted {
    /// A member's open challenges.
    MemberChallenges(u64),
    /// A member's games against the computer in progress.
    MemberComputerGames(u64),
    /// A server's games against the computer in progress.
    ServerComputerGames(u64),
    /// The unfinished tournaments a member created.
    OrganiserTournaments(u64),
    /// A server's unfinished tournaments.
    ServerTournaments(u64),
}

/// A limit on what is `counted`: adding one more is refused once `limit` are there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quota {
    pub counted: Counted,
    pub limit: u32,
}

impl Counted {
    /// The name of the row that serialises the counting of this quota.
    fn scope(self) -> String {
        match self {
            Counted::MemberChallenges(user) => format!("challenges:member:{user}"),
            Counted::MemberComputerGames(user) => format!("computer:member:{user}"),
            Counted::ServerComputerGames(guild) => format!("computer:server:{guild}"),
            Counted::OrganiserTournaments(user) => format!("tournaments:member:{user}"),
            Counted::ServerTournaments(guild) => format!("tournaments:server:{guild}"),
        }
    }

    /// How many there are now, as `connection` sees it.
    async fn count(self, connection: &mut AnyConnection, now: i64) -> Result<i64, StoreError> {
        let query = match self {
            // An open challenge past its time counts no more, though the scheduler may not
            // have closed it yet.
            Counted::MemberChallenges(user) => sqlx::query_scalar(
                "SELECT COUNT(*) FROM challenges \
                 WHERE challenger_id = $1 AND status = $2 AND expires_at > $3",
            )
            .bind(id(user))
            .bind(ChallengeStatus::Open.word())
            .bind(now),
            Counted::MemberComputerGames(user) => sqlx::query_scalar(
                "SELECT COUNT(*) FROM games WHERE computer_color IS NOT NULL AND status = $1 \
                 AND (white_id = $2 OR black_id = $2)",
            )
            .bind(Status::Active.word())
            .bind(id(user)),
            Counted::ServerComputerGames(guild) => sqlx::query_scalar(
                "SELECT COUNT(*) FROM games WHERE computer_color IS NOT NULL AND status = $1 \
                 AND guild_id = $2",
            )
            .bind(Status::Active.word())
            .bind(id(guild)),
            Counted::OrganiserTournaments(user) => sqlx::query_scalar(
                "SELECT COUNT(*) FROM tournaments WHERE status IN ($1, $2) AND creator_id = $3",
            )
            .bind(TournamentStatus::Signup.word())
            .bind(TournamentStatus::Running.word())
            .bind(id(user)),
            Counted::ServerTournaments(guild) => sqlx::query_scalar(
                "SELECT COUNT(*) FROM tournaments WHERE status IN ($1, $2) AND guild_id = $3",
            )
            .bind(TournamentStatus::Signup.word())
            .bind(TournamentStatus::Running.word())
            .bind(id(guild)),
        };
        Ok(query.fetch_one(connection).await?)
    }
}

/// Take the lock of each quota's scope, in the order given (members before servers, always,
/// so two transactions never wait on each other in a circle). The first writes of the
/// transaction that adds what they count, before `check`.
pub(super) async fn lock(tx: &mut Tx<'_>, quotas: &[Quota], now: i64) -> Result<(), StoreError> {
    for quota in quotas {
        sqlx::query(
            "INSERT INTO quota_locks (scope, locked_at) VALUES ($1, $2) \
             ON CONFLICT (scope) DO UPDATE SET locked_at = excluded.locked_at",
        )
        .bind(quota.counted.scope())
        .bind(now)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// Refuse with the first of `quotas` that is full, counting on `connection` (in the
/// transaction that took their locks, except for an early answer).
pub(super) async fn check(
    connection: &mut AnyConnection,
    quotas: &[Quota],
    now: i64,
) -> Result<(), StoreError> {
    for quota in quotas {
        if quota.counted.count(connection, now).await? >= i64::from(quota.limit) {
            return Err(StoreError::OverQuota(*quota));
        }
    }
    Ok(())
}

/// Lock, then check: what a transaction that adds one does first.
pub(super) async fn within(tx: &mut Tx<'_>, quotas: &[Quota], now: i64) -> Result<(), StoreError> {
    lock(tx, quotas, now).await?;
    check(tx, quotas, now).await
}

impl Store {
    /// Refuse with the first of `quotas` that is full now. Only an early answer, before work
    /// that should not be done for nothing (opening a thread): the transaction that adds one
    /// checks again with `within`.
    pub async fn check_quotas(&self, quotas: &[Quota], now: i64) -> Result<(), StoreError> {
        let mut connection = self.pool.acquire().await?;
        check(&mut connection, quotas, now).await
    }
}
