//! `csipgs play`: a local game in the terminal through the same command core as Discord.
//! Commands are typed as lines (`/move Kd2`); a text board follows every turn and the board
//! PNG is written to a file.

use crate::cli::{complain, Exit};
use crate::core::{
    spans, system_clock, BoxFuture, ChallengeAnswer, ChallengeRequest, Core, GameSpec, Listing,
    OptionChoices, Picture, Place, Platform, Posted, Press, Reply, Request, Sight, Span, Target,
    Undelivered, Who,
};
use crate::family::{Family, GameRules};
use crate::picture;
use crate::store::{Channel, ColourChoice, DatabaseUrl, GameRow, ProposalKind, Store, StoreError};
use engine::computer::Level;
use engine::fide::Variants;
use engine::{Color, Options, Ruleset, TimeControl};
use render::{fide_text_board, text_board};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

/// How `csipgs play` was started. What is None was not given: a new game takes its
/// default, a resumed game keeps what it was started with.
#[derive(Clone, Debug)]
pub struct Setup {
    /// csipgs (default) or fide.
    pub game: Option<Family>,
    /// A fide game's variants as typed (`warhead,stungun`).
    pub variants: Option<String>,
    /// None: classic (csipgs only).
    pub ruleset: Option<Ruleset>,
    /// csipgs options; those switched on are asked for, so a fide game refuses them.
    pub options: Options,
    /// White's name, then Black's.
    pub names: [Option<String>; 2],
    /// Who types first; afterwards the side to move, unless switched with /as.
    pub first: Color,
    /// Where the board PNG is written after every turn.
    pub picture: PathBuf,
    /// The database to keep the game in (resumed if it has one); memory if none.
    pub database: Option<DatabaseUrl>,
    /// The game's clock (default none); the side to move loses when its time is out and
    /// it plays.
    pub time: Option<TimeControl>,
    /// The side the computer plays, and how well; None: two people at one keyboard.
    pub computer: Option<(Color, Level)>,
}

/// The terminal's one channel.
const CHANNEL: Channel = Channel {
    guild: 0,
    channel: 0,
};
const PLACE: Place = Place::Channel(CHANNEL);

/// A typed line.
#[derive(Debug, PartialEq, Eq)]
enum Line {
    Command(Request),
    /// The terminal's own /help.
    Help,
    /// Press the shown button with this number (1 = the first).
    Press(usize),
    As(Color),
    Quit,
    Nothing,
}

/// Why `csipgs play` stopped before its game.
#[derive(Debug, thiserror::Error)]
enum PlayError {
    #[error("{0}")]
    Store(#[from] StoreError),
    /// The game's terms were refused (conflicting options, say), in the core's words.
    #[error("{0}")]
    Refused(String),
}

pub fn run(setup: Setup) -> ExitCode {
    crate::cli::block_on(async {
        match play(setup).await {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                complain!("{e}");
                match e {
                    // Bad options are bad input: the prompt never opens.
                    PlayError::Refused(_) | PlayError::Store(StoreError::NotSqlite(_)) => {
                        Exit::BadInput.into()
                    }
                    PlayError::Store(_) => Exit::Io.into(),
                }
            }
        }
    })
}

/// The terminal as the core's platform: no threads, and every message shows on the one
/// screen as it is made, so nothing is ever owed.
struct Local;

impl Platform for Local {
    fn has_threads(&self) -> bool {
        false
    }

    fn open_thread(&self, _: Channel, _: String) -> BoxFuture<'_, Result<Option<u64>, String>> {
        Box::pin(async { Ok(None) })
    }

    fn deliver(&self, _: Target, _: Reply) -> BoxFuture<'_, Result<Option<Posted>, Undelivered>> {
        Box::pin(async { Ok(None) })
    }
}

