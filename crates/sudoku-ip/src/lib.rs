//! # sudoku-ip
//!
//! Solve Sudoku and its variants by writing the rules as a 0-1 integer program — the binary
//! cube `x[row, col, digit]` of the MATLAB/JuMP/Gurobi examples this project grew from — and
//! solving it with the native engine or a MILP solver.
//!
//! This crate wires the others together: [`model`] (puzzles, the 0-1 model, the checker),
//! [`formats`] (the text, JSON and f-puzzles formats puzzles are read from), the native engine and the MILP backends. It owns the one rule every caller relies
//! on: **no grid leaves this crate unless [`check::verify`](model::check::verify) accepted it**
//! against the puzzle (not the model), whatever backend produced it.
//!
//! The high-level path — parse, solve, get a checked grid and a report:
//!
//! ```
//! use sudoku_ip::{formats, solve, Options};
//!
//! let puzzle = formats::parse_puzzle(
//!     "1,2,2\n1,5,3\n1,8,4\n2,1,6\n2,9,3\n3,3,4\n3,7,5\n4,4,8\n4,6,6\n5,1,8\n5,5,1\n\
//!      5,9,6\n6,4,7\n6,6,5\n7,3,7\n7,7,6\n8,1,4\n8,9,8\n9,2,3\n9,5,4\n9,8,2\n",
//!     &formats::ParseOptions::default(),
//! )?;
//! let report = solve(&puzzle, &Options::default())?;
//! match report.solution() {
//!     Some(grid) => assert_eq!(grid.filled(), 81),
//!     None => panic!("{:?}", report.outcome),
//! }
//! println!("{} in {:?}", report.stats.backend, report.total_time);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The seeds' "solver-based" path — the raw model as sparse rows, right-hand sides and bounds,
//! for users who hand it to their own solver:
//!
//! ```
//! use sudoku_ip::{formats, Model};
//!
//! let puzzle = formats::parse_puzzle("[1,2,2; 1,5,3; 1,8,4]", &Default::default())?;
//! let sparse = Model::build(&puzzle).sparse();
//! assert_eq!(sparse.num_vars, 729);          // x(i,j,k): 9 x 9 x 9 binaries
//! assert_eq!(sparse.beq.len(), 324);         // Aeq x = beq, 4 x 81 rows
//! assert_eq!(sparse.lb.iter().filter(|&&b| b == 1.0).count(), 3); // clues as lower bounds
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]

mod answer;
mod candidates;
mod generation;
mod input;
mod insight;
mod ip;
mod pipeline;
mod solver;

pub use sudoku_ip_formats as formats;
pub use sudoku_ip_generate as generate;
pub use sudoku_ip_model as model;
pub use sudoku_ip_model::{
    check, export, Backend, Cancel, Cell, Geometry, Grid, Limits, Model, Objective, Progress, Puzzle, SearchEnd,
    StartUse, Stats,
};
pub use sudoku_ip_render as render;

pub use answer::{Answer, AnswerStatus, GridJson, StatsJson};
pub use candidates::{candidates, CandidatesStatus, CapError, TrueCandidates, MAX_COUNT_CAP};
pub use generation::{generate, generate_many, minimality_name, Generation, GenerationJson};
pub use input::{
    duplicate_shapes, jobs, parse_batch_line, parse_box, puzzle_from_rows, time_limit, vet, with_rules, InputError,
    CLI_MAX_NONZEROS, JOBS_PER_CORE,
};
pub use insight::{
    candidates_notes, explain, explain_positions, explain_positions_with, explain_with, hint, hint_with,
    position_picture, read_position, Hint, HintStatus, Path, PathStatus,
};
pub use ip::{algebraic, explain_model, root_lp, Family, IpModel, ObjectiveText, RootLpJson};
pub use pipeline::{
    count, milp_model, search, search_each, solve, Error, MipStart, Options, Outcome, Presolve, Report,
};
pub use solver::{BackendChoiceError, Solver};
