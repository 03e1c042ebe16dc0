//! The one way to tell a long job to stop: [`Cancel`], a stop flag shared by every clone plus
//! an optional deadline.
//!
//! Every long loop of the workspace reads one: the native engine's search (generic and plain
//! 9×9), the MILP enumeration between and around solver calls, the generator's attempts,
//! removals and placements, the rater's steps, the minimiser, counting. Whoever gives up on a
//! job — a server whose client left or whose answer was already sent, a caller with a time
//! limit — sets the flag or lets the deadline pass, and the job ends at its next check with
//! what it has ("stopped: time limit of 300ms reached").
//!
//! ```
//! use std::time::Duration;
//! use sudoku_ip_model::Cancel;
//!
//! let job = Cancel::new().with_time_limit(Some(Duration::from_secs(60)));
//! let seen_by_the_worker = job.clone();
//! assert!(seen_by_the_worker.stop_reason().is_none());
//! job.cancel();
//! assert_eq!(seen_by_the_worker.stop_reason().as_deref(), Some("cancelled"));
//! ```
//!
//! A token may also carry a [`Progress`]: the long loops that read the token note there what
//! they have done (search nodes, solutions found, clues tried, attempts), and a progress display
//! on another thread reads it.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A stop flag shared by clones, and an optional deadline. The default never stops.
#[derive(Clone, Debug, Default)]
pub struct Cancel {
    /// `None`: nobody can cancel this job (the default, and what tests and one-shot calls use).
    flag: Option<Arc<AtomicBool>>,
    deadline: Option<Deadline>,
    /// Where the job notes how far it got, when somebody watches it.
    progress: Option<Arc<Progress>>,
}

/// How far a job got, noted by the job as it goes ([`Cancel::with_progress`]) and read by a
/// progress display on another thread. Every count is 0 until the job notes it; each is the
/// latest value noted (a new search starts its nodes again from 0).
#[derive(Debug, Default)]
pub struct Progress {
    nodes: AtomicU64,
    solutions: AtomicU64,
    steps: AtomicU64,
    steps_total: AtomicU64,
    attempts: AtomicU64,
}

impl Progress {
    /// A new, shared record with every count at 0.
    pub fn shared() -> Arc<Progress> {
        Arc::new(Progress::default())
    }

    /// Nodes (or guesses) of the current search, noted about every thousand.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Solutions the current search has found.
    pub fn solutions(&self) -> u64 {
        self.solutions.load(Ordering::Relaxed)
    }

    /// The job's own steps done and their total (the minimiser's and generator's clues tried
    /// of the clues to try); `(0, 0)` before any.
    pub fn steps(&self) -> (u64, u64) {
        (self.steps.load(Ordering::Relaxed), self.steps_total.load(Ordering::Relaxed))
    }