async fn play(setup: Setup) -> Result<(), PlayError> {
    let store = match &setup.database {
        Some(url) => Store::open(url).await?,
        None => Store::memory().await?,
    };
    let core = Core::new(store, system_clock(), Arc::new(Local)).without_flood_limit();
    let resumed = core.store().active_game(CHANNEL).await?;
    if let Some(row) = &resumed {
        resumable(&setup, row).map_err(PlayError::Refused)?;
    }
    let names = match &resumed {
        Some(row) => Color::ALL.map(|color| row.player(color).name.clone()),
        None => setup.names(),
    };
    // Names are shown at every prompt: neutralised as the bot neutralises what it repeats.
    let [white, black] = names.map(|name| crate::core::neutral(&name));
    let players = [
        Who {
            id: 1,
            name: white,
            moderator: true,
            manager: true,
        },
        Who {
            id: 2,
            name: black,
            moderator: true,
            manager: true,
        },
    ];
    let screen = Screen {
        players: players.clone(),
        picture: setup.picture.clone(),
        buttons: Mutex::new(Vec::new()),
        kept: Mutex::new(Vec::new()),
    };
    // Against the computer the keyboard is the member's alone.
    let computer = match &resumed {
        Some(row) => row.computer.map(|c| c.color),
        None => setup.computer.map(|(color, _)| color),
    };
    let member = computer.map(|color| !color);
    let mut acting = member.unwrap_or(setup.first);
    match &resumed {
        Some(row) => {
            acting = member.unwrap_or(row.game.to_move());
            println!("Resuming the game in {}.", database_text(&setup.database));
            let at_keyboard = &players[acting.index()];
            screen.ask(&core, at_keyboard, Request::Game).await;
            screen
                .ask(&core, at_keyboard, Request::Board { ply: None })
                .await;
        }
        None => start(&core, &screen, &setup, acting)
            .await
            .map_err(PlayError::Refused)?,
    }
    screen.computer_turns(&core, acting).await;
    println!(
        "Type /help for the commands, /as white or /as black to switch players, /quit to stop."
    );
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        let who = &players[acting.index()];
        print!("{} ({acting})> ", who.name);
        let _ = std::io::stdout().flush();
        let Some(Ok(line)) = lines.next() else {
            println!();
            break;
        };
        let mut switch = None;
        match parse(&line) {
            Err(usage) => println!("{}", crate::core::neutral(&usage)),
            Ok(Line::Nothing) => {}
            Ok(Line::Quit) => break,
            Ok(Line::Help) => println!("{}", help()),
            Ok(Line::As(color)) => switch = Some(color),
            Ok(Line::Press(n)) => match screen.button(n) {
                Some(press) => screen.ask(&core, who, Request::Press(press)).await,
                None => println!(
                    "there is no button {n}: /press takes the number shown beside a button"
                ),
            },
            Ok(Line::Command(request)) => screen.ask(&core, who, request).await,
        }
        screen.computer_turns(&core, acting).await;
        if let (Some(member), Some(color)) = (member, switch) {
            if color != member {
                println!("The computer plays {color}: you play {member}.");
            }
            switch = None;
        }
        let row = core.store().active_game(CHANNEL).await?;
        // Hot seat: the keyboard passes to the side to move, or to the side /as names.
        let next = member
            .or(switch)
            .or(row.as_ref().map(|r| r.game.to_move()))
            .unwrap_or(acting);
        let fog = row.is_some_and(|r| r.game.fog());
        if fog
            && next != acting
            && !pass_keyboard(
                &players[next.index()],
                next,
                &mut lines,
                &mut std::io::stdout(),
            )
        {
            break;
        }
        acting = next;
        screen.show_kept(&core, players[acting.index()].id).await;
    }
    core.store().close().await;
    Ok(())
}

impl Setup {
    /// The players' names for a new game: as given, the computer's side called
    /// "Computer" unless it was given one.
    fn names(&self) -> [String; 2] {
        Color::ALL.map(|color| {
            self.names[color.index()]
                .clone()
                .unwrap_or_else(|| match self.computer {
                    Some((computer, _)) if computer == color => "Computer".to_string(),
                    _ => color.name().to_string(),
                })
        })
    }
}

