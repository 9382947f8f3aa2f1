//! Settings: `config.toml`, then `CSIPGS_*` environment variables over it.

use serde::Deserialize;
use std::fmt;
use std::path::{Path, PathBuf};

/// The bot's token. Its Debug and Display never show it, so it can't reach a log.
#[derive(Clone, Deserialize, PartialEq, Eq)]
#[serde(transparent)]
pub struct Token(String);

impl Token {
    /// The secret itself, for the Discord client only.
    pub fn expose(&self) -> &str {
        &self.0
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
    pub database: PathBuf,
    /// A tracing filter, such as `info` or `csipgs=debug,serenity=warn`.
    pub log: String,
    /// Register the slash commands in this guild only (instant, for development) instead of
    /// globally.
    pub dev_guild: Option<u64>,
    /// Where Discord's REST API lives; set only by tests that run a fake Discord.
    pub api_base: Option<String>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            token: None,
            database: PathBuf::from("csipgs.db"),
            log: "info".to_string(),
            dev_guild: None,
            api_base: None,
        }
    }
}

/// The file's shape: every setting optional.
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    token: Option<Token>,
    database: Option<PathBuf>,
    log: Option<String>,
    dev_guild: Option<u64>,
    api_base: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("can't read {path}: {error}")]
    Read {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error("{path} is not valid: {error}")]
    Parse {
        path: PathBuf,
        error: toml::de::Error,
    },
    #[error("{name} must be a Discord id (a whole number), not '{value}'")]
    BadId { name: &'static str, value: String },
    #[error("no Discord token: put token = \"...\" in config.toml or set CSIPGS_TOKEN (see config.example.toml); to play without Discord, run `csipgs play`")]
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
            Ok(text) => toml::from_str(&text).map_err(|error| ConfigError::Parse {
                path: path.to_path_buf(),
                error,
            })?,
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
        Ok(Config {
            token: set("CSIPGS_TOKEN")
                .map(Token)
                .or(file.token)
                .filter(|t| !t.0.trim().is_empty()),
            database: set("CSIPGS_DATABASE")
                .map(PathBuf::from)
                .or(file.database)
                .unwrap_or(defaults.database),
            log: set("CSIPGS_LOG").or(file.log).unwrap_or(defaults.log),
            dev_guild: dev_guild.filter(|&g| g != 0),
            api_base: set("CSIPGS_API_BASE")
                .or(file.api_base)
                .filter(|b| !b.trim().is_empty()),
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
        assert_eq!(config.database, PathBuf::from("b.db"));
        assert_eq!(config.log, "debug");
        assert_eq!(config.dev_guild, Some(7));
        assert_eq!(config.api_base.as_deref(), Some("http://127.0.0.1:1"));
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
    fn the_example_file_is_valid() {
        let text = include_str!("../../config.example.toml");
        let file: File = toml::from_str(text).expect("config.example.toml parses");
        assert!(file.token.is_some());
    }
}
