//! What the terminal shows: the core's replies as text, boards as text and PNG files,
//! buttons numbered for /press, and direct messages kept for the player away from the
//! keyboard.

use super::PLACE;
use crate::cli::say;
use crate::core::{utc_time, Content, Core, Local, Picture, Reply, Request, Span, Target, Who};
use crate::picture;
use render::text_board;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Content as the terminal shows it: members by `name`, the one channel as "the terminal",
/// strong words in bold where `bold` (an ANSI terminal; never in a pipe or a file), code as
/// typed.
pub(super) fn shown(content: &Content, name: &impl Fn(u64) -> String, bold: bool) -> String {
    let mut out = String::new();
    for span in content.spans() {
        match span {
            Span::Text(t) | Span::Typed(t) | Span::Code(t) | Span::Block(t) => out.push_str(t),
            Span::Member(id) => out.push_str(&name(*id)),
            // The terminal has one channel: itself.
            Span::Channel(_) => out.push_str("the terminal"),
            Span::Strong(inner) => match bold {
                true => out.push_str(&format!("\x1b[1m{}\x1b[22m", shown(inner, name, bold))),
                false => out.push_str(&shown(inner, name, bold)),
            },
            Span::Relative(at) | Span::Date(at) => out.push_str(&utc_time(*at)),
            Span::Local(words) => out.push_str(local(*words)),
        }
    }
    out
}

/// The words that depend on where a message is read, in the terminal: one unrated game at
/// one keyboard, and /rematch starts the next.
fn local(words: Local) -> &'static str {
    match words {
        Local::Scope | Local::Here => "",
        Local::Place => "terminal",
        Local::NewGame => "/rematch starts one",
        Local::NoRating => {
            "games in the terminal are unrated; ratings come from rated games on Discord"
        }
        Local::AfterAbort => "/rematch starts a new one.",
        Local::AfterEnd => "/rematch starts a new one, /board and /history look back, /quit stops",
        Local::FinishFirst => "finish it (/resign, /draw or /abort) before a /rematch",
        Local::NoGame => " yet: /rematch starts one after a game, or run csipgs play again",
        Local::NoRematch => " to rematch yet",
        Local::NoReplay => " to replay yet",
        Local::OwnView => {
            "sees your own view when the keyboard passes to you, and /board shows it again"
        }
        Local::ProposalsWithoutComputer => "leave out --proposals, or play them without --computer",
        Local::AddFide => "add --game fide, or leave --variants out for csipgs",
    }
}

/// Whether standard output is a terminal that reads ANSI styles.
pub(super) fn bold() -> bool {
    use std::io::IsTerminal;
    std::io::stdout().is_terminal()
}

/// Shows replies: text with names for mentions, boards as text and PNG files, buttons
/// numbered for /press. A direct message waits until its player is at the keyboard.
pub(super) struct Screen {
    pub(super) players: [Who; 2],
    /// Where board pictures are written (other pictures beside it); None: nowhere.
    picture: Option<PathBuf>,
    /// The member playing the computer: every board is shown from their side, whoever
    /// moved last (on Discord a board faces the side to move).
    member: Option<u64>,
    /// What the numbers last shown stand for, in order: menu choices, then buttons.
    buttons: Mutex<Vec<Request>>,
    /// Direct messages for the player away from the keyboard.
    kept: Mutex<Vec<(u64, Reply)>>,
}

impl Screen {
    /// A screen for these players (White's first), writing board pictures to `picture`,
    /// facing `member` when one plays the computer.
    pub(super) fn new(players: [Who; 2], picture: Option<PathBuf>, member: Option<u64>) -> Screen {
        Screen {
            players,
            picture,
            member,
            buttons: Mutex::new(Vec::new()),
            kept: Mutex::new(Vec::new()),
        }
    }

    /// Carry out a command of the player at the keyboard and show the answers.
    pub(super) async fn ask(&self, core: &Core, who: &Who, request: Request) {
        for reply in core.handle(who, PLACE, request).await {
            self.show_to(core, reply, who.id).await;
        }
    }

