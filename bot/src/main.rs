//! `csipgs`: csipgs chess on Discord and in the terminal.

use clap::{Parser, Subcommand};
use cli::{complain, Exit};
use std::path::PathBuf;
use std::process::ExitCode;

mod cli;
mod config;
mod discord;
mod ops;
mod serve;
mod supervise;
mod terminal;
mod upkeep;
mod web;

// The core lives in its own crate, free of every platform; the adapters here reach it by
// the paths they had when it was part of this one.
use csipgs_core::{core, family, lane, measure, picture, price_text, shards, store};

#[derive(Parser)]
#[command(
    name = "csipgs",
    version,
    about = "csipgs chess (Ralph Betza, 1996) on Discord and in the terminal",
    after_help = cli::EXIT_STATUSES
)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Price a design: the price, the exact raw value and the breakdown.
    Price {
        /// The design in Betza's notation, such as WbRbmHfB.
        design: String,
        /// The price table: classic or bodlaender.
        #[arg(long, default_value = "classic")]
        rules: String,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Replay a game record, checking every turn; prints each turn with both treasuries (a
    /// FIDE game's moves, a move number a line), then the final position and the result.
    Replay {
        /// The record file (see "Positions and records" in the player's guide,
        /// bot/docs/guide.md; with --game fide, a PGN whose Variant tag names its variants).
        file: PathBuf,
        /// Also write the game as an animated GIF here, a frame per turn.
        #[arg(long)]
        gif: Option<PathBuf>,
        /// Options on besides those the record's Options tag names, comma-separated.
        #[arg(long)]
        options: Option<engine::Options>,
        #[command(flatten)]
        game: cli::GameArgs,
    },
    /// Pair the next round of a Swiss tournament kept as a FIDE TRF file, by the FIDE Dutch
    /// system; prints the pairings as JaVaFo and bbpPairings do (the number of pairs, then
    /// "white black" pairing numbers, "N 0" for the bye).
    Pair {
        /// The TRF file (TRF16 or TRF-2026, with the total rounds as `XXR n` or `142 n`).
        file: PathBuf,
    },
    /// List every legal action of a position in record notation, sorted (a FIDE position's
    /// moves in SAN).
    Moves {
        /// The position string, such as "4k3/8/8/8/8/8/8/4K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1";
        /// with --game fide, a FEN.
        position: String,
        #[command(flatten)]
        rules: cli::RulesArgs,
        #[command(flatten)]
        game: cli::GameArgs,
    },
    /// Show what one side sees of a fog game's position (see "Fog games" in the player's
    /// guide, bot/docs/guide.md).
    View {
        /// The position string; a fog game's 7th field lists its impassable squares.
        position: String,
        /// The side whose view to show: white or black.
        side: engine::Color,
        #[command(flatten)]
        rules: cli::RulesArgs,
        /// Also draw that side's picture (unseen squares greyed) as a PNG here.
        #[arg(short = 'o', long = "out")]
        out: Option<PathBuf>,
    },
    /// Run the Discord bot (settings from config.toml and CSIPGS_* variables).
    Serve {
        /// The settings file; see config.example.toml.
        #[arg(long, default_value = "config.toml")]
        config: PathBuf,
    },
    /// Play a local game in the terminal, without Discord.
    Play {
        /// The game: csipgs (default), or fide (FIDE chess with Gilman's modest variants).
        #[arg(long)]
        game: Option<family::Family>,
        /// A fide game's variants, comma-separated, such as warhead,stungun.
        #[arg(long)]
        variants: Option<String>,
        /// The ruleset of a csipgs game: classic (default), kurnia or progressive.
        #[arg(long)]
        rules: Option<String>,
        /// Buying happens in the design phase, so one turn can move and buy.
        #[arg(long)]
        power: bool,
        /// Allow proposing new atoms and modifiers (always on in kurnia).
        #[arg(long)]
        proposals: bool,
        /// Allow the unofficial relay-, doublemove- and shooting- prefixes.
        #[arg(long)]
        unofficial: bool,
        /// A capture takes half the captured piece's price from its owner.
        #[arg(long)]
        plunder: bool,
        /// A moderated game: each player sees only what their pieces see; the screen is
        /// cleared between players.
        #[arg(long)]
        fog: bool,
        /// White's name (default Player 1; Player against the computer, which is Computer).
        #[arg(long)]
        white: Option<String>,
        /// Black's name (default Player 2; Player against the computer, which is Computer).
        #[arg(long)]
        black: Option<String>,
        /// Who types first: white or black (later, /as switches; after each turn the side to
        /// move types).
        #[arg(long = "as", default_value = "white")]
        first: String,
        /// Where to write the board picture after every turn.
        #[arg(long, default_value = "csipgs-board.png")]
        picture: PathBuf,
        /// Write no board picture (the text board is still printed).
        #[arg(long, conflicts_with = "picture")]
        no_picture: bool,
        /// The time control: none (default), 15m+10s (live: minutes plus seconds a turn), or
        /// 1d, 3d, 7d, 12h (correspondence: time for each turn).
        #[arg(long)]
        time: Option<engine::TimeControl>,
        /// Keep the game in this database (a file path, sqlite://path or postgres://...),
        /// and resume the game it holds.
        #[arg(long, value_parser = cli::DatabaseArg)]
        database: Option<store::DatabaseUrl>,
        /// Play against the computer, which takes this side: white or black.
        #[arg(long)]
        computer: Option<engine::Color>,
        /// The computer's level, from 1 (easiest) to 6 (strongest); default 4.
        #[arg(long, requires = "computer")]
        level: Option<engine::computer::Level>,
    },
    /// Draw a position as a PNG board picture.
    Render {
        /// The position string.
        position: String,
        /// Where to write the PNG.
        #[arg(short = 'o', long = "out")]
        out: PathBuf,
        /// Draw the board from Black's side.
        #[arg(long)]
        black: bool,
        #[command(flatten)]
        rules: cli::RulesArgs,
        #[command(flatten)]
        game: cli::GameArgs,
    },
    /// Draw a design's movement diagram, price and breakdown as a PNG.
    Diagram {
        /// The design in Betza's notation, such as WbRbmHfB.
        design: String,
        /// Where to write the PNG.
        #[arg(short = 'o', long = "out")]
        out: PathBuf,
    },
    /// Count action sequences of a given depth from a position (perft).
    #[command(allow_missing_positional = true)]
    Perft {
        /// The position string (with --game fide, a FEN); left out, the game's start.
        position: Option<String>,
        /// How many plies deep.
        #[arg(value_parser = cli::perft::depth_arg)]
        depth: u32,
        #[command(flatten)]
        rules: cli::RulesArgs,
        #[command(flatten)]
        game: cli::GameArgs,
    },
    /// Ask the computer for the best turn in a position: prints the side to move, the best
    /// turn, the score and the expected line, and last the machine-readable line
    /// `best <turn> score <cp N | mate N> depth D nodes N time_ms T` (`best none` when the
    /// side to move has no legal turn, and so has lost). Scores are from the side to move's
    /// side. Without --time or --depth it thinks for 2 seconds; with both, whichever limit
    /// is reached first ends the search. With --game fide (and --variants), a FEN, and moves
    /// in SAN.
    Analyse {
        /// The position string, such as "7k/8/6K1/8/8/8/8/R7 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 20"
        /// (with --game fide, a FEN).
        position: String,
        #[command(flatten)]
        rules: cli::RulesArgs,
        /// Think at most this many seconds (decimals allowed, such as 0.5; at most 600).
        #[arg(long, value_name = "SECONDS", value_parser = cli::seconds)]
        time: Option<std::time::Duration>,
        /// Search this many plies deep, 1 to 30 (alone, however long that takes).
        #[arg(long, value_name = "PLIES", value_parser = cli::analyse::depth)]
        depth: Option<u32>,
        /// Decides between equally good turns: the same seed gives the same answer (unless
        /// the time runs out at a different point).
        #[arg(long, default_value = "1", value_parser = cli::seed)]
        seed: u64,
        #[command(flatten)]
        game: cli::GameArgs,
    },
    /// Play the computer against itself from varied openings (4 random plies first; a game
    /// still going after 300 plies is a draw). A and B swap colours every game, A taking
    /// White in the first; the score is A's. Prints "A vs B over N games: P of N (+W -L =D)",
    /// and last the machine-readable line `score A_POINTS B_POINTS wins W losses L draws D`
    /// (points as decimals, such as 6.5; wins and losses are A's). With --game fide (and
    /// --variants), games of FIDE chess.
    Match {
        /// Player A, White in the first game (and the third, ...): a level from 1 (easiest)
        /// to 6 (strongest), or random (any legal action) or greedy (takes the best
        /// capture, drop or buy it sees).
        #[arg(long = "white-level", value_name = "A")]
        white_level: cli::play_match::Contender,
        /// Player B, White in the second game (and the fourth, ...): a level from 1 to 6,
        /// random or greedy.
        #[arg(long = "black-level", value_name = "B")]
        black_level: cli::play_match::Contender,
        /// How many games, 1 to 10000.
        #[arg(long, value_parser = cli::play_match::games)]
        games: u32,
        /// Decides the openings and every player's choices: the same seed plays the same
        /// games (unless a time budget runs out at a different point).
        #[arg(long, default_value = "1", value_parser = cli::seed)]
        seed: u64,
        #[command(flatten)]
        rules: cli::RulesArgs,
        /// The most seconds a level may think each turn (decimals allowed, such as 0.5; at
        /// most 600; 2 if not given). Levels 1 to 5 are bounded by depth or positions searched
        /// and usually stop sooner; level 6 uses it all.
        #[arg(long, value_name = "SECONDS", value_parser = cli::seconds)]
        time: Option<std::time::Duration>,
        #[command(flatten)]
        game: cli::GameArgs,
    },
    /// Copy every game, turn, challenge, proposal and setting from one database into another,
    /// empty one (such as a SQLite file into PostgreSQL), checking the counts.
    MigrateDb {
        /// The database to copy from: a file path, sqlite://path or postgres://...
        #[arg(long, value_parser = cli::DatabaseArg)]
        from: store::DatabaseUrl,
        /// The empty database to copy into (its tables are created first).
        #[arg(long, value_parser = cli::DatabaseArg)]
        to: store::DatabaseUrl,
    },
    /// Back up a SQLite database, even while the bot runs: a consistent copy in a new file
    /// (readable by its owner only), checked to open with the same rows in every table.
    /// To restore, stop the bot and put the copy in the database's place. A PostgreSQL
    /// database is backed up with pg_dump instead (the message says how).
    Backup {
        /// The database: a file path or sqlite://path.
        #[arg(long, value_parser = cli::DatabaseArg)]
        database: store::DatabaseUrl,
        /// The new file to write; it must not exist.
        #[arg(long)]
        to: PathBuf,
    },
    /// Delete a member's data, as their /privacy forget does (for requests that come by
    /// mail): their games in progress are resigned (unrated), their settings, ratings and
    /// profile deleted, and their name and id in others' games and standings replaced by
    /// an anonymous label. With --guild, delete everything stored for a server instead.
    Forget {
        /// The member's Discord user id (Developer Mode: right-click them -> Copy User ID).
        #[arg(required_unless_present = "guild", conflicts_with = "guild", value_parser = clap::value_parser!(u64).range(1..))]
        user_id: Option<u64>,
        /// A server's id: delete everything stored for it.
        #[arg(long, value_name = "GUILD_ID")]
        guild: Option<u64>,
        /// The bot's database: a file path, sqlite://path or postgres://...
        #[arg(long, value_parser = cli::DatabaseArg)]
        database: store::DatabaseUrl,
    },
}

fn main() -> ExitCode {
    match Args::parse().command {
        Command::Price {
            design,
            rules,
            json,
        } => cli::price::run(&design, &rules, json),
        Command::Replay {
            file,
            gif,
            options,
            game,
        } => cli::replay::run(&file, gif.as_deref(), options, &game),
        Command::Pair { file } => cli::pair::run(&file),
        Command::Moves {
            position,
            rules,
            game,
        } => cli::moves::run(&position, &rules, &game),
        Command::View {
            position,
            side,
            rules,
            out,
        } => cli::view::run(&position, side, &rules, out.as_deref()),
        Command::Perft {
            position,
            depth,
            rules,
            game,
        } => cli::perft::run(position.as_deref(), depth, &rules, &game),
        Command::Analyse {
            position,
            rules,
            time,
            depth,
            seed,
            game,
        } => cli::analyse::run(&position, (&rules, &game), time, depth, seed),
        Command::Match {
            white_level,
            black_level,
            games,
            seed,
            rules,
            time,
            game,
        } => cli::play_match::run(
            &cli::play_match::Match {
                first: white_level,
                second: black_level,
                games,
                budget: time.unwrap_or(engine::computer::DEFAULT_BUDGET),
                seed,
            },
            (&rules, &game),
        ),
        Command::Render {
            position,
            out,
            black,
            rules,
            game,
        } => cli::render::render(&position, (&rules, &game), &out, black),
        Command::Diagram { design, out } => cli::render::diagram(&design, &out),
        Command::Serve { config } => serve(&config),
        Command::MigrateDb { from, to } => cli::migrate::run(&from, &to),
        Command::Backup { database, to } => cli::backup::run(&database, &to),
        Command::Forget {
            user_id,
            guild,
            database,
        } => {
            let whom = match (user_id, guild) {
                (_, Some(guild)) => cli::forget::Whom::Server(guild),
                (Some(user), None) => cli::forget::Whom::Member(user),
                // clap requires one of them.
                (None, None) => return Exit::BadInput.into(),
            };
            cli::forget::run(&database, whom)
        }
        Command::Play {
            game,
            variants,
            rules,
            power,
            proposals,
            unofficial,
            plunder,
            fog,
            white,
            black,
            first,
            picture,
            no_picture,
            database,
            time,
            computer,
            level,
        } => {
            let ruleset = match rules.map(|r| r.parse::<engine::Ruleset>()).transpose() {
                Ok(r) => r,
                Err(e) => {
                    complain!("{e}");
                    return Exit::BadInput.into();
                }
            };
            let first = match first.to_ascii_lowercase().as_str() {
                "white" | "w" => engine::Color::White,
                "black" | "b" => engine::Color::Black,
                other => {
                    complain!("--as is white or black, not '{other}'");
                    return Exit::BadInput.into();
                }
            };
            terminal::run(terminal::Setup {
                game,
                variants,
                ruleset,
                options: engine::Options {
                    power,
                    proposals,
                    unofficial,
                    plunder,
                    fog,
                },
                names: [white, black],
                first,
                picture: (!no_picture).then_some(picture),
                database,
                time,
                computer: computer.map(|color| (color, level.unwrap_or_default())),
            })
        }
    }
}

/// `csipgs serve`: settings, logging, then the bot until SIGTERM or ctrl-c.
fn serve(path: &std::path::Path) -> ExitCode {
    let explicit = path != std::path::Path::new("config.toml");
    let config = match config::Config::load(path, explicit) {
        Ok(c) => c,
        Err(e) => {
            complain!("{e}");
            // A file that can't be read is status 3, as for every command; a wrong one, 2.
            return match e {
                config::ConfigError::Read { .. } => Exit::Io,
                _ => Exit::BadInput,
            }
            .into();
        }
    };
    if let Err(e) = config.discord_token() {
        complain!("{e}");
        return Exit::BadInput.into();
    }
    let filter = tracing_subscriber::EnvFilter::try_new(&config.log).unwrap_or_else(|e| {
        complain!(
            "log filter '{}' is not valid ({e}); logging at info",
            config.log
        );
        tracing_subscriber::EnvFilter::new("info")
    });
    // Colours only for a person watching a terminal: a log file or journal gets plain text.
    let colours = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let logger = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(colours)
        .with_writer(ops::logs::Scrubbed);
    match config.log_format {
        ops::LogFormat::Text => logger.init(),
        // The command's span (guild, channel, game, command) on every line it logs.
        ops::LogFormat::Json => logger
            .json()
            .with_current_span(true)
            .with_span_list(false)
            .init(),
    }
    std::panic::set_hook(Box::new(ops::logs::log_panic));
    // Board pictures are drawn on the blocking pool: more threads than cores would only add
    // memory (each its own stack and allocator arena), not speed.
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(cores * 2)
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            complain!("can't start: {e}");
            return Exit::Io.into();
        }
    };
    match runtime.block_on(serve::serve(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("{e}");
            Exit::Io.into()
        }
    }
}
