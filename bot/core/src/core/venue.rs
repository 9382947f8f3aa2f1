//! Where the core's answers are read. Nearly every text reads the same on Discord and in the
//! terminal; the few that name the place (a channel, a server) or advise the next command
//! (/challenge) are worded for each here and in `CoreError::sentence_in`.

/// Where a core's answers are read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Venue {
    /// Servers, channels and threads; a new game starts with /challenge.
    #[default]
    Discord,
    /// `csipgs play`: one unrated game at one keyboard; a new one starts with /rematch.
    Terminal,
}

impl Venue {
    /// Where games are counted, to end a sentence: " in this server", or nothing.
    pub(crate) fn scope(self) -> &'static str {
        match self {
            Venue::Discord => " in this server",
            Venue::Terminal => "",
        }
    }

    /// What to do for a new game, after "no game": a whole clause.
    pub(crate) fn new_game(self) -> &'static str {
        match self {
            Venue::Discord => "start one with /challenge",
            Venue::Terminal => "/rematch starts one",
        }
    }

    /// Why there is no rating to show, after a colon.
    pub(crate) fn no_rating(self) -> &'static str {
        match self {
            Venue::Discord => "/challenge someone (games are rated unless rated:false)",
            Venue::Terminal => {
                "games in the terminal are unrated; ratings come from rated games on Discord"
            }
        }
    }
}
