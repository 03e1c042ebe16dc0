//! LP and MPS export of the [`Model`](crate::Model). (Written by the MILP work; stub for now.)