/// A resumed game goes on as it was started: every option given now must agree with it.
/// Err: what differs, and what to do.
fn resumable(setup: &Setup, row: &GameRow) -> Result<(), String> {
    let mut differ = Vec::new();
    let family = row.game.family();
    if let Some(game) = setup.game.filter(|&g| g != family) {
        differ.push(format!("--game {}", game.name()));
    }
    match row.game.rules() {
        GameRules::Csipgs(rules) => {
            if let Some(ruleset) = setup.ruleset.filter(|&r| r != rules.ruleset) {
                differ.push(format!("--rules {ruleset}"));
            }
            for name in setup.options.enabled_names() {
                if rules.options.get(name) != Some(true) {
                    differ.push(format!("--{name}"));
                }
            }
        }
        GameRules::Fide(variants) => {
            if let Some(typed) = &setup.variants {
                if typed.parse::<Variants>().ok() != Some(variants) {
                    differ.push(format!("--variants {typed}"));
                }
            }
        }
    }
    for color in Color::ALL {
        let stored = &row.player(color).name;
        if let Some(name) = setup.names[color.index()].as_ref().filter(|n| *n != stored) {
            differ.push(format!("--{} {name}", color.name().to_lowercase()));
        }
    }
    if let Some(time) = setup.time.filter(|&t| t != row.time_control) {
        differ.push(format!("--time {time}"));
    }
    if let Some((color, level)) = setup.computer {
        if row.computer.map(|c| (c.color, c.level)) != Some((color, level)) {
            differ.push(format!("--computer {}", color.name().to_lowercase()));
        }
    }
    if differ.is_empty() {
        return Ok(());
    }
    Err(format!(
        "{} holds a game of {} between {} and {}: {} would change it. Leave {} out to resume it, or give another --database for a new game.",
        database_text(&setup.database),
        row.game.rules().text(),
        row.player(Color::White).name,
        row.player(Color::Black).name,
        differ.join(", "),
        if differ.len() == 1 { "it" } else { "them" },
    ))
}

fn database_text(database: &Option<DatabaseUrl>) -> String {
    database
        .as_ref()
        .map_or("memory".to_string(), DatabaseUrl::to_string)
}

/// Hand the keyboard over in a fog game: the screen and its scrollback are cleared twice,
/// once the player who acted is done looking and before the next one sits down, so each
/// sees only their own view, even scrolling back. False if the input ended.
fn pass_keyboard(
    next: &Who,
    color: Color,
    lines: &mut impl Iterator<Item = std::io::Result<String>>,
    out: &mut impl Write,
) -> bool {
    // A screen that can't be written to shows nothing to hide.
    let _ = write!(out, "Press Enter to hide your board.");
    let _ = out.flush();
    let done = matches!(lines.next(), Some(Ok(_)));
    let _ = write!(
        out,
        "{CLEAR}Pass the keyboard to {} ({color}), then press Enter.",
        next.name
    );
    let _ = out.flush();
    let ready = done && matches!(lines.next(), Some(Ok(_)));
    let _ = write!(out, "{CLEAR}");
    let _ = out.flush();
    ready
}

/// Clears a terminal's screen, then its scrollback (after the screen: some terminals keep a
/// cleared screen in their scrollback), and puts the cursor at the top.
const CLEAR: &str = "\x1b[H\x1b[2J\x1b[3J";

