//! What a message says, as typed pieces rather than markup: the core names a member, a
//! channel, a design or a heading, and each adapter shows it its own way (Discord as
//! mentions and markdown, the terminal as names, the web as HTML).

use serde::{Deserialize, Deserializer, Serialize};

/// A message's words, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Content(Vec<Span>);

/// One piece of a message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Span {
    /// The core's own words, shown as they are.
    Text(String),
    /// What a member wrote (a name, a tournament's name, a proposal's): shown exactly as
    /// typed, never formatting or mentioning anything.
    Typed(String),
    /// A member, by id: a mention on Discord, a name elsewhere.
    Member(u64),
    /// A channel or thread, by id.
    Channel(u64),
    /// Words that stand out (a heading, a price).
    Strong(Content),
    /// A design, a turn or a command as it is typed: one line in a fixed-width font.
    Code(String),
    /// Lines in a fixed-width font, set apart (an opening's moves, a table).
    Block(String),
    /// A moment (Unix seconds) as how long until or since it: "in 2 hours".
    Relative(i64),
    /// A moment (Unix seconds) as a date and time.
    Date(i64),
    /// Words that depend on where the message is read.
    Local(Local),
}

/// Words that depend on where a message is read: Discord's servers, channels and threads,
/// or the terminal's one unrated game at one keyboard (where /rematch starts the next).
/// Each adapter words them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Local {
    /// Where games are counted, ending a phrase: " in this server", or nothing.
    Scope,
    /// Where the game is, ending "the game": " in this channel", or nothing.
    Here,
    /// The place that holds a game, after "this ": "channel".
    Place,
    /// What to do for a new game, a clause after "no game ...: ".
    NewGame,
    /// Why there is no rating to show, after a colon.
    NoRating,
    /// A sentence after an aborted game: where the next one starts.
    AfterAbort,
    /// What to do after a game's end, after a colon.
    AfterEnd,
    /// What to do while a game goes on, after a colon.
    FinishFirst,
    /// How "there is no game" ends.
    NoGame,
    /// How "there is no finished game" ends, asked for a rematch.
    NoRematch,
    /// How "there is no game" ends, asked for a replay.
    NoReplay,
    /// How a fog player gets their own view, after "each of you ".
    OwnView,
    /// What to do instead of a computer game with proposals, after a colon.
    ProposalsWithoutComputer,
    /// What to do with variants asked for in a csipgs game, after a colon.
    AddFide,
}

/// The pieces of a `Content`, for the `words!` macro: any text, a span, or content.
pub enum Piece {
    Span(Span),
    Content(Content),
}

impl From<Span> for Piece {
    fn from(span: Span) -> Piece {
        Piece::Span(span)
    }
}

impl From<Content> for Piece {
    fn from(content: Content) -> Piece {
        Piece::Content(content)
    }
}

impl From<&str> for Piece {
    fn from(text: &str) -> Piece {
        Piece::Span(Span::Text(text.to_string()))
    }
}

impl From<String> for Piece {
    fn from(text: String) -> Piece {
        Piece::Span(Span::Text(text))
    }
}

impl From<&String> for Piece {
    fn from(text: &String) -> Piece {
        Piece::Span(Span::Text(text.clone()))
    }
}

/// Content from pieces in order: `words!["Game on, ", member(a), " against ", member(b)]`.
#[macro_export]
macro_rules! words {
    ($($piece:expr),* $(,)?) => {{
        let mut content = $crate::core::Content::default();
        $(content.push($piece);)*
        content
    }};
}

/// A moment (Unix seconds) as "2026-12-01 18:00 UTC", for an adapter without a clock of
/// its own to show it in.
pub fn utc_time(at: i64) -> String {
    match time::OffsetDateTime::from_unix_timestamp(at) {
        Ok(t) => format!("{} {:02}:{:02} UTC", t.date(), t.hour(), t.minute()),
        Err(_) => format!("{at} seconds after 1970"),
    }
}

