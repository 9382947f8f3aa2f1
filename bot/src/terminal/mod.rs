//! `csipgs play`: a local game in the terminal through the same command core as Discord.
//! Commands are typed as lines (`/move Kd2`); a text board follows every turn and the board
//! PNG is written to a file.

mod input;
mod read;
mod screen;

use crate::cli::{complain, say, Exit};
use crate::core::{
    system_clock, BoxFuture, ChallengeRequest, Core, GameSpec, OptionChoices, Place, Platform,
    Posted, Reply, Request, Target, Undelivered, Who,
};
use crate::family::Family;
use crate::store::{Channel, ColourChoice, DatabaseUrl, GameRow, Nonce, Status, Store, StoreError};
use engine::computer::Level;
use engine::fide::Variants;
use engine::{Color, Options, Ruleset, TimeControl};
use input::{Keyboard, Prompted, Typed, MAX_LINE};
use read::{help, parse, Line};
use screen::Screen;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

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
    /// Where the board PNG is written after every turn; None: nowhere.
    pub picture: Option<PathBuf>,
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

/// Why `csipgs play` stopped before its game.
#[derive(Debug, thiserror::Error)]
enum PlayError {
    #[error("{0}")]
    Store(#[from] StoreError),
    /// The database named by --database couldn't be opened: worded as every command that
    /// opens one words it.
    #[error("can't open {database}: {source}")]
    Open {
        database: String,
        source: StoreError,
    },
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
                    PlayError::Refused(_) => Exit::BadInput.into(),
                    PlayError::Store(e) | PlayError::Open { source: e, .. } => {
                        crate::cli::database_exit(&e).into()
                    }
                }
            }
        }
    })
}

/// The terminal as the core's platform: no threads, and every message shows on the one
/// screen as it is made, so nothing is ever owed. Also the platform of CLI commands that
/// change a database without running the scheduler.
pub(crate) struct Local;

impl Platform for Local {
    fn deliver(
        &self,
        _: Target,
        _: Reply,
        _: Nonce,
    ) -> BoxFuture<'_, Result<Option<Posted>, Undelivered>> {
        Box::pin(async { Ok(None) })
    }
}

