//! The game families the bot plays: csipgs chess, and FIDE chess under Gilman's modest
//! variants. A family decides which rules a challenge or tournament carries, which engine
//! plays its games, and which rating pool its results move.
//!
//! Layout: this file names the families and their rules; `choose` reads which one a
//! command asks for; `game` holds a game of either, with what every command needs of it;
//! `record` writes a game's record file and `replay` reads one back; `suggest` completes a variant list as typed;
//! `position` reads a position as typed; `view` gives what the pictures show of a game; `standing` where a game stands in words; `words` what each family is called and
//! how its games start.

mod choose;
mod clicks;
mod game;
mod position;
mod record;
mod replay;
mod standing;
mod suggest;
mod view;
mod words;

pub use choose::{choose, ChoiceError};
pub use clicks::{Click, ClickKind};
pub use game::{GameState, Refused};
pub use position::{FamilyPosition, PositionTextError};
pub use record::Record;
pub use replay::{Replayed, Unreplayed};
pub use standing::Standing;
pub use suggest::variant_lists;
pub use view::AfterError;
pub use words::NamedRules;

use engine::fide::{VariantError, Variants};
use engine::Rules;
use std::fmt;
use std::str::FromStr;

/// A kind of game with its own engine, records and ratings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Family {
    /// csipgs chess: zorkmids, designs and reserves.
    #[default]
    Csipgs,
    /// FIDE chess, with any combination of Gilman's modest variants.
    Fide,
}

impl Family {
    pub const ALL: [Family; 2] = [Family::Csipgs, Family::Fide];

    /// The name members type and read.
    pub fn name(self) -> &'static str {
        match self {
            Family::Csipgs => "csipgs",
            Family::Fide => "fide",
        }
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game name that is not one of the families.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("there is no game called '{0}': choose csipgs or fide")]
pub struct FamilyError(String);

impl FromStr for Family {
    type Err = FamilyError;

    fn from_str(s: &str) -> Result<Family, FamilyError> {
        Family::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| FamilyError(s.trim().to_string()))
    }
}

/// What a game is played under: its family, with that family's rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameRules {
    Csipgs(Rules),
    Fide(Variants),
}

impl GameRules {
    pub fn family(&self) -> Family {
        match self {
            GameRules::Csipgs(_) => Family::Csipgs,
            GameRules::Fide(_) => Family::Fide,
        }
    }

    /// The rules as stored: csipgs rules as JSON, a FIDE game's variants as their list.
    pub fn stored(&self) -> Result<String, serde_json::Error> {
        match self {
            GameRules::Csipgs(rules) => serde_json::to_string(rules),
            GameRules::Fide(variants) => Ok(variants.to_string()),
        }
    }

    /// Rules as `stored` wrote them for `family`.
    pub fn from_stored(family: Family, text: &str) -> Result<GameRules, StoredRulesError> {
        Ok(match family {
            Family::Csipgs => GameRules::Csipgs(serde_json::from_str(text)?),
            Family::Fide => GameRules::Fide(text.parse()?),
        })
    }

    /// "classic rules with power, proposals"; "FIDE chess with warhead, stungun".
    pub fn text(&self) -> String {
        match self {
            GameRules::Csipgs(rules) => {
                let on = rules.options.enabled_names();
                if on.is_empty() {
                    format!("{} rules", rules.ruleset)
                } else {
                    format!("{} rules with {}", rules.ruleset, on.join(", "))
                }
            }
            GameRules::Fide(variants) if variants.is_empty() => "FIDE chess".to_string(),
            GameRules::Fide(variants) => {
                let names: Vec<&str> = variants.iter().map(|v| v.name()).collect();
                format!("FIDE chess with {}", names.join(", "))
            }
        }
    }

    /// "a game of csipgs chess", as a challenge names it.
    pub fn game_name(&self) -> &'static str {
        match self {
            GameRules::Csipgs(_) => "a game of csipgs chess",
            GameRules::Fide(_) => "a game of chess",
        }
    }
}

/// Stored rules that don't read back.
#[derive(Debug, thiserror::Error)]
pub enum StoredRulesError {
    #[error("csipgs rules: {0}")]
    Csipgs(#[from] serde_json::Error),
    #[error("variants: {0}")]
    Fide(#[from] VariantError),
}
