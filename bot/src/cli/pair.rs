use super::Exit;
use league::dutch::DutchError;
use league::model::{Pairings, Tournament};
use league::{checker, dutch, trf};
use std::path::Path;
use std::process::ExitCode;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

/// `csipgs pair FILE.trf`: the next round's pairings by the FIDE Dutch system, in the form
/// JaVaFo and bbpPairings print, so that arbiters can check ours against theirs. Every
/// pairing is judged by the independent checker before it is printed. Exit status 2 for a
/// file that is not valid TRF (the message names the line and column), 3 for one that can't
/// be read, 1 when no pairing that keeps the absolute rules comes out (as those programs do
/// when there is none; also when ours fails the checker, which then names each rule it
/// breaks, and nothing is printed).
pub fn run(file: &Path) -> ExitCode {
    let text = match super::read_text(file) {
        Ok(text) => text,
        Err(code) => return code,
    };
    let tournament = match trf::read(&text).and_then(|f| f.tournament()) {
        Ok(t) => t,
        Err(e) => {
            complain!("{}: {e}", file.display());
            return Exit::BadInput.into();
        }
    };
    let round = dutch::next_round(&tournament);
    let pairings =
        match pair_showing_progress(&tournament, round, QUIET, |line| complain!("{line}")) {
            Ok(pairings) => pairings,
            Err(e) => {
                complain!("{}: round {round}: {e}", file.display());
                return Exit::No.into();
            }
        };
    match checker::check(&tournament, round, &pairings) {
        Ok(()) => {
            super::show(format_args!("{}", trf::write_pairings(&pairings)));
            ExitCode::SUCCESS
        }
        Err(rejected) => {
            complain!(
                "{}: round {round}: the pairing failed the FIDE checks, so it is not printed: {rejected}",
                file.display()
            );
            Exit::No.into()
        }
    }
}

/// How long a pairing runs before its progress is shown, and then how often.
const QUIET: Duration = Duration::from_secs(2);

/// Pair the round; past `every`, say how far it has got (a field of a thousand can take
/// minutes), so that nobody takes it for a hang: then again whenever a scoregroup is
/// paired, and at least every five times `every`.
fn pair_showing_progress(
    tournament: &Tournament,
    round: u16,
    every: Duration,
    say: impl Fn(String) + Send,
) -> Result<Pairings, DutchError> {
    let progress = dutch::Progress::default();
    let (done, finished) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        let progress = &progress;
        let players = tournament.players.len();
        scope.spawn(move || {
            let started = Instant::now();
            // The count last said, and the ticks since.
            let (mut said, mut ticks) = (None, 0);
            while let Err(RecvTimeoutError::Timeout) = finished.recv_timeout(every) {
                let (paired, groups) = progress.get();
                ticks += 1;
                if said == Some(paired) && ticks < 5 {
                    continue;
                }
                (said, ticks) = (Some(paired), 0);
                say(format!(
                    "pairing round {round} of {players} players: {paired} of {groups} scoregroups paired ({} s)",
                    started.elapsed().as_secs()
                ));
            }
        });
        let pairings = dutch::pair_showing(tournament, round, progress);
        // The watcher stops when the sender goes.
        drop(done);
        pairings
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pairing that runs past the quiet time says how far it has got, and the count
    /// grows to the whole.
    #[test]
    fn a_long_pairing_shows_its_progress() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/league/tests/fixtures/pairing/dutch/bench-500-r9.trf"
        );
        let text = std::fs::read_to_string(path).unwrap();
        let t = trf::read(&text).unwrap().tournament().unwrap();
        let said = std::sync::Mutex::new(Vec::new());
        let pairings = pair_showing_progress(&t, 9, Duration::from_millis(5), |line| {
            said.lock().unwrap().push(line)
        })
        .unwrap();
        assert_eq!(pairings.games.len(), 248);
        let said = said.into_inner().unwrap();
        assert!(!said.is_empty());
        assert!(
            said[0].starts_with("pairing round 9 of 500 players: "),
            "{said:?}"
        );
        assert!(
            said.iter().all(|l| l.contains(" scoregroups paired (")),
            "{said:?}"
        );
    }
}