    /// The generator's attempt (full grid) in progress, from 1.
    pub fn attempts(&self) -> u64 {
        self.attempts.load(Ordering::Relaxed)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Deadline {
    at: Instant,
    /// The limit as the caller gave it, for messages.
    limit: Duration,
}

impl PartialEq for Cancel {
    /// Two tokens are equal when they share their flag (or both have none) and their deadline
    /// (whoever watches them).
    fn eq(&self, other: &Cancel) -> bool {
        let same_flag = match (&self.flag, &other.flag) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        same_flag && self.deadline == other.deadline
    }
}

impl Eq for Cancel {}

impl Cancel {
    /// A token that can be cancelled ([`Cancel::cancel`]), with no deadline.
    pub fn new() -> Cancel {
        Cancel { flag: Some(Arc::new(AtomicBool::new(false))), deadline: None, progress: None }
    }

    /// The same token, with the job noting how far it got in `progress`.
    #[must_use]
    pub fn with_progress(&self, progress: Arc<Progress>) -> Cancel {
        Cancel { progress: Some(progress), ..self.clone() }
    }

    /// The job's progress record, when somebody watches it.
    pub fn progress(&self) -> Option<&Progress> {
        self.progress.as_deref()
    }

    /// Note the current search's nodes (a no-op when nobody watches).
    #[inline]
    pub fn note_nodes(&self, nodes: u64) {
        if let Some(p) = &self.progress {
            p.nodes.store(nodes, Ordering::Relaxed);
        }
    }

    /// Note the current search's solutions found so far (a no-op when nobody watches).
    #[inline]
    pub fn note_solutions(&self, solutions: u64) {
        if let Some(p) = &self.progress {
            p.solutions.store(solutions, Ordering::Relaxed);
        }
    }

    /// Note the job's steps done of `total` (a no-op when nobody watches).
    pub fn note_steps(&self, done: u64, total: u64) {
        if let Some(p) = &self.progress {
            p.steps_total.store(total, Ordering::Relaxed);
            p.steps.store(done, Ordering::Relaxed);
        }
    }

    /// Note the generator's attempt in progress (a no-op when nobody watches).
    pub fn note_attempt(&self, attempt: u64) {
        if let Some(p) = &self.progress {
            p.attempts.store(attempt, Ordering::Relaxed);
        }
    }

    /// The same flag with a deadline `limit` from now, or the current deadline if that comes
    /// first. `None`, and limits too large for the clock, add no deadline.
    #[must_use]
    pub fn with_time_limit(&self, limit: Option<Duration>) -> Cancel {
        let mut out = self.clone();
        if let Some(at) = limit.and_then(|t| Instant::now().checked_add(t)) {
            let limit = limit.unwrap_or_default();
            if out.deadline.is_none_or(|d| at < d.at) {
                out.deadline = Some(Deadline { at, limit });
            }
        }
        out
    }

    /// Tell every holder of this token (and its clones) to stop. Does nothing on a token made
    /// without a flag ([`Cancel::default`]).
    pub fn cancel(&self) {
        if let Some(flag) = &self.flag {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// Whether the flag is set (one atomic load: cheap enough for every node of a search).
    #[inline]
    pub fn is_cancelled(&self) -> bool {
        self.flag.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// Whether this token can ever stop a job (it has a flag or a deadline).
    pub fn can_stop(&self) -> bool {
        self.flag.is_some() || self.deadline.is_some()
    }

    /// The deadline, if any.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline.map(|d| d.at)
    }

    /// Time left before the deadline (zero once passed); `None` without a deadline.
    pub fn remaining(&self) -> Option<Duration> {
        self.deadline.map(|d| d.at.saturating_duration_since(Instant::now()))
    }

    /// Why the job must stop now, or `None` to carry on: the flag is set ("cancelled") or the
    /// deadline has passed ("time limit of … reached"). Reads the clock when there is a deadline.
    pub fn stop_reason(&self) -> Option<String> {
        if self.is_cancelled() {
            return Some("cancelled".to_string());
        }
        let d = self.deadline?;
        (Instant::now() >= d.at).then(|| d.reason())
    }

    /// Whether the job must stop now (see [`Cancel::stop_reason`]).
    pub fn should_stop(&self) -> bool {
        self.is_cancelled() || self.deadline.is_some_and(|d| Instant::now() >= d.at)
    }

    /// The message for this token's deadline having passed (also when a caller's own check of
    /// [`Cancel::deadline`] found it so).
    pub fn time_reason(&self) -> Option<String> {
        self.deadline.map(|d| d.reason())
    }

    /// A guard that cancels this token when dropped: a server handler holds one, so a request
    /// that is answered, timed out or abandoned by its client stops its job.
    pub fn cancel_on_drop(&self) -> CancelOnDrop {
        CancelOnDrop(self.clone())
    }
}

impl Deadline {
    fn reason(&self) -> String {
        format!("time limit of {:?} reached", self.limit)
    }
}

/// Cancels its token when dropped ([`Cancel::cancel_on_drop`]).
#[derive(Debug)]
pub struct CancelOnDrop(Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_the_flag_and_the_earliest_deadline_wins() {
        let a = Cancel::new();
        let b = a.with_time_limit(Some(Duration::from_secs(3600)));
        assert!(!b.should_stop() && b.stop_reason().is_none());
        let c = b.with_time_limit(Some(Duration::ZERO));
        assert_eq!(c.stop_reason().as_deref(), Some("time limit of 0ns reached"));
        // A later limit does not push the deadline back.
        assert_eq!(c.with_time_limit(Some(Duration::from_secs(1))).deadline(), c.deadline());
        assert!(c.with_time_limit(Some(Duration::MAX)).should_stop());
        drop(b.cancel_on_drop());
        assert!(a.is_cancelled() && c.is_cancelled());
        assert_eq!(a.stop_reason().as_deref(), Some("cancelled"));
    }

    #[test]
    fn clones_note_progress_in_the_one_record_and_unwatched_tokens_note_nowhere() {
        let progress = Progress::shared();
        let job = Cancel::new().with_progress(progress.clone());
        let worker = job.with_time_limit(Some(Duration::from_secs(60)));
        worker.note_nodes(4096);
        worker.note_solutions(7);
        worker.note_steps(3, 25);
        worker.note_attempt(2);
        assert_eq!(
            (progress.nodes(), progress.solutions(), progress.steps(), progress.attempts()),
            (4096, 7, (3, 25), 2)
        );
        assert_eq!(job.progress().map(Progress::solutions), Some(7));
        // The same flag, watched or not, is the same token.
        assert_eq!(job, job.with_progress(Progress::shared()));
        let unwatched = Cancel::new();
        unwatched.note_nodes(1);
        assert!(unwatched.progress().is_none());
    }

    #[test]
    fn the_default_never_stops() {
        let never = Cancel::default();
        never.cancel();
        assert!(!never.should_stop() && never.remaining().is_none());
        assert_eq!(never, Cancel::default());
        assert_ne!(Cancel::new(), Cancel::new());
    }
}
