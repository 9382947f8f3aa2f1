//! Terminal subcommands, one module each.

/// `eprintln!` for messages that may quote what a person typed or a file held: control and
/// bidirectional characters are neutralised as the bot neutralises them, so an argument like
/// `W\x1b[31mB` can't recolour or reorder the terminal.
macro_rules! complain {
    ($($arg:tt)*) => {
        eprintln!("{}", $crate::core::neutral(&format!($($arg)*)))
    };
}
pub(crate) use complain;

/// `println!` for everything a command prints: a reader that has gone (`csipgs replay x |
/// head -1`) ends the command quietly, as the pipe's end asked, instead of a panic.
macro_rules! say {
    () => {
        $crate::cli::show(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::cli::show(format_args!("{}\n", format_args!($($arg)*)))
    };
}
pub(crate) use say;

/// Write to standard output at once. A closed pipe exits with status 0, as a reader that
/// stopped reading wanted no more; any other failure (a full disk) is said, status 3.
pub fn show(text: std::fmt::Arguments) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(text).and_then(|()| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        complain!("can't write to standard output: {e}");
        std::process::exit(Exit::Io as i32);
    }
}

pub mod analyse;
pub mod backup;
pub mod forget;
pub mod migrate;
pub mod moves;
pub mod pair;
pub mod perft;
pub mod play_match;
pub mod price;
pub mod render;
pub mod replay;
pub mod view;

use crate::family::{self, ChoiceError, Family, FamilyPosition, GameRules, PositionTextError};
use crate::store::{DatabaseUrl, DatabaseUrlError};
use engine::{Options, Position, Rules, Ruleset};
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

/// How a subcommand ends when it does not succeed (success is `ExitCode::SUCCESS`, 0): one
/// table, shown in `--help` and the README.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// 1: the input is valid and the answer is no (an illegal turn, no legal pairing).
    No = 1,
    /// 2: bad input or usage, said on standard error with what to change.
    BadInput = 2,
    /// 3: a file, database or connection could not be read, written or reached.
    Io = 3,
}

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> ExitCode {
        ExitCode::from(exit as u8)
    }
}

/// The table of exit statuses, for `--help`.
pub const EXIT_STATUSES: &str = "Exit status: 0 done; 1 the input is valid and the answer is no \
(an illegal turn, no legal pairing); 2 bad input or usage; 3 a file, database or connection \
could not be read, written or reached.";

/// The rules a position string is read under, as the command line gives them. Left out,
/// they are classic with no option; given, a FIDE command refuses them.
#[derive(clap::Args, Clone, Debug)]
pub struct RulesArgs {
    /// The ruleset: classic (the default), kurnia or progressive.
    #[arg(long)]
    pub rules: Option<Ruleset>,
    /// Options, comma-separated: power, proposals, unofficial, plunder, fog (see the player's
    /// guide, bot/docs/guide.md). A fog position may carry its impassable squares as a 7th
    /// field.
    #[arg(long)]
    pub options: Option<Options>,
}

impl RulesArgs {
    /// The rules, with no proposals agreed.
    pub fn rules(&self) -> Rules {
        Rules::new(
            self.rules.unwrap_or_default(),
            self.options.unwrap_or_default(),
        )
    }

