//! The slash commands. Each turns its options into a core `Request`; the doc comment's first
//! line is the command's description on Discord and in /help.

use super::{complete, run, Ctx, Error};
use crate::core::{Field, Request};
use crate::store::{ColourChoice, Player, ProposalKind};
use engine::{Options, Ruleset};
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

/// Challenge a member to a game of csipgs chess in this channel.
#[poise::command(slash_command)]
pub async fn challenge(
    ctx: Ctx<'_>,
    #[description = "The member to play against"] opponent: serenity::User,
    #[description = "classic (default), kurnia or progressive"] ruleset: Option<RulesetChoice>,
    #[description = "Buy in the design phase, so one turn can move and buy"] power: Option<bool>,
    #[description = "Allow proposing new atoms and modifiers (always on in kurnia)"]
    proposals: Option<bool>,
    #[description = "Allow the unofficial relay-, doublemove- and shooting- prefixes"]
    unofficial: Option<bool>,
    #[description = "Your colour: white, black or random (default)"] colour: Option<ColourOption>,
) -> Result<(), Error> {
    let request = Request::Challenge {
        opponent: Player {
            id: opponent.id.get(),
            name: opponent.display_name().to_string(),
        },
        opponent_is_bot: opponent.bot,
        ruleset: ruleset.map_or(Ruleset::Classic, Ruleset::from),
        options: Options {
            power: power.unwrap_or(false),
            proposals: proposals.unwrap_or(false),
            unofficial: unofficial.unwrap_or(false),
            ..Options::default()
        },
        colour: colour.map_or(ColourChoice::Random, ColourChoice::from),
    };
    run(ctx, request).await
}

/// Move a piece on the board, such as Kd2 or (WD)xe5.
#[poise::command(slash_command, rename = "move")]
pub async fn move_piece(
    ctx: Ctx<'_>,
    #[description = "The move in record notation, such as Kd2 or (WD)xe5"]
    #[autocomplete = "complete_move"]
    r#move: String,
    #[description = "Replace a design after the action: SLOT=DESIGN, such as B=WD"]
    #[autocomplete = "complete_redesign"]
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

/// Put a reserve piece on an empty square next to your royal piece.
#[poise::command(slash_command)]
pub async fn transfer(
    ctx: Ctx<'_>,
    #[description = "The reserve piece, such as N or WD"]
    #[autocomplete = "complete_reserve"]
    piece: String,
    #[description = "The empty square next to your royal piece, such as e2"]
    #[autocomplete = "complete_square"]
    square: String,
    #[description = "Replace a design after the action: SLOT=DESIGN, such as B=WD"]
    #[autocomplete = "complete_redesign"]
    redesign: Option<String>,
) -> Result<(), Error> {
    let request = Request::Transfer {
        piece,
        square,
        redesign,
    };
    run(ctx, request).await
}

/// Buy a piece of one of your designs into your reserve.
#[poise::command(slash_command)]
pub async fn buy(
    ctx: Ctx<'_>,
    #[description = "The design to buy, such as N or WD (progressive: several, as WD, N)"]
    #[autocomplete = "complete_buy"]
    design: String,
    #[description = "Replace a design after the action: SLOT=DESIGN, such as B=WD"]
    #[autocomplete = "complete_redesign"]
    redesign: Option<String>,
) -> Result<(), Error> {
    run(ctx, Request::Buy { design, redesign }).await
}

/// Take a whole turn in record notation, such as (WD)xe5+; B=WD.
#[poise::command(slash_command)]
pub async fn turn(
    ctx: Ctx<'_>,
    #[description = "The turn: an action, then optionally ; and a redesign"] text: String,
) -> Result<(), Error> {
    run(ctx, Request::Turn { text }).await
}

/// Propose a new atom or modifier; both players bid sealed estimates of its price.
#[poise::command(slash_command)]
pub async fn propose(
    ctx: Ctx<'_>,
    #[description = "atom (a new move, such as Z or nN) or modifier (runner, lame)"]
    kind: KindOption,
    #[description = "Its name, such as zebra or chinese knight"] name: String,
    #[description = "The atom's notation (Z, nN, DD) or the modifier (runner, lame)"]
    notation: String,
    #[description = "Your sealed estimate of its cost or multiplier, such as 2.5"] estimate: String,
) -> Result<(), Error> {
    let request = Request::Propose {
        kind: kind.into(),
        name,
        notation,
        estimate,
    };
    run(ctx, request).await
}

/// Give your sealed estimate for your opponent's proposal.
#[poise::command(slash_command)]
pub async fn estimate(
    ctx: Ctx<'_>,
    #[description = "The proposal's number"]
    #[autocomplete = "complete_proposal"]
    proposal: i64,
    #[description = "Your estimate of its cost or multiplier, such as 2.5"] value: String,
) -> Result<(), Error> {
    run(ctx, Request::Estimate { proposal, value }).await
}

/// Price a design, with its breakdown and movement diagram (works anywhere, also in DMs).
#[poise::command(slash_command)]
pub async fn price(
    ctx: Ctx<'_>,
    #[description = "The design in Betza's notation, such as WbRbmHfB"] design: String,
    #[description = "The ruleset whose prices apply (default: this channel's game, or classic)"]
    ruleset: Option<RulesetChoice>,
) -> Result<(), Error> {
    let request = Request::Price {
        design,
        ruleset: ruleset.map(Ruleset::from),
    };
    run(ctx, request).await
}

/// Show the board of this channel's game (from your side if you play).
#[poise::command(slash_command)]
pub async fn board(ctx: Ctx<'_>) -> Result<(), Error> {
    run(ctx, Request::Board).await
}

/// Show the game's status: players, rules, whose turn, treasuries, reserves and designs.
#[poise::command(slash_command)]
pub async fn game(ctx: Ctx<'_>) -> Result<(), Error> {
    run(ctx, Request::Game).await
}

/// Get the game's record file (this channel's game, or its last one).
#[poise::command(slash_command)]
pub async fn history(ctx: Ctx<'_>) -> Result<(), Error> {
    run(ctx, Request::History).await
}

/// Resign the game.
#[poise::command(slash_command)]
pub async fn resign(ctx: Ctx<'_>) -> Result<(), Error> {
    run(ctx, Request::Resign).await
}

/// Offer a draw, or accept your opponent's offer (classic only).
#[poise::command(slash_command)]
pub async fn draw(ctx: Ctx<'_>) -> Result<(), Error> {
    run(ctx, Request::Draw).await
}

/// Abort the game without a result (players before each has moved, or moderators).
#[poise::command(slash_command)]
pub async fn abort(ctx: Ctx<'_>) -> Result<(), Error> {
    run(ctx, Request::Abort).await
}

/// List the commands.
#[poise::command(slash_command)]
pub async fn help(ctx: Ctx<'_>) -> Result<(), Error> {
    run(ctx, Request::Help).await
}

/// The rules of csipgs chess in brief.
#[poise::command(slash_command)]
pub async fn rules(ctx: Ctx<'_>) -> Result<(), Error> {
    run(ctx, Request::Rules).await
}
