//! Native engine (in progress).