    /// Each option with whether the command line gave it, as [`GameArgs::rules`] takes them.
    pub fn given(&self) -> [(&'static str, bool); 2] {
        [
            ("--rules", self.rules.is_some()),
            ("--options", self.options.is_some()),
        ]
    }
}

/// Which game a position or record is of: csipgs chess, or FIDE chess under Gilman's modest
/// variants.
#[derive(clap::Args, Clone, Debug)]
pub struct GameArgs {
    /// The game: csipgs (the default), or fide (FIDE chess: positions in FEN, records in
    /// PGN).
    #[arg(long)]
    pub game: Option<Family>,
    /// With --game fide: Gilman's modest variants, comma-separated, such as warhead,stungun.
    #[arg(long)]
    pub variants: Option<String>,
}

impl GameArgs {
    /// The rules the command line names: csipgs rules as `csipgs` makes them, or FIDE chess
    /// with its variants. `csipgs_options` names each csipgs-only option with whether it was
    /// given: with --game fide those, and --variants without it, are mistakes, printed
    /// (status 2) rather than ignored.
    pub fn rules(
        &self,
        csipgs_options: &[(&'static str, bool)],
        csipgs: impl FnOnce() -> Rules,
    ) -> Result<GameRules, ExitCode> {
        family::choose(self.game, self.variants.as_deref(), csipgs_options, csipgs).map_err(|e| {
            match e {
                ChoiceError::VariantsWithoutFide => complain!(
                    "--variants names Gilman's modest variants of FIDE chess: add --game fide, \
                     or leave --variants out"
                ),
                ChoiceError::CsipgsOnly(option) => complain!(
                    "{option} is for csipgs chess, not FIDE chess: leave it out (--variants \
                     sets a fide game's rules)"
                ),
                ChoiceError::Variants(e) => complain!("--variants: {e}"),
            }
            Exit::BadInput.into()
        })
    }
}

impl GameArgs {
    /// The rules for the computer's commands (`analyse`, `match`), as a game against it
    /// takes them: csipgs chess without proposals (it neither proposes nor bids), or FIDE
    /// chess under its variants. Refusals are printed (status 2).
    pub fn computer_rules(&self, rules: &RulesArgs) -> Result<GameRules, ExitCode> {
        let computer = self
            .rules(&rules.given(), || rules.rules())?
            .computer_rules();
        if rules.options.is_some_and(|o| o.proposals) {
            complain!("the computer neither proposes nor bids: leave proposals out of --options");
            return Err(Exit::BadInput.into());
        }
        Ok(computer)
    }
}

/// A csipgs position string under the rules named on the command line; errors are printed.
fn position_arg(position: &str, rules: &RulesArgs) -> Result<Position, ExitCode> {
    Position::parse(position, rules.rules())
        .map_err(|e| position_error(PositionTextError::csipgs(position, e)))
}

/// The position `text` writes (the start without one) under the family's rules named on
/// the command line; errors are printed.
fn family_position(
    text: Option<&str>,
    rules: &RulesArgs,
    game: &GameArgs,
) -> Result<FamilyPosition, ExitCode> {
    game.rules(&rules.given(), || rules.rules())?
        .position(text)
        .map_err(position_error)
}

/// Say why a position doesn't read; the exit status.
fn position_error(e: PositionTextError) -> ExitCode {
    match e {
        // A FEN read as a csipgs position fails far from the cause ("'KQkq' is not two
        // treasuries"): say what it is.
        PositionTextError::Csipgs { error, fen: true } => {
            complain!("{error}; this is a FIDE chess position (FEN): add --game fide")
        }
        e => complain!("{e}"),
    }
    Exit::BadInput.into()
}

/// Open a database an operator command works on: a SQLite file must exist already (none is
/// made by a typo). The error is said, and its exit status returned.
pub async fn open_existing(database: &DatabaseUrl) -> Result<crate::store::Store, ExitCode> {
    if let DatabaseUrl::Sqlite(path) = database {
        if !path.is_file() {
            complain!("--database {database}: there is no such file");
            // A file that isn't there can't be read: status 3, as for every command.
            return Err(Exit::Io.into());
        }
    }
    crate::store::Store::open(database).await.map_err(|e| {
        complain!("can't open {database}: {e}");
        database_exit(&e).into()
    })
}

/// A text file a command reads (a record, a TRF): its lines with `\n` endings, whether
/// written with `\r\n`, `\r` or `\n`. Err: said on standard error, with the exit status: 3
/// for a file that can't be read, 2 for one that isn't UTF-8 text (naming the line).
pub fn read_text(file: &Path) -> Result<String, ExitCode> {
    let bytes = std::fs::read(file).map_err(|e| {
        complain!("can't read {}: {e}", file.display());
        ExitCode::from(Exit::Io)
    })?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = 1 + good.iter().filter(|&&b| b == b'\n').count();
        complain!(
            "{} line {line} is not UTF-8 text: save the file as UTF-8 and try again",
            file.display()
        );
        ExitCode::from(Exit::BadInput)
    })?;
    Ok(text.replace("\r\n", "\n").replace('\r', "\n"))
}

/// How a database that can't be opened ends a command: `BadInput` for the wrong input (a
/// file that is not SQLite, another program's database), `Io` for the rest.
pub fn database_exit(e: &crate::store::StoreError) -> Exit {
    use crate::store::StoreError;
    match e {
        StoreError::NotSqlite(_) | StoreError::Foreign { .. } => Exit::BadInput,
        _ => Exit::Io,
    }
}

/// Run a subcommand's async work on a runtime of one thread; status 3 if none can start.
pub fn block_on(work: impl std::future::Future<Output = ExitCode>) -> ExitCode {
    match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime.block_on(work),
        Err(e) => {
            complain!("can't start: {e}");
            Exit::Io.into()
        }
    }
}

/// `--database`, `--from` and `--to`: a database address. clap's own error would repeat the
/// value as typed, password and all; this one says only what `DatabaseUrlError` says, which
/// shows an address redacted.
#[derive(Clone, Copy, Debug)]
pub struct DatabaseArg;

impl clap::builder::TypedValueParser for DatabaseArg {
    type Value = DatabaseUrl;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<DatabaseUrl, clap::Error> {
        let refuse = |why: String| {
            let name = arg.map_or_else(|| "the database".to_string(), ToString::to_string);
            clap::Error::raw(
                clap::error::ErrorKind::ValueValidation,
                format!("{name}: {why}\n"),
            )
            .with_cmd(cmd)
        };
        let text = value
            .to_str()
            .ok_or_else(|| refuse("not valid UTF-8: write it without such characters".into()))?;
        text.parse()
            .map_err(|e: DatabaseUrlError| refuse(e.to_string()))
    }
}

/// The most seconds `--time` takes: ten minutes a turn.
const MAX_SECONDS: f64 = 600.0;

/// `--time`'s value: seconds, decimals allowed, more than 0 and at most 600.
pub fn seconds(text: &str) -> Result<Duration, String> {
    let refuse = || {
        format!(
            "'{text}' is not a time: write seconds, more than 0 and at most {MAX_SECONDS}, \
             such as 2 or 0.5"
        )
    };
    let seconds: f64 = text.trim().parse().map_err(|_| refuse())?;
    if !(seconds > 0.0 && seconds <= MAX_SECONDS) {
        return Err(refuse());
    }
    Duration::try_from_secs_f64(seconds)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(refuse)
}

/// A count option's value: a whole number from 1 to `max`; `what` names it in the error
/// ("a depth"), `unit` says what it counts ("of plies ", or nothing).
pub fn whole_number(text: &str, max: u32, what: &str, unit: &str) -> Result<u32, String> {
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|n| (1..=max).contains(n))
        .ok_or_else(|| {
            format!("'{text}' is not {what}: write a whole number {unit}from 1 to {max}")
        })
}

/// `--seed`'s value: any whole number from 0 to 2^64 - 1.
pub fn seed(text: &str) -> Result<u64, String> {
    text.trim().parse().map_err(|_| {
        format!(
            "'{text}' is not a seed: write a whole number from 0 to {}",
            u64::MAX
        )
    })
}