/// Channels named one after another: "#a, #b".
pub fn listed(channels: &[u64]) -> Content {
    let mut content = Content::default();
    for (i, &id) in channels.iter().enumerate() {
        if i > 0 {
            content.push(", ");
        }
        content.push(named_channel(id));
    }
    content
}

/// A member, by id.
pub fn member(id: u64) -> Span {
    Span::Member(id)
}

/// A channel or thread, by id.
pub fn named_channel(id: u64) -> Span {
    Span::Channel(id)
}

/// Words that stand out.
pub fn strong(words: impl Into<Content>) -> Span {
    Span::Strong(words.into())
}

/// A design, a turn or a command as it is typed.
pub fn code(text: impl Into<String>) -> Span {
    Span::Code(text.into())
}

/// Lines in a fixed-width font, set apart.
pub fn block(text: impl Into<String>) -> Span {
    Span::Block(text.into())
}

/// What a member wrote, shown as typed.
pub fn typed(text: impl Into<String>) -> Span {
    Span::Typed(text.into())
}

impl Content {
    /// Append a piece: text, a span or other content.
    pub fn push(&mut self, piece: impl Into<Piece>) {
        match piece.into() {
            Piece::Span(Span::Text(text)) if text.is_empty() => {}
            Piece::Span(span) => self.0.push(span),
            Piece::Content(content) => self.0.extend(content.0),
        }
    }

    /// The content without whitespace at its end.
    pub fn trim_end(self) -> Content {
        self.trim_end_matches(char::is_whitespace)
    }

    /// The content without the characters `trimmed` matches at its end (in its own words).
    pub fn trim_end_matches(mut self, trimmed: impl Fn(char) -> bool) -> Content {
        while let Some(Span::Text(last)) = self.0.last_mut() {
            let kept = last.trim_end_matches(&trimmed).len();
            last.truncate(kept);
            match last.is_empty() {
                true => self.0.pop(),
                false => break,
            };
        }
        self
    }

    pub fn from_spans(spans: Vec<Span>) -> Content {
        Content(spans)
    }

    pub fn spans(&self) -> &[Span] {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Every span mapped, nested ones included: how an adapter or `text::clean` rewrites
    /// what a message says.
    pub fn map(self, f: &impl Fn(Span) -> Span) -> Content {
        Content(
            self.0
                .into_iter()
                .map(|span| match span {
                    Span::Strong(inner) => Span::Strong(inner.map(f)),
                    other => f(other),
                })
                .collect(),
        )
    }

    /// The members named, in order (with repeats).
    pub fn members(&self) -> Vec<u64> {
        let mut ids = Vec::new();
        for span in &self.0 {
            match span {
                Span::Member(id) => ids.push(*id),
                Span::Strong(inner) => ids.extend(inner.members()),
                _ => {}
            }
        }
        ids
    }

    /// The content as plain words: members and channels named by `name`, no formatting.
    pub fn plain(&self, name: &impl Fn(&Span) -> String) -> String {
        let mut out = String::new();
        for span in &self.0 {
            match span {
                Span::Text(t) | Span::Typed(t) | Span::Code(t) | Span::Block(t) => out.push_str(t),
                Span::Strong(inner) => out.push_str(&inner.plain(name)),
                other => out.push_str(&name(other)),
            }
        }
        out
    }

    /// A message an older bot wrote as Discord markdown (it may wait in the outbox across
    /// an upgrade), as content that shows the same: mentions, bold, code and the
    /// backslash-escaped characters of what members typed.
    pub fn from_markup(text: &str) -> Content {
        let mut content = Content::default();
        let mut plain = String::new();
        let mut rest = text;
        let flush = |content: &mut Content, plain: &mut String| {
            content.push(std::mem::take(plain));
        };
        while let Some(c) = rest.chars().next() {
            let taken = if let Some(after) = rest.strip_prefix("```") {
                after.find("```").map(|end| {
                    let inner = &after[..end];
                    let inner = inner.strip_prefix('\n').unwrap_or(inner);
                    let inner = inner.strip_suffix('\n').unwrap_or(inner);
                    (Span::Block(inner.to_string()), 3 + end + 3)
                })
            } else if let Some(after) = rest.strip_prefix('`') {
                after
                    .find('`')
                    .map(|end| (Span::Code(after[..end].to_string()), 1 + end + 1))
            } else if let Some(after) = rest.strip_prefix("**") {
                after
                    .find("**")
                    .filter(|&end| end > 0)
                    .map(|end| (Span::Strong(Content::from_markup(&after[..end])), end + 4))
            } else if let Some(after) = rest.strip_prefix('\\') {
                after
                    .chars()
                    .next()
                    .filter(char::is_ascii_punctuation)
                    .map(|escaped| (Span::Typed(escaped.to_string()), 2))
            } else if c == '<' {
                mention(rest)
            } else {
                None
            };
            match taken {
                Some((span, len)) => {
                    flush(&mut content, &mut plain);
                    match (content.0.last_mut(), span) {
                        (Some(Span::Typed(before)), Span::Typed(more)) => before.push_str(&more),
                        (_, span) => content.0.push(span),
                    }
                    rest = &rest[len..];
                }
                None => {
                    plain.push(c);
                    rest = &rest[c.len_utf8()..];
                }
            }
        }
        flush(&mut content, &mut plain);
        content
    }
}

/// `write!` appends the core's own words.
impl std::fmt::Write for Content {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.push(s);
        Ok(())
    }
}

