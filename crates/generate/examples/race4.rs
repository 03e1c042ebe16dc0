use sudoku_ip_generate::*;
use sudoku_ip_model::*;
fn main() {
    let which = std::env::args().nth(1).unwrap_or_default();
    let k = 2000u64;
    let spec = GenerateSpec::new(Geometry::new(9, None).unwrap());
    match which.as_str() {
        "ours" => {
            for s in 0..k {
                std::hint::black_box(generate(&spec.with_seed(s)).unwrap());
            }
        }

        "sudoku" => {
            for _ in 0..k {
                std::hint::black_box(sudoku::Sudoku::generate_with_symmetry(sudoku::Symmetry::None));
            }
        }
        "sudoku180" => {
            for _ in 0..k {
                std::hint::black_box(sudoku::Sudoku::generate());
            }
        }
        "ours180" => {
            let mut s2 = spec.clone();
            s2.symmetry = Symmetry::Rot180;
            for s in 0..k {
                std::hint::black_box(generate(&s2.with_seed(s)).unwrap());
            }
        }
        _ => {}
    }
}
