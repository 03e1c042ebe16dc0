//! Probing: a stronger presolve for MILP backends.
//!
//! [`probe`] starts from root propagation (what [`presolve`](crate::presolve) decides), then
//! runs rounds of two deductions until a round decides nothing (a fixed point) or the probe
//! budget runs out:
//! - **Failed literals.** Every free variable is tried at 1 and propagated; when that fails,
//!   the variable is 0 in every solution and is fixed so (which propagates further).
//! - **What every candidate of a row implies.** Exactly one candidate of an exactly-one row
//!   is 1 in any solution, so a value that each candidate's probe implies holds in every
//!   solution: in Sudoku words, a cell (or a digit in a house) all of whose candidates
//!   eliminate the same candidate elsewhere.
//! - **Failed literals of the second level**, once the first two reach a fixed point: `x = 1`,
//!   and inside that state a failed-literal sweep over every other free variable; a conflict
//!   there makes `x` 0 for good, and the probing goes back to the first level. This is what
//!   decides the hardest 9×9 puzzles (forum 11+: the first level fixes nothing on any of its
//!   first 100, the second decides all of them) and the generated 16×16 and 25×25 sets, so the
//!   MILP solver is not called. It gives up after [`DEEP_STALL`] tries in a row fail nothing
//!   (a grid with many solutions, where nothing ever fails).
//!
//! ```text
//!   root propagation ─▶ for each free x:  x = 1 ─propagate─▶ conflict?  yes: x = 0 for good
//!                                                                         no:  keep what it implied, undo
//!                       for each open row: values implied by all its candidates ─▶ fixed
//!                       repeat while a round fixed something (and the budget lasts)
//!                   ─▶ second level: x = 1, then y = 1 for every other free y (a failed y is
//!                       0 there) ─▶ conflict? x = 0 for good, back to the first level
//! ```
//!
//! Each probe is one native propagation (microseconds), and each variable it fixes is one that
//! a MILP solver no longer branches on. Like root propagation it is exact: it only fixes what
//! every solution agrees on. (An implication found before later fixes stays an implication
//! after them: state only tightens, so the row intersections may use a round's probes.)

use sudoku_ip_model::{Cancel, Model};

use crate::compile;
use crate::engine::Engine;
use crate::presolve::{describe, Presolve};

/// How many probes [`probe`] runs at most: each costs one propagation, so this bounds the
/// presolve's time on the largest grids (a 64×64 cube has 262,144 variables).
pub const PROBE_BUDGET: u64 = 100_000;

/// The trail marks assignments to 1 with this bit (see `engine.rs`).
const ONE: u32 = 1 << 31;

/// How many probes run between two looks at the stop token (a probe is one propagation: on a
/// 25×25 model, 16 of them take well under a millisecond; on a 64×64, a few milliseconds).
const CHECK_EVERY: u64 = 16;

/// Root propagation, then probing to a fixed point (at most `budget` probes): see the module
/// doc. A stop token that fires ends the probing early: what was fixed until then is kept
/// (every fixing is implied by the model, so a partial presolve is still a sound one).
pub fn probe(model: &Model, budget: u64, cancel: &Cancel) -> Presolve {
    if let Err(reason) = compile::check_model(model) {
        return Presolve::Infeasible { reason };
    }
    // Compiling a large model takes a while: a token that fires meanwhile ends the presolve
    // with nothing fixed.
    let Some(mut engine) = Engine::new_until(model, cancel) else {
        let fixed = model.fixed().to_vec();
        return Presolve::Reduced { newly_fixed: 0, solved: fixed.iter().all(Option::is_some), fixed };
    };
    if let Err(conflict) = engine.root() {
        return Presolve::Infeasible { reason: describe(model, &conflict) };
    }
    let n = engine.num_vars();
    let mut probes = 0u64;
    let mut stopped = false;
    // What each variable's probe of this round implied: trail entries in `implied[range]`.
    let mut implied: Vec<u32> = Vec::new();
    let mut range: Vec<Option<(u32, u32)>> = vec![None; n];
    // Per literal (2·variable + value): how many candidates of the current row imply it.
    let mut hits = vec![0u32; 2 * n];
    let mut stamp = vec![u32::MAX; 2 * n];
    let mut decide: Vec<u32> = Vec::new();
    let mut deep = DeepState { next: 0, stall: 0 };
    loop {
        let mut changed = false;
        implied.clear();
        range.fill(None);
        for v in 0..n as u32 {
            if engine.value(v).is_some() {
                continue;
            }
            if probes >= budget {
                break;
            }
            if probes.is_multiple_of(CHECK_EVERY) && cancel.should_stop() {
                stopped = true;
                break;
            }
            probes += 1;
            let mark = engine.trail.len();
            if engine.try_fix(v, true) {
                let start = implied.len() as u32;
                implied.extend_from_slice(&engine.trail[mark + 1..]);
                range[v as usize] = Some((start, implied.len() as u32));
                engine.undo(mark);
            } else {
                engine.undo(mark);
                changed = true;
                if !fix(&mut engine, v, false) {
                    return infeasible(v);
                }
            }
        }
        if stopped {
            // The rows' intersections need every probe of the round: what was fixed is kept.
            break;
        }
        decide.clear();
        for r in 0..engine.c.eo_rows() {
            // A 64×64 has 16,384 rows to intersect: the token is read here too.
            if (r as u64).is_multiple_of(CHECK_EVERY) && cancel.should_stop() {
                stopped = true;
                break;
            }
            if engine.rows[r].count < 2 {
                continue;
            }
            let mut k = 0u32;
            let mut first = None;
            let complete = engine.c.eo_vars_of(r).iter().filter(|&&v| engine.is_live(v)).all(|&v| {
                let Some((a, b)) = range[v as usize] else { return false };
                for &e in &implied[a as usize..b as usize] {
                    let lit = literal(e);
                    if stamp[lit] != r as u32 {
                        stamp[lit] = r as u32;
                        hits[lit] = 0;
                    }
                    hits[lit] += 1;
                }
                first.get_or_insert((a, b));
                k += 1;
                true
            });
            if let (true, Some((a, b))) = (complete, first) {
                decide.extend(implied[a as usize..b as usize].iter().filter(|&&e| hits[literal(e)] == k));
            }
            // Stamps are row numbers: the next row starts afresh.
        }
        if stopped {
            break;
        }
        for &e in &decide {
            let (v, one) = (e & !ONE, e & ONE != 0);
            match engine.value(v) {
                Some(x) if x == one => {}
                Some(_) => return infeasible(v),
                None => {
                    changed = true;
                    if !fix(&mut engine, v, one) {
                        return infeasible(v);
                    }
                }
            }
        }
        if changed && probes < budget && !stopped {
            // Stamps of the next round must not match this round's rows.
            stamp.fill(u32::MAX);
            continue;
        }
        if probes >= budget || stopped {
            break;
        }
        // A fixed point of the first level: one failure of the second level sends the
        // probing back to the first.
        match deep_pass(&mut engine, &mut deep, &mut probes, budget, cancel) {
            Deep::Failed(v) => {
                if !fix(&mut engine, v, false) {
                    return infeasible(v);
                }
                stamp.fill(u32::MAX);
            }
            Deep::Done => break,
        }
    }
    let fixed: Vec<Option<bool>> = (0..n as u32).map(|v| engine.value(v)).collect();
    let before = model.fixed().iter().filter(|f| f.is_some()).count();
    let decided = fixed.iter().filter(|f| f.is_some()).count();
    Presolve::Reduced { newly_fixed: decided - before, solved: decided == fixed.len(), fixed }
}

