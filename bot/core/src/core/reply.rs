//! What the core answers: messages that the Discord adapter and the terminal each show their
//! own way, and where a message goes when it does not answer the command in its channel.

use super::Content;
use crate::picture::Picture;
use serde::{Deserialize, Serialize};

/// One message. The first reply to a command answers it; any others follow it.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Reply {
    /// What it says (an older bot's outbox holds it as Discord markdown; see `Content`).
    pub text: Content,
    /// Seen only by the member who sent the command.
    pub ephemeral: bool,
    pub picture: Option<Picture>,
    pub files: Vec<File>,
    pub buttons: Vec<Button>,
    /// Select menus, each on a row of its own above the buttons (the design builder's).
    #[serde(default)]
    pub selects: Vec<Select>,
    /// Answering a button press, a form (Discord's modal) to fill in instead of a message;
    /// `text` is what an adapter without forms shows.
    #[serde(default)]
    pub form: Option<Form>,
    /// Members this message notifies (others in the text are named without a ping).
    pub pings: Vec<u64>,
    /// Answering a button press, this replaces the pressed message (and its buttons).
    pub replaces: bool,
    /// Where it was posted matters later (a challenge's message is edited when it expires).
    pub anchor: Option<Anchor>,
    /// A direct message that, when the member takes no DMs, waits for their next command
    /// instead of being dropped: a fog player's private board.
    #[serde(default)]
    pub held_if_no_dms: bool,
    /// Not an answer in the command's channel: the outbox delivers it there.
    #[serde(skip)]
    pub elsewhere: Option<Target>,
    /// The outbox entry this message settles: announced changes are owed until delivered.
    #[serde(skip)]
    pub owed: Option<i64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct File {
    pub name: String,
    pub bytes: Vec<u8>,
    /// What the file holds, for a screen reader (Discord's description, at most 1,024
    /// characters).
    #[serde(default)]
    pub description: String,
}

/// The id of `Button::launch`: no sealed id of the bot's looks like it.
pub const LAUNCH: &str = "launch";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Button {
    /// Sent back when pressed; see `Press::from_id`. Empty for a link.
    pub id: String,
    pub label: String,
    pub style: ButtonStyle,
    /// A button that opens this address instead (a game's web page): nothing is sent back.
    #[serde(default)]
    pub link: Option<String>,
}

/// A select menu: one choice among its options, sent back with its id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Select {
    pub id: String,
    /// Shown while nothing is chosen.
    pub placeholder: String,
    pub options: Vec<SelectOption>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SelectOption {
    pub label: String,
    /// Sent back when chosen.
    pub value: String,
    /// A line under the label ("" for none).
    pub description: String,
    /// Shown as the current choice.
    pub chosen: bool,
}

/// A form of short text boxes, sent back with its id and each box's text by its id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Form {
    pub id: String,
    pub title: String,
    pub fields: Vec<FormField>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FormField {
    pub id: String,
    pub label: String,
    /// Filled in already.
    pub value: String,
    pub placeholder: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ButtonStyle {
    Accept,
    Decline,
    Neutral,
}

/// Where a message goes when it is not the answer to an interaction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "to", rename_all = "snake_case")]
pub enum Target {
    /// A new message in a channel or thread.
    Channel { channel: u64 },
    /// Replace the text of a message the bot posted (and remove its buttons).
    Edit { channel: u64, message: u64 },
    /// A direct message to a member.
    Direct { user: u64 },
    /// No message: archive a thread the bot opened for a game that has ended, once what the
    /// end owes is posted there (see `Core::archive_owed`).
    Archive { thread: u64 },
}

/// A message whose place the core wants to know once it is posted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Anchor {
    Challenge(i64),
}

/// Where a message was posted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Posted {
    pub channel: u64,
    pub message: u64,
}

impl Reply {
    /// A message everyone in the channel sees.
    pub fn public(text: impl Into<Content>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }

    /// A message only the asker sees.
    pub fn private(text: impl Into<Content>) -> Reply {
        Reply {
            text: text.into(),
            ephemeral: true,
            ..Reply::default()
        }
    }

    pub fn with_picture(mut self, picture: Picture) -> Reply {
        self.picture = Some(picture);
        self
    }

    pub fn pinging(mut self, user: u64) -> Reply {
        self.pings.push(user);
        self
    }

    pub fn with_buttons(mut self, buttons: Vec<Button>) -> Reply {
        self.buttons = buttons;
        self
    }

    /// Sent to `target` by the outbox rather than as an answer in the command's channel.
    pub fn to(mut self, target: Target) -> Reply {
        self.elsewhere = Some(target);
        self
    }

    /// Replaces the message whose button was pressed.
    pub fn replacing(mut self) -> Reply {
        self.replaces = true;
        self
    }
}

impl Button {
    pub fn new(id: String, label: &str, style: ButtonStyle) -> Button {
        Button {
            id,
            label: label.to_string(),
            style,
            link: None,
        }
    }

    /// The button that opens a player's board inside the chat client (Discord's Activity):
    /// an adapter that can't leaves it out, and no press of it reaches the core.
    pub fn launch() -> Button {
        Button {
            id: LAUNCH.to_string(),
            label: "Play".to_string(),
            style: ButtonStyle::Accept,
            link: None,
        }
    }

    /// Whether this is the button `launch` makes.
    pub fn launches(&self) -> bool {
        self.id == LAUNCH && self.link.is_none()
    }

    /// A button that opens `url`.
    pub fn link(label: &str, url: String) -> Button {
        Button {
            id: String::new(),
            label: label.to_string(),
            style: ButtonStyle::Neutral,
            link: Some(url),
        }
    }
}
