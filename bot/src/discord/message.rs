//! A core `Reply` as Discord message parts: its picture drawn as a PNG (described in words
//! for screen readers), text that fits Discord's 2000 characters (split at line breaks, or
//! attached whole when it holds a code block), select menus and buttons, and mentions
//! limited to the members the reply pings.

use crate::core::{literal, ButtonStyle, Content, Form, Local, Reply, Span};
use crate::picture::{self, Painters};
use crate::store::Nonce;
use poise::serenity_prelude as serenity;

/// Discord refuses message content longer than this.
pub const CONTENT_MAX: usize = 2000;

/// A reply ready to send.
#[derive(Clone, Debug)]
pub struct Outgoing {
    pub reply: Reply,
    /// The first message's text.
    pub content: String,
    /// Text that did not fit, one follow-up message each.
    pub more: Vec<String>,
    pub files: Vec<serenity::CreateAttachment>,
}

impl Outgoing {
    /// Draw the picture (on the picture pool: it takes milliseconds of CPU) and fit the text.
    pub async fn prepare(reply: Reply, painters: &Painters) -> Outgoing {
        let mut files = Vec::new();
        if let Some(picture) = reply.picture.clone() {
            let name = picture::file_name(&picture);
            let words = picture::describe(&picture);
            match painters.encode(picture).await {
                Ok(bytes) => {
                    files.push(serenity::CreateAttachment::bytes(bytes, name).description(words))
                }
                Err(e) => tracing::error!(error = %e, "drawing a picture failed"),
            }
        }
        for file in &reply.files {
            files.push(
                serenity::CreateAttachment::bytes(file.bytes.clone(), file.name.clone())
                    .description(file.description.clone()),
            );
        }
        let (content, more, whole) = fit(&markdown(&reply.text));
        if let Some(whole) = whole {
            files.push(
                serenity::CreateAttachment::bytes(whole.into_bytes(), "message.txt")
                    .description("The whole answer, as text."),
            );
        }
        Outgoing {
            reply,
            content,
            more,
            files,
        }
    }

    /// Only the members the reply pings are notified: `@everyone` typed as a design never
    /// pings anyone.
    pub fn mentions(&self) -> serenity::CreateAllowedMentions {
        serenity::CreateAllowedMentions::new()
            .users(self.reply.pings.iter().copied().map(serenity::UserId::new))
    }

    pub fn components(&self) -> Vec<serenity::CreateActionRow> {
        let mut rows: Vec<serenity::CreateActionRow> = self
            .reply
            .selects
            .iter()
            .map(|select| {
                let options = select
                    .options
                    .iter()
                    .map(|o| {
                        let option = serenity::CreateSelectMenuOption::new(&o.label, &o.value)
                            .default_selection(o.chosen);
                        match o.description.is_empty() {
                            true => option,
                            false => option.description(&o.description),
                        }
                    })
                    .collect();
                let kind = serenity::CreateSelectMenuKind::String { options };
                serenity::CreateActionRow::SelectMenu(
                    serenity::CreateSelectMenu::new(&select.id, kind)
                        .placeholder(&select.placeholder),
                )
            })
            .collect();
        if self.reply.buttons.is_empty() {
            return rows;
        }
        let buttons = self
            .reply
            .buttons
            .iter()
            .map(|b| match &b.link {
                Some(url) => serenity::CreateButton::new_link(url.clone()).label(b.label.clone()),
                None => serenity::CreateButton::new(b.id.clone())
                    .label(b.label.clone())
                    .style(match b.style {
                        ButtonStyle::Accept => serenity::ButtonStyle::Success,
                        ButtonStyle::Decline => serenity::ButtonStyle::Danger,
                        ButtonStyle::Neutral => serenity::ButtonStyle::Secondary,
                    }),
            })
            .collect();
        rows.push(serenity::CreateActionRow::Buttons(buttons));
        rows
    }

    /// As the first answer to an interaction (also for a deferred one's follow-up).
    pub fn response(&self) -> serenity::CreateInteractionResponseMessage {
        serenity::CreateInteractionResponseMessage::new()
            .content(self.content.clone())
            .ephemeral(self.reply.ephemeral)
            .allowed_mentions(self.mentions())
            .components(self.components())
            .files(self.files.clone())
    }

    pub fn followup(&self) -> serenity::CreateInteractionResponseFollowup {
        serenity::CreateInteractionResponseFollowup::new()
            .content(self.content.clone())
            .ephemeral(self.reply.ephemeral)
            .allowed_mentions(self.mentions())
            .components(self.components())
            .files(self.files.clone())
    }

