//! Progress on stderr for long work (indicatif), shown only when stderr is a terminal: piped
//! or redirected output stays clean.
//!
//! A batch gets a bar of puzzles done ([`bar`]). A single long job (`count`, `rate`, `minimize`,
//! one `generate`) gets a line that a ticker thread refreshes from what the job notes in its
//! stop token's [`Progress`] ([`watch`]): solutions and nodes while counting, clues tried while
//! minimizing, the attempt and its clues while generating.

use std::io::IsTerminal;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use sudoku_ip::{Cancel, Progress};

/// A bar for `total` items (`None`: a counter with a spinner, for streams of unknown length).
pub fn bar(total: Option<u64>, what: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::stderr());
    let template = match total {
        Some(_) => format!("{{bar:40}} {{pos}}/{{len}} {what}  {{per_sec}}  eta {{eta}}"),
        None => format!("{{spinner}} {{pos}} {what}  {{per_sec}}  {{elapsed}}"),
    };
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    bar
}

/// What a watched single job is doing, for its progress line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    /// `count`: solutions and search nodes so far.
    Count,
    /// `rate`: the rater at work.
    Rate,
    /// `minimize`: clues tried of the puzzle's clues.
    Minimize,
    /// One `generate`: the attempt (full grid) and its clues tried.
    Generate,
}

/// How often the line is refreshed.
const TICK: Duration = Duration::from_millis(100);

/// A single job watched on stderr ([`watch`]); dropping it stops the ticker and clears the line.
pub struct Watch {
    bar: ProgressBar,
    /// Dropped to stop the ticker.
    stop: Option<Sender<()>>,
    ticker: Option<JoinHandle<()>>,
}

/// Watch a single long job that stops on `cancel`: the token to give the job (`cancel` noting
/// its progress) and the watch. When stderr is not a terminal the token is `cancel` itself and
/// nothing is drawn or started.
pub fn watch(job: Job, cancel: &Cancel) -> (Cancel, Watch) {
    if !std::io::stderr().is_terminal() {
        return (cancel.clone(), Watch { bar: ProgressBar::hidden(), stop: None, ticker: None });
    }
    let progress = Progress::shared();
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{spinner} {msg}  {elapsed}") {
        bar.set_style(style);
    }
    bar.set_message(line(job, &progress));
    let (stop, stopped) = mpsc::channel::<()>();
    let ticker = {
        let (bar, progress) = (bar.clone(), Arc::clone(&progress));
        std::thread::Builder::new().name("progress".into()).spawn(move || {
            while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(TICK) {
                bar.set_message(line(job, &progress));
                bar.tick();
            }
        })
    };
    // No thread (the system refused one): the job runs unwatched.
    let Ok(ticker) = ticker else {
        return (cancel.clone(), Watch { bar: ProgressBar::hidden(), stop: None, ticker: None });
    };
    (cancel.with_progress(progress), Watch { bar, stop: Some(stop), ticker: Some(ticker) })
}

impl Drop for Watch {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(ticker) = self.ticker.take() {
            // A ticker that panicked drew nothing more; the job's answer still stands.
            let _ = ticker.join();
        }
        self.bar.finish_and_clear();
    }
}

/// The progress line of `job` as far as `progress` says.
pub fn line(job: Job, progress: &Progress) -> String {
    let (done, total) = progress.steps();
    match job {
        // A MILP backend that reports no nodes (HiGHS) notes none: no "0 nodes" then.
        Job::Count => match progress.nodes() {
            0 => format!("counting: {} solutions so far", progress.solutions()),
            nodes => format!("counting: {} solutions so far, {nodes} nodes", progress.solutions()),
        },
        Job::Rate if done == 0 => "rating: proving the puzzle unique".to_string(),
        Job::Rate => format!("rating: {done} steps found"),
        Job::Minimize if total == 0 => "minimizing: proving the puzzle unique".to_string(),
        Job::Minimize => format!("minimizing: {done} of {total} clues tried"),
        Job::Generate => {
            let attempt = progress.attempts().max(1);
            if total == 0 {
                format!("generating: attempt {attempt}, filling a grid")
            } else {
                format!("generating: attempt {attempt}, {done} of {total} clues tried")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_line_says_what_its_job_noted() {
        let progress = Progress::shared();
        let job = Cancel::new().with_progress(Arc::clone(&progress));
        assert_eq!(line(Job::Minimize, &progress), "minimizing: proving the puzzle unique");
        assert_eq!(line(Job::Generate, &progress), "generating: attempt 1, filling a grid");
        assert_eq!(line(Job::Count, &progress), "counting: 0 solutions so far");
        job.note_solutions(3);
        assert_eq!(line(Job::Count, &progress), "counting: 3 solutions so far");
        assert_eq!(line(Job::Rate, &progress), "rating: proving the puzzle unique");
        job.note_solutions(1234);
        job.note_nodes(56_789);
        job.note_steps(12, 30);
        job.note_attempt(4);
        assert_eq!(line(Job::Count, &progress), "counting: 1234 solutions so far, 56789 nodes");
        assert_eq!(line(Job::Minimize, &progress), "minimizing: 12 of 30 clues tried");
        assert_eq!(line(Job::Generate, &progress), "generating: attempt 4, 12 of 30 clues tried");
        job.note_steps(57, 0);
        assert_eq!(line(Job::Rate, &progress), "rating: 57 steps found");
    }
}
