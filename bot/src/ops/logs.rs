//! Where log lines go: standard error, with secrets blanked out. An error from Discord's
//! HTTP client quotes the address it failed on, and an interaction's or webhook's address
//! holds its token (a key to post as the bot for 15 minutes): scrubbing every line as it is
//! written catches them whoever logs the error, serenity included.

use std::io::{self, Write};
use tracing_subscriber::fmt::MakeWriter;

/// Runs of token characters this long are secrets: Discord's interaction and webhook
/// tokens are about 150, bot tokens about 70; ids are at most 20 digits and words and
/// paths are broken up by other characters.
const SECRET_LEN: usize = 50;
const BLANKED: &str = "[redacted]";

/// Standard error, scrubbed.
#[derive(Clone, Copy, Debug, Default)]
pub struct Scrubbed;

impl<'a> MakeWriter<'a> for Scrubbed {
    type Writer = ScrubbedLine;

    fn make_writer(&'a self) -> ScrubbedLine {
        ScrubbedLine
    }
}

/// One write: the formatter writes each event whole, so a secret is never split across two.
pub struct ScrubbedLine;

impl Write for ScrubbedLine {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        io::stderr().lock().write_all(&scrub(bytes))?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        io::stderr().flush()
    }
}

fn secretish(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'-' | b'.')
}

/// The bytes with every long run of token characters replaced by `[redacted]`.
pub fn scrub(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut rest = bytes;
    while !rest.is_empty() {
        let run = rest.iter().take_while(|&&b| secretish(b)).count();
        if run >= SECRET_LEN {
            out.extend_from_slice(BLANKED.as_bytes());
        } else {
            out.extend_from_slice(&rest[..run]);
        }
        let other = rest[run..].iter().take_while(|&&b| !secretish(b)).count();
        out.extend_from_slice(&rest[run..run + other]);
        rest = &rest[run + other..];
    }
    out
}

/// Every panic as one error line through the scrubbed writer, in the configured format. A
/// panic's message can quote member input: written raw (as the default hook does) a newline
/// in it would start a second, forged log line, and a token in it would reach the log.
pub fn log_panic(info: &std::panic::PanicHookInfo<'_>) {
    let payload = info.payload();
    let message = payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("(a panic without a message)");
    let at = info
        .location()
        .map(|l| format!("{}:{}", l.file(), l.line()));
    panicked(message, at.as_deref().unwrap_or("unknown"));
}

fn panicked(message: &str, at: &str) {
    let thread = std::thread::current();
    tracing::error!(
        panic = %message.escape_debug(),
        at,
        thread = thread.name().unwrap_or("unnamed"),
        "panicked"
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// Log lines as `Scrubbed` writes them, kept for the test.
    #[derive(Clone, Default)]
    struct Kept(Arc<Mutex<Vec<u8>>>);

    impl Write for Kept {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend(scrub(bytes));
            Ok(bytes.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_panic_is_one_scrubbed_json_line_whatever_its_message_holds() {
        let kept = Kept::default();
        let writer = kept.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .json()
            .finish();
        let token = "x".repeat(SECRET_LEN + 10);
        let forged = format!(
            "value \"é1\"\n{{\"level\":\"ERROR\",\"fields\":{{\"message\":\"forged\"}}}}\r\n{token}"
        );
        tracing::subscriber::with_default(subscriber, || panicked(&forged, "draft.rs:1"));
        let out = String::from_utf8(kept.0.lock().unwrap().clone()).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 1, "{out}");
        let line: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
        assert_eq!(line["level"], "ERROR");
        let panic = line["fields"]["panic"].as_str().unwrap();
        assert!(panic.contains("forged") && !panic.contains('\n'), "{panic}");
        assert!(!out.contains(&token), "{out}");
    }

    fn scrubbed(text: &str) -> String {
        String::from_utf8(scrub(text.as_bytes())).unwrap()
    }

    #[test]
    fn interaction_tokens_in_addresses_are_blanked() {
        let token = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OlJhbmRvbVRva2VuVGV4dA-_x.y".repeat(2);
        let line = format!(
            "WARN can't answer an interaction error=error sending request for url \
             (https://discord.com/api/v10/interactions/1234567890123456789/{token}/callback)"
        );
        let out = scrubbed(&line);
        assert!(!out.contains(&token), "{out}");
        assert!(
            out.contains("/interactions/1234567890123456789/[redacted]/callback"),
            "{out}"
        );
    }

    #[test]
    fn ordinary_lines_are_unchanged() {
        for line in [
            "INFO database ready database=sqlite:/var/lib/csipgs/csipgs.db shards=0..0 active_games=12\n",
            "{\"level\":\"INFO\",\"fields\":{\"message\":\"connected\"},\"span\":{\"guild\":123456789012345678}}\n",
            "déjà vu: 9999999999999999999 ids, ünïcode\n",
            "",
        ] {
            assert_eq!(scrubbed(line), line);
        }
    }
}
