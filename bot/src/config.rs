//! Settings: `config.toml`, then `CSIPGS_*` environment variables over it.

use crate::core::{Period, PeriodError, PublicUrl, PublicUrlError, Quotas, Retention};
use crate::ops::{HttpAddr, LogFormat, SettingError};
use crate::shards::{ShardError, ShardPlan};
use crate::store::{redacted, DatabaseUrl, DatabaseUrlError};
use crate::web::WebLimits;
use serde::Deserialize;
use std::fmt;
use std::path::{Path, PathBuf};

/// A secret: the bot's token, or the application's client secret. Its Debug never shows it,
/// so it can't reach a log.
#[derive(Clone, Deserialize, PartialEq, Eq)]
#[serde(transparent)]
pub struct Token(String);

impl Token {
    /// The secret itself, for Discord only.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl From<String> for Token {
    fn from(secret: String) -> Token {
        Token(secret)
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(hidden)")
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub token: Option<Token>,
    /// A SQLite file (the default) or a PostgreSQL server.
    pub database: DatabaseUrl,
    /// Which Discord shards this process runs.
    pub shards: ShardPlan,
    /// A tracing filter, such as `info` or `csipgs=debug,serenity=warn`.
    pub log: String,
    /// Register the slash commands in this guild only (instant, for development) instead of
    /// globally.
    pub dev_guild: Option<u64>,
    /// Where Discord's REST API lives; set only by tests that run a fake Discord.
    pub api_base: Option<String>,
    /// Commands a member may send at once before being asked to slow down.
    pub flood_burst: u32,
    /// How much one member, or one server, may have going at once (`[quotas]`).
    pub quotas: Quotas,
    /// The computer's searches that run at once (each keeps a core busy).
    pub computer_searches: usize,
    /// Pictures drawn at once (boards, tables, replays); by default one a core.
    pub picture_workers: Option<usize>,
    /// How long what is no longer needed is kept (`[retention]`, `forget_left_servers_after`).
    pub retention: Retention,
    /// Backups made while the bot runs (`backup_every`); None: none.
    pub backups: Option<Backups>,
    /// Where `/healthz` and `/metrics` listen; None serves neither.
    pub http: Option<HttpAddr>,
    /// Where the web pages listen (`web`); off when None.
    pub web: Option<HttpAddr>,
    /// Where members' browsers reach the pages (`public_url`): the links the bot posts.
    pub public_url: Option<PublicUrl>,
    /// How much one address may ask of the pages (`[web_limits]`).
    pub web_limits: WebLimits,
    /// Log lines as text or JSON.
    pub log_format: LogFormat,
    /// Members sign in to the pages with Discord (`client_id` and `client_secret`).
    pub signin: Option<SigninKeys>,
    /// The application's Activity is turned on in Discord (`activity`): games' messages get
    /// a Play button that opens the board inside Discord, and the entry point command is
    /// registered with the others.
    pub activity: bool,
}

/// The Discord application's OAuth2 keys, with which members sign in to the pages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SigninKeys {
    /// The application's id (OAuth2's client id).
    pub client_id: u64,
    pub client_secret: Token,
}

/// Backups `serve` makes of its SQLite database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Backups {
    pub every: Period,
    /// The newest this many are kept; older ones are deleted.
    pub keep: u32,
    /// Where they are written (created if missing).
    pub dir: PathBuf,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            token: None,
            database: DatabaseUrl::Sqlite(PathBuf::from("csipgs.db")),
            shards: ShardPlan::Auto,
            log: "info".to_string(),
            dev_guild: None,
            api_base: None,
            flood_burst: crate::core::FLOOD_BURST,
            quotas: Quotas::default(),
            computer_searches: crate::core::computer_searches(),
            picture_workers: None,
            retention: Retention::default(),
            backups: None,
            http: None,
            web: None,
            public_url: None,
            web_limits: WebLimits::default(),
            log_format: LogFormat::Text,
            signin: None,
            activity: false,
        }
    }
}

