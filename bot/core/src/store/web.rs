//! The web pages' links: one random token for each game, tournament and server with a page,
//! and whether a server lets its pages be seen.
//!
//! A link opens while its server shows its pages and has not removed the bot. Turning the
//! pages off, or asking for new links (`/settings web_links:new`), deletes every token of
//! the server: the old links never open again, and each page gets a new token the next time
//! one is asked for.

use super::{id, words, Store, StoreError, Tx, Word};
use sqlx::Row;
use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;

/// What a link opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LinkKind {
    Game,
    Tournament,
    Server,
}

words!(LinkKind, "link kind", LinkKind::Game => "game", LinkKind::Tournament => "tournament", LinkKind::Server => "server");

/// A page's token: 128 random bits as 32 lowercase hex digits. Nothing about the game or
/// server can be read from it, and it can't be guessed from another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Token(u128);

impl Token {
    /// A new token from the operating system's random source.
    pub fn random() -> Result<Token, StoreError> {
        let mut bytes = [0u8; 16];
        getrandom::fill(&mut bytes)
            .map_err(|e| StoreError::Corrupt(format!("no random numbers: {e}")))?;
        Ok(Token(u128::from_le_bytes(bytes)))
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:032x}", self.0)
    }
}

/// Only the form `Token` writes: 32 lowercase hex digits.
impl FromStr for Token {
    type Err = ();

    fn from_str(text: &str) -> Result<Token, ()> {
        let digits = |b: u8| b.is_ascii_digit() || (b'a'..=b'f').contains(&b);
        if text.len() != 32 || !text.bytes().all(digits) {
            return Err(());
        }
        u128::from_str_radix(text, 16).map(Token).map_err(|_| ())
    }
}

/// A link that opens: its server lets its pages be seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    pub kind: LinkKind,
    /// The game's or tournament's id, or the server's own.
    pub object: i64,
    pub guild: u64,
    /// How many members had been forgotten when the link was opened: a page or picture
    /// drawn before a later forget may show a name it removed, so none is reused across one.
    pub forgotten: i64,
}

/// The condition on `web_links l` under which a link opens: its server shows its pages and
/// still has the bot.
const OPENS: &str = "EXISTS (SELECT 1 FROM guild_settings s WHERE s.guild_id = l.guild_id \
     AND s.web <> 0) AND NOT EXISTS (SELECT 1 FROM departed_guilds d \
     WHERE d.guild_id = l.guild_id)";

/// A token as stored.
fn stored(token: &str) -> Result<Token, StoreError> {
    token
        .parse()
        .map_err(|()| StoreError::Corrupt(format!("web token '{token}'")))
}

