//! MILP backends (in progress).
