//! The slash commands. Each turns its options into a core `Request`. Descriptions and
//! length limits come from the core's command table (`core::commands`), which /help and the
//! terminal read too; a test checks that the `max_length`s written here match it.

use super::{complete, run, Ctx, Error};
use crate::core::{
    ChallengeRequest, DirectorRequest, Field, GameSpec, Listing, OptionChoices, PrivacyRequest,
    Request, SettingsChange, TournamentRequest, TournamentSpec,
};
use crate::family::Family;
use crate::store::{BoardResult, ColourChoice, Player, ProposalKind, TournamentFormat};
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

/// /settings web_links: what to do with the server's page links.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum WebLinksChoice {
    #[name = "new"]
    New,
}

#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum GameChoice {
    #[name = "csipgs"]
    Csipgs,
    #[name = "fide"]
    Fide,
}

impl From<GameChoice> for Family {
    fn from(choice: GameChoice) -> Family {
        match choice {
            GameChoice::Csipgs => Family::Csipgs,
            GameChoice::Fide => Family::Fide,
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

async fn complete_design(ctx: Ctx<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    complete(ctx, Field::Design, typed).await
}

async fn complete_redesign(ctx: Ctx<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    complete(ctx, Field::Redesign, typed).await
}

async fn complete_proposal(ctx: Ctx<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    complete(ctx, Field::Proposal, typed).await
}

async fn complete_tournament(ctx: Ctx<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    complete(ctx, Field::Tournament, typed).await
}

async fn complete_variants(ctx: Ctx<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    complete(ctx, Field::Variants, typed).await
}

/// The game options /challenge and /tournament create share. `flags` are the csipgs
/// options in the engine's order of their names, as both commands list them.
fn game_spec(
    game: Option<GameChoice>,
    variants: Option<String>,
    ruleset: Option<RulesetChoice>,
    flags: [Option<bool>; 5],
    time: Option<String>,
    rated: Option<bool>,
) -> GameSpec {
    let mut options = OptionChoices::default();
    for (name, flag) in engine::Options::NAMES.into_iter().zip(flags) {
        if let Some(on) = flag {
            // The names are the engine's own.
            let _ = options.set(name, on);
        }
    }
    GameSpec {
        family: game.map(Family::from),
        variants,
        ruleset: ruleset.map(Ruleset::from),
        options,
        time,
        rated,
    }
}

/// /challenge
#[poise::command(slash_command)]
#[allow(clippy::too_many_arguments)]
pub async fn challenge(
    ctx: Ctx<'_>,
    opponent: Option<serenity::User>,
    game: Option<GameChoice>,
    #[autocomplete = "complete_variants"] variants: Option<String>,
    ruleset: Option<RulesetChoice>,
    power: Option<bool>,
    proposals: Option<bool>,
    unofficial: Option<bool>,
    plunder: Option<bool>,
    fog: Option<bool>,
    colour: Option<ColourOption>,
    time: Option<String>,
    rated: Option<bool>,
    level: Option<u8>,
) -> Result<(), Error> {
    let me = ctx.framework().bot_id();
    let request = ChallengeRequest {
        opponent_is_bot: opponent.as_ref().is_some_and(|o| o.bot),
        computer: opponent.as_ref().is_some_and(|o| o.id == me),
        level,
        opponent: opponent.map(|o| Player {
            id: o.id.get(),
            name: o.display_name().to_string(),
        }),
        game: game_spec(
            game,
            variants,
            ruleset,
            [power, proposals, unofficial, plunder, fog],
            time,
            rated,
        ),
        colour: colour.map(ColourChoice::from),
    };
    run(ctx, Request::Challenge(request)).await
}

/// /move
#[poise::command(slash_command, rename = "move")]
pub async fn move_piece(
    ctx: Ctx<'_>,
    #[autocomplete = "complete_move"] r#move: String,
    #[autocomplete = "complete_redesign"] redesign: Option<String>,
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
    #[autocomplete = "complete_reserve"] piece: String,
    #[autocomplete = "complete_square"] square: String,
    #[autocomplete = "complete_redesign"] redesign: Option<String>,
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
    #[autocomplete = "complete_buy"] design: String,
    #[autocomplete = "complete_redesign"] redesign: Option<String>,
) -> Result<(), Error> {
    run(ctx, Request::Buy { design, redesign }).await
}

/// /turn
#[poise::command(slash_command)]
pub async fn turn(ctx: Ctx<'_>, text: String) -> Result<(), Error> {
    run(ctx, Request::Turn { text }).await
}

/// /propose
#[poise::command(slash_command)]
pub async fn propose(
    ctx: Ctx<'_>,
    kind: KindOption,
    name: String,
    notation: String,
    estimate: String,
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
    value: String,
) -> Result<(), Error> {
    run(ctx, Request::Estimate { proposal, value }).await
}

/// /price
#[poise::command(slash_command)]
pub async fn price(
    ctx: Ctx<'_>,
    #[autocomplete = "complete_design"] design: String,
    ruleset: Option<RulesetChoice>,
) -> Result<(), Error> {
    let request = Request::Price {
        design,
        ruleset: ruleset.map(Ruleset::from),
    };
    run(ctx, request).await
}

/// /design
#[poise::command(slash_command)]
pub async fn design(
    ctx: Ctx<'_>,
    #[autocomplete = "complete_design"] design: Option<String>,
) -> Result<(), Error> {
    run(ctx, Request::Design { design }).await
}

/// Right-click a member, then Apps: "Challenge to csipgs", with the server's usual terms.
#[poise::command(context_menu_command = "Challenge to csipgs")]
pub async fn challenge_member(ctx: Ctx<'_>, member: serenity::User) -> Result<(), Error> {
    let me = ctx.framework().bot_id();
    let request = ChallengeRequest {
        opponent_is_bot: member.bot,
        computer: member.id == me,
        opponent: Some(Player {
            id: member.id.get(),
            name: member.display_name().to_string(),
        }),
        ..ChallengeRequest::default()
    };
    run(ctx, Request::Challenge(request)).await
}

/// Right-click a message, then Apps: "Price this design" prices the design it names.
#[poise::command(context_menu_command = "Price this design")]
pub async fn price_message(ctx: Ctx<'_>, message: serenity::Message) -> Result<(), Error> {
    run(
        ctx,
        Request::PriceIn {
            text: message.content,
        },
    )
    .await
}

/// /board
#[poise::command(slash_command)]
pub async fn board(ctx: Ctx<'_>, ply: Option<u32>) -> Result<(), Error> {
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
    web: Option<bool>,
    web_links: Option<WebLinksChoice>,
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
        web,
        new_links: matches!(web_links, Some(WebLinksChoice::New)),
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
pub async fn rating(
    ctx: Ctx<'_>,
    member: Option<serenity::User>,
    game: Option<GameChoice>,
) -> Result<(), Error> {
    run(
        ctx,
        Request::Rating {
            member: self::member(member),
            game: game.map(Family::from),
        },
    )
    .await
}

/// /leaderboard
#[poise::command(slash_command)]
pub async fn leaderboard(ctx: Ctx<'_>, game: Option<GameChoice>) -> Result<(), Error> {
    run(
        ctx,
        Request::Leaderboard {
            game: game.map(Family::from),
        },
    )
    .await
}

/// /profile
#[poise::command(slash_command)]
pub async fn profile(
    ctx: Ctx<'_>,
    member: Option<serenity::User>,
    game: Option<GameChoice>,
) -> Result<(), Error> {
    run(
        ctx,
        Request::Profile {
            member: self::member(member),
            game: game.map(Family::from),
        },
    )
    .await
}

/// /games
#[poise::command(slash_command)]
pub async fn games(ctx: Ctx<'_>, page: Option<u32>) -> Result<(), Error> {
    let sight = super::sight(ctx);
    run(ctx, Request::Games(Listing { page, sight })).await
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

/// /privacy
#[poise::command(
    slash_command,
    subcommands("privacy_show", "privacy_export", "privacy_forget"),
    subcommand_required
)]
pub async fn privacy(_: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

/// /privacy show
#[poise::command(slash_command, rename = "show")]
pub async fn privacy_show(ctx: Ctx<'_>) -> Result<(), Error> {
    run(ctx, Request::Privacy(PrivacyRequest::Show)).await
}

/// /privacy export
#[poise::command(slash_command, rename = "export")]
pub async fn privacy_export(ctx: Ctx<'_>) -> Result<(), Error> {
    run(ctx, Request::Privacy(PrivacyRequest::Export)).await
}

/// /privacy forget
#[poise::command(slash_command, rename = "forget")]
pub async fn privacy_forget(ctx: Ctx<'_>) -> Result<(), Error> {
    run(ctx, Request::Privacy(PrivacyRequest::Forget)).await
}

#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum FormatChoice {
    #[name = "swiss"]
    Swiss,
    #[name = "round-robin"]
    RoundRobin,
    #[name = "double-round-robin"]
    DoubleRoundRobin,
}

impl From<FormatChoice> for TournamentFormat {
    fn from(choice: FormatChoice) -> TournamentFormat {
        match choice {
            FormatChoice::Swiss => TournamentFormat::Swiss,
            FormatChoice::RoundRobin => TournamentFormat::RoundRobin,
            FormatChoice::DoubleRoundRobin => TournamentFormat::DoubleRoundRobin,
        }
    }
}

#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum ResultChoice {
    #[name = "1-0"]
    WhiteWins,
    #[name = "0-1"]
    BlackWins,
    #[name = "1/2-1/2"]
    Draw,
    #[name = "+- (White wins by forfeit)"]
    WhiteByForfeit,
    #[name = "-+ (Black wins by forfeit)"]
    BlackByForfeit,
    #[name = "-- (neither played)"]
    DoubleForfeit,
}

impl From<ResultChoice> for BoardResult {
    fn from(choice: ResultChoice) -> BoardResult {
        match choice {
            ResultChoice::WhiteWins => BoardResult::WhiteWins,
            ResultChoice::BlackWins => BoardResult::BlackWins,
            ResultChoice::Draw => BoardResult::Draw,
            ResultChoice::WhiteByForfeit => BoardResult::WhiteByForfeit,
            ResultChoice::BlackByForfeit => BoardResult::BlackByForfeit,
            ResultChoice::DoubleForfeit => BoardResult::DoubleForfeit,
        }
    }
}

/// /tournament
#[poise::command(
    slash_command,
    subcommands(
        "tournament_create",
        "tournament_join",
        "tournament_leave",
        "tournament_withdraw",
        "tournament_info",
        "tournament_list",
        "tournament_standings",
        "tournament_pairings",
        "tournament_export"
    ),
    subcommand_required
)]
pub async fn tournament(_: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

/// /tournament create
#[poise::command(slash_command, rename = "create")]
#[allow(clippy::too_many_arguments)]
pub async fn tournament_create(
    ctx: Ctx<'_>,
    name: String,
    format: Option<FormatChoice>,
    rounds: Option<u16>,
    game: Option<GameChoice>,
    #[autocomplete = "complete_variants"] variants: Option<String>,
    ruleset: Option<RulesetChoice>,
    power: Option<bool>,
    proposals: Option<bool>,
    unofficial: Option<bool>,
    plunder: Option<bool>,
    fog: Option<bool>,
    time: Option<String>,
    rated: Option<bool>,
    max_players: Option<u16>,
    start: Option<String>,
    all_at_once: Option<bool>,
    tiebreaks: Option<String>,
) -> Result<(), Error> {
    let spec = TournamentSpec {
        name,
        format: format.map(TournamentFormat::from),
        rounds,
        game: game_spec(
            game,
            variants,
            ruleset,
            [power, proposals, unofficial, plunder, fog],
            time,
            rated,
        ),
        max_players,
        start,
        all_at_once,
        tiebreaks,
    };
    run(ctx, Request::Tournament(TournamentRequest::Create(spec))).await
}

/// /tournament join
#[poise::command(slash_command, rename = "join")]
pub async fn tournament_join(
    ctx: Ctx<'_>,
    #[autocomplete = "complete_tournament"] tournament: Option<i64>,
) -> Result<(), Error> {
    run(
        ctx,
        Request::Tournament(TournamentRequest::Join { tournament }),
    )
    .await
}

/// /tournament leave
#[poise::command(slash_command, rename = "leave")]
pub async fn tournament_leave(
    ctx: Ctx<'_>,
    #[autocomplete = "complete_tournament"] tournament: Option<i64>,
) -> Result<(), Error> {
    run(
        ctx,
        Request::Tournament(TournamentRequest::Leave { tournament }),
    )
    .await
}

/// /tournament withdraw
#[poise::command(slash_command, rename = "withdraw")]
pub async fn tournament_withdraw(
    ctx: Ctx<'_>,
    #[autocomplete = "complete_tournament"] tournament: Option<i64>,
) -> Result<(), Error> {
    run(
        ctx,
        Request::Tournament(TournamentRequest::Withdraw { tournament }),
    )
    .await
}

/// /tournament info
#[poise::command(slash_command, rename = "info")]
pub async fn tournament_info(
    ctx: Ctx<'_>,
    #[autocomplete = "complete_tournament"] tournament: Option<i64>,
) -> Result<(), Error> {
    run(
        ctx,
        Request::Tournament(TournamentRequest::Info { tournament }),
    )
    .await
}

/// /tournament list
#[poise::command(slash_command, rename = "list")]
pub async fn tournament_list(ctx: Ctx<'_>, page: Option<u32>) -> Result<(), Error> {
    let sight = super::sight(ctx);
    run(
        ctx,
        Request::Tournament(TournamentRequest::List(Listing { page, sight })),
    )
    .await
}

/// /tournament standings
#[poise::command(slash_command, rename = "standings")]
pub async fn tournament_standings(
    ctx: Ctx<'_>,
    #[autocomplete = "complete_tournament"] tournament: Option<i64>,
) -> Result<(), Error> {
    run(
        ctx,
        Request::Tournament(TournamentRequest::Standings { tournament }),
    )
    .await
}

/// /tournament pairings
#[poise::command(slash_command, rename = "pairings")]
pub async fn tournament_pairings(
    ctx: Ctx<'_>,
    #[autocomplete = "complete_tournament"] tournament: Option<i64>,
    round: Option<u16>,
) -> Result<(), Error> {
    run(
        ctx,
        Request::Tournament(TournamentRequest::Pairings { tournament, round }),
    )
    .await
}

/// /tournament export
#[poise::command(slash_command, rename = "export")]
pub async fn tournament_export(
    ctx: Ctx<'_>,
    #[autocomplete = "complete_tournament"] tournament: Option<i64>,
) -> Result<(), Error> {
    run(
        ctx,
        Request::Tournament(TournamentRequest::Export { tournament }),
    )
    .await
}

/// /td (only for Manage Server: subcommands inherit it)
#[poise::command(
    slash_command,
    subcommands("td_start", "td_pair", "td_result", "td_remove", "td_cancel"),
    subcommand_required
)]
pub async fn td(_: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

/// /td start
#[poise::command(slash_command, rename = "start")]
pub async fn td_start(
    ctx: Ctx<'_>,
    #[autocomplete = "complete_tournament"] tournament: Option<i64>,
    rounds: Option<u16>,
) -> Result<(), Error> {
    run(
        ctx,
        Request::Director(DirectorRequest::Start { tournament, rounds }),
    )
    .await
}

/// /td pair
#[poise::command(slash_command, rename = "pair")]
pub async fn td_pair(
    ctx: Ctx<'_>,
    #[autocomplete = "complete_tournament"] tournament: Option<i64>,
) -> Result<(), Error> {
    run(ctx, Request::Director(DirectorRequest::Pair { tournament })).await
}

/// /td result
#[poise::command(slash_command, rename = "result")]
pub async fn td_result(
    ctx: Ctx<'_>,
    round: u16,
    board: u16,
    result: ResultChoice,
    #[autocomplete = "complete_tournament"] tournament: Option<i64>,
) -> Result<(), Error> {
    let request = DirectorRequest::Result {
        tournament,
        round,
        board,
        result: result.into(),
    };
    run(ctx, Request::Director(request)).await
}

/// /td remove
#[poise::command(slash_command, rename = "remove")]
pub async fn td_remove(
    ctx: Ctx<'_>,
    member: serenity::User,
    #[autocomplete = "complete_tournament"] tournament: Option<i64>,
) -> Result<(), Error> {
    let Some(member) = self::member(Some(member)) else {
        return Ok(());
    };
    run(
        ctx,
        Request::Director(DirectorRequest::Remove { tournament, member }),
    )
    .await
}

/// /td cancel
#[poise::command(slash_command, rename = "cancel")]
pub async fn td_cancel(
    ctx: Ctx<'_>,
    #[autocomplete = "complete_tournament"] tournament: Option<i64>,
) -> Result<(), Error> {
    run(
        ctx,
        Request::Director(DirectorRequest::Cancel { tournament }),
    )
    .await
}
