//! The slash commands. Each turns its options into a core `Request`. Descriptions and
//! length limits come from the core's command table (`core::commands`), which /help and the
//! terminal read too; a test checks that the `max_length`s written here match it.

use super::{complete, run, Ctx, Error};
use crate::core::{ChallengeRequest, Field, Request, SettingsChange};
use crate::store::{ColourChoice, Player, ProposalKind};
use engine::Ruleset;
use poise::serenity_prelude as serenity;

#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum RulesetChoice {
    #[name = "classic"]
    Classic,
    #[name = "kurnia"]
    Kurnia,
    #[name = "progressive"]
    Progressive,
}

impl From<RulesetChoice> for Ruleset {
    fn from(choice: RulesetChoice) -> Ruleset {
        match choice {
            RulesetChoice::Classic => Ruleset::Classic,
            RulesetChoice::Kurnia => Ruleset::Kurnia,
            RulesetChoice::Progressive => Ruleset::Progressive,
        }
    }
}

#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum ColourOption {
    #[name = "white"]
    White,
    #[name = "black"]
    Black,
    #[name = "random"]
    Random,
}

impl From<ColourOption> for ColourChoice {
    fn from(choice: ColourOption) -> ColourChoice {
        match choice {
            ColourOption::White => ColourChoice::White,
            ColourOption::Black => ColourChoice::Black,
            ColourOption::Random => ColourChoice::Random,
        }
    }
}

#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum KindOption {
    #[name = "atom"]
    Atom,
    #[name = "modifier"]
    Modifier,
}

impl From<KindOption> for ProposalKind {
    fn from(choice: KindOption) -> ProposalKind {
        match choice {
            KindOption::Atom => ProposalKind::Atom,
            KindOption::Modifier => ProposalKind::Modifier,
        }
    }
}

async fn complete_move(ctx: Ctx<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    complete(ctx, Field::Move, typed).await
}

async fn complete_reserve(ctx: Ctx<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    complete(ctx, Field::TransferPiece, typed).await
}

async fn complete_square(ctx: Ctx<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    complete(ctx, Field::TransferSquare, typed).await
}

async fn complete_buy(ctx: Ctx<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    complete(ctx, Field::Buy, typed).await
}

async fn complete_redesign(ctx: Ctx<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    complete(ctx, Field::Redesign, typed).await
}

async fn complete_proposal(ctx: Ctx<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    complete(ctx, Field::Proposal, typed).await
}

/// /challenge
#[poise::command(slash_command)]
#[allow(clippy::too_many_arguments)]
pub async fn challenge(
    ctx: Ctx<'_>,
    opponent: Option<serenity::User>,
    ruleset: Option<RulesetChoice>,
    power: Option<bool>,
    proposals: Option<bool>,
    unofficial: Option<bool>,
    colour: Option<ColourOption>,
    #[max_length = 20] time: Option<String>,
    rated: Option<bool>,
) -> Result<(), Error> {
    let request = ChallengeRequest {
        opponent_is_bot: opponent.as_ref().is_some_and(|o| o.bot),
        opponent: opponent.map(|o| Player {
            id: o.id.get(),
            name: o.display_name().to_string(),
        }),
        ruleset: ruleset.map(Ruleset::from),
        power,
        proposals,
        unofficial,
        colour: colour.map(ColourChoice::from),
        time,
        rated,
        rules: None,
    };
    run(ctx, Request::Challenge(request)).await
}

/// /move
#[poise::command(slash_command, rename = "move")]
pub async fn move_piece(
    ctx: Ctx<'_>,
    #[autocomplete = "complete_move"]
    #[max_length = 250]
    r#move: String,
    #[autocomplete = "complete_redesign"]
    #[max_length = 420]
    redesign: Option<String>,
) -> Result<(), Error> {
    run(
        ctx,
        Request::Move {
            text: r#move,
            redesign,
        },
    )
    .await
}

/// /transfer
#[poise::command(slash_command)]
pub async fn transfer(
    ctx: Ctx<'_>,
    #[autocomplete = "complete_reserve"]
    #[max_length = 202]
    piece: String,
    #[autocomplete = "complete_square"]
    #[max_length = 8]
    square: String,
    #[autocomplete = "complete_redesign"]
    #[max_length = 420]
    redesign: Option<String>,
) -> Result<(), Error> {
    let request = Request::Transfer {
        piece,
        square,
        redesign,
    };
    run(ctx, request).await
}

/// /buy
#[poise::command(slash_command)]
pub async fn buy(
    ctx: Ctx<'_>,
    #[autocomplete = "complete_buy"]
    #[max_length = 1000]
    design: String,
    #[autocomplete = "complete_redesign"]
    #[max_length = 420]
    redesign: Option<String>,
) -> Result<(), Error> {
    run(ctx, Request::Buy { design, redesign }).await
}

/// /turn
#[poise::command(slash_command)]
pub async fn turn(ctx: Ctx<'_>, #[max_length = 1000] text: String) -> Result<(), Error> {
    run(ctx, Request::Turn { text }).await
}

