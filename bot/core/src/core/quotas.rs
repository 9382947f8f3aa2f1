//! The quotas a shared bot keeps so that one member, or one server, can't take what every
//! server needs: threads (Discord allows a server 1,000 active ones), computer time and the
//! scheduler's attention. Set in config.toml's `[quotas]`; each is counted by the store in
//! the transaction that would pass it (see `store::Quota`).

use crate::store::{Counted, Quota};
use serde::Deserialize;

/// How much one member, or one server, may have going at once. A member's counts take in
/// every server the bot serves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Quotas {
    /// Open challenges a member may have waiting for an answer.
    pub challenges_per_member: u32,
    /// Games against the computer a member may play at once.
    pub computer_games_per_member: u32,
    /// Games against the computer a server may have in progress at once.
    pub computer_games_per_server: u32,
    /// Unfinished tournaments (taking sign-ups or running) a member may organise.
    pub tournaments_per_organiser: u32,
    /// Unfinished tournaments a server may have.
    pub tournaments_per_server: u32,
}

impl Default for Quotas {
    /// Room for anyone playing for real (a few challenges out, a game or two against the
    /// computer, a tournament of their own), not for one member filling a server.
    fn default() -> Quotas {
        Quotas {
            challenges_per_member: 5,
            computer_games_per_member: 2,
            computer_games_per_server: 20,
            tournaments_per_organiser: 2,
            tournaments_per_server: 10,
        }
    }
}

impl Quotas {
    pub(super) fn challenges(&self, member: u64) -> Quota {
        Quota {
            counted: Counted::MemberChallenges(member),
            limit: self.challenges_per_member,
        }
    }

    /// The member's quota first, then the server's (the order the store locks them in).
    pub(super) fn computer_games(&self, member: u64, guild: u64) -> [Quota; 2] {
        [
            Quota {
                counted: Counted::MemberComputerGames(member),
                limit: self.computer_games_per_member,
            },
            Quota {
                counted: Counted::ServerComputerGames(guild),
                limit: self.computer_games_per_server,
            },
        ]
    }

    /// The organiser's quota first, then the server's.
    pub(super) fn tournaments(&self, organiser: u64, guild: u64) -> [Quota; 2] {
        [
            Quota {
                counted: Counted::OrganiserTournaments(organiser),
                limit: self.tournaments_per_organiser,
            },
            Quota {
                counted: Counted::ServerTournaments(guild),
                limit: self.tournaments_per_server,
            },
        ]
    }
}
