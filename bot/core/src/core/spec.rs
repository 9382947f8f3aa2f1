//! What game a request asks for: a `GameSpec` as typed (by /challenge, /rematch and
//! /tournament create alike), the server's defaults filled in, and where games may start.

use super::{ChallengeRequest, Core, CoreError, Place};
use crate::family::{choose, ChoiceError, Family, GameRules};
use crate::store::GuildSettings;
use engine::{Options, Rules, Ruleset, TimeControl, UnknownOption};

/// The game a challenge, a rematch or a tournament asks for, as typed; what is left out
/// comes from the server's settings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameSpec {
    /// None: csipgs.
    pub family: Option<Family>,
    /// A fide game's variants as typed, such as `warhead,stungun`.
    pub variants: Option<String>,
    pub ruleset: Option<Ruleset>,
    /// The csipgs options given; the others are the server's.
    pub options: OptionChoices,
    /// A time control as written (`15m+10s`, `3d`, `none`); None: three days a turn.
    pub time: Option<String>,
    /// Whether the game changes ratings; None: rated.
    pub rated: Option<bool>,
}

/// Which csipgs options were given, and how: named as the engine names them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OptionChoices {
    given: Options,
    on: Options,
}

impl OptionChoices {
    /// Give the option of this name.
    pub fn set(&mut self, name: &str, on: bool) -> Result<(), UnknownOption> {
        self.given.set(name, true)?;
        self.on.set(name, on)
    }

    /// Whether the option of this name was given, and how.
    pub fn get(&self, name: &str) -> Option<bool> {
        self.given
            .get(name)
            .filter(|&given| given)
            .and_then(|_| self.on.get(name))
    }

    /// The options given, over `defaults` for the rest.
    pub fn over(&self, defaults: Options) -> Options {
        let mut options = defaults;
        for name in Options::NAMES {
            if let Some(on) = self.get(name) {
                // Every name comes from the engine's own table.
                let _ = options.set(name, on);
            }
        }
        options
    }
}

/// The game a spec asks for once the server's defaults are filled in.
#[derive(Clone, Debug, PartialEq)]
pub struct GameTerms {
    pub rules: GameRules,
    pub control: TimeControl,
    pub rated: bool,
}

/// Why a spec names no game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    #[error("{0}")]
    Game(#[from] ChoiceError),
    #[error("{0}")]
    Time(#[from] engine::TimeControlError),
}

impl GameSpec {
    /// The spec that repeats a game: its rules (without the proposals agreed in it), clock
    /// and rating, whatever the server's defaults are now.
    pub fn repeating(rules: &GameRules, control: TimeControl, rated: bool) -> GameSpec {
        let mut spec = GameSpec {
            family: Some(rules.family()),
            time: Some(control.to_string()),
            rated: Some(rated),
            ..GameSpec::default()
        };
        let named = rules.named();
        spec.ruleset = named.ruleset;
        for (name, on) in named.options {
            let _ = spec.options.set(name, on);
        }
        spec.variants = named.variants;
        spec
    }

    /// Each option of csipgs games only, by the names members type, with whether it was
    /// given: a fide game refuses them.
    fn csipgs_options(&self) -> Vec<(&'static str, bool)> {
        std::iter::once(("ruleset", self.ruleset.is_some()))
            .chain(Options::NAMES.map(|name| (name, self.options.get(name).is_some())))
            .collect()
    }

    /// The game asked for, over the server's default rules.
    pub fn apply_defaults(&self, defaults: &Rules) -> Result<GameTerms, SpecError> {
        let given = self.csipgs_options();
        let rules = choose(self.family, self.variants.as_deref(), &given, || {
            Rules::new(
                self.ruleset.unwrap_or(defaults.ruleset),
                self.options.over(defaults.options),
            )
        })?;
        let control = match &self.time {
            Some(text) => text.parse()?,
            None => TimeControl::CORRESPONDENCE_DEFAULT,
        };
        Ok(GameTerms {
            rules,
            control,
            rated: self.rated.unwrap_or(true),
        })
    }
}

/// What a new game from /challenge is played under, the server's defaults filled in.
pub(super) struct Terms {
    pub terms: GameTerms,
    /// Whether the game gets a thread of its own.
    pub threaded: bool,
    /// Whether the server shows its games' pages.
    pub web: bool,
}

impl Core {
    /// The terms of a game /challenge asks for in `place`, once the server's settings allow
    /// a game to start there (and the channel is free, where games don't get threads).
    pub(super) async fn terms(
        &self,
        place: Place,
        request: &ChallengeRequest,
    ) -> Result<Terms, CoreError> {
        let channel = Core::channel(place)?;
        let settings = self.store.guild_settings(channel.guild).await?;
        games_allowed(&settings, place)?;
        let threaded = self.threaded(place, settings.threads);
        // With a thread per game the channel itself never holds one.
        if !threaded {
            if let Some(game) = self.store.active_game(channel).await? {
                return Err(CoreError::busy(&game.players));
            }
        }
        let terms = request.game.apply_defaults(&settings.rules)?;
        Ok(Terms {
            terms,
            threaded,
            web: settings.web,
        })
    }

    /// Whether a game started from `place` gets a thread of its own.
    pub(super) fn threaded(&self, place: Place, threads: bool) -> bool {
        threads && self.platform.has_threads() && matches!(place, Place::Channel(_))
    }
}

/// Refuse a channel where the server's settings let no games start; a thread is judged by
/// its parent channel (threads of an allowed channel are allowed, of another are not).
pub(super) fn games_allowed(settings: &GuildSettings, place: Place) -> Result<(), CoreError> {
    let judged = match place {
        Place::Channel(channel) => Some(channel.channel),
        Place::Thread { parent, .. } => parent,
        Place::Direct => return Ok(()),
    };
    match judged {
        _ if settings.channels.is_empty() => Ok(()),
        Some(channel) if settings.channels.contains(&channel) => Ok(()),
        _ => Err(CoreError::ChannelNotAllowed {
            channels: settings.channels.clone(),
        }),
    }
}
