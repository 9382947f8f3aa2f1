//! Words the core says in more than one place: /help, /rules, the refusals that come before
//! any command runs, and how any text is made safe to show.

use super::catalogue::{Command, Menu, COMMANDS, MENUS};
use super::{code, strong, Content, Local, Reply, Span};
use crate::words;

/// One line per command: name, options, what it does.
pub fn help() -> Content {
    help_of(false)
}

/// /help from the catalogue: every command and menu, or for the terminal only the commands
/// it reads (a game's own).
pub fn help_of(terminal: bool) -> Content {
    let mut text = words![
        strong(words!["csipgs chess"]),
        ": design your own pieces in Betza's funny notation and buy them with zorkmids.\n",
    ];
    for c in COMMANDS.iter().filter(|c| c.terminal || !terminal) {
        if c.subcommands.is_empty() {
            usage(&mut text, c.name, c);
        }
        for sub in c.subcommands {
            usage(&mut text, &format!("{} {}", c.name, sub.name), sub);
        }
    }
    let menus: Vec<&Menu> = MENUS.iter().filter(|_| !terminal).collect();
    if !menus.is_empty() {
        text.push("\n\nRight-click a member or a message, then ");
        text.push(strong(words!["Apps"]));
        text.push(":");
        for menu in menus {
            text.push("\n");
            text.push(strong(words![menu.name]));
            text.push(format!(": {}", menu.description));
        }
    }
    text
}

/// One line of /help: `/name option [optional]`: description.
fn usage(text: &mut Content, name: &str, c: &Command) {
    text.push("\n");
    text.push(code(c.usage(name)));
    text.push(format!(": {}", c.description));
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

/// Text a member wrote (a tournament's, a proposal's or a member's name) in Discord's
/// markdown, as its adapter shows `Span::Typed` and as the tournament errors still carry a
/// name: every character the markdown reads is backslash-escaped, so the text shows as
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

/// A reply with its text made safe to show.
pub fn clean(mut reply: Reply) -> Reply {
    reply.text = reply.text.map(&|span| match span {
        Span::Text(t) => Span::Text(neutral(&t)),
        Span::Typed(t) => Span::Typed(neutral(&t)),
        Span::Code(t) => Span::Code(neutral(&t)),
        Span::Block(t) => Span::Block(neutral(&t)),
        // A forgotten member has no Discord account to mention: named by their label.
        Span::Member(id) => anonymous_label(id).map_or(Span::Member(id), Span::Text),
        other => other,
    });
    reply.pings.retain(|&id| anonymous_label(id).is_none());
    reply
}

/// "deleted member #4" for the id a forgotten member's rows carry (see `store::Forgotten`).
fn anonymous_label(id: u64) -> Option<String> {
    crate::store::anonymous_number(id).map(|n| format!("deleted member #{n}"))
}

/// A fide game's rules in brief: the laws as usual, and what each of its variants changes.
pub fn fide_rules(variants: engine::fide::Variants) -> Content {
    let mut text = words![
        strong(words!["FIDE chess"]),
        " in brief: the usual laws (castling, en passant, promotion; checkmate wins; stalemate, insufficient material, the fifty-move rule and threefold repetition draw by themselves, and draws may be agreed). Moves are written in SAN: ",
        code("e4"),
        ", ",
        code("Nf3"),
        ", ",
        code("O-O"),
        ", ",
        code("e8=Q"),
        ".",
    ];
    match variants.is_empty() {
        true => text.push("\nThis game has no variants."),
        false => {
            text.push("\nThis game's variants (Charles Gilman's modest variants):");
            for variant in variants.iter() {
                text.push(words![
                    "\n- ",
                    strong(words![variant.name()]),
                    format!(": {}.", variant.summary()),
                ]);
            }
        }
    }
    text.push("\nThe player's guide (bot/docs/guide.md in the source) explains each variant.");
    text
}

/// The rules in brief (the player's guide, bot/docs/guide.md in the source, is the full
/// statement).
pub fn rules() -> Content {
    words![
        strong(words!["csipgs chess"]),
        " (Ralph Betza, 1996) in brief:\n- Each side starts with a royal king only (White e1, Black e8), 0 zorkmids and six designs: P N B R Q K.\n- Every turn: get 1 zorkmid, then do one action: ",
        strong(words!["move"]),
        " a piece, ",
        strong(words!["transfer"]),
        " a reserve piece onto an empty square next to your royal piece (not while it is in check), or ",
        strong(words!["buy"]),
        " a piece of one of your six designs into your reserve (at most 16 pieces, not in check).\n- Then, optionally, ",
        strong(words!["redesign"]),
        ": replace one of your six designs with a new one (",
        code("B=WD"),
        "). Pieces already bought keep their design.\n- A design's price comes from its moves: ",
        code("/price WbRbmHfB"),
        " shows the breakdown.\n- With one royal piece, normal check rules; checkmate wins. No legal action at all (stalemate) loses. With several royal pieces, check may be ignored until the last one.\n- No castling, en passant, double step or promotion.\n- Rulesets: ",
        strong(words!["classic"]),
        " (draws by agreement allowed), ",
        strong(words!["kurnia"]),
        " (Black starts with 0.5, proposals on, no draws), ",
        strong(words!["progressive"]),
        " (Bodlaender's prices, income grows every 7 plies, several buys in one action, no draws).\n- Options: ",
        strong(words!["power"]),
        " (buy in the design phase, so move and buy in one turn), ",
        strong(words!["proposals"]),
        " (price new atoms and modifiers by sealed estimates: /propose and /estimate), ",
        strong(words!["unofficial"]),
        " (the relay-, doublemove- and shooting- prefixes), ",
        strong(words!["plunder"]),
        " (a capture takes half the captured piece's price from its owner, who may fall into debt), ",
        strong(words!["fog"]),
        " (Betza's moderated game: each player sees only what their pieces see, on a board with six impassable squares; no check rules, capturing the last royal piece wins; each of you ",
        Span::Local(Local::OwnView),
        ", and the record and true board are shown at the end).\n- Turns are written as in the 1998 games: ",
        code("Kd2"),
        ", ",
        code("(WD)xe5+"),
        ", ",
        code("N@f3"),
        ", ",
        code("Buy WD"),
        ", ",
        code("Kd2; B=WD"),
        ".",
    ]
}
