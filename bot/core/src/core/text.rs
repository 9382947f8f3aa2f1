//! Words the core says in more than one place: /help, /rules, the refusals that come before
//! any command runs, and how any text is made safe to show.

use super::catalogue::{Command, Menu, COMMANDS, MENUS};
use super::Reply;
use std::fmt::Write;

/// One line per command: name, options, what it does.
pub fn help() -> String {
    help_of(|_| true)
}

/// /help for the commands `kept` names (the terminal reads only some of them), from the same
/// catalogue as Discord's.
pub fn help_of(kept: impl Fn(&str) -> bool) -> String {
    let mut text = String::from(
        "**csipgs chess**: design your own pieces in Betza's funny notation and buy them with zorkmids.\n",
    );
    for c in COMMANDS.iter().filter(|c| kept(c.name)) {
        if c.subcommands.is_empty() {
            usage(&mut text, c.name, c);
        }
        for sub in c.subcommands {
            usage(&mut text, &format!("{} {}", c.name, sub.name), sub);
        }
    }
    let menus: Vec<&Menu> = MENUS.iter().filter(|m| kept(m.name)).collect();
    if !menus.is_empty() {
        text.push_str("\n\nRight-click a member or a message, then **Apps**:");
        for menu in menus {
            let _ = write!(text, "\n**{}**: {}", menu.name, menu.description);
        }
    }
    text
}

/// One line of /help: `/name option [optional]`: description.
fn usage(text: &mut String, name: &str, c: &Command) {
    let _ = write!(text, "\n`{}`: {}", c.usage(name), c.description);
}

/// The answer to every command while the bot shuts down.
pub const RESTARTING: &str = "The bot is restarting, so nothing was done: try again in a moment.";

/// The answer to a member who sends commands faster than the bot takes them.
pub const SLOW_DOWN: &str =
    "You are sending commands faster than the bot takes them: wait a few seconds, then try again.";

/// The text with a capital first letter.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// How many characters of one word (a run without spaces) a message shows: what a member
/// typed is echoed in errors, and a 5000-character design must not fill the answer.
const ECHO_MAX: usize = 80;

/// Text made safe to show: control, bidirectional and invisible characters (which could
/// reorder or hide the rest of a message) become U+FFFD, and any word longer than
/// `ECHO_MAX` characters is clipped with an ellipsis, keeping its closing punctuation.
pub fn neutral(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(4096));
    let mut word = String::new();
    for c in text.chars() {
        match c {
            '\n' | ' ' => {
                clip_into(&mut out, &word);
                word.clear();
                out.push(c);
            }
            '\t' => {
                clip_into(&mut out, &word);
                word.clear();
                out.push(' ');
            }
            c if hidden(c) => word.push('\u{FFFD}'),
            c => word.push(c),
        }
    }
    clip_into(&mut out, &word);
    out
}

/// Append a word, clipped to `ECHO_MAX` characters with its closing punctuation kept (a
/// quote or a backtick that closes what the message opened).
fn clip_into(out: &mut String, word: &str) {
    if word.chars().count() <= ECHO_MAX {
        out.push_str(word);
        return;
    }
    let tail: Vec<char> = {
        let mut t: Vec<char> = word
            .chars()
            .rev()
            .take_while(|c| !c.is_alphanumeric())
            .take(3)
            .collect();
        t.reverse();
        t
    };
    out.extend(word.chars().take(ECHO_MAX - 1 - tail.len()));
    out.push('…');
    out.extend(tail);
}

/// Characters that can hide or reorder text: controls, bidirectional marks and overrides,
/// zero-width characters and line separators.
fn hidden(c: char) -> bool {
    (c.is_control() && c != '\n')
        || matches!(c,
            '\u{061C}' | '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}'
            | '\u{2060}'..='\u{2069}' | '\u{FEFF}')
}

/// Text a member wrote (a tournament's, a proposal's or a member's name) as the core repeats
/// it: every character Discord's markdown reads is backslash-escaped, so the text shows as
/// typed. `[Free Nitro](https://...)` stays words and a visible address, never a masked link;
/// `**`, `__`, `~~`, `||`, a backtick or `<@id>` in a name neither formats nor mentions.
pub fn literal(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if MARKDOWN.contains(&c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The characters Discord's markdown gives a meaning: emphasis, code, spoilers, quotes,
/// headings, lists, masked links, mentions and escapes themselves.
const MARKDOWN: &[char] = &[
    '\\', '*', '_', '~', '`', '|', '>', '<', '#', '-', '[', ']', '(', ')', ':', '@',
];

/// The core's markdown as plain words, for a screen that shows no formatting: emphasis and
/// code marks dropped, escaped characters kept as typed.
pub fn unmarked(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek().is_some_and(|n| n.is_ascii_punctuation()) => {
                out.extend(chars.next());
            }
            '`' => {}
            '*' if chars.peek() == Some(&'*') => {
                chars.next();
            }
            c => out.push(c),
        }
    }
    out
}

/// A reply with its text made safe to show.
pub fn clean(mut reply: Reply) -> Reply {
    reply.text = anonymous_named(neutral(&reply.text));
    reply.pings.retain(|&id| anonymous_label(id).is_none());
    reply
}

/// Mentions of forgotten members (who have no Discord account to mention) as their label.
fn anonymous_named(text: String) -> String {
    let parts = spans(&text);
    if !parts
        .iter()
        .any(|p| matches!(p, Span::Member(id) if anonymous_label(*id).is_some()))
    {
        return text;
    }
    parts
        .into_iter()
        .map(|part| match part {
            Span::Plain(words) => words.to_string(),
            Span::Member(id) => anonymous_label(id).unwrap_or_else(|| format!("<@{id}>")),
            Span::Channel(id) => format!("<#{id}>"),
        })
        .collect()
}