    /// Replacing a deferred answer (or, after a button press, the pressed message).
    pub fn edit(&self) -> serenity::EditInteractionResponse {
        let mut edit = serenity::EditInteractionResponse::new()
            .content(self.content.clone())
            .allowed_mentions(self.mentions())
            .components(self.components());
        for file in &self.files {
            edit = edit.new_attachment(file.clone());
        }
        edit
    }

    /// A new message, posted once however often it is sent with this `nonce`.
    pub fn message(&self, nonce: &Nonce) -> serenity::CreateMessage {
        once(serenity::CreateMessage::new(), nonce)
            .content(self.content.clone())
            .allowed_mentions(self.mentions())
            .components(self.components())
            .files(self.files.clone())
    }

    pub fn edit_message(&self) -> serenity::EditMessage {
        let mut edit = serenity::EditMessage::new()
            .content(self.content.clone())
            .allowed_mentions(self.mentions())
            .components(self.components())
            .remove_all_attachments();
        for file in &self.files {
            edit = edit.new_attachment(file.clone());
        }
        edit
    }

    /// Each part of the text that did not fit, as a follow-up or channel message.
    pub fn overflow(&self) -> impl Iterator<Item = &str> {
        self.more.iter().map(String::as_str)
    }
}

/// A form as Discord's modal: a short text box a row.
pub fn modal(form: &Form) -> serenity::CreateModal {
    let rows = form
        .fields
        .iter()
        .map(|field| {
            let input = serenity::CreateInputText::new(
                serenity::InputTextStyle::Short,
                &field.label,
                &field.id,
            )
            .placeholder(&field.placeholder)
            .required(true);
            // Discord refuses an empty prefilled value.
            let input = match field.value.is_empty() {
                true => input,
                false => input.value(&field.value),
            };
            serenity::CreateActionRow::InputText(input)
        })
        .collect();
    serenity::CreateModal::new(&form.id, &form.title).components(rows)
}

/// Content as Discord markdown: members and channels as mentions (which ping only the
/// reply's `pings`), emphasis and code marked, and what members typed escaped so that it
/// shows as typed.
pub fn markdown(content: &Content) -> String {
    let mut out = String::new();
    for span in content.spans() {
        match span {
            Span::Text(words) => out.push_str(words),
            Span::Typed(words) => out.push_str(&literal(words)),
            Span::Member(id) => out.push_str(&format!("<@{id}>")),
            Span::Channel(id) => out.push_str(&format!("<#{id}>")),
            Span::Strong(inner) => out.push_str(&format!("**{}**", markdown(inner))),
            Span::Code(code) => out.push_str(&format!("`{code}`")),
            Span::Block(lines) => out.push_str(&format!("```\n{lines}\n```")),
            Span::Relative(at) => out.push_str(&format!("<t:{at}:R>")),
            Span::Date(at) => out.push_str(&format!("<t:{at}:f>")),
            Span::Local(words) => out.push_str(local(*words)),
        }
    }
    out
}

/// The words that depend on where a message is read, on Discord: games are played in a
/// server's channels and threads, and /challenge starts one.
pub fn local(words: Local) -> &'static str {
    match words {
        Local::Scope => " in this server",
        Local::Here => " in this channel",
        Local::Place => "channel",
        Local::NewGame => "start one with /challenge",
        Local::NoRating => "/challenge someone (games are rated unless rated:false)",
        Local::AfterAbort => "The channel is free for a new /challenge.",
        Local::AfterEnd => "start a new one with /challenge (or /board and /history to look back)",
        Local::FinishFirst => "finish it, or challenge in another channel or thread",
        Local::NoGame => " in this channel: start one with /challenge",
        Local::NoRematch => " in this channel to rematch: start one with /challenge",
        Local::NoReplay => " in this channel to replay: /games lists the server's games",
        Local::OwnView => {
            "gets your own view by DM (with your next command if your DMs are closed), and /board shows it again"
        }
        Local::ProposalsWithoutComputer => {
            "leave out proposals, or play them against a member"
        }
        Local::AddFide => "add game:fide, or leave variants out for csipgs",
    }
}