/// A new game: White challenges Black, who accepts, as on Discord; or the member
/// challenges the computer, which needs no accepting. Err: the core refused the game's
/// terms, with its reason.
async fn start(core: &Core, screen: &Screen, setup: &Setup, first: Color) -> Result<(), String> {
    // One person at one keyboard, or one against the computer: nothing to rate.
    let mut options = OptionChoices::default();
    for name in setup.options.enabled_names() {
        // The names are the engine's own.
        let _ = options.set(name, true);
    }
    let terms = ChallengeRequest {
        game: GameSpec {
            family: setup.game,
            variants: setup.variants.clone(),
            ruleset: setup.ruleset,
            options,
            time: Some(setup.time.unwrap_or(TimeControl::Unlimited).to_string()),
            rated: Some(false),
        },
        ..ChallengeRequest::default()
    };
    if let Some((color, level)) = setup.computer {
        let member = &screen.players[(!color).index()];
        let challenge = Request::Challenge(ChallengeRequest {
            opponent: Some(screen.players[color.index()].player()),
            computer: true,
            level: Some(level.number()),
            colour: Some(match color {
                Color::White => ColourChoice::Black,
                Color::Black => ColourChoice::White,
            }),
            ..terms
        });
        let replies = core.handle(member, PLACE, challenge).await;
        if let Some(refused) = screen.refusal(&replies) {
            return Err(refused);
        }
        for reply in replies {
            screen.show_to(core, reply, member.id).await;
        }
        return Ok(());
    }
    let [white, black] = &screen.players;
    let challenge = Request::Challenge(ChallengeRequest {
        opponent: Some(black.player()),
        colour: Some(ColourChoice::White),
        ..terms
    });
    let replies = core.handle(white, PLACE, challenge).await;
    if let Some(refused) = screen.refusal(&replies) {
        return Err(refused);
    }
    let accept = replies
        .iter()
        .find_map(Request::challenge_of)
        .map(|challenge| {
            Request::Press(Press::Challenge {
                challenge,
                answer: ChallengeAnswer::Accept,
            })
        });
    match accept {
        Some(accept) => {
            for reply in replies {
                core.delivered(&reply, None).await;
            }
            let at_keyboard = &screen.players[first.index()];
            for reply in core.handle(black, PLACE, accept).await {
                screen.show_to(core, reply, at_keyboard.id).await;
            }
        }
        None => {
            for reply in replies {
                screen.show(core, reply).await;
            }
        }
    }
    Ok(())
}