/// Store the token of a page made before its object was: a game's, made in the transaction
/// that creates it.
pub(super) async fn link_in(
    tx: &mut Tx<'_>,
    token: Token,
    guild: u64,
    kind: LinkKind,
    object: i64,
) -> Result<(), StoreError> {
    sqlx::query("INSERT INTO web_links (token, guild_id, kind, object_id) VALUES ($1, $2, $3, $4)")
        .bind(token.to_string())
        .bind(id(guild))
        .bind(kind.word())
        .bind(object)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

impl Store {
    /// The token of a page when its server shows its pages, made the first time it is
    /// asked for; None when the server doesn't. Once made, one read (asked on every turn).
    pub async fn shown_token(
        &self,
        kind: LinkKind,
        object: i64,
        guild: u64,
    ) -> Result<Option<Token>, StoreError> {
        let row = sqlx::query(
            "SELECT s.web, l.token FROM guild_settings s LEFT JOIN web_links l \
             ON l.kind = $1 AND l.object_id = $2 WHERE s.guild_id = $3",
        )
        .bind(kind.word())
        .bind(object)
        .bind(id(guild))
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        if row.try_get::<i64, _>("web")? == 0 {
            return Ok(None);
        }
        match row.try_get::<Option<String>, _>("token")? {
            Some(token) => stored(&token).map(Some),
            None => self.web_token(kind, object, guild).await.map(Some),
        }
    }

    /// The token of a page, made the first time it is asked for.
    pub async fn web_token(
        &self,
        kind: LinkKind,
        object: i64,
        guild: u64,
    ) -> Result<Token, StoreError> {
        let fresh = Token::random()?;
        sqlx::query(
            "INSERT INTO web_links (token, guild_id, kind, object_id) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (kind, object_id) DO NOTHING",
        )
        .bind(fresh.to_string())
        .bind(id(guild))
        .bind(kind.word())
        .bind(object)
        .execute(&self.pool)
        .await?;
        let token: String =
            sqlx::query_scalar("SELECT token FROM web_links WHERE kind = $1 AND object_id = $2")
                .bind(kind.word())
                .bind(object)
                .fetch_one(&self.pool)
                .await?;
        stored(&token)
    }

    /// What a token opens, if its server shows its pages; None for an unknown token and for
    /// every page of a server that has turned them off.
    pub async fn open_link(&self, token: Token) -> Result<Option<Link>, StoreError> {
        let sql = format!(
            "SELECT l.kind, l.object_id, l.guild_id, \
             COALESCE((SELECT MAX(id) FROM forgotten_members), 0) AS forgotten \
             FROM web_links l WHERE l.token = $1 AND {OPENS}"
        );
        let row = sqlx::query(&sql)
            .bind(token.to_string())
            .fetch_optional(&self.pool)
            .await?;
        row.map(|row| {
            Ok(Link {
                kind: LinkKind::from_word(&row.try_get::<String, _>("kind")?)?,
                object: row.try_get("object_id")?,
                guild: row.try_get::<i64, _>("guild_id")? as u64,
                forgotten: row.try_get("forgotten")?,
            })
        })
        .transpose()
    }

    /// Which of these tokens still open (one query for every watched page at once).
    pub async fn open_tokens(&self, tokens: &[Token]) -> Result<HashSet<Token>, StoreError> {
        if tokens.is_empty() {
            return Ok(HashSet::new());
        }
        // Tokens are 32 hex digits of ours (see `FromStr`), so they are written inline.
        let list: Vec<String> = tokens.iter().map(|t| format!("'{t}'")).collect();
        let sql = format!(
            "SELECT l.token FROM web_links l WHERE l.token IN ({}) AND {OPENS}",
            list.join(",")
        );
        sqlx::query_scalar::<_, String>(&sql)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|token| stored(token))
            .collect()
    }

    /// Close every page of a server for good: its tokens are deleted, so old links never
    /// open again and each page gets a new one when next asked for. Returns the links closed.
    pub async fn revoke_links(&self, guild: u64) -> Result<u64, StoreError> {
        let done = sqlx::query("DELETE FROM web_links WHERE guild_id = $1")
            .bind(id(guild))
            .execute(&self.pool)
            .await?;
        self.wrote();
        Ok(done.rows_affected())
    }

    /// Whether a server shows its pages on the web.
    pub async fn web_shown(&self, guild: u64) -> Result<bool, StoreError> {
        let on: Option<i64> =
            sqlx::query_scalar("SELECT web FROM guild_settings WHERE guild_id = $1")
                .bind(id(guild))
                .fetch_optional(&self.pool)
                .await?;
        Ok(on.unwrap_or(0) != 0)
    }

    /// The versions of these games as stored now (a game no longer stored is left out).
    pub async fn game_versions(&self, games: &[i64]) -> Result<Vec<(i64, i64)>, StoreError> {
        if games.is_empty() {
            return Ok(Vec::new());
        }
        // The ids are numbers of ours, never text from outside, so they are written inline.
        let list: Vec<String> = games.iter().map(i64::to_string).collect();
        let sql = format!(
            "SELECT id, version FROM games WHERE id IN ({})",
            list.join(",")
        );
        sqlx::query(&sql)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(|row| Ok((row.try_get("id")?, row.try_get("version")?)))
            .collect()
    }

    /// Wait until a game or tournament changes in this process, and take what changed since
    /// last asked.
    pub async fn changes(&self) -> Changed {
        loop {
            let changed = std::mem::take(&mut *self.changes.lock());
            if changed.everything || !changed.games.is_empty() {
                return changed;
            }
            self.changes.wake.notified().await;
        }
    }

    /// Tell the web pages' watchers in this process that something other than one game's
    /// play changed (a tournament, a server's links, a member forgotten): every page looks.
    pub(super) fn wrote(&self) {
        self.changes.lock().everything = true;
        self.changes.wake.notify_one();
    }

    /// Tell the watchers of game `game` in this process that it changed: only its pages are
    /// drawn again, so 200 games played at once don't each wait on the others' pages.
    pub(super) fn wrote_game(&self, game: i64) {
        self.changes.lock().games.insert(game);
        self.changes.wake.notify_one();
    }
}

/// What changed in this process since the web pages last looked.
#[derive(Debug, Default)]
pub struct Changed {
    /// Every page should look (see `Store::wrote`).
    pub everything: bool,
    /// These games changed.
    pub games: HashSet<i64>,
}

/// Changes waiting for the web pages, and their wake-up.
#[derive(Debug, Default)]
pub(super) struct Changes {
    changed: std::sync::Mutex<Changed>,
    wake: tokio::sync::Notify,
}

impl Changes {
    fn lock(&self) -> std::sync::MutexGuard<'_, Changed> {
        self.changed.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_32_hex_digits_and_reads_back() {
        let token = Token::random().unwrap();
        let text = token.to_string();
        assert_eq!(text.len(), 32);
        assert_eq!(text.parse::<Token>(), Ok(token));
        assert_ne!(Token::random().unwrap(), token);
        for bad in [
            "",
            "1",
            "0123456789abcdef0123456789ABCDEF",
            "0123456789abcdef0123456789abcdeg",
            "+123456789abcdef0123456789abcdef",
            "0123456789abcdef0123456789abcdef0",
        ] {
            assert_eq!(bad.parse::<Token>(), Err(()), "{bad}");
        }
    }

    #[tokio::test]
    async fn changes_are_taken_once_and_none_is_lost() {
        let store = Store::memory().await.unwrap();
        store.wrote_game(7);
        store.wrote_game(9);
        store.wrote_game(7);
        let changed = store.changes().await;
        assert!(!changed.everything);
        assert_eq!(changed.games, HashSet::from([7, 9]));
        // Written while nobody waits: the next look finds it.
        store.wrote();
        let changed = store.changes().await;
        assert!(changed.everything && changed.games.is_empty());
        // Nothing new: the look waits until something is written.
        let waiting = tokio::time::timeout(std::time::Duration::from_millis(50), store.changes());
        assert!(waiting.await.is_err());
        let (changed, ()) = tokio::join!(store.changes(), async { store.wrote_game(3) });
        assert_eq!(changed.games, HashSet::from([3]));
    }
}
