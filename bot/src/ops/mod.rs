//! What an operator running the bot for years needs: the `http` and `log_format` settings,
//! and `/healthz` and `/metrics`. The metrics themselves (every metric's name and the calls
//! that record one) are the core crate's `measure`, since the core records most of them.
//!
//! Layout: here the two settings, parsed once; `http` (the endpoints, served on the bot's
//! own runtime); `conns` (how both servers serve connections: timeouts and caps); `logs`
//! (where log lines go, secrets scrubbed).

pub mod conns;
pub mod http;
pub mod logs;

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::str::FromStr;

/// Where `/healthz` and `/metrics` listen. A port alone, or `localhost:PORT`, is on
/// 127.0.0.1; any other address must be written out in full, so the endpoints reach past
/// this machine only when someone said so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HttpAddr(SocketAddr);

impl HttpAddr {
    pub fn socket(self) -> SocketAddr {
        self.0
    }

    /// Whether only this machine can reach it.
    pub fn is_loopback(self) -> bool {
        self.0.ip().is_loopback()
    }
}

impl fmt::Display for HttpAddr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl FromStr for HttpAddr {
    type Err = SettingError;

    fn from_str(text: &str) -> Result<HttpAddr, SettingError> {
        let bad = || SettingError::HttpAddr(text.to_string());
        let trimmed = text.trim();
        let loopback = IpAddr::V4(Ipv4Addr::LOCALHOST);
        let addr = if let Ok(port) = trimmed.parse::<u16>() {
            SocketAddr::new(loopback, port)
        } else if let Some(port) = trimmed.strip_prefix("localhost:") {
            SocketAddr::new(loopback, port.parse().map_err(|_| bad())?)
        } else {
            trimmed.parse().map_err(|_| bad())?
        };
        // Port 0 would listen somewhere nobody is told of.
        if addr.port() == 0 {
            return Err(bad());
        }
        Ok(HttpAddr(addr))
    }
}

/// How log lines are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LogFormat {
    /// For people: one readable line an event.
    #[default]
    Text,
    /// For log collectors: one JSON object a line, with the current span's fields.
    Json,
}

impl FromStr for LogFormat {
    type Err = SettingError;

    fn from_str(text: &str) -> Result<LogFormat, SettingError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "text" => Ok(LogFormat::Text),
            "json" => Ok(LogFormat::Json),
            _ => Err(SettingError::LogFormat(text.to_string())),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingError {
    #[error("http must be an address and port such as 127.0.0.1:9100 or [::1]:9100 (or a port alone, which listens on 127.0.0.1), not '{0}'")]
    HttpAddr(String),
    #[error("log_format must be text or json, not '{0}'")]
    LogFormat(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_http_address_is_loopback_unless_written_out() {
        let addr = |t: &str| t.parse::<HttpAddr>().map(|a| a.to_string());
        assert_eq!(addr("9100").unwrap(), "127.0.0.1:9100");
        assert_eq!(addr(" localhost:9100 ").unwrap(), "127.0.0.1:9100");
        assert_eq!(addr("127.0.0.1:9100").unwrap(), "127.0.0.1:9100");
        assert_eq!(addr("[::1]:9100").unwrap(), "[::1]:9100");
        assert!("9100".parse::<HttpAddr>().unwrap().is_loopback());
        let everywhere: HttpAddr = "0.0.0.0:9100".parse().unwrap();
        assert!(!everywhere.is_loopback());
        assert!(!"10.1.2.3:80".parse::<HttpAddr>().unwrap().is_loopback());
    }

    #[test]
    fn a_malformed_http_address_is_explained() {
        for bad in [
            "",
            "127.0.0.1",
            "127.0.0.1:",
            "127.0.0.1:99999",
            "127.0.0.1:0",
            "0",
            "example.com:9100",
            "localhost",
            "http://127.0.0.1:9100",
            "::1:9100",
        ] {
            let error = bad.parse::<HttpAddr>().unwrap_err();
            assert_eq!(error, SettingError::HttpAddr(bad.to_string()), "{bad}");
            assert!(error.to_string().contains("127.0.0.1:9100"), "{error}");
        }
    }

    #[test]
    fn log_formats_are_text_or_json() {
        assert_eq!("text".parse(), Ok(LogFormat::Text));
        assert_eq!(" JSON ".parse(), Ok(LogFormat::Json));
        let error = "yaml".parse::<LogFormat>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "log_format must be text or json, not 'yaml'"
        );
    }
}