/// Read a line: a slash command, or a turn in record notation.
fn parse(line: &str) -> Result<Line, String> {
    let line = line.trim();
    if line.is_empty() {
        return Ok(Line::Nothing);
    }
    let Some(command) = line.strip_prefix('/') else {
        return Ok(Line::Command(Request::Turn {
            text: line.to_string(),
        }));
    };
    let (name, rest) = command.split_once(' ').unwrap_or((command, ""));
    let rest = rest.trim();
    let words: Vec<&str> = rest.split_whitespace().collect();
    let usage = |text: &str| Err(format!("usage: {text}"));
    // A last word with '=' is the redesign.
    let split_redesign = |words: &[&str]| -> (String, Option<String>) {
        match words.split_last() {
            Some((last, first)) if last.contains('=') && !first.is_empty() => {
                (first.join(" "), Some(last.to_string()))
            }
            _ => (words.join(" "), None),
        }
    };
    let request = match name.to_ascii_lowercase().as_str() {
        "move" if !words.is_empty() => {
            let (text, redesign) = split_redesign(&words);
            Request::Move { text, redesign }
        }
        "move" => return usage("/move MOVE [SLOT=DESIGN], such as /move Kd2 B=WD"),
        "transfer" => match words[..] {
            [piece, square] => Request::Transfer {
                piece: piece.to_string(),
                square: square.to_string(),
                redesign: None,
            },
            [piece, square, redesign] => Request::Transfer {
                piece: piece.to_string(),
                square: square.to_string(),
                redesign: Some(redesign.to_string()),
            },
            _ => return usage("/transfer PIECE SQUARE [SLOT=DESIGN], such as /transfer WD e2"),
        },
        "buy" if !words.is_empty() => {
            let (design, redesign) = split_redesign(&words);
            Request::Buy { design, redesign }
        }
        "buy" => return usage("/buy DESIGN [SLOT=DESIGN], such as /buy N"),
        "turn" if !rest.is_empty() => Request::Turn {
            text: rest.to_string(),
        },
        "turn" => return usage("/turn TURN, such as /turn Kd2; B=WD"),
        "propose" => match words[..] {
            [kind, name, notation, estimate] => Request::Propose {
                kind: match kind {
                    "atom" => ProposalKind::Atom,
                    "modifier" => ProposalKind::Modifier,
                    _ => return usage("the kind is atom or modifier"),
                },
                name: name.to_string(),
                notation: notation.to_string(),
                estimate: estimate.to_string(),
            },
            _ => return usage(
                "/propose atom|modifier NAME NOTATION ESTIMATE, such as /propose atom zebra Z 3",
            ),
        },
        "estimate" => match words[..] {
            [proposal, value] => Request::Estimate {
                proposal: proposal
                    .trim_start_matches('#')
                    .parse()
                    .map_err(|_| format!("'{}' is not a proposal number", clip(proposal)))?,
                value: value.to_string(),
            },
            _ => return usage("/estimate PROPOSAL VALUE, such as /estimate 1 2.5"),
        },
        "price" => match words[..] {
            [design] => Request::Price {
                design: design.to_string(),
                ruleset: None,
            },
            [design, ruleset] => Request::Price {
                design: design.to_string(),
                ruleset: Some(ruleset.parse().map_err(|e| clip(&format!("{e}")))?),
            },
            _ => return usage("/price DESIGN [RULESET], such as /price WbRbmHfB"),
        },
        "board" => match words[..] {
            [] => Request::Board { ply: None },
            [ply] => Request::Board {
                ply: Some(ply.parse().map_err(|_| {
                    format!(
                        "'{}' is not a turn number: /board 3 shows the board after turn 3",
                        clip(ply)
                    )
                })?),
            },
            _ => return usage("/board [PLY], such as /board or /board 3"),
        },
        "press" => {
            return match words[..] {
                [n] => n
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .map(Line::Press)
                    .ok_or_else(|| format!("'{}' is not a button number", clip(n))),
                _ => usage("/press N, with N the number shown beside a button"),
            }
        }
        "game" => Request::Game,
        "games" => Request::Games(Listing {
            page: rest.trim().parse().ok(),
            sight: Sight::Everything,
        }),
        "rematch" => Request::Rematch,
        "replay" => Request::Replay,
        "profile" => Request::Profile {
            member: None,
            game: None,
        },
        "rating" => Request::Rating {
            member: None,
            game: None,
        },
        "leaderboard" => Request::Leaderboard { game: None },
        "history" => Request::History,
        "resign" => Request::Resign,
        "draw" => Request::Draw,
        "abort" => Request::Abort,
        "help" => return Ok(Line::Help),
        "rules" => Request::Rules,
        "notify" | "settings" | "tournament" | "td" => {
            return Err(format!(
                "/{name} is for Discord; the terminal has one screen and no servers"
            ))
        }
        "as" => {
            return match rest.to_ascii_lowercase().as_str() {
                "white" | "w" => Ok(Line::As(Color::White)),
                "black" | "b" => Ok(Line::As(Color::Black)),
                _ => usage("/as white or /as black"),
            }
        }
        "quit" | "exit" => return Ok(Line::Quit),
        other => {
            return Err(format!(
                "unknown command /{}: /help lists them",
                clip(other)
            ))
        }
    };
    Ok(Line::Command(request))
}

/// The commands the terminal reads and hands to the core; the rest are Discord's (a server's
/// settings, tournaments, challenges: the terminal's one game is set by its options).
const CORE_COMMANDS: &[&str] = &[
    "move",
    "transfer",
    "buy",
    "turn",
    "propose",
    "estimate",
    "price",
    "board",
    "game",
    "games",
    "rematch",
    "replay",
    "profile",
    "rating",
    "leaderboard",
    "history",
    "resign",
    "draw",
    "abort",
    "help",
    "rules",
];

/// The terminal's /help: the core's commands it reads, then its own.
fn help() -> String {
    let commands = crate::core::help_of(|name| CORE_COMMANDS.contains(&name));
    let commands = crate::core::unmarked(&commands);
    format!(
        "{}\n\nIn the terminal also:\n/as white, /as black: type as that side (a game against the \
         computer has one side to type for)\n/press N: press the button numbered N in the last \
         answer\n/quit: stop (a game kept with --database resumes next time)\nA line without a \
         slash is a turn, as /turn reads it.",
        commands.trim_end()
    )
}

/// What was typed, made safe and short enough to echo.
fn clip(text: &str) -> String {
    crate::core::neutral(text)
}

