//! Members signed in to the web pages with Discord: the sign-ins under way, the sessions, and
//! the one-time sign-in links the bot sends a member privately.
//!
//! Every secret a browser holds (a session's cookie, a link's token) is stored as its SHA-256
//! only, so a copy of the database (a backup, an export) opens nothing. A sign-in's state and
//! a link are taken once: the row goes, or is marked, in the statement that reads it.

use super::web::Token;
use super::{id, Store, StoreError};
use sha2::{Digest, Sha256};
use sqlx::Row;

/// A browser signed in as a member.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    pub member: u64,
    /// Their Discord name when they signed in.
    pub name: String,
    /// When it ends, in seconds since 1970.
    pub expires_at: i64,
}

/// What a sign-in under way keeps until Discord sends the member back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SigninState {
    /// The PKCE verifier whose challenge went to Discord.
    pub verifier: String,
    /// The page to return to.
    pub next: String,
}

/// The hash a secret is stored under.
fn hashed(token: Token) -> String {
    let digest = Sha256::digest(token.to_string().as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

impl Store {
    /// Keep a sign-in under way until `expires_at`.
    pub async fn begin_signin(
        &self,
        state: Token,
        begun: &SigninState,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO web_signins (state, verifier, next, expires_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(hashed(state))
        .bind(&begun.verifier)
        .bind(&begun.next)
        .bind(expires_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The sign-in `state` names, taken (it can't be used again); None if unknown, used or
    /// expired.
    pub async fn take_signin(
        &self,
        state: Token,
        now: i64,
    ) -> Result<Option<SigninState>, StoreError> {
        let row = sqlx::query(
            "DELETE FROM web_signins WHERE state = $1 RETURNING verifier, next, expires_at",
        )
        .bind(hashed(state))
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        if row.try_get::<i64, _>("expires_at")? <= now {
            return Ok(None);
        }
        Ok(Some(SigninState {
            verifier: row.try_get("verifier")?,
            next: row.try_get("next")?,
        }))
    }

    /// Sign a browser in: `token` is its cookie.
    pub async fn open_session(
        &self,
        token: Token,
        member: u64,
        name: &str,
        now: i64,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO web_sessions (token_hash, member_id, name, created_at, expires_at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(hashed(token))
        .bind(id(member))
        .bind(name)
        .bind(now)
        .bind(expires_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The session a cookie opens, if it is still open at `now`.
    pub async fn session(&self, token: Token, now: i64) -> Result<Option<Session>, StoreError> {
        let row = sqlx::query(
            "SELECT member_id, name, expires_at FROM web_sessions \
             WHERE token_hash = $1 AND expires_at > $2",
        )
        .bind(hashed(token))
        .bind(now)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| {
            Ok(Session {
                member: row.try_get::<i64, _>("member_id")? as u64,
                name: row.try_get("name")?,
                expires_at: row.try_get("expires_at")?,
            })
        })
        .transpose()
    }

    /// Sign a browser out.
    pub async fn close_session(&self, token: Token) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM web_sessions WHERE token_hash = $1")
            .bind(hashed(token))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// A one-time link signing `member` (named `name`) in, to `game`, until `expires_at`.
    pub async fn signin_link(
        &self,
        token: Token,
        member: u64,
        name: &str,
        game: i64,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO web_signin_links (token_hash, member_id, name, game_id, expires_at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(hashed(token))
        .bind(id(member))
        .bind(name)
        .bind(game)
        .bind(expires_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The member (with their name) and game a sign-in link is for, taken (it can't be used
    /// again); None if unknown, used or expired.
    pub async fn take_signin_link(
        &self,
        token: Token,
        now: i64,
    ) -> Result<Option<(u64, String, i64)>, StoreError> {
        let row = sqlx::query(
            "DELETE FROM web_signin_links WHERE token_hash = $1 \
             RETURNING member_id, name, game_id, expires_at",
        )
        .bind(hashed(token))
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        if row.try_get::<i64, _>("expires_at")? <= now {
            return Ok(None);
        }
        Ok(Some((
            row.try_get::<i64, _>("member_id")? as u64,
            row.try_get("name")?,
            row.try_get("game_id")?,
        )))
    }

    /// Delete the sign-ins, sessions and links that ended before `now`; returns how many.
    pub async fn tidy_sessions(&self, now: i64) -> Result<u64, StoreError> {
        let mut deleted = 0;
        for table in ["web_signins", "web_sessions", "web_signin_links"] {
            deleted += sqlx::query(&format!("DELETE FROM {table} WHERE expires_at <= $1"))
                .bind(now)
                .execute(&self.pool)
                .await?
                .rows_affected();
        }
        Ok(deleted)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::testing::on_both;
    use crate::core::testing::Backend;

    fn token(n: u128) -> Token {
        n.to_string().repeat(32)[..32].parse().unwrap()
    }

    async fn a_signin_state_is_taken_once_and_expires(backend: Backend) {
        let store = backend.store().await;
        let begun = SigninState {
            verifier: "v".repeat(43),
            next: "/g/abc".into(),
        };
        store.begin_signin(token(1), &begun, 100).await.unwrap();
        store.begin_signin(token(2), &begun, 100).await.unwrap();
        assert_eq!(store.take_signin(token(1), 50).await.unwrap(), Some(begun));
        assert_eq!(store.take_signin(token(1), 50).await.unwrap(), None);
        assert_eq!(store.take_signin(token(2), 100).await.unwrap(), None);
        assert_eq!(store.take_signin(token(3), 0).await.unwrap(), None);
    }

    async fn sessions_open_end_and_are_tidied(backend: Backend) {
        let store = backend.store().await;
        store
            .open_session(token(1), 7, "alice", 0, 100)
            .await
            .unwrap();
        store
            .open_session(token(2), 7, "alice", 0, 200)
            .await
            .unwrap();
        let open = store.session(token(1), 99).await.unwrap().unwrap();
        assert_eq!((open.member, open.name.as_str()), (7, "alice"));
        assert_eq!(store.session(token(1), 100).await.unwrap(), None);
        assert_eq!(store.session(token(3), 0).await.unwrap(), None);
        store.close_session(token(2)).await.unwrap();
        assert_eq!(store.session(token(2), 0).await.unwrap(), None);
        store
            .signin_link(token(4), 7, "alice", 12, 100)
            .await
            .unwrap();
        let taken = store.take_signin_link(token(4), 5).await.unwrap();
        assert_eq!(taken, Some((7, "alice".to_string(), 12)));
        assert_eq!(store.take_signin_link(token(4), 5).await.unwrap(), None);
        store
            .signin_link(token(5), 7, "alice", 12, 100)
            .await
            .unwrap();
        assert_eq!(store.tidy_sessions(150).await.unwrap(), 2);
        // Only hashes are kept: no row holds a token as the browser has it.
        store
            .open_session(token(6), 7, "alice", 0, 300)
            .await
            .unwrap();
        let kept: String = sqlx::query_scalar("SELECT token_hash FROM web_sessions")
            .fetch_one(&store.pool)
            .await
            .unwrap();
        assert_ne!(kept, token(6).to_string());
        assert_eq!(kept.len(), 64);
    }

    on_both!(
        a_signin_state_is_taken_once_and_expires,
        sessions_open_end_and_are_tidied,
    );
}