/// /propose
#[poise::command(slash_command)]
pub async fn propose(
    ctx: Ctx<'_>,
    kind: KindOption,
    #[max_length = 40] name: String,
    #[max_length = 20] notation: String,
    #[max_length = 20] estimate: String,
) -> Result<(), Error> {
    let request = Request::Propose {
        kind: kind.into(),
        name,
        notation,
        estimate,
    };
    run(ctx, request).await
}

/// /estimate
#[poise::command(slash_command)]
pub async fn estimate(
    ctx: Ctx<'_>,
    #[autocomplete = "complete_proposal"] proposal: i64,
    #[max_length = 20] value: String,
) -> Result<(), Error> {
    run(ctx, Request::Estimate { proposal, value }).await
}

/// /price
#[poise::command(slash_command)]
pub async fn price(
    ctx: Ctx<'_>,
    #[max_length = 200] design: String,
    ruleset: Option<RulesetChoice>,
) -> Result<(), Error> {
    let request = Request::Price {
        design,
        ruleset: ruleset.map(Ruleset::from),
    };
    run(ctx, request).await
}

/// /board
#[poise::command(slash_command)]
pub async fn board(
    ctx: Ctx<'_>,
    #[min = 0]
    #[max = 100000]
    ply: Option<u32>,
) -> Result<(), Error> {
    run(ctx, Request::Board { ply }).await
}

/// /game
#[poise::command(slash_command)]
pub async fn game(ctx: Ctx<'_>) -> Result<(), Error> {
    run(ctx, Request::Game).await
}

/// /history
#[poise::command(slash_command)]
pub async fn history(ctx: Ctx<'_>) -> Result<(), Error> {
    run(ctx, Request::History).await
}

/// /resign
#[poise::command(slash_command)]
pub async fn resign(ctx: Ctx<'_>) -> Result<(), Error> {
    run(ctx, Request::Resign).await
}

/// /draw
#[poise::command(slash_command)]
pub async fn draw(ctx: Ctx<'_>) -> Result<(), Error> {
    run(ctx, Request::Draw).await
}

/// /abort
#[poise::command(slash_command)]
pub async fn abort(ctx: Ctx<'_>) -> Result<(), Error> {
    run(ctx, Request::Abort).await
}

/// /notify
#[poise::command(slash_command)]
pub async fn notify(ctx: Ctx<'_>, on: Option<bool>) -> Result<(), Error> {
    run(ctx, Request::Notify { on }).await
}

/// /settings
#[poise::command(slash_command)]
#[allow(clippy::too_many_arguments)]
pub async fn settings(
    ctx: Ctx<'_>,
    ruleset: Option<RulesetChoice>,
    power: Option<bool>,
    proposals: Option<bool>,
    unofficial: Option<bool>,
    threads: Option<bool>,
    #[channel_types("Text")] allow: Option<serenity::ChannelId>,
    #[channel_types("Text")] disallow: Option<serenity::ChannelId>,
    everywhere: Option<bool>,
) -> Result<(), Error> {
    let change = SettingsChange {
        ruleset: ruleset.map(Ruleset::from),
        power,
        proposals,
        unofficial,
        threads,
        allow: allow.map(|c| c.get()),
        disallow: disallow.map(|c| c.get()),
        everywhere,
    };
    run(ctx, Request::Settings(change)).await
}

/// A member named in an option, as the core knows them.
fn member(user: Option<serenity::User>) -> Option<Player> {
    user.map(|u| Player {
        id: u.id.get(),
        name: u.display_name().to_string(),
    })
}

/// /rating
#[poise::command(slash_command)]
pub async fn rating(ctx: Ctx<'_>, member: Option<serenity::User>) -> Result<(), Error> {
    run(
        ctx,
        Request::Rating {
            member: self::member(member),
        },
    )
    .await
}

/// /leaderboard
#[poise::command(slash_command)]
pub async fn leaderboard(ctx: Ctx<'_>) -> Result<(), Error> {
    run(ctx, Request::Leaderboard).await
}

/// /profile
#[poise::command(slash_command)]
pub async fn profile(ctx: Ctx<'_>, member: Option<serenity::User>) -> Result<(), Error> {
    run(
        ctx,
        Request::Profile {
            member: self::member(member),
        },
    )
    .await
}

/// /games
#[poise::command(slash_command)]
pub async fn games(ctx: Ctx<'_>) -> Result<(), Error> {
    run(ctx, Request::Games).await
}

/// /rematch
#[poise::command(slash_command)]
pub async fn rematch(ctx: Ctx<'_>) -> Result<(), Error> {
    run(ctx, Request::Rematch).await
}

/// /replay
#[poise::command(slash_command)]
pub async fn replay(ctx: Ctx<'_>) -> Result<(), Error> {
    run(ctx, Request::Replay).await
}

/// /help
#[poise::command(slash_command)]
pub async fn help(ctx: Ctx<'_>) -> Result<(), Error> {
    run(ctx, Request::Help).await
}

/// /rules
#[poise::command(slash_command)]
pub async fn rules(ctx: Ctx<'_>) -> Result<(), Error> {
    run(ctx, Request::Rules).await
}
