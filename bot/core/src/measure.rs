//! The bot's metrics, recorded through the `metrics` facade. Every call here is a no-op
//! until `install` sets the Prometheus recorder (only `csipgs serve` with `http` set does),
//! so the terminal game and the tests pay nothing for them.

use metrics::{counter, describe_counter, describe_gauge, describe_histogram, gauge, histogram};
use metrics_exporter_prometheus::{BuildError, Matcher, PrometheusBuilder, PrometheusHandle};
use std::time::Duration;

const COMMANDS: &str = "csipgs_commands_total";
const COMMAND_SECONDS: &str = "csipgs_command_seconds";
const GAMES: &str = "csipgs_games_in_progress";
const OUTBOX_OWED: &str = "csipgs_outbox_owed";
const OUTBOX_OLDEST: &str = "csipgs_outbox_oldest_age_seconds";
const SCHEDULER_LAG: &str = "csipgs_scheduler_lag_seconds";
const COMPUTER_QUEUE: &str = "csipgs_computer_queue_depth";
const SEARCH_SECONDS: &str = "csipgs_computer_search_seconds";
const PICTURES: &str = "csipgs_pictures_total";
const PICTURE_SECONDS: &str = "csipgs_picture_render_seconds";
const SHARDS_CONNECTED: &str = "csipgs_shards_connected";
const SHARDS: &str = "csipgs_shards";
const POOL_SIZE: &str = "csipgs_db_pool_connections";
const POOL_IDLE: &str = "csipgs_db_pool_idle_connections";
const RESIDENT: &str = "csipgs_process_resident_memory_bytes";

/// Histogram buckets for durations, in seconds: commands answer in milliseconds, searches
/// and replays take up to seconds.
const SECONDS_BUCKETS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
];

/// How a command ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Done as asked.
    Done,
    /// Refused with a reason for the member (not their turn, a bad move...).
    Refused,
    /// The bot failed: the database, most often.
    Failed,
    /// The member sent too many at once.
    Throttled,
}

impl Outcome {
    fn label(self) -> &'static str {
        match self {
            Outcome::Done => "done",
            Outcome::Refused => "refused",
            Outcome::Failed => "failed",
            Outcome::Throttled => "throttled",
        }
    }
}

/// Set the Prometheus recorder for the whole process, describing every metric. Its handle
/// renders the text `/metrics` answers with.
pub fn install() -> Result<PrometheusHandle, BuildError> {
    let handle = PrometheusBuilder::new()
        .set_buckets_for_metric(Matcher::Suffix("_seconds".to_string()), SECONDS_BUCKETS)?
        .install_recorder()?;
    describe_counter!(
        COMMANDS,
        "Commands and button presses, by command and outcome."
    );
    describe_histogram!(
        COMMAND_SECONDS,
        "Time the core took to carry out a command."
    );
    describe_gauge!(
        GAMES,
        "Games in progress in this process's servers, by family."
    );
    describe_gauge!(
        OUTBOX_OWED,
        "Messages owed to Discord and not yet delivered."
    );
    describe_gauge!(OUTBOX_OLDEST, "Age of the oldest message still owed.");
    describe_gauge!(
        SCHEDULER_LAG,
        "How late the scheduler is with its most overdue work."
    );
    describe_gauge!(COMPUTER_QUEUE, "The computer's turns waiting for a search.");
    describe_histogram!(SEARCH_SECONDS, "Time the computer took to choose a turn.");
    describe_counter!(PICTURES, "Pictures drawn, by kind.");
    describe_histogram!(PICTURE_SECONDS, "Time drawing a picture took, by kind.");
    describe_gauge!(SHARDS_CONNECTED, "Gateway shards connected.");
    describe_gauge!(SHARDS, "Gateway shards this process runs.");
    describe_gauge!(POOL_SIZE, "Database connections open.");
    describe_gauge!(POOL_IDLE, "Database connections open and unused.");
    describe_gauge!(RESIDENT, "The process's resident memory.");
    Ok(handle)
}

pub fn command(name: &'static str, outcome: Outcome, took: Duration) {
    counter!(COMMANDS, "command" => name, "outcome" => outcome.label()).increment(1);
    // A throttled command did no work: its near-zero time would only flatter the latency.
    if outcome != Outcome::Throttled {
        histogram!(COMMAND_SECONDS, "command" => name).record(took);
    }
}

pub fn picture(kind: &'static str, took: Duration) {
    counter!(PICTURES, "kind" => kind).increment(1);
    histogram!(PICTURE_SECONDS, "kind" => kind).record(took);
}

pub fn search(took: Duration) {
    histogram!(SEARCH_SECONDS).record(took);
}

pub fn computer_queue(waiting: usize) {
    gauge!(COMPUTER_QUEUE).set(waiting as f64);
}

pub fn games(family: &'static str, games: i64) {
    gauge!(GAMES, "family" => family).set(games as f64);
}

/// The outbox's backlog; `oldest` is None when nothing is owed.
pub fn outbox(owed: i64, oldest: Option<Duration>) {
    gauge!(OUTBOX_OWED).set(owed as f64);
    gauge!(OUTBOX_OLDEST).set(oldest.unwrap_or_default().as_secs_f64());
}

pub fn scheduler_lag(lag: Duration) {
    gauge!(SCHEDULER_LAG).set(lag.as_secs_f64());
}

pub fn shards(connected: usize, running: usize) {
    gauge!(SHARDS_CONNECTED).set(connected as f64);
    gauge!(SHARDS).set(running as f64);
}

pub fn pool(size: u32, idle: usize) {
    gauge!(POOL_SIZE).set(f64::from(size));
    gauge!(POOL_IDLE).set(idle as f64);
}

/// Read the process's resident memory now (Linux only: elsewhere the gauge is not set).
pub fn resident_memory() {
    if let Some(bytes) = resident_bytes() {
        gauge!(RESIDENT).set(bytes as f64);
    }
}

/// Resident pages (statm's second field) times the page size.
fn resident_bytes() -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
        let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
        // SAFETY: sysconf reads only its argument.
        let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        Some(pages * u64::try_from(page).ok()?)
    }
    #[cfg(not(target_os = "linux"))]
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[test]
    fn resident_memory_is_read_from_proc() {
        let bytes = resident_bytes().expect("statm on Linux");
        assert!(bytes > 1 << 20, "{bytes}");
    }
}