/// Shows replies: text with names for mentions, boards as text and PNG files, buttons
/// numbered for /press. A direct message waits until its player is at the keyboard.
struct Screen {
    players: [Who; 2],
    picture: PathBuf,
    /// The buttons last shown, in order.
    buttons: Mutex<Vec<Press>>,
    /// Direct messages for the player away from the keyboard.
    kept: Mutex<Vec<(u64, Reply)>>,
}

impl Screen {
    /// Carry out a command of the player at the keyboard and show the answers.
    async fn ask(&self, core: &Core, who: &Who, request: Request) {
        for reply in core.handle(who, PLACE, request).await {
            self.show_to(core, reply, who.id).await;
        }
    }

    /// Play the turns the computer owes and show them to the member at the keyboard.
    async fn computer_turns(&self, core: &Core, at_keyboard: Color) {
        match core.computer_turns().await {
            Ok(replies) => {
                for reply in replies {
                    self.show_to(core, reply, self.players[at_keyboard.index()].id)
                        .await;
                }
            }
            Err(e) => println!("{}", e.sentence()),
        }
    }

    /// Show a reply to the player at the keyboard, or keep a direct message for the other.
    async fn show_to(&self, core: &Core, reply: Reply, at_keyboard: u64) {
        match reply.elsewhere {
            Some(Target::Direct { user }) if user != at_keyboard => {
                self.kept
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((user, reply));
            }
            _ => self.show(core, reply).await,
        }
    }

    /// Show the direct messages kept for this player, now at the keyboard.
    async fn show_kept(&self, core: &Core, user: u64) {
        let mine: Vec<Reply> = {
            let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
            let (mine, others) = std::mem::take(&mut *kept)
                .into_iter()
                .partition(|(to, _)| *to == user);
            *kept = others;
            mine.into_iter().map(|(_, reply)| reply).collect()
        };
        for reply in mine {
            self.show(core, reply).await;
        }
    }

    /// The press behind button `n` (1-based) of the last reply that had buttons.
    fn button(&self, n: usize) -> Option<Press> {
        let buttons = self.buttons.lock().unwrap_or_else(|e| e.into_inner());
        buttons.get(n - 1).copied()
    }

    /// A member's name at this keyboard.
    fn name_of(&self, id: u64) -> String {
        self.players
            .iter()
            .find(|p| p.id == id)
            .map_or_else(|| format!("member {id}"), |p| p.name.clone())
    }

    /// A reply's text as the terminal shows it: names for mentions, no markup.
    fn words(&self, reply: &Reply) -> String {
        spans(&reply.text)
            .into_iter()
            .map(|span| match span {
                Span::Plain(words) => crate::core::unmarked(words),
                Span::Member(id) => self.name_of(id),
                // The terminal has one channel: the game's.
                Span::Channel(_) => "the game".to_string(),
            })
            .collect()
    }

    /// The reason a command was refused: its one answer, private and without buttons.
    fn refusal(&self, replies: &[Reply]) -> Option<String> {
        match replies {
            [only] if only.ephemeral && only.buttons.is_empty() => Some(self.words(only)),
            _ => None,
        }
    }

    async fn show(&self, core: &Core, reply: Reply) {
        let text = self.words(&reply);
        if reply.ephemeral || matches!(reply.elsewhere, Some(Target::Direct { .. })) {
            println!("(only you see this) {text}");
        } else {
            println!("{text}");
        }
        if let Some(picture) = &reply.picture {
            match picture {
                Picture::Board(view) => println!("{}", text_board(view)),
                Picture::FideBoard(view) => println!("{}", fide_text_board(view)),
                _ => {}
            }
            let path = match picture {
                Picture::Board(_) | Picture::FideBoard(_) => self.picture.clone(),
                _ => self.picture.with_file_name(picture::file_name(picture)),
            };
            match core.painters().encode(picture.clone()).await {
                Ok(bytes) => write_file(&path, &bytes),
                Err(e) => println!("({e})"),
            }
        }
        for file in &reply.files {
            println!("{}", String::from_utf8_lossy(&file.bytes).trim_end());
            write_file(Path::new(&file.name), &file.bytes);
        }
        if !reply.buttons.is_empty() {
            let presses: Vec<Press> = reply
                .buttons
                .iter()
                .filter_map(|b| Press::from_id(&b.id))
                .collect();
            let labels: Vec<String> = reply
                .buttons
                .iter()
                .enumerate()
                .map(|(i, b)| format!("/press {} = {}", i + 1, b.label))
                .collect();
            println!("(buttons: {})", labels.join(", "));
            *self.buttons.lock().unwrap_or_else(|e| e.into_inner()) = presses;
        }
        core.delivered(&reply, None).await;
    }
}