async fn play(setup: Setup) -> Result<(), PlayError> {
    if let Some(blank) = setup.blank_name() {
        return Err(PlayError::Refused(blank));
    }
    let store = match &setup.database {
        Some(url) => Store::open(url).await.map_err(|source| PlayError::Open {
            database: url.to_string(),
            source,
        })?,
        None => Store::memory().await?,
    };
    let core = Core::new(store, system_clock(), Arc::new(Local)).for_terminal();
    let resumed = core.store().active_game(CHANNEL).await?;
    if let Some(row) = &resumed {
        resumable(&setup, row).map_err(PlayError::Refused)?;
    }
    let names = match &resumed {
        // Each seat's own name: after a /rematch the seat that started as White plays Black.
        Some(row) => [Seat(0), Seat(1)].map(|s| row.player(s.colour(Some(row))).name.clone()),
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
    // Seats, not colours, stay with the keyboard: a /rematch swaps the players' colours.
    // Against the computer the keyboard is the member's alone.
    let computer = match &resumed {
        Some(row) => row.computer.map(|c| c.color),
        None => setup.computer.map(|(color, _)| color),
    };
    let member = computer.map(|color| Seat::playing(!color, resumed.as_ref()));
    let screen = Screen::new(
        players.clone(),
        setup.picture.clone(),
        member.map(|seat| players[seat.0].id),
    );
    let mut seat = member.unwrap_or(Seat::playing(setup.first, None));
    match &resumed {
        Some(row) => {
            seat = member.unwrap_or(Seat::playing(row.game.to_move(), Some(row)));
            say!("Resuming the game in {}.", database_text(&setup.database));
            let at_keyboard = &players[seat.0];
            // A clock that ran out while the game was put away: lost on time before it shows.
            screen.flagged(&core, at_keyboard.id).await;
            screen.ask(&core, at_keyboard, Request::Game).await;
            screen
                .ask(&core, at_keyboard, Request::Board { ply: None })
                .await;
        }
        None => start(&core, &screen, &setup, seat.colour(None))
            .await
            .map_err(PlayError::Refused)?,
    }
    screen.computer_turns(&core, players[seat.0].id).await;
    say!("Type /help for the commands, /as white or /as black to switch players, /quit to stop.");
    let mut keyboard = Keyboard::new(std::io::stdin().lock(), screen::bold());
    let mut row = core.store().latest_game(CHANNEL).await?;
    loop {
        let who = &players[seat.0];
        // As every status line names a side: its colour, then its player.
        let prompt = format!("{} ({})> ", seat.colour(row.as_ref()), who.name);
        let line = match keyboard.read(&prompt) {
            Some(Ok(Typed::Line(line))) => line,
            Some(Ok(Typed::NotText)) => {
                say!("That line was not readable text (UTF-8), so it was ignored: type it again.");
                continue;
            }
            Some(Ok(Typed::TooLong)) => {
                say!(
                    "That line is longer than {MAX_LINE} bytes, so it was ignored up to its end: type a shorter one."
                );
                continue;
            }
            None | Some(Err(_)) => {
                say!();
                break;
            }
        };
        // No scheduler runs here: a clock that ran out (while thinking, or while the game
        // was put away) ends the game before anything else is done.
        screen.flagged(&core, who.id).await;
        let mut switch = None;
        match parse(&line) {
            Err(usage) => say!("{}", crate::core::neutral(&usage)),
            Ok(Line::Nothing) => {}
            Ok(Line::Quit) => break,
            Ok(Line::Help) => say!("{}", help()),
            Ok(Line::As(color)) => switch = Some(color),
            Ok(Line::Press(n)) => match screen.button(n) {
                Some(request) => screen.ask(&core, who, request).await,
                None => {
                    say!("there is no button {n}: /press takes the number shown beside a button")
                }
            },
            Ok(Line::Command(Request::Rematch)) => {
                let replies = core.handle(who, PLACE, Request::Rematch).await;
                let opponent = &players[seat.other().0];
                accept_for(&core, &screen, replies, opponent, who.id).await;
            }
            Ok(Line::Command(request)) => screen.ask(&core, who, request).await,
        }
        screen.computer_turns(&core, who.id).await;
        row = core.store().latest_game(CHANNEL).await?;
        let active = row.as_ref().filter(|r| r.status == Status::Active);
        if let (Some(member), Some(color)) = (member, switch) {
            let playing = member.colour(row.as_ref());
            if color != playing {
                say!("The computer plays {color}: you play {playing}.");
            }
            switch = None;
        }
        // Hot seat: the keyboard passes to the side to move, or to the side /as names, or
        // to the side a draw is offered to, to answer it.
        let next = member
            .or(switch.map(|color| Seat::playing(color, row.as_ref())))
            .or(active.map(|r| Seat::playing(answering(r), row.as_ref())))
            .unwrap_or(seat);
        let fog = active.is_some_and(|r| r.game.fog());
        if fog
            && next != seat
            && !pass_keyboard(
                &players[next.0],
                next.colour(row.as_ref()),
                &mut keyboard,
                clearing(screen::bold()),
            )
        {
            break;
        }
        seat = next;
        screen.show_kept(&core, players[seat.0].id).await;
    }
    core.store().close().await;
    Ok(())
}

/// Who in an active game is to type next: the side a draw is offered to, until they answer
/// it; else the side to move.
fn answering(row: &GameRow) -> Color {
    match row.draw_offer {
        Some(offerer) => !offerer,
        None => row.game.to_move(),
    }
}

/// One of the two players at the keyboard: 0 started as White (member id 1), 1 as Black
/// (member id 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Seat(usize);

impl Seat {
    fn other(self) -> Seat {
        Seat(1 - self.0)
    }

    /// The colour this seat plays in `game` (the latest; colours swap with each /rematch),
    /// or started with before any game.
    fn colour(self, game: Option<&GameRow>) -> Color {
        game.and_then(|row| row.color_of(self.0 as u64 + 1))
            .unwrap_or(Color::ALL[self.0])
    }

    /// The seat that plays `color` in `game`, or starts as it before any game.
    fn playing(color: Color, game: Option<&GameRow>) -> Seat {
        game.map_or(Seat(color.index()), |row| {
            Seat(row.player(color).id.saturating_sub(1).min(1) as usize)
        })
    }
}

impl Setup {
    /// The players' names for a new game: as given, else "Player 1" and "Player 2" (the
    /// seats, as colours swap with each /rematch), or "Player" against "Computer".
    fn names(&self) -> [String; 2] {
        Color::ALL.map(|color| {
            self.names[color.index()]
                .clone()
                .unwrap_or_else(|| match self.computer {
                    Some((computer, _)) if computer == color => "Computer".to_string(),
                    Some(_) => "Player".to_string(),
                    None => format!("Player {}", color.index() + 1),
                })
        })
    }

    /// A name given that names nobody: empty, or only spaces.
    fn blank_name(&self) -> Option<String> {
        Color::ALL.into_iter().find_map(|color| {
            let given = self.names[color.index()].as_ref()?;
            given.trim().is_empty().then(|| {
                let flag = color.name().to_lowercase();
                format!("--{flag} is empty: give a name (--{flag} Alice), or leave --{flag} out")
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
    let named = row.game.rules().named();
    if let Some(ruleset) = setup.ruleset.filter(|&r| Some(r) != named.ruleset) {
        differ.push(format!("--rules {ruleset}"));
    }
    for name in setup.options.enabled_names() {
        if !named.options.contains(&(name, true)) {
            differ.push(format!("--{name}"));
        }
    }
    if let Some(typed) = &setup.variants {
        let stored = named.variants.as_deref().map(str::parse::<Variants>);
        if typed.parse::<Variants>().ok() != stored.and_then(Result::ok) {
            differ.push(format!("--variants {typed}"));
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
/// sees only their own view, even scrolling back (`clear`: see `clearing`). False if the
/// input ended.
fn pass_keyboard(next: &Who, color: Color, keyboard: &mut impl Prompted, clear: &str) -> bool {
    let done = matches!(
        keyboard.read("Press Enter to hide your board."),
        Some(Ok(_))
    );
    keyboard.show(clear);
    let ready = done
        && matches!(
            keyboard.read(&format!(
                "Pass the keyboard to {} ({color}), then press Enter.",
                next.name
            )),
            Some(Ok(_))
        );
    keyboard.show(clear);
    ready
}

/// Clears a terminal's screen, then its scrollback (after the screen: some terminals keep a
/// cleared screen in their scrollback), and puts the cursor at the top.
const CLEAR: &str = "\x1b[H\x1b[2J\x1b[3J";

/// What hides a screen: `CLEAR` on a terminal; in a pipe or a file, which no one scrolls
/// back on screen, a line break, never control codes in the text.
fn clearing(terminal: bool) -> &'static str {
    match terminal {
        true => CLEAR,
        false => "\n",
    }
}

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
    let at_keyboard = screen.players[first.index()].id;
    accept_for(core, screen, replies, black, at_keyboard).await;
    Ok(())
}

/// Show the answers to a challenge (a new game's, or a /rematch), accepting it for
/// `opponent` when it waits for them: both players agreed to play when they sat down at
/// one keyboard.
async fn accept_for(
    core: &Core,
    screen: &Screen,
    replies: Vec<Reply>,
    opponent: &Who,
    at_keyboard: u64,
) {
    let accept = replies.iter().find_map(Request::accept_in);
    let Some(accept) = accept else {
        for reply in replies {
            screen.show_to(core, reply, at_keyboard).await;
        }
        return;
    };
    for reply in replies {
        core.delivered(&reply, None).await;
    }
    for reply in core.handle(opponent, PLACE, accept).await {
        screen.show_to(core, reply, at_keyboard).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A screen that keeps what it shows, and a keyboard that types these lines.
    struct Typist(std::vec::IntoIter<Typed>, String);

    impl Prompted for Typist {
        fn read(&mut self, prompt: &str) -> Option<std::io::Result<Typed>> {
            self.1.push_str(prompt);
            self.0.next().map(Ok)
        }

        fn show(&mut self, text: &str) {
            self.1.push_str(text);
        }
    }

    /// What passing the keyboard to Bob writes, with these lines typed and `terminal` or
    /// not, and whether the input held both Enters.
    fn passed(typed: Vec<Typed>, terminal: bool) -> (bool, String) {
        let bob = Who {
            id: 2,
            name: "bob".into(),
            moderator: false,
            manager: false,
        };
        let mut typist = Typist(typed.into_iter(), String::new());
        let ready = pass_keyboard(&bob, Color::Black, &mut typist, clearing(terminal));
        (ready, typist.1)
    }

    #[test]
    fn passing_the_keyboard_clears_the_screen_and_its_scrollback() {
        let (ready, out) = passed(vec![Typed::Line(String::new()), Typed::NotText], true);
        assert!(ready);
        assert_eq!(
            out,
            format!(
                "Press Enter to hide your board.{CLEAR}Pass the keyboard to bob (Black), then press Enter.{CLEAR}"
            )
        );
        // The scrollback is erased after the screen, which some terminals push into it.
        assert!(CLEAR.find("\x1b[3J") > CLEAR.find("\x1b[2J"));
        // Input that ends still leaves the screen clear.
        let (ready, out) = passed(Vec::new(), true);
        assert!(!ready && out.ends_with(CLEAR));
        // Into a pipe, no control codes.
        let enter = || Typed::Line(String::new());
        let (ready, out) = passed(vec![enter(), enter()], false);
        assert!(ready && !out.contains('\x1b'), "{out:?}");
    }
}
