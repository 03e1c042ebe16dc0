use std::time::Instant;
use sudoku_ip_generate::*;
use sudoku_ip_model::*;
fn main() {
    let k = 2000u32;
    let t = Instant::now();
    for _ in 0..k {
        std::hint::black_box(sudoku::Sudoku::generate_with_symmetry(sudoku::Symmetry::None));
    }
    println!("sudoku none   {:?}", t.elapsed() / k);
    let t = Instant::now();
    for _ in 0..k {
        std::hint::black_box(sudoku::Sudoku::generate());
    }
    println!("sudoku rot180 {:?}", t.elapsed() / k);
    let t = Instant::now();
    for _ in 0..k {
        std::hint::black_box(sudoku::Sudoku::generate_solved());
    }
    println!("sudoku solved {:?}", t.elapsed() / k);
    let spec = GenerateSpec::new(Geometry::new(9, None).unwrap());
    let t = Instant::now();
    for s in 0..k as u64 {
        std::hint::black_box(generate(&spec.with_seed(s)).unwrap());
    }
    println!("ours none     {:?}", t.elapsed() / k);
    let mut spec2 = spec.clone();
    spec2.symmetry = Symmetry::Rot180;
    let t = Instant::now();
    for s in 0..k as u64 {
        std::hint::black_box(generate(&spec2.with_seed(s)).unwrap());
    }
    println!("ours rot180   {:?}", t.elapsed() / k);
    let p = [0u8; 81];
    let t = Instant::now();
    for _ in 0..k {
        std::hint::black_box(sudoku_ip_native::fast9::search9(&p, 1, 1, None, None));
    }
    println!("search9 blank {:?}", t.elapsed() / k);
}
#[allow(dead_code)]
fn stats() {}