    /// Play the turns the computer owes and show them to the member at the keyboard.
    pub(super) async fn computer_turns(&self, core: &Core, at_keyboard: u64) {
        match core.computer_turns().await {
            Ok(replies) => {
                for reply in replies {
                    self.show_to(core, reply, at_keyboard).await;
                }
            }
            Err(e) => say!("{}", shown(&e.sentence(), &|id| self.name_of(id), bold())),
        }
    }

    /// End the game if the mover's time ran out, and say so.
    pub(super) async fn flagged(&self, core: &Core, at_keyboard: u64) {
        match core.flag_overdue_in(PLACE).await {
            Ok(Some(reply)) => self.show_to(core, reply, at_keyboard).await,
            Ok(None) => {}
            Err(e) => say!("{}", shown(&e.sentence(), &|id| self.name_of(id), bold())),
        }
    }

    /// Show a reply to the player at the keyboard, or keep a direct message for the other.
    pub(super) async fn show_to(&self, core: &Core, reply: Reply, at_keyboard: u64) {
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
    pub(super) async fn show_kept(&self, core: &Core, user: u64) {
        let mine: Vec<Reply> = {
            let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
            let (mine, others) = std::mem::take(&mut *kept)
                .into_iter()
                .partition(|(to, _)| *to == user);
            *kept = others;
            mine.into_iter().map(|(_, reply)| reply).collect()
        };
        for reply in latest_board_only(mine) {
            self.show(core, reply).await;
        }
    }

    /// A board turned to face the member who plays the computer in the latest game.
    async fn facing(&self, core: &Core, picture: Picture) -> Picture {
        let (Some(member), Picture::Board(view)) = (self.member, &picture) else {
            return picture;
        };
        match core.store().latest_game(super::CHANNEL).await {
            Ok(Some(row)) => match row.color_of(member) {
                Some(color) => Picture::Board(Box::new((**view).clone().seen_by(color))),
                None => picture,
            },
            _ => picture,
        }
    }

    /// What number `n` (1-based) of the last reply with buttons or menus stands for.
    pub(super) fn button(&self, n: usize) -> Option<Request> {
        let buttons = self.buttons.lock().unwrap_or_else(|e| e.into_inner());
        buttons.get(n - 1).cloned()
    }

    /// A member's name at this keyboard.
    fn name_of(&self, id: u64) -> String {
        self.players
            .iter()
            .find(|p| p.id == id)
            .map_or_else(|| format!("member {id}"), |p| p.name.clone())
    }

    /// A reply's text as the terminal shows it: names for mentions.
    fn words(&self, reply: &Reply) -> String {
        shown(&reply.text, &|id| self.name_of(id), bold())
    }

    /// The reason a command was refused: its one answer, private and without buttons.
    pub(super) fn refusal(&self, replies: &[Reply]) -> Option<String> {
        match replies {
            [only] if only.ephemeral && only.buttons.is_empty() => Some(self.words(only)),
            _ => None,
        }
    }

    pub(super) async fn show(&self, core: &Core, reply: Reply) {
        let text = self.words(&reply);
        // Everything here is seen by whoever is at the keyboard: only a fog player's own
        // messages, kept until the keyboard passed to them, are private.
        match reply.elsewhere {
            Some(Target::Direct { user }) => say!("(for {} only) {text}", self.name_of(user)),
            _ => say!("{text}"),
        }
        if let Some(picture) = &reply.picture {
            let picture = self.facing(core, picture.clone()).await;
            match &picture {
                Picture::Board(view) => say!("{}", text_board(view)),
                // Other pictures in the words a screen reader gets on Discord.
                other => say!("{}", picture::describe(other)),
            }
            if let Some(board) = &self.picture {
                let path = match &picture {
                    Picture::Board(_) => board.clone(),
                    _ => board.with_file_name(picture::file_name(&picture)),
                };
                match core.painters().encode(picture).await {
                    Ok(bytes) => write_file(&path, &bytes),
                    Err(e) => say!("({e})"),
                }
            }
        }
        for file in &reply.files {
            say!("{}", String::from_utf8_lossy(&file.bytes).trim_end());
            write_new_file(Path::new(&file.name), &file.bytes);
        }
        let (links, buttons): (Vec<_>, Vec<_>) =
            reply.buttons.iter().partition(|b| b.link.is_some());
        for link in links {
            say!(
                "({}: {})",
                link.label,
                link.link.as_deref().unwrap_or_default()
            );
        }
        // Each menu choice and each button is a number for /press.
        let mut presses: Vec<Request> = Vec::new();
        for select in &reply.selects {
            let mut labels = Vec::new();
            for option in &select.options {
                let Ok(request) = Request::of_component(&select.id, Some(&option.value)) else {
                    continue;
                };
                presses.push(request);
                let chosen = if option.chosen { " (now)" } else { "" };
                labels.push(format!("{} {}{chosen}", presses.len(), option.label));
            }
            say!("({} {})", select.placeholder, labels.join(", "));
        }
        if !buttons.is_empty() {
            let mut labels = Vec::new();
            for button in buttons {
                let Ok(request) = Request::of_component(&button.id, None) else {
                    continue;
                };
                presses.push(request);
                labels.push(format!("/press {} = {}", presses.len(), button.label));
            }
            say!("(buttons: {})", labels.join(", "));
        }
        if !presses.is_empty() {
            if !reply.selects.is_empty() {
                say!("(/press N chooses number N)");
            }
            *self.buttons.lock().unwrap_or_else(|e| e.into_inner()) = presses;
        }
        core.delivered(&reply, None).await;
    }
}

/// Messages kept for a player away from the keyboard, with every board but the last taken
/// out: each was the player's whole view when it was made, so only the newest is true now.
fn latest_board_only(mut replies: Vec<Reply>) -> Vec<Reply> {
    let is_board = |r: &Reply| matches!(r.picture, Some(Picture::Board(_)));
    if let Some(last) = replies.iter().rposition(is_board) {
        for reply in &mut replies[..last] {
            if is_board(reply) {
                reply.picture = None;
            }
        }
    }
    replies
}

/// Write a file the player keeps (a game's record) under a name no file has yet: its own,
/// or with -2, -3... before the extension, so a new session's game 1 leaves the last
/// session's game 1 as it was. The name is chosen and the file made in one step.
fn write_new_file(path: &Path, bytes: &[u8]) {
    use std::io::Write;
    const TRIES: u32 = 1000;
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let extension = path
        .extension()
        .map_or_else(String::new, |e| format!(".{}", e.to_string_lossy()));
    for n in 1..=TRIES {
        let name = match n {
            1 => path.to_path_buf(),
            n => path.with_file_name(format!("{stem}-{n}{extension}")),
        };
        let made = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&name);
        match made {
            Ok(mut file) => {
                match file.write_all(bytes) {
                    Ok(()) => say!("(written to {})", name.display()),
                    Err(e) => say!("(can't write {}: {e})", name.display()),
                }
                return;
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => {
                say!("(can't write {}: {e})", name.display());
                return;
            }
        }
    }
    say!(
        "(can't write {}: {TRIES} files of that name, numbered, exist already; move some away)",
        path.display()
    );
}

fn write_file(path: &Path, bytes: &[u8]) {
    match std::fs::write(path, bytes) {
        Ok(()) => say!("(written to {})", path.display()),
        Err(e) => say!("(can't write {}: {e})", path.display()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Color, Options, Ruleset};
    use render::{BoardView, CsipgsBoardView, FideBoardView};

    #[test]
    fn members_are_named_and_markup_is_words() {
        use crate::core::{code, member, named_channel, strong, typed};
        let content = csipgs_core::words![
            strong("Game on!"),
            " ",
            member(1),
            " vs ",
            member(9),
            " in ",
            named_channel(4),
            ": ",
            code("Kd2"),
            " ",
            typed("**x** <@1>"),
        ];
        let name = |id| match id {
            1 => "Alice".to_string(),
            _ => format!("member {id}"),
        };
        assert_eq!(
            shown(&content, &name, false),
            "Game on! Alice vs member 9 in the terminal: Kd2 **x** <@1>"
        );
        assert_eq!(
            shown(&csipgs_core::words![strong("Go")], &name, true),
            "\x1b[1mGo\x1b[22m"
        );
    }

    #[test]
    fn a_player_sitting_down_sees_their_newest_board_only() {
        let board = |ply| {
            let position = engine::Position::parse(
                "4k3/8/8/8/8/8/8/4K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1",
                Ruleset::Classic.into(),
            )
            .unwrap();
            let view = CsipgsBoardView::from_position(&position, ["Alice", "Bob"]);
            Picture::Board(Box::new(CsipgsBoardView { ply, ..view }.into()))
        };
        let mut start = Reply::private("Your board in the fog game.");
        start.picture = Some(board(1));
        let mut turn = Reply::private("Your turn.");
        turn.picture = Some(board(2));
        let shown = latest_board_only(vec![start, turn, Reply::private("A draw is offered.")]);
        let plies: Vec<Option<u32>> = shown
            .iter()
            .map(|r| match &r.picture {
                Some(Picture::Board(view)) => Some(view.number()),
                _ => None,
            })
            .collect();
        assert_eq!(plies, [None, Some(2), None]);
        // Their words all stay.
        assert_eq!(shown[0].text, Content::from("Your board in the fog game."));
    }

    #[test]
    fn the_text_board_shows_pieces_legend_and_panels() {
        let rules: engine::Rules = Ruleset::Classic.into();
        let position = engine::Position::parse(
            "4k3/8/8/8/3(WD)4/8/8/4K3 b 3/0.5 -/- P,N,WD,R,Q,K/P,N,B,R,Q,K 12",
            rules,
        )
        .unwrap();
        let view = BoardView::from(CsipgsBoardView::from_position(&position, ["Alice", "Bob"]));
        let text = text_board(&view);
        assert!(text.contains(" 4  .  .  . (1) .  .  .  .  4"), "{text}");
        assert!(text.contains("1 = WD"));
        assert!(text.contains("White (Alice): 3 zorkmids"));
        assert!(text.contains("Turn 12: Black to move."));
        let flipped = text_board(&view.clone().seen_by(Color::Black));
        assert!(flipped.contains("    h  g  f"), "{flipped}");
        assert!(!text.contains("Clocks"), "{text}");
        let clocks = [(900, false), (61, true)]
            .map(|(remaining, running)| render::ClockView { remaining, running });
        let timed = text_board(&view.with_clocks(Some(clocks)));
        assert!(
            timed.contains("Clocks: White 15:00, Black 1:01 (running)\nTurn 12"),
            "{timed}"
        );
    }

    #[test]
    fn the_fide_text_board_shows_pieces_captures_and_variants() {
        let mut game = engine::fide::FideGame::new("stungun".parse().unwrap());
        for m in ["e4", "d5", "exd5"] {
            game.play_text(m).unwrap();
        }
        let view = BoardView::from(FideBoardView::from_game(&game, ["Alice", "Bob"]));
        let text = text_board(&view);
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
        let view = BoardView::from(CsipgsBoardView::from_view(
            &game.view(Color::White),
            ["Alice", "Bob"],
        ));
        let text = text_board(&view);
        assert!(text.contains(" 8  ~  ~  ~  ~  ~  ~  ~  ~  8"), "{text}");
        assert!(text.contains(" 1  ~  ~  ~  .  K  .  ~  ~  1"), "{text}");
        assert!(text.contains("# = impassable, ~ = out of sight"));
    }
}