fn write_file(path: &Path, bytes: &[u8]) {
    match std::fs::write(path, bytes) {
        Ok(()) => println!("(written to {})", path.display()),
        Err(e) => println!("(can't write {}: {e})", path.display()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use render::{BoardView, FideBoardView};

    proptest! {
        // The terminal's command line takes anything a keyboard (or a pasted file) gives:
        // it never panics, and what it says back stays short and free of control characters.
        #![proptest_config(ProptestConfig::with_cases(3000))]
        #[test]
        fn any_line_is_read_or_refused(line in any::<String>()) {
            if let Err(usage) = parse(&line) {
                prop_assert!(usage.chars().count() < 400, "{usage}");
                prop_assert!(!usage.chars().any(|c| c.is_control() && c != '\n'), "{usage:?}");
            }
        }

        #[test]
        fn slash_lines_with_hostile_words_are_read_or_refused(
            command in prop::sample::select(vec![
                "move", "transfer", "buy", "turn", "propose", "estimate", "price", "board",
                "press", "as", "notify", "settings", "nonsense",
            ]),
            words in prop::collection::vec("[^ ]{0,300}", 0..6),
        ) {
            let line = format!("/{command} {}", words.join(" "));
            if let Err(usage) = parse(&line) {
                prop_assert!(usage.chars().count() < 400, "{usage}");
                prop_assert!(!usage.chars().any(|c| c.is_control() && c != '\n'), "{usage:?}");
            }
        }
    }

    #[test]
    fn passing_the_keyboard_clears_the_screen_and_its_scrollback() {
        let bob = Who {
            id: 2,
            name: "bob".into(),
            moderator: false,
            manager: false,
        };
        let mut lines = ["".to_string(), "".to_string()].into_iter().map(Ok);
        let mut out = Vec::new();
        assert!(pass_keyboard(&bob, Color::Black, &mut lines, &mut out));
        let out = String::from_utf8(out).unwrap();
        assert_eq!(
            out,
            format!(
                "Press Enter to hide your board.{CLEAR}Pass the keyboard to bob (Black), then press Enter.{CLEAR}"
            )
        );
        // The scrollback is erased after the screen, which some terminals push into it.
        assert!(CLEAR.find("\x1b[3J") > CLEAR.find("\x1b[2J"));
        // Input that ends still leaves the screen clear.
        let mut out = Vec::new();
        assert!(!pass_keyboard(
            &bob,
            Color::Black,
            &mut std::iter::empty(),
            &mut out
        ));
        assert!(String::from_utf8(out).unwrap().ends_with(CLEAR));
    }

    #[test]
    fn the_terminals_help_lists_what_it_reads() {
        let text = help();
        for name in CORE_COMMANDS {
            assert!(text.contains(&format!("/{name}")), "/{name}: {text}");
            // Each is read: a usage line at worst, never "unknown command".
            let read = parse(&format!("/{name}"));
            assert!(
                read.as_ref().err().is_none_or(|e| e.starts_with("usage:")),
                "/{name}: {read:?}"
            );
        }
        for own in ["/as white", "/press N", "/quit"] {
            assert!(text.contains(own), "{own}: {text}");
        }
        for discord in ["/tournament", "/settings", "/challenge", "/notify", "**"] {
            assert!(!text.contains(discord), "{discord}: {text}");
        }
        assert_eq!(parse("/help"), Ok(Line::Help));
    }

    #[test]
    fn lines_become_requests() {
        assert_eq!(
            parse("/move Kd2 B=WD"),
            Ok(Line::Command(Request::Move {
                text: "Kd2".into(),
                redesign: Some("B=WD".into())
            }))
        );
        assert_eq!(
            parse("(WD)xe5+; B=WD"),
            Ok(Line::Command(Request::Turn {
                text: "(WD)xe5+; B=WD".into()
            }))
        );
        assert_eq!(
            parse("/buy WD, N"),
            Ok(Line::Command(Request::Buy {
                design: "WD, N".into(),
                redesign: None
            }))
        );
        assert_eq!(
            parse("/transfer WD e2"),
            Ok(Line::Command(Request::Transfer {
                piece: "WD".into(),
                square: "e2".into(),
                redesign: None
            }))
        );
        assert_eq!(
            parse("/estimate #3 2.5"),
            Ok(Line::Command(Request::Estimate {
                proposal: 3,
                value: "2.5".into()
            }))
        );
        assert_eq!(parse("/as black"), Ok(Line::As(Color::Black)));
        assert_eq!(parse("/quit"), Ok(Line::Quit));
        assert_eq!(parse("  "), Ok(Line::Nothing));
    }

    #[test]
    fn bad_lines_say_how() {
        assert!(parse("/move").unwrap_err().contains("/move Kd2"));
        assert!(parse("/transfer WD").unwrap_err().contains("usage"));
        assert!(parse("/price WD chess").unwrap_err().contains("classic"));
        assert!(parse("/fly").unwrap_err().contains("/help"));
        assert!(parse("/tournament join")
            .unwrap_err()
            .contains("is for Discord"));
    }

    #[test]
    fn the_text_board_shows_pieces_legend_and_panels() {
        let rules: engine::Rules = Ruleset::Classic.into();
        let position = engine::Position::parse(
            "4k3/8/8/8/3(WD)4/8/8/4K3 b 3/0.5 -/- P,N,WD,R,Q,K/P,N,B,R,Q,K 12",
            rules,
        )
        .unwrap();
        let view = BoardView::from_position(&position, ["Alice", "Bob"]);
        let text = text_board(&view);
        assert!(text.contains(" 4  .  .  . (1) .  .  .  .  4"), "{text}");
        assert!(text.contains("1 = WD"));
        assert!(text.contains("White (Alice): 3 zorkmids"));
        assert!(text.contains("Turn 12: Black to move."));
        let flipped = text_board(&view.seen_by(Color::Black));
        assert!(flipped.contains("    h  g  f"), "{flipped}");
    }

    #[test]
    fn the_fide_text_board_shows_pieces_captures_and_variants() {
        let mut game = engine::fide::FideGame::new("stungun".parse().unwrap());
        for m in ["e4", "d5", "exd5"] {
            game.play_text(m).unwrap();
        }
        let view = FideBoardView::from_game(&game, ["Alice", "Bob"]);
        let text = fide_text_board(&view);
        assert!(text.contains(" 5  .  .  .  P  .  .  .  .  5"), "{text}");
        assert!(text.contains(" 8  r  n  b  q  k  b  n  r  8"), "{text}");
        assert!(text.contains("White (Alice): captured"), "{text}");
        assert!(text.contains("Black (Bob): captured nothing"), "{text}");
        assert!(text.contains("Variants: stungun"), "{text}");
        assert!(text.contains("Move 2: Black to move."), "{text}");
    }

    #[test]
    fn a_fog_view_shows_only_what_its_player_sees() {
        let rules = engine::Rules::new(
            Ruleset::Classic,
            Options {
                fog: true,
                ..Options::default()
            },
        );
        let position = engine::Position::parse(
            "4k3/8/8/8/8/8/8/4K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1 b3,c4,f3,c6,f5,g6",
            rules,
        )
        .unwrap();
        let game = engine::Game::from_position(position);
        let view = BoardView::from_view(&game.view(Color::White), ["Alice", "Bob"]);
        let text = text_board(&view);
        assert!(text.contains(" 8  ~  ~  ~  ~  ~  ~  ~  ~  8"), "{text}");
        assert!(text.contains(" 1  ~  ~  ~  .  K  .  ~  ~  1"), "{text}");
        assert!(text.contains("# = impassable, ~ = out of sight"));
    }
}