/// How many variables in a row the second level tries without a failure before it gives up:
/// on a puzzle with one solution a failure comes within the first few (forum 11+: about 3 a
/// puzzle, each within 15 tries of the last); on a grid with many solutions none ever fails, and
/// each try costs a whole first-level sweep.
const DEEP_STALL: u32 = 32;

/// Where the second level goes on from, and how many variables it tried since its last failure.
struct DeepState {
    next: u32,
    stall: u32,
}

/// What a second-level pass found.
enum Deep {
    /// This variable cannot be 1: fix it to 0.
    Failed(u32),
    /// No variable fails (a fixed point), or [`DEEP_STALL`] tries in a row failed nothing, or the
    /// budget ran out or the stop token fired.
    Done,
}

/// The second level: each free `x`, going round the variables from `state.next`, is set to 1
/// and propagated, and then every other free `y` is probed inside that state (`y = 1` failing
/// makes `y = 0` there, which propagates too). When that runs into a conflict, `x` is 0 in every
/// solution. Only exact deductions again: what is fixed holds in every solution.
fn deep_pass(engine: &mut Engine, state: &mut DeepState, probes: &mut u64, budget: u64, cancel: &Cancel) -> Deep {
    let n = engine.num_vars() as u32;
    for k in 0..n {
        let x = (state.next + k) % n;
        if engine.value(x).is_some() {
            continue;
        }
        if state.stall >= DEEP_STALL {
            return Deep::Done;
        }
        state.stall += 1;
        let mark = engine.trail.len();
        let mut failed = !engine.try_fix(x, true);
        let mut y = 0;
        while !failed && y < n {
            if engine.value(y).is_none() {
                if *probes >= budget || (probes.is_multiple_of(CHECK_EVERY) && cancel.should_stop()) {
                    engine.undo(mark);
                    return Deep::Done;
                }
                *probes += 1;
                let inner = engine.trail.len();
                let one = engine.try_fix(y, true);
                engine.undo(inner);
                if !one {
                    failed = !engine.try_fix(y, false);
                }
            }
            y += 1;
        }
        engine.undo(mark);
        if failed {
            state.next = (x + 1) % n;
            state.stall = 0;
            return Deep::Failed(x);
        }
    }
    Deep::Done
}

/// Index of a trail entry's literal in the per-literal arrays.
fn literal(e: u32) -> usize {
    2 * (e & !ONE) as usize + usize::from(e & ONE != 0)
}

/// Fix `v` to `value` for good and propagate; false on a conflict.
fn fix(engine: &mut Engine, v: u32, value: bool) -> bool {
    let mark = engine.trail.len();
    let ok = engine.try_fix(v, value);
    if !ok {
        engine.undo(mark);
    }
    ok
}

fn infeasible(v: u32) -> Presolve {
    Presolve::Infeasible { reason: format!("probing: variable {v} can be neither 0 nor 1 after propagation") }
}
