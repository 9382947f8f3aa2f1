//! Long work nobody is waiting on by the millisecond (the computer's searches, replays) on
//! threads of its own at a lower OS priority.
//!
//! Bounding such work by slots keeps it from taking every core, but a search still holds a
//! core for seconds, and on a small machine the member whose `/move` arrives then waits for
//! the kernel to share that core with it. A thread niced to 10 yields to the bot's own
//! threads (commands, boards, the database) at once, and still takes every idle cycle, so
//! the long work loses nothing when the bot is quiet. A search reads the wall clock for its
//! budget, so a slower search answers with a shallower turn, never a late one.

use std::any::Any;
use std::panic::AssertUnwindSafe;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use tokio::sync::oneshot;

/// How much lower than the bot's own threads a lane's threads run, in Linux's nice values,
/// added to the bot's own (a service may already run niced).
const NICENESS: i32 = 10;
/// The lowest priority Linux has.
const NICEST: i32 = 19;

type Job = Box<dyn FnOnce() + Send>;

/// A fixed set of low-priority threads taking jobs in order, started on first use. A
/// cheap-clone handle; the threads end when the last handle is dropped.
#[derive(Clone, Debug)]
pub struct Lane {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    name: String,
    threads: usize,
    /// None until the threads are started.
    jobs: Mutex<Option<mpsc::Sender<Job>>>,
}

/// A lane's job did not finish: it panicked (with this message), or its threads could not
/// start or have stopped.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct LaneFailed(String);

impl Lane {
    /// `threads` threads (at least one) named `name-0`, `name-1`, …
    pub fn new(name: &str, threads: usize) -> Lane {
        Lane {
            inner: Arc::new(Inner {
                name: name.to_string(),
                threads: threads.max(1),
                jobs: Mutex::new(None),
            }),
        }
    }

    /// Run `work` on the lane's next free thread and wait for its answer.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, LaneFailed> {
        let (answer, answered) = oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = answer.send(std::panic::catch_unwind(AssertUnwindSafe(work)));
        });
        self.jobs()?
            .send(job)
            .map_err(|_| LaneFailed("its threads have stopped".to_string()))?;
        match answered.await {
            Ok(Ok(done)) => Ok(done),
            Ok(Err(panic)) => Err(LaneFailed(format!(
                "it panicked: {}",
                panic_message(panic.as_ref())
            ))),
            Err(_) => Err(LaneFailed("its threads have stopped".to_string())),
        }
    }

    /// The way in to the lane's threads, starting them the first time.
    fn jobs(&self) -> Result<mpsc::Sender<Job>, LaneFailed> {
        let mut jobs = self.inner.jobs.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(jobs) = jobs.as_ref() {
            return Ok(jobs.clone());
        }
        let (sender, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for n in 0..self.inner.threads {
            let queue = queue.clone();
            std::thread::Builder::new()
                .name(format!("{}-{n}", self.inner.name))
                .spawn(move || {
                    lower_priority();
                    // The lock is held only while waiting, so jobs run side by side.
                    while let Ok(job) = {
                        let next = queue.lock().unwrap_or_else(|p| p.into_inner()).recv();
                        next
                    } {
                        job();
                    }
                })
                .map_err(|e| LaneFailed(format!("its threads could not start: {e}")))?;
        }
        *jobs = Some(sender.clone());
        Ok(sender)
    }
}

/// What a panic said: `panic!` gives a `&str` or a `String`.
pub fn panic_message(panic: &(dyn Any + Send)) -> &str {
    panic
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| panic.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("(no message)")
}

/// Nice the calling thread `NICENESS` below the priority it started with (its creator's,
/// the bot's). Linux keeps a nice value per thread; elsewhere the call would nice the whole
/// process, so the lane's threads run at the bot's own priority there.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: errno is this thread's own; getpriority and setpriority read only their
        // arguments, and 0 names the calling thread on Linux. getpriority may return -1 as
        // a value: only errno tells an error.
        let done = unsafe {
            *libc::__errno_location() = 0;
            let own = libc::getpriority(libc::PRIO_PROCESS, 0);
            match own == -1 && *libc::__errno_location() != 0 {
                true => -1,
                false => libc::setpriority(libc::PRIO_PROCESS, 0, (own + NICENESS).min(NICEST)),
            }
        };
        if done != 0 {
            tracing::warn!(
                "could not lower a worker thread's priority: {}",
                std::io::Error::last_os_error()
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_job_answers_and_a_panic_is_an_error() {
        let lane = Lane::new("test", 1);
        assert_eq!(lane.run(|| 6 * 7).await.unwrap(), 42);
        let failed = lane.run(|| -> u8 { panic!("broken") }).await.unwrap_err();
        assert_eq!(failed.to_string(), "it panicked: broken");
        assert_eq!(
            lane.run(|| 7).await.unwrap(),
            7,
            "the thread outlives a panic"
        );
    }

    #[test]
    fn the_message_is_found() {
        let said = std::panic::catch_unwind(|| panic!("clock {} broke", 7)).unwrap_err();
        assert_eq!(panic_message(said.as_ref()), "clock 7 broke");
        let said = std::panic::catch_unwind(|| panic!("plain")).unwrap_err();
        assert_eq!(panic_message(said.as_ref()), "plain");
    }

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn its_threads_run_below_the_bots_priority() {
        let lane = Lane::new("test", 1);
        // SAFETY: getpriority reads only its arguments; 0 names the calling thread.
        let nice = lane
            .run(|| unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) })
            .await
            .unwrap();
        let own = unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) };
        assert_eq!(nice, (own + NICENESS).min(NICEST));
        assert!(nice > own || own == NICEST, "{nice} is not below {own}");
    }
}