/// "deleted member #4" for the id a forgotten member's rows carry (see `store::Forgotten`).
fn anonymous_label(id: u64) -> Option<String> {
    crate::store::anonymous_number(id).map(|n| format!("deleted member #{n}"))
}

/// A piece of the core's text: words, or a member or a channel named by id. The core writes
/// them `<@id>` and `<#id>` (as Discord does, so its adapter shows the text as it is); any
/// other adapter reads them here, typed, and names them its own way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Span<'a> {
    Plain(&'a str),
    Member(u64),
    Channel(u64),
}

/// The core's text as spans, in order.
pub fn spans(text: &str) -> Vec<Span<'_>> {
    let mut spans = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find('<') {
        let tail = &rest[at..];
        // An odd run of backslashes before it escapes the `<`: a name that only looks like
        // a mention (see `literal`).
        let escaped = rest[..at].bytes().rev().take_while(|&b| b == b'\\').count() % 2 == 1;
        let mention = tail.find('>').filter(|_| !escaped).and_then(|end| {
            let (kind, digits) = (tail.get(1..2)?, tail.get(2..end)?);
            let id = digits
                .bytes()
                .all(|b| b.is_ascii_digit())
                .then(|| digits.parse::<u64>().ok())??;
            match kind {
                "@" => Some((Span::Member(id), end + 1)),
                "#" => Some((Span::Channel(id), end + 1)),
                _ => None,
            }
        });
        match mention {
            Some((span, len)) => {
                if at > 0 {
                    spans.push(Span::Plain(&rest[..at]));
                }
                spans.push(span);
                rest = &tail[len..];
            }
            None => {
                spans.push(Span::Plain(&rest[..at + 1]));
                rest = &rest[at + 1..];
            }
        }
    }
    if !rest.is_empty() {
        spans.push(Span::Plain(rest));
    }
    spans
}

/// The rules in brief (RULES.md is the full statement).
pub const RULES: &str = "\
**csipgs chess** (Ralph Betza, 1996) in brief:
- Each side starts with a royal king only (White e1, Black e8), 0 zorkmids and six designs: P N B R Q K.
- Every turn: get 1 zorkmid, then do one action: **move** a piece, **transfer** a reserve piece onto an empty square next to your royal piece (not while it is in check), or **buy** a piece of one of your six designs into your reserve (at most 16 pieces, not in check).
- Then, optionally, **redesign**: replace one of your six designs with a new one (`B=WD`). Pieces already bought keep their design.
- A design's price comes from its moves: `/price WbRbmHfB` shows the breakdown.
- With one royal piece, normal check rules; checkmate wins. No legal action at all (stalemate) loses. With several royal pieces, check may be ignored until the last one.
- No castling, en passant, double step or promotion.
- Rulesets: **classic** (draws by agreement allowed), **kurnia** (Black starts with 0.5, proposals on, no draws), **progressive** (Bodlaender's prices, income grows every 7 plies, several buys in one action, no draws).
- Options: **power** (buy in the design phase, so move and buy in one turn), **proposals** (price new atoms and modifiers by sealed estimates: /propose and /estimate), **unofficial** (the relay-, doublemove- and shooting- prefixes), **plunder** (a capture takes half the captured piece's price from its owner, who may fall into debt), **fog** (Betza's moderated game: each player sees only what their pieces see, on a board with six impassable squares; no check rules, capturing the last royal piece wins; your board comes by DM and with /board, and the record and true board are shown at the end).
- Turns are written as in the 1998 games: `Kd2`, `(WD)xe5+`, `N@f3`, `Buy WD`, `Kd2; B=WD`.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mentions_are_read_as_spans() {
        assert_eq!(
            spans("<@12> (White) vs <@3>, in <#45>."),
            vec![
                Span::Member(12),
                Span::Plain(" (White) vs "),
                Span::Member(3),
                Span::Plain(", in "),
                Span::Channel(45),
                Span::Plain("."),
            ]
        );
        let plain = |text| spans(text).iter().all(|s| matches!(s, Span::Plain(_)));
        for text in [
            "a < b",
            "<@>",
            "<@12",
            "<@x1>",
            "<!12>",
            "<@99999999999999999999>",
            "<",
        ] {
            assert!(plain(text), "{text}");
            let joined: String = spans(text)
                .iter()
                .map(|s| match s {
                    Span::Plain(p) => *p,
                    _ => "",
                })
                .collect();
            assert_eq!(joined, text);
        }
        assert!(spans("").is_empty());
    }

    #[test]
    fn a_masked_link_in_a_name_is_shown_as_text() {
        let name = literal("[Free Nitro](https://x.example/a_b) **now** <@12> `x` ||y||");
        assert_eq!(
            name,
            r"\[Free Nitro\]\(https\://x.example/a\_b\) \*\*now\*\* \<\@12\> \`x\` \|\|y\|\|"
        );
        // Not a mention for the adapters either, and plain words again on a screen.
        assert!(spans(&name).iter().all(|s| matches!(s, Span::Plain(_))));
        assert_eq!(
            unmarked(&name),
            "[Free Nitro](https://x.example/a_b) **now** <@12> `x` ||y||"
        );
        assert_eq!(literal(r"a\b"), r"a\\b");
        assert_eq!(unmarked(&literal(r"a\b")), r"a\b");
        assert_eq!(unmarked("**Bold** `code`"), "Bold code");
    }
}
