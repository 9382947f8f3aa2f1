//! Where the store lives: a SQLite file (the embedded default) or a PostgreSQL server.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

/// A database address as the settings and `--database` give it: `sqlite://path`, a plain file
/// path, or `postgres://user:password@host/name`. Shown with any password hidden.
#[derive(Clone, PartialEq, Eq)]
pub enum DatabaseUrl {
    Sqlite(PathBuf),
    Postgres(String),
}

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum DatabaseUrlError {
    #[error("no database given: write a file path, sqlite://path or postgres://user@host/name")]
    Empty,
    #[error("'{0}' is not a database csipgs can use: write a file path, sqlite://path or postgres://user@host/name")]
    Scheme(String),
    #[error("the SQLite path '{0}' is not valid UTF-8: pick a path without such characters")]
    NotUtf8(String),
}

impl FromStr for DatabaseUrl {
    type Err = DatabaseUrlError;

    fn from_str(text: &str) -> Result<DatabaseUrl, DatabaseUrlError> {
        let text = text.trim();
        if let Some(path) = text
            .strip_prefix("sqlite://")
            .or_else(|| text.strip_prefix("sqlite:"))
        {
            return match path {
                "" => Err(DatabaseUrlError::Empty),
                path => Ok(DatabaseUrl::Sqlite(PathBuf::from(path))),
            };
        }
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            return Ok(DatabaseUrl::Postgres(text.to_string()));
        }
        // Anything else with a scheme is a database we don't speak; a bare path is a file.
        match text.split_once("://") {
            _ if text.is_empty() => Err(DatabaseUrlError::Empty),
            Some((scheme, _)) if !scheme.contains(['/', '\\']) => {
                Err(DatabaseUrlError::Scheme(redacted(text)))
            }
            _ => Ok(DatabaseUrl::Sqlite(PathBuf::from(text))),
        }
    }
}

impl DatabaseUrl {
    /// The address sqlx's `Any` driver connects to. A file path has `%`, `?` and `#` escaped,
    /// which a URL would read as escapes, a query or a fragment.
    pub(super) fn connect_url(&self) -> Result<String, DatabaseUrlError> {
        match self {
            DatabaseUrl::Postgres(url) => Ok(url.clone()),
            DatabaseUrl::Sqlite(path) => {
                let path = path
                    .to_str()
                    .ok_or_else(|| DatabaseUrlError::NotUtf8(path.display().to_string()))?;
                let escaped = path
                    .replace('%', "%25")
                    .replace('?', "%3F")
                    .replace('#', "%23");
                // rwc: read, write, and create the file if it is missing.
                Ok(format!("sqlite://{escaped}?mode=rwc"))
            }
        }
    }
}

/// A URL as a log line or an error may show it: the scheme, the user's name, the host and the
/// path, with the password replaced by `(hidden)`, and the query and fragment (which may
/// carry `password=`, `sslpassword=`, a key or a token) replaced by `?(hidden)` whole. Text
/// without a scheme is shown as it is: it is a file path, not an address.
pub fn redacted(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (rest, query) = match rest.find(['?', '#']) {
        Some(at) => (&rest[..at], "?(hidden)"),
        None => (rest, ""),
    };
    // The last `@` ends the user part, even when a careless password holds a `/`: better to
    // hide a path than to show half a password.
    match rest.rsplit_once('@') {
        Some((user, host)) => {
            let name = user.split(':').next().unwrap_or("");
            let password = if user.contains(':') { ":(hidden)" } else { "" };
            format!("{scheme}://{name}{password}@{host}{query}")
        }
        None => format!("{scheme}://{rest}{query}"),
    }
}

impl fmt::Display for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DatabaseUrl::Sqlite(path) => write!(f, "sqlite://{}", path.display()),
            DatabaseUrl::Postgres(url) => f.write_str(&redacted(url)),
        }
    }
}

impl fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DatabaseUrl({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(text: &str) -> Result<DatabaseUrl, DatabaseUrlError> {
        text.parse()
    }

    #[test]
    fn paths_and_sqlite_urls_are_files() {
        for (text, path) in [
            ("csipgs.db", "csipgs.db"),
            ("/var/lib/csipgs/games.db", "/var/lib/csipgs/games.db"),
            ("sqlite://games.db", "games.db"),
            ("sqlite:///srv/games.db", "/srv/games.db"),
            ("sqlite:games.db", "games.db"),
            ("./odd://name.db", "./odd://name.db"),
        ] {
            assert_eq!(
                url(text),
                Ok(DatabaseUrl::Sqlite(PathBuf::from(path))),
                "{text}"
            );
        }
    }

    #[test]
    fn postgres_urls_are_kept_whole_and_shown_without_password() {
        let pg = url("postgres://bot:s3cret@db.example/csipgs?sslmode=require").unwrap();
        assert_eq!(
            pg,
            DatabaseUrl::Postgres("postgres://bot:s3cret@db.example/csipgs?sslmode=require".into())
        );
        assert_eq!(
            pg.to_string(),
            "postgres://bot:(hidden)@db.example/csipgs?(hidden)"
        );
        assert!(!format!("{pg:?}").contains("s3cret"));
        assert!(matches!(
            url("postgresql://localhost/csipgs"),
            Ok(DatabaseUrl::Postgres(_))
        ));
    }

    #[test]
    fn credentials_anywhere_in_a_url_are_hidden() {
        for (url, shown) in [
            (
                "postgres://db.example/csipgs?user=bot&password=s3cret",
                "postgres://db.example/csipgs?(hidden)",
            ),
            (
                "postgresql://bot@db.example:5432/csipgs?sslmode=verify-full&sslpassword=s3cret",
                "postgresql://bot@db.example:5432/csipgs?(hidden)",
            ),
            (
                "postgres://bot:s3/cr@et@db.example/csipgs",
                "postgres://bot:(hidden)@db.example/csipgs",
            ),
            (
                "postgres://bot:s3cret@db.example#password=s3cret",
                "postgres://bot:(hidden)@db.example?(hidden)",
            ),
            ("postgres://localhost/csipgs", "postgres://localhost/csipgs"),
            ("csipgs.db", "csipgs.db"),
        ] {
            assert_eq!(redacted(url), shown, "{url}");
            let parsed: DatabaseUrl = url.parse().unwrap();
            for shown in [parsed.to_string(), format!("{parsed:?}")] {
                assert!(!shown.contains("s3"), "{shown}");
            }
        }
    }

    #[test]
    fn other_schemes_are_refused_without_their_password() {
        let err = url("mysql://root:hunter2@localhost/db").unwrap_err();
        assert_eq!(
            err,
            DatabaseUrlError::Scheme("mysql://root:(hidden)@localhost/db".into())
        );
        assert!(err.to_string().contains("postgres://"));
        assert_eq!(url("  "), Err(DatabaseUrlError::Empty));
        assert_eq!(url("sqlite://"), Err(DatabaseUrlError::Empty));
    }

    #[test]
    fn file_urls_escape_what_a_url_would_misread() {
        let db = DatabaseUrl::Sqlite(PathBuf::from("/tmp/a?b#c%d.db"));
        assert_eq!(
            db.connect_url().unwrap(),
            "sqlite:///tmp/a%3Fb%23c%25d.db?mode=rwc"
        );
    }
}