/// Text within Discord's limit: (first message, further messages, the whole text to attach
/// instead). Text with a code block is not split, since a split block loses its alignment:
/// its first lines go out and the whole is attached.
fn fit(text: &str) -> (String, Vec<String>, Option<String>) {
    if text.chars().count() <= CONTENT_MAX {
        return (text.to_string(), Vec::new(), None);
    }
    if text.contains("```") {
        let intro = text.split("```").next().unwrap_or("").trim_end();
        let intro: String = intro.chars().take(CONTENT_MAX - 100).collect();
        let content = format!("{intro}\n(The whole answer is attached as message.txt.)");
        return (
            content.trim_start().to_string(),
            Vec::new(),
            Some(text.to_string()),
        );
    }
    let mut parts: Vec<String> = Vec::new();
    let mut current = String::new();
    for line in text.split_inclusive('\n') {
        for piece in chunks(line, CONTENT_MAX) {
            if current.chars().count() + piece.chars().count() > CONTENT_MAX {
                parts.push(std::mem::take(&mut current));
            }
            current.push_str(&piece);
        }
    }
    parts.push(current);
    let mut parts = parts.into_iter().map(|p| p.trim_end().to_string());
    let first = parts.next().unwrap_or_default();
    (first, parts.filter(|p| !p.is_empty()).collect(), None)
}

/// A line cut into pieces of at most `max` characters.
fn chunks(line: &str, max: usize) -> Vec<String> {
    let chars: Vec<char> = line.chars().collect();
    chars.chunks(max).map(|c| c.iter().collect()).collect()
}

/// A new message Discord posts once per `nonce`: a create repeating it in the same channel
/// within minutes gets the first message back.
pub fn once(message: serenity::CreateMessage, nonce: &Nonce) -> serenity::CreateMessage {
    message
        .nonce(serenity::Nonce::String(nonce.as_str().to_string()))
        .enforce_nonce(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_members_typed_neither_formats_nor_mentions() {
        use crate::core::{member, strong, typed};
        let name = "[Free Nitro](https://x.example/a_b) **now** <@12> `x` ||y||";
        assert_eq!(
            markdown(&csipgs_core::words![typed(name), " vs ", member(3)]),
            r"\[Free Nitro\]\(https\://x.example/a\_b\) \*\*now\*\* \<\@12\> \`x\` \|\|y\|\| vs <@3>"
        );
        assert_eq!(markdown(&csipgs_core::words![typed(r"a\b")]), r"a\\b");
        assert_eq!(
            markdown(&csipgs_core::words![
                strong("Game on!"),
                " ",
                crate::core::code("Kd2")
            ]),
            "**Game on!** `Kd2`"
        );
    }

    #[test]
    fn an_older_bots_markdown_shows_as_it_did() {
        for old in [
            "**Game on!** <@12> (White) vs <@3>, in <#45>: `Kd2`, \\*\\*x\\*\\*, a < b.",
            "Ratings: \\[a\\]\\_b 1500 → 1516.\n```\nKd2 Ke7\n```",
        ] {
            assert_eq!(markdown(&Content::from_markup(old)), old);
        }
    }

    #[test]
    fn short_text_is_one_message() {
        assert_eq!(fit("hello"), ("hello".to_string(), vec![], None));
    }

    #[test]
    fn long_text_splits_at_lines_within_the_limit() {
        let line = format!("{}\n", "word ".repeat(30));
        let text = line.repeat(40);
        let (first, more, whole) = fit(&text);
        assert!(whole.is_none());
        assert!(!more.is_empty());
        for part in std::iter::once(&first).chain(&more) {
            assert!(part.chars().count() <= CONTENT_MAX, "{}", part.len());
        }
        let joined: String = std::iter::once(first)
            .chain(more)
            .collect::<Vec<_>>()
            .join("\n");
        assert_eq!(
            joined.split_whitespace().count(),
            text.split_whitespace().count()
        );
    }

    #[test]
    fn one_endless_line_is_cut() {
        let text = "x".repeat(5000);
        let (first, more, _) = fit(&text);
        assert_eq!(
            first.len() + more.iter().map(String::len).sum::<usize>(),
            5000
        );
        assert!(more.iter().all(|p| p.len() <= CONTENT_MAX));
    }

    #[test]
    fn a_long_code_block_is_attached_whole() {
        let text = format!("WD costs 3\n```\n{}```", "part  1.5\n".repeat(300));
        let (first, more, whole) = fit(&text);
        assert!(first.starts_with("WD costs 3"), "{first}");
        assert!(first.contains("attached"));
        assert!(more.is_empty());
        assert_eq!(whole.as_deref(), Some(text.as_str()));
    }
}
