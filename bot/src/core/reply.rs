//! What the core answers: messages that the Discord adapter and the terminal each show their
//! own way.

use engine::{Design, Price};
use render::BoardView;

/// One message. The first reply to a command answers it; any others follow it.
#[derive(Clone, Debug, Default)]
pub struct Reply {
    /// Discord markdown; `<@id>` mentions a member.
    pub text: String,
    /// Seen only by the member who sent the command.
    pub ephemeral: bool,
    pub picture: Option<Picture>,
    pub files: Vec<File>,
    pub buttons: Vec<Button>,
    /// Members this message notifies (others in the text are named without a ping).
    pub pings: Vec<u64>,
}

/// A picture to draw: the adapters turn it into a PNG (and the terminal also into text).
#[derive(Clone, Debug)]
pub enum Picture {
    /// The board with both players' panels, from one side.
    Board(Box<BoardView>),
    Design {
        design: Design,
        price: Box<Price>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct File {
    pub name: String,
    pub bytes: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    /// Sent back when pressed; see `Request::from_button`.
    pub id: String,
    pub label: String,
    pub style: ButtonStyle,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonStyle {
    Accept,
    Decline,
}

impl Reply {
    /// A message everyone in the channel sees.
    pub fn public(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }

    /// A message only the asker sees.
    pub fn private(text: impl Into<String>) -> Reply {
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
}