/// A mention at the start of `text` (`<@12>`, `<#34>`) and its length.
fn mention(text: &str) -> Option<(Span, usize)> {
    let end = text.find('>')?;
    let (kind, digits) = (text.get(1..2)?, text.get(2..end)?);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let id = digits.parse::<u64>().ok()?;
    match kind {
        "@" => Some((Span::Member(id), end + 1)),
        "#" => Some((Span::Channel(id), end + 1)),
        _ => None,
    }
}

impl From<Span> for Content {
    fn from(span: Span) -> Content {
        Content(vec![span])
    }
}

/// The core's own words.
impl From<&str> for Content {
    fn from(text: &str) -> Content {
        words![text]
    }
}

impl From<String> for Content {
    fn from(text: String) -> Content {
        words![text]
    }
}

/// Read as spans, or as the markdown string an older bot stored (see `from_markup`).
impl<'de> Deserialize<'de> for Content {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Content, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Stored {
            Spans(Vec<Span>),
            Markup(String),
        }
        Ok(match Stored::deserialize(deserializer)? {
            Stored::Spans(spans) => Content(spans),
            Stored::Markup(text) => Content::from_markup(&text),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_is_read_as_spans() {
        let read = Content::from_markup(
            "**Game on!** <@12> (White) vs <@3>, in <#45>: `Kd2` \\*\\*x\\*\\* a < b <@x>\n```\nab\n```",
        );
        let expected = words![
            strong("Game on!"),
            " ",
            member(12),
            " (White) vs ",
            member(3),
            ", in ",
            named_channel(45),
            ": ",
            code("Kd2"),
            " ",
            typed("**"),
            "x",
            typed("**"),
            " a < b <@x>\n",
            Span::Block("ab".to_string()),
        ];
        assert_eq!(read, expected);
        for text in [
            "<@>",
            "<@12",
            "<!12>",
            "<@99999999999999999999>",
            "<",
            "`",
            "**",
        ] {
            assert_eq!(Content::from_markup(text), words![text], "{text}");
        }
        assert!(Content::from_markup("").is_empty());
    }

    #[test]
    fn an_older_bots_markdown_string_still_deserializes() {
        let old: Content = serde_json::from_str(r#""<@1> resigns: **<@2>** wins.""#).unwrap();
        assert_eq!(
            old,
            words![member(1), " resigns: ", strong(words![member(2)]), " wins."]
        );
        let new = words!["Hi ", member(7), typed("*x*")];
        let stored = serde_json::to_string(&new).unwrap();
        assert_eq!(serde_json::from_str::<Content>(&stored).unwrap(), new);
    }
}
