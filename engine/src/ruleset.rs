//! Rulesets and per-game options (RULES.md section 5).

use crate::color::Color;
use crate::money::Zorkmids;
use crate::price::PriceTable;
use crate::proposal::Proposals;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The three rulesets of RULES.md section 5.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ruleset {
    /// Betza's rules; draws by agreement allowed.
    #[default]
    Classic,
    /// The Kurnia/Bodlaender overview: Black starts with 0.5, proposals on, no draws.
    Kurnia,
    /// Slow progressive: Bodlaender's table, rising income, several buys in one action.
    Progressive,
}

impl Ruleset {
    /// Every ruleset, classic first.
    pub const ALL: [Ruleset; 3] = [Ruleset::Classic, Ruleset::Kurnia, Ruleset::Progressive];

    /// Its name in lower case, as records and commands write it.
    pub fn name(self) -> &'static str {
        match self {
            Ruleset::Classic => "classic",
            Ruleset::Kurnia => "kurnia",
            Ruleset::Progressive => "progressive",
        }
    }

    /// The direction-multiplier table designs are priced with.
    pub fn price_table(self) -> PriceTable {
        match self {
            Ruleset::Progressive => PriceTable::Bodlaender,
            _ => PriceTable::Classic,
        }
    }

    /// A side's treasury at the start: 0, or 0.5 for Black in kurnia.
    pub fn start_treasury(self, color: Color) -> Zorkmids {
        match (self, color) {
            (Ruleset::Kurnia, Color::Black) => Zorkmids(Decimal::new(5, 1)),
            _ => Zorkmids::ZERO,
        }
    }

    /// Income credited at the start of the turn with this ply (1 = White's first turn).
    pub fn income(self, ply: u32) -> Zorkmids {
        match self {
            Ruleset::Progressive => Zorkmids::whole(1 + ply.saturating_sub(1) / 7),
            _ => Zorkmids::whole(1),
        }
    }

    /// Whether a draw by agreement is allowed: the one place the draw rule is decided
    /// (only `classic`, RULES.md section 3). Draws are only by agreement.
    pub fn allows_draws(self) -> bool {
        self == Ruleset::Classic
    }

    /// Whether one action may buy several pieces (only `progressive`).
    pub fn allows_multi_buy(self) -> bool {
        self == Ruleset::Progressive
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no ruleset.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown ruleset '{0}': use classic, kurnia or progressive")]
pub struct UnknownRuleset(pub String);

impl FromStr for Ruleset {
    type Err = UnknownRuleset;
    fn from_str(s: &str) -> Result<Ruleset, UnknownRuleset> {
        Ruleset::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownRuleset(s.to_string()))
    }
}

/// Options agreed when a challenge is accepted (RULES.md section 5), each on or off.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// Buying happens in the design phase instead of a redesign.
    pub power: bool,
    /// Players may propose new atoms and modifiers (always on in kurnia).
    pub proposals: bool,
    /// The unofficial prefixes relay-, doublemove- and shooting- may be designed.
    pub unofficial: bool,
    /// Captures take half the captured piece's price from its owner (RULES.md 5.2).
    pub plunder: bool,
    /// A moderated game with hidden pieces and impassable squares (RULES.md section 8).
    pub fog: bool,
}

/// Where an option's on/off flag lives in [`Options`].
type Flag = fn(&mut Options) -> &mut bool;

/// The one table of option names: each with its flag, in the order records list them.
const OPTIONS: [(&str, Flag); 5] = [
    ("power", |o| &mut o.power),
    ("proposals", |o| &mut o.proposals),
    ("unofficial", |o| &mut o.unofficial),
    ("plunder", |o| &mut o.plunder),
    ("fog", |o| &mut o.fog),
];

/// A word that names no option.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown option '{0}': the options are {names}", names = Options::NAMES.join(", "))]
pub struct UnknownOption(pub String);

impl Options {
    /// Every option's name, as records, the command line and challenges write it.
    pub const NAMES: [&'static str; 5] = {
        let mut names = [""; 5];
        let mut i = 0;
        while i < names.len() {
            names[i] = OPTIONS[i].0;
            i += 1;
        }
        names
    };

    /// Whether the option of this name is on; None for an unknown name.
    pub fn get(&self, name: &str) -> Option<bool> {
        // The table's accessors take `&mut`; a copy keeps `self` untouched.
        let mut copy = *self;
        flag(name).map(|f| *f(&mut copy))
    }

    /// Turn the option of this name on or off.
    pub fn set(&mut self, name: &str, on: bool) -> Result<(), UnknownOption> {
        let f = flag(name).ok_or_else(|| UnknownOption(name.to_string()))?;
        *f(self) = on;
        Ok(())
    }

    /// Every option on in either.
    pub fn union(self, other: Options) -> Options {
        let mut both = self;
        for name in other.enabled_names() {
            *flag(name).expect("a table name")(&mut both) = true;
        }
        both
    }

    /// The names of the options that are on, in table order.
    pub fn enabled_names(&self) -> Vec<&'static str> {
        Options::NAMES
            .into_iter()
            .filter(|name| self.get(name) == Some(true))
            .collect()
    }
}

fn flag(name: &str) -> Option<Flag> {
    OPTIONS
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name.trim()))
        .map(|(_, f)| *f)
}

impl fmt::Display for Options {
    /// The options that are on, comma-separated (`unofficial,plunder`); empty for none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.enabled_names().join(","))
    }
}

impl FromStr for Options {
    type Err = UnknownOption;

    /// A comma-separated list of the options that are on, such as `unofficial, plunder`; an
    /// empty text is no option.
    fn from_str(text: &str) -> Result<Options, UnknownOption> {
        let mut options = Options::default();
        for name in text.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            options.set(name, true)?;
        }
        Ok(options)
    }
}

/// Everything that decides what is legal besides the position itself.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    /// The ruleset.
    pub ruleset: Ruleset,
    /// The options agreed at the start.
    #[serde(default)]
    pub options: Options,
    /// The proposals agreed so far.
    #[serde(default)]
    pub proposals: Proposals,
}

impl Rules {
    /// Rules with no proposals agreed yet.
    pub fn new(ruleset: Ruleset, options: Options) -> Rules {
        Rules {
            ruleset,
            options,
            proposals: Proposals::default(),
        }
    }

    /// Whether players may propose atoms and modifiers: with the option, or in kurnia.
    pub fn proposals_allowed(&self) -> bool {
        self.options.proposals || self.ruleset == Ruleset::Kurnia
    }
}

impl From<Ruleset> for Rules {
    fn from(ruleset: Ruleset) -> Rules {
        Rules::new(ruleset, Options::default())
    }
}
