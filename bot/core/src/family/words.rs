//! What each family is called where members read it, and what each family's games are
//! made of: a new game, how a challenge names its rules, its rating pool's words, whether
//! the computer plays it.

use super::{Family, GameRules, GameState};
use engine::fide::FideGame;
use engine::{Game, Options, Position, Ruleset};

/// Rules as a challenge names them: what it sets of each family's options, the others
/// left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedRules {
    /// A csipgs game's ruleset.
    pub ruleset: Option<Ruleset>,
    /// A csipgs game's options, each on or off.
    pub options: Vec<(&'static str, bool)>,
    /// A fide game's variants, as listed.
    pub variants: Option<String>,
}

impl Family {
    /// The family's title on a page: "csipgs chess", "FIDE chess".
    pub fn title(self) -> &'static str {
        match self {
            Family::Csipgs => "csipgs chess",
            Family::Fide => "FIDE chess",
        }
    }

    /// What names the family's rating pool after "a rated game": nothing for csipgs, the
    /// first pool.
    pub fn pool_suffix(self) -> &'static str {
        match self {
            Family::Csipgs => "",
            Family::Fide => " of fide chess",
        }
    }

    /// What names the family's rating pool before a rating: nothing for csipgs.
    pub fn pool_prefix(self) -> &'static str {
        match self {
            Family::Csipgs => "",
            Family::Fide => "fide chess: ",
        }
    }

    /// The leaderboard's title: the family named, but for csipgs.
    pub fn leaderboard_title(self) -> String {
        match self {
            Family::Csipgs => "Leaderboard".to_string(),
            Family::Fide => format!("Leaderboard ({self})"),
        }
    }
}

impl GameRules {
    /// A new game under these rules; a fog game's start gets its impassable squares from
    /// `seed`, called only then.
    pub fn new_game(&self, seed: impl FnOnce() -> u64) -> GameState {
        match self {
            GameRules::Csipgs(rules) => {
                let mut start = Position::start(rules.clone());
                if start.rules().options.fog {
                    start.place_terrain(seed());
                }
                GameState::Csipgs(Game::from_position(start))
            }
            GameRules::Fide(variants) => GameState::Fide(FideGame::new(*variants)),
        }
    }

    /// The word a result's ruleset column keeps: a csipgs ruleset, or the family of a game
    /// that has no rulesets.
    pub fn ruleset_word(&self) -> String {
        match self {
            GameRules::Csipgs(rules) => rules.ruleset.name().to_string(),
            GameRules::Fide(_) => self.family().name().to_string(),
        }
    }

    /// The rules the computer plays these under: csipgs without proposals (it neither
    /// proposes nor bids); FIDE chess under the variants as they are.
    pub fn computer_rules(&self) -> GameRules {
        match self {
            GameRules::Csipgs(rules) => GameRules::Csipgs(engine::Rules {
                options: engine::Options {
                    proposals: false,
                    ..rules.options
                },
                ..rules.clone()
            }),
            GameRules::Fide(variants) => GameRules::Fide(*variants),
        }
    }

    /// How a challenge names these rules.
    pub fn named(&self) -> NamedRules {
        match self {
            GameRules::Csipgs(rules) => NamedRules {
                ruleset: Some(rules.ruleset),
                options: Options::NAMES
                    .into_iter()
                    .map(|name| (name, rules.options.get(name) == Some(true)))
                    .collect(),
                variants: None,
            },
            GameRules::Fide(variants) => NamedRules {
                ruleset: None,
                options: Vec::new(),
                variants: Some(variants.to_string()),
            },
        }
    }

    /// How turns are taken in a new game of these rules.
    pub fn how_to_play(&self) -> &'static str {
        match self {
            GameRules::Csipgs(_) => {
                "Take turns with /move, /transfer, /buy or /turn; /help lists every command."
            }
            GameRules::Fide(_) => {
                "Move with /move in SAN (e4, Nf3, O-O, e8=Q); /help lists every command."
            }
        }
    }
}