/// The file's shape: every setting optional.
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    token: Option<Token>,
    database: Option<String>,
    shards: Option<String>,
    shard_range: Option<String>,
    /// A number, though text is read too, as in the environment.
    shard_total: Option<toml::Value>,
    log: Option<String>,
    dev_guild: Option<u64>,
    api_base: Option<String>,
    flood_burst: Option<u32>,
    /// Each quota left out keeps its default.
    quotas: Option<Quotas>,
    computer_searches: Option<usize>,
    picture_workers: Option<usize>,
    /// Each period left out keeps its default.
    retention: Option<Retention>,
    forget_left_servers_after: Option<String>,
    backup_every: Option<String>,
    backup_keep: Option<u32>,
    backup_dir: Option<PathBuf>,
    http: Option<String>,
    web: Option<String>,
    public_url: Option<String>,
    /// Each limit left out keeps its default.
    web_limits: Option<WebLimits>,
    log_format: Option<String>,
    client_id: Option<u64>,
    client_secret: Option<Token>,
    activity: Option<bool>,
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("can't read {path}: {error}")]
    Read {
        path: PathBuf,
        error: std::io::Error,
    },
    /// The parser's own message quotes the line it failed on, which may hold the token: this
    /// one gives the place and the reason only, with any token value blanked out.
    #[error("{path} is not valid: {reason} (line {line}, column {column})")]
    Parse {
        path: PathBuf,
        reason: String,
        line: usize,
        column: usize,
    },
    #[error("api_base must be an http address on this machine (127.0.0.1, [::1] or localhost), not '{0}': it exists only for tests that run a fake Discord")]
    ApiBaseNotLocal(String),
    #[error("{name} must be a Discord id (a whole number), not '{value}'")]
    BadId { name: &'static str, value: String },
    #[error("{name} must be a whole number, such as 10, not '{value}'")]
    BadNumber { name: &'static str, value: String },
    #[error("database: {0}")]
    Database(#[from] DatabaseUrlError),
    #[error(transparent)]
    Shards(#[from] ShardError),
    #[error("{name}: {error}")]
    BadPeriod {
        name: &'static str,
        error: PeriodError,
    },
    #[error("backup_keep must be at least 1 (it is how many backups are kept), not {0}")]
    BackupKeep(u32),
    #[error("backup_every is for a SQLite database: back up PostgreSQL with pg_dump (see the README's \"Backups\"), and leave backup_every out")]
    BackupPostgres,
    #[error("backup_keep and backup_dir take effect only with backup_every: add backup_every = \"6h\" (or leave them out)")]
    BackupWithoutEvery,
    #[error(transparent)]
    Ops(#[from] SettingError),
    #[error("web must be an address and port such as 0.0.0.0:8080 or 127.0.0.1:8080 (or a port alone, which listens on 127.0.0.1), not '{0}'")]
    WebAddr(String),
    #[error(transparent)]
    PublicUrl(#[from] PublicUrlError),
    #[error("web is set but public_url is not: add public_url = \"https://csipgs.example\", the address members' browsers reach the pages at (the bot posts links to it)")]
    WebWithoutPublicUrl,
    #[error("client_id and client_secret go together (the application's OAuth2 keys, from the Discord developer portal's OAuth2 page): members sign in to the pages with both, so give both or neither")]
    HalfSignin,
    #[error("client_id and client_secret let members sign in to the web pages, which need web and public_url: set those too, or leave the keys out")]
    SigninWithoutWeb,
    #[error("activity = true opens members' boards inside Discord, where they sign in with the application's keys: set client_id and client_secret (and web, public_url) too, or leave activity out")]
    ActivityWithoutSignin,
    #[error("CSIPGS_ACTIVITY is '{0}': set it to true or false")]
    BadActivity(String),
    #[error("no Discord token: put token = \"...\" in config.toml or set CSIPGS_TOKEN (see config.example.toml); to serve only the web pages, set web and public_url instead; to play without Discord, run `csipgs play`")]
    NoToken,
    #[error("the token in the settings is still config.example.toml's placeholder: paste your bot's token from the Discord developer portal (Bot -> Reset Token), or run `csipgs play` to play without Discord")]
    PlaceholderToken,
}

/// The token config.example.toml ships with, which a copied file may still hold.
const PLACEHOLDER_TOKEN: &str = "paste-the-bot-token-here";

impl Config {
    /// Read `path` (if `required` is false, a missing file is the same as an empty one), then
    /// apply the environment.
    pub fn load(path: &Path, required: bool) -> Result<Config, ConfigError> {
        let file = match std::fs::read_to_string(path) {
            Ok(text) => toml::from_str(&text).map_err(|error| parse_error(path, &text, &error))?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && !required => File::default(),
            Err(error) => {
                return Err(ConfigError::Read {
                    path: path.to_path_buf(),
                    error,
                })
            }
        };
        Config::from_parts(file, |name| std::env::var(name).ok())
    }

    fn from_parts(file: File, env: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let defaults = Config::default();
        let set = |name: &str| env(name).filter(|v| !v.trim().is_empty());
        let dev_guild = match set("CSIPGS_DEV_GUILD") {
            Some(v) => Some(v.trim().parse().map_err(|_| ConfigError::BadId {
                name: "CSIPGS_DEV_GUILD",
                value: v,
            })?),
            None => file.dev_guild,
        };
        let flood_burst = match set("CSIPGS_FLOOD_BURST") {
            Some(v) => v.trim().parse().map_err(|_| ConfigError::BadNumber {
                name: "CSIPGS_FLOOD_BURST",
                value: v,
            })?,
            None => file.flood_burst.unwrap_or(defaults.flood_burst),
        };
        let computer_searches = match set("CSIPGS_COMPUTER_SEARCHES") {
            Some(v) => v.trim().parse().map_err(|_| ConfigError::BadNumber {
                name: "CSIPGS_COMPUTER_SEARCHES",
                value: v,
            })?,
            None => file.computer_searches.unwrap_or(defaults.computer_searches),
        };
        let picture_workers = match set("CSIPGS_PICTURE_WORKERS") {
            Some(v) => Some(v.trim().parse().map_err(|_| ConfigError::BadNumber {
                name: "CSIPGS_PICTURE_WORKERS",
                value: v,
            })?),
            None => file.picture_workers,
        };
        let http = match set("CSIPGS_HTTP").or(file.http) {
            Some(addr) => Some(addr.parse()?),
            None => None,
        };
        let web = match set("CSIPGS_WEB").or(file.web) {
            Some(addr) => Some(
                addr.parse::<HttpAddr>()
                    .map_err(|_| ConfigError::WebAddr(addr))?,
            ),
            None => None,
        };
        let public_url = match set("CSIPGS_PUBLIC_URL").or(file.public_url) {
            Some(url) => Some(url.parse::<PublicUrl>()?),
            None => None,
        };
        if web.is_some() && public_url.is_none() {
            return Err(ConfigError::WebWithoutPublicUrl);
        }
        let log_format = match set("CSIPGS_LOG_FORMAT").or(file.log_format) {
            Some(format) => format.parse()?,
            None => defaults.log_format,
        };
        let api_base = set("CSIPGS_API_BASE")
            .or(file.api_base)
            .filter(|b| !b.trim().is_empty());
        if let Some(base) = &api_base {
            if !is_loopback(base) {
                return Err(ConfigError::ApiBaseNotLocal(redacted(base)));
            }
        }
        let database = match set("CSIPGS_DATABASE").or(file.database) {
            Some(url) => url.parse()?,
            None => defaults.database,
        };
        let total = set("CSIPGS_SHARD_TOTAL").or(file.shard_total.map(|t| match t {
            toml::Value::String(text) => text,
            other => other.to_string(),
        }));
        let shards = ShardPlan::from_settings(
            set("CSIPGS_SHARDS").or(file.shards).as_deref(),
            set("CSIPGS_SHARD_RANGE").or(file.shard_range).as_deref(),
            total.as_deref(),
        )?;
        let period = |name: &'static str, env_name: &str, written: Option<String>| {
            set(env_name)
                .or(written)
                .map(|text| {
                    text.parse::<Period>()
                        .map_err(|error| ConfigError::BadPeriod { name, error })
                })
                .transpose()
        };
        let mut retention = file.retention.unwrap_or_default();
        if let Some(left) = period(
            "forget_left_servers_after",
            "CSIPGS_FORGET_LEFT_SERVERS_AFTER",
            file.forget_left_servers_after,
        )? {
            retention.left_servers = left;
        }
        let backups = match period("backup_every", "CSIPGS_BACKUP_EVERY", file.backup_every)? {
            None if file.backup_keep.is_some() || file.backup_dir.is_some() => {
                return Err(ConfigError::BackupWithoutEvery)
            }
            None => None,
            Some(every) => {
                let keep = file.backup_keep.unwrap_or(7);
                if keep == 0 {
                    return Err(ConfigError::BackupKeep(keep));
                }
                let dir = match (&file.backup_dir, &database) {
                    (_, DatabaseUrl::Postgres(_)) => return Err(ConfigError::BackupPostgres),
                    (Some(dir), _) => dir.clone(),
                    (None, DatabaseUrl::Sqlite(path)) => {
                        path.parent().unwrap_or(Path::new("")).join("backups")
                    }
                };
                Some(Backups { every, keep, dir })
            }
        };
        let client_id = match set("CSIPGS_CLIENT_ID") {
            Some(v) => Some(v.trim().parse().map_err(|_| ConfigError::BadId {
                name: "CSIPGS_CLIENT_ID",
                value: v,
            })?),
            None => file.client_id,
        };
        let client_secret = set("CSIPGS_CLIENT_SECRET")
            .map(Token)
            .or(file.client_secret)
            .filter(|t| !t.0.trim().is_empty());
        let signin = match (client_id, client_secret) {
            (None, None) => None,
            (Some(client_id), Some(client_secret)) => Some(SigninKeys {
                client_id,
                client_secret,
            }),
            _ => return Err(ConfigError::HalfSignin),
        };
        if signin.is_some() && web.is_none() {
            return Err(ConfigError::SigninWithoutWeb);
        }
        let activity = match set("CSIPGS_ACTIVITY") {
            Some(v) => match v.trim() {
                "true" | "1" => true,
                "false" | "0" | "" => false,
                _ => return Err(ConfigError::BadActivity(v)),
            },
            None => file.activity.unwrap_or(false),
        };
        if activity && signin.is_none() {
            return Err(ConfigError::ActivityWithoutSignin);
        }
        Ok(Config {
            token: set("CSIPGS_TOKEN")
                .map(Token)
                .or(file.token)
                .filter(|t| !t.0.trim().is_empty()),
            database,
            shards,
            log: set("CSIPGS_LOG").or(file.log).unwrap_or(defaults.log),
            dev_guild: dev_guild.filter(|&g| g != 0),
            api_base,
            flood_burst: flood_burst.max(1),
            quotas: file.quotas.unwrap_or_default(),
            computer_searches: computer_searches.max(1),
            picture_workers: picture_workers.filter(|&n| n > 0),
            retention,
            backups,
            http,
            web,
            public_url,
            web_limits: file.web_limits.unwrap_or_default(),
            log_format,
            signin,
            activity,
        })
    }

    /// The token, or the error that explains how to give one.
    pub fn token(&self) -> Result<&Token, ConfigError> {
        match &self.token {
            None => Err(ConfigError::NoToken),
            Some(t) if t.expose() == PLACEHOLDER_TOKEN => Err(ConfigError::PlaceholderToken),
            Some(t) => Ok(t),
        }
    }

    /// What `serve` connects to Discord with: the token; or none, when no token is given and
    /// `web` is set (a process that serves only the web pages). A placeholder token is still
    /// an error: whoever copied it meant to connect.
    pub fn discord_token(&self) -> Result<Option<&Token>, ConfigError> {
        match self.token() {
            Ok(token) => Ok(Some(token)),
            Err(ConfigError::NoToken) if self.web.is_some() => Ok(None),
            Err(e) => Err(e),
        }
    }
}

/// A parse error that names the place and the reason, never the file's text: every value
/// the file gives the token is blanked out of the reason too.
fn parse_error(path: &Path, text: &str, error: &toml::de::Error) -> ConfigError {
    let offset = error.span().map_or(0, |s| s.start).min(text.len());
    let before = &text[..text.floor_char_boundary(offset)];
    let line = before.matches('\n').count() + 1;
    let column = before.chars().rev().take_while(|&c| c != '\n').count() + 1;
    let mut reason = error.message().to_string();
    for secret in token_values(text) {
        reason = reason.replace(&secret, "(hidden)");
    }
    ConfigError::Parse {
        path: path.to_path_buf(),
        reason,
        line,
        column,
    }
}

/// What the file's secret lines (token, client_secret) hold, quoted or not, however malformed.
fn token_values(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| {
            let l = l.trim_start();
            l.strip_prefix("token")
                .or_else(|| l.strip_prefix("client_secret"))
        })
        .filter_map(|rest| rest.trim_start().strip_prefix('='))
        .map(|v| v.trim().trim_matches(['"', '\'']).to_string())
        .filter(|v| v.len() >= 4)
        .collect()
}

/// Whether a URL's host is this machine: the test hook may send the token nowhere else.
fn is_loopback(base: &str) -> bool {
    let Some(rest) = base.strip_prefix("http://") else {
        return false;
    };
    let authority = rest.split('/').next().unwrap_or("");
    if authority.contains('@') {
        return false;
    }
    let host = match authority.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => authority.split(':').next().unwrap_or(""),
    };
    host == "localhost"
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str, env: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let file: File = toml::from_str(text).expect("valid toml");
        Config::from_parts(file, |name| {
            env.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.to_string())
        })
    }

    #[test]
    fn defaults_when_nothing_is_set() {
        let config = parse("", &[]).unwrap();
        assert_eq!(config, Config::default());
        assert!(matches!(config.token(), Err(ConfigError::NoToken)));
        assert!(ConfigError::NoToken.to_string().contains("csipgs play"));
    }

    #[test]
    fn web_pages_need_an_address_and_where_browsers_reach_them() {
        let config = parse("", &[]).unwrap();
        assert_eq!((config.web, config.public_url), (None, None));
        assert_eq!(config.web_limits, WebLimits::default());
        let config = parse(
            "web = \"8080\"\npublic_url = \"https://csipgs.example/\"\n[web_limits]\nburst = 5\n",
            &[],
        )
        .unwrap();
        assert_eq!(config.web.unwrap().to_string(), "127.0.0.1:8080");
        assert_eq!(
            config.public_url.unwrap().to_string(),
            "https://csipgs.example"
        );
        assert_eq!(config.web_limits.burst, 5);
        assert_eq!(config.web_limits.watchers, WebLimits::default().watchers);
        let config = parse(
            "",
            &[
                ("CSIPGS_WEB", "0.0.0.0:8080"),
                ("CSIPGS_PUBLIC_URL", "http://example.org/chess"),
            ],
        )
        .unwrap();
        assert_eq!(config.web.unwrap().to_string(), "0.0.0.0:8080");
        assert_eq!(
            config.public_url.unwrap().to_string(),
            "http://example.org/chess"
        );
        // A shard process serving no pages still posts links to the ones another serves.
        let links_only = parse("public_url = \"https://csipgs.example\"", &[]).unwrap();
        assert!(links_only.web.is_none() && links_only.public_url.is_some());
        let error = parse("web = \"8080\"", &[]).unwrap_err();
        assert!(matches!(error, ConfigError::WebWithoutPublicUrl), "{error}");
        assert!(
            error.to_string().contains("public_url = \"https://"),
            "{error}"
        );
        let error = parse("web = \"eighty\"\npublic_url = \"https://a\"", &[]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "web must be an address and port such as 0.0.0.0:8080 or 127.0.0.1:8080 (or a port alone, which listens on 127.0.0.1), not 'eighty'"
        );
        for bad in [
            "csipgs.example",
            "ftp://csipgs.example",
            "https://",
            "https://a b",
            "https://a/?x=1",
            "https://a/#top",
            "https://user@a",
        ] {
            let error = parse(&format!("public_url = \"{bad}\""), &[]).unwrap_err();
            assert!(matches!(error, ConfigError::PublicUrl(_)), "{bad}: {error}");
            assert!(
                error.to_string().contains(&format!("not '{bad}'")),
                "{error}"
            );
        }
        let Err(error) = toml::from_str::<File>("[web_limits]\nbursts = 5\n") else {
            panic!("an unknown limit is refused");
        };
        assert!(
            error.to_string().contains("unknown field `bursts`"),
            "{error}"
        );
    }

    #[test]
    fn the_example_files_placeholder_is_no_token() {
        let example = include_str!("../../config.example.toml");
        let config = parse(example, &[]).unwrap();
        assert!(matches!(config.token(), Err(ConfigError::PlaceholderToken)));
        let config = parse(example, &[("CSIPGS_TOKEN", "real")]).unwrap();
        assert_eq!(config.token().unwrap().expose(), "real");
    }

    #[test]
    fn environment_overrides_the_file() {
        let config = parse(
            "token = \"file\"\ndatabase = \"a.db\"\nlog = \"debug\"\ndev_guild = 5\n",
            &[
                ("CSIPGS_TOKEN", "env"),
                ("CSIPGS_DATABASE", "b.db"),
                ("CSIPGS_DEV_GUILD", "7"),
                ("CSIPGS_API_BASE", "http://127.0.0.1:1"),
            ],
        )
        .unwrap();
        assert_eq!(config.token, Some(Token("env".to_string())));
        assert_eq!(config.database, DatabaseUrl::Sqlite(PathBuf::from("b.db")));
        assert_eq!(config.log, "debug");
        assert_eq!(config.dev_guild, Some(7));
        assert_eq!(config.api_base.as_deref(), Some("http://127.0.0.1:1"));
    }

    #[test]
    fn picture_workers_follow_the_cores_unless_set() {
        assert_eq!(parse("", &[]).unwrap().picture_workers, None);
        assert_eq!(
            parse("picture_workers = 0", &[]).unwrap().picture_workers,
            None
        );
        let set = parse("picture_workers = 3", &[]).unwrap();
        assert_eq!(set.picture_workers, Some(3));
        let env = parse("picture_workers = 3", &[("CSIPGS_PICTURE_WORKERS", "1")]).unwrap();
        assert_eq!(env.picture_workers, Some(1));
        let bad = parse("", &[("CSIPGS_PICTURE_WORKERS", "many")]).unwrap_err();
        assert!(bad.to_string().contains("CSIPGS_PICTURE_WORKERS"), "{bad}");
    }

    #[test]
    fn postgres_and_shards_are_settings() {
        let config = parse(
            "database = \"postgres://bot:pw@db/csipgs\"\nshard_range = \"0-3\"\nshard_total = 16\n",
            &[],
        )
        .unwrap();
        assert_eq!(
            config.database,
            DatabaseUrl::Postgres("postgres://bot:pw@db/csipgs".into())
        );
        assert_eq!(
            config.shards,
            ShardPlan::Range(crate::shards::Shards::new(0, 3, 16).unwrap())
        );
        assert!(!format!("{config:?}").contains("pw@"));
        let config = parse(
            "shards = \"auto\"",
            &[("CSIPGS_SHARD_RANGE", "1-1"), ("CSIPGS_SHARD_TOTAL", "2")],
        );
        assert!(matches!(
            config,
            Err(ConfigError::Shards(ShardError::AutoAndRange))
        ));
        let config = parse(
            "",
            &[("CSIPGS_SHARD_RANGE", "1-1"), ("CSIPGS_SHARD_TOTAL", "2")],
        );
        assert_eq!(config.unwrap().shards.owned().first(), 1);
        let error = parse("database = \"mysql://x\"", &[]).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("database: 'mysql://x' is not"),
            "{error}"
        );
        let error = parse("shard_range = \"0-3\"", &[]).unwrap_err();
        assert!(error.to_string().contains("needs shard_total"), "{error}");
    }

    #[test]
    fn quotas_are_a_table_whose_missing_keys_keep_their_defaults() {
        let config = parse("[quotas]\nchallenges_per_member = 1\n", &[]).unwrap();
        assert_eq!(
            config.quotas,
            Quotas {
                challenges_per_member: 1,
                ..Quotas::default()
            }
        );
        assert!(toml::from_str::<File>("[quotas]\nchallenges = 1\n").is_err());
        let example = parse(include_str!("../../config.example.toml"), &[]).unwrap();
        assert_eq!(example.quotas, Quotas::default());
    }

    #[test]
    fn computer_searches_follow_the_cores_unless_set() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert_eq!(
            parse("", &[]).unwrap().computer_searches,
            (cores - 1).max(1)
        );
        assert_eq!(
            parse("computer_searches = 3", &[])
                .unwrap()
                .computer_searches,
            3
        );
        let config = parse(
            "computer_searches = 3",
            &[("CSIPGS_COMPUTER_SEARCHES", "0")],
        );
        assert_eq!(config.unwrap().computer_searches, 1, "at least one");
        let error = parse("", &[("CSIPGS_COMPUTER_SEARCHES", "all")]).unwrap_err();
        assert!(error.to_string().contains("whole number"), "{error}");
    }

    #[test]
    fn http_and_log_format_come_from_the_file_or_the_environment() {
        let config = parse("", &[]).unwrap();
        assert_eq!((config.http, config.log_format), (None, LogFormat::Text));
        let config = parse("http = \"127.0.0.1:9100\"\nlog_format = \"json\"\n", &[]).unwrap();
        assert_eq!(config.http, Some("127.0.0.1:9100".parse().unwrap()));
        assert_eq!(config.log_format, LogFormat::Json);
        let config = parse(
            "http = \"127.0.0.1:9100\"\nlog_format = \"json\"\n",
            &[("CSIPGS_HTTP", "9200"), ("CSIPGS_LOG_FORMAT", "text")],
        )
        .unwrap();
        assert_eq!(config.http.unwrap().to_string(), "127.0.0.1:9200");
        assert_eq!(config.log_format, LogFormat::Text);
        let open = parse("http = \"0.0.0.0:9100\"", &[]).unwrap();
        assert!(
            !open.http.unwrap().is_loopback(),
            "written out, so accepted"
        );
    }

    #[test]
    fn a_bad_http_address_or_log_format_is_refused_with_the_reason() {
        let error = parse("http = \"127.0.0.1\"", &[]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "http must be an address and port such as 127.0.0.1:9100 or [::1]:9100 (or a port alone, which listens on 127.0.0.1), not '127.0.0.1'"
        );
        let error = parse("", &[("CSIPGS_HTTP", "metrics.example:80")]).unwrap_err();
        assert!(
            matches!(error, ConfigError::Ops(SettingError::HttpAddr(_))),
            "{error}"
        );
        let error = parse("log_format = \"logfmt\"", &[]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "log_format must be text or json, not 'logfmt'"
        );
        let error = parse("", &[("CSIPGS_LOG_FORMAT", "yaml")]).unwrap_err();
        assert!(
            matches!(error, ConfigError::Ops(SettingError::LogFormat(_))),
            "{error}"
        );
    }

    #[test]
    fn the_token_never_prints() {
        let config = parse("token = \"sekrit\"", &[]).unwrap();
        assert!(!format!("{config:?}").contains("sekrit"));
    }

    #[test]
    fn bad_values_are_explained() {
        assert!(parse("", &[("CSIPGS_DEV_GUILD", "abc")])
            .unwrap_err()
            .to_string()
            .contains("whole number"));
        assert!(toml::from_str::<File>("tokn = \"x\"").is_err());
    }

    #[test]
    fn a_malformed_file_never_prints_the_token() {
        let dir = std::env::temp_dir().join(format!("csipgs-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for text in [
            "token = \"sekrit-token-value\nlog = \"info\"\n",
            "token = sekrit-token-value\n",
            "token = \"sekrit-token-value\" extra\n",
            "log = \"info\"\ntoken = \"sekrit-token-value\"\ndev_guild = \"sekrit-token-value\"\n",
            "token = 'sekrit-token-value\n",
            "client_secret = \"sekrit-token-value\nlog = \"info\"\n",
        ] {
            let path = dir.join("config.toml");
            std::fs::write(&path, text).unwrap();
            let error = Config::load(&path, true).unwrap_err().to_string();
            assert!(!error.contains("sekrit"), "{error}");
            assert!(error.contains("line"), "{error}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Sign-in takes both OAuth2 keys, and the pages; the secret never shows in a Debug.
    #[test]
    fn signin_takes_both_keys_and_the_pages() {
        let web = "web = \"127.0.0.1:8080\"\npublic_url = \"https://csipgs.example\"\n";
        let both = format!("{web}client_id = 42\nclient_secret = \"sekrit\"\n");
        let config = parse(&both, &[]).unwrap();
        let keys = config.signin.clone().unwrap();
        assert_eq!(keys.client_id, 42);
        assert_eq!(keys.client_secret.expose(), "sekrit");
        assert!(!format!("{config:?}").contains("sekrit"));
        let from_env = parse(
            web,
            &[("CSIPGS_CLIENT_ID", "43"), ("CSIPGS_CLIENT_SECRET", "s2")],
        )
        .unwrap();
        assert_eq!(from_env.signin.unwrap().client_id, 43);
        for half in [
            format!("{web}client_id = 42\n"),
            format!("{web}client_secret = \"sekrit\"\n"),
        ] {
            let error = parse(&half, &[]).unwrap_err();
            assert!(matches!(error, ConfigError::HalfSignin), "{error}");
        }
        let error = parse("client_id = 42\nclient_secret = \"x\"\n", &[]).unwrap_err();
        assert!(matches!(error, ConfigError::SigninWithoutWeb), "{error}");
        let error = parse(web, &[("CSIPGS_CLIENT_ID", "me")]).unwrap_err();
        assert!(error.to_string().contains("CSIPGS_CLIENT_ID"), "{error}");
    }

    #[test]
    fn the_activity_needs_the_keys() {
        let web = "web = \"127.0.0.1:8080\"\npublic_url = \"https://csipgs.example\"\n";
        let keys = format!("{web}client_id = 42\nclient_secret = \"sekrit\"\n");
        assert!(!parse(&keys, &[]).unwrap().activity);
        assert!(
            parse(&format!("{keys}activity = true\n"), &[])
                .unwrap()
                .activity
        );
        assert!(
            parse(&keys, &[("CSIPGS_ACTIVITY", "true")])
                .unwrap()
                .activity
        );
        let error = parse(&format!("{web}activity = true\n"), &[]).unwrap_err();
        assert!(
            matches!(error, ConfigError::ActivityWithoutSignin),
            "{error}"
        );
        let error = parse(&keys, &[("CSIPGS_ACTIVITY", "yes please")]).unwrap_err();
        assert!(error.to_string().contains("true or false"), "{error}");
    }

    #[test]
    fn the_api_base_stays_on_this_machine() {
        for local in [
            "http://127.0.0.1:8080",
            "http://127.0.0.5",
            "http://localhost:1/",
            "http://[::1]:9",
        ] {
            assert!(parse("", &[("CSIPGS_API_BASE", local)]).is_ok(), "{local}");
        }
        for remote in [
            "http://discord.com",
            "https://127.0.0.1:1",
            "http://10.0.0.1:80",
            "http://127.0.0.1.evil.example",
            "http://user@evil.example:80",
            "http://localhost@evil.example",
            "http://me:s3cret@evil.example/?token=s3cret",
        ] {
            let error = parse(&format!("api_base = \"{remote}\""), &[]).unwrap_err();
            assert!(matches!(error, ConfigError::ApiBaseNotLocal(_)), "{remote}");
            assert!(!error.to_string().contains("s3cret"), "{error}");
        }
    }

    #[test]
    fn retention_and_backups() {
        let config = parse("", &[]).unwrap();
        assert_eq!(config.retention, Retention::default());
        assert_eq!(config.backups, None);
        let config = parse(
            "database = \"data/bot.db\"\nbackup_every = \"6h\"\nforget_left_servers_after = \"2w\"\n\
             [retention]\nheld_messages = \"7d\"",
            &[],
        )
        .unwrap();
        assert_eq!(
            config.backups,
            Some(Backups {
                every: "6h".parse().unwrap(),
                keep: 7,
                dir: PathBuf::from("data/backups"),
            })
        );
        assert_eq!(config.retention.left_servers.to_string(), "2 weeks");
        assert_eq!(config.retention.held_messages.to_string(), "1 week");
        assert_eq!(config.retention.closed_challenges.to_string(), "30 days");
        let env = parse("", &[("CSIPGS_BACKUP_EVERY", "1d")]).unwrap();
        assert_eq!(env.backups.unwrap().dir, PathBuf::from("backups"));

        let error = parse("backup_every = \"six hours\"", &[]).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("backup_every: 'six hours' is not a length of time"),
            "{error}"
        );
        let error = parse("backup_keep = 3", &[]).unwrap_err();
        assert!(matches!(error, ConfigError::BackupWithoutEvery), "{error}");
        let error = parse("backup_every = \"6h\"\nbackup_keep = 0", &[]).unwrap_err();
        assert!(matches!(error, ConfigError::BackupKeep(0)), "{error}");
        let error = parse(
            "database = \"postgres://u@db/csipgs\"\nbackup_every = \"6h\"",
            &[],
        )
        .unwrap_err();
        assert!(error.to_string().contains("pg_dump"), "{error}");
        assert!(toml::from_str::<File>("[retention]\nheld = \"1d\"").is_err());
    }

    #[test]
    fn the_example_file_is_valid() {
        let text = include_str!("../../config.example.toml");
        let file: File = toml::from_str(text).expect("config.example.toml parses");
        assert!(file.token.is_some());
    }
}
