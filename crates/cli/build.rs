//! On Linux the binary is linked at a fixed address (`-no-pie`): a position-independent
//! executable has the dynamic loader patch some 13,000 relocations into its read-only data at
//! every start, about a quarter of the page faults of an easy puzzle's whole process (classic
//! sudoku: 253 → 199 page faults, 1.3–1.46 → 1.17–1.23 ms of CPU). Libraries and the other
//! platforms are linked as before.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
