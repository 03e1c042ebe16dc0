//! Ctrl-C for long calls. Python runs signal handlers only on its main thread, and only when
//! that thread comes back to the interpreter, which a call deep in Rust never does by itself.
//! So the work of a call runs on a worker (rayon's pool) while the calling thread waits without
//! the GIL, waking every [`POLL`] to run the handlers (`Python::check_signals`). When a handler
//! raises (KeyboardInterrupt from Ctrl-C), the work's token is cancelled, the call waits for
//! the work to stop — every long loop reads the token — and raises the handler's exception.

use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Mutex;
use std::time::Duration;

use facade::Cancel;
use pyo3::prelude::*;

/// How often a waiting call lets Python handle signals.
pub(crate) const POLL: Duration = Duration::from_millis(50);

/// Run `work` (given a token that Ctrl-C cancels) on a worker, handling signals meanwhile.
/// A call that ends before the first [`POLL`] costs one hand-off to the pool.
pub(crate) fn interruptible<T: Send>(py: Python<'_>, work: impl FnOnce(&Cancel) -> T + Send) -> PyResult<T> {
    let cancel = Cancel::new();
    let (tx, rx) = mpsc::sync_channel(1);
    // A receiver is not Sync: the wait without the GIL borrows it through a mutex.
    let rx = Mutex::new(rx);
    let token = cancel.clone();
    let mut raised = None;
    let out = rayon::in_place_scope(|scope| {
        scope.spawn(move |_| {
            // The receiver waits for this send (it is only gone after the scope ends).
            let _ = tx.send(work(&token));
        });
        loop {
            match py.detach(|| wait(&rx)) {
                Ok(out) => return Some(out),
                Err(RecvTimeoutError::Disconnected) => return None,
                Err(RecvTimeoutError::Timeout) => {
                    if raised.is_none() {
                        if let Err(e) = py.check_signals() {
                            cancel.cancel();
                            raised = Some(e);
                        }
                    }
                }
            }
        }
    });
    match (raised, out) {
        (Some(e), _) => Err(e),
        (None, Some(out)) => Ok(out),
        (None, None) => Err(crate::SolveError::new_err("the call's worker stopped without an answer")),
    }
}

/// The next value of `rx` within [`POLL`] (a poisoned lock counts as the sender gone).
pub(crate) fn wait<T>(rx: &Mutex<Receiver<T>>) -> Result<T, RecvTimeoutError> {
    match rx.lock() {
        Ok(rx) => rx.recv_timeout(POLL),
        Err(_) => Err(RecvTimeoutError::Disconnected),
    }
}
