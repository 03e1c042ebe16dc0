use std::time::Instant;
use sudoku_ip_generate::*;
use sudoku_ip_model::*;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(1).map(|s| s.parse().unwrap()).unwrap_or(9);
    let count: u64 = args.get(2).map(|s| s.parse().unwrap()).unwrap_or(5);
    let mode = args.get(3).cloned().unwrap_or_default();
    let mut spec = GenerateSpec::new(Geometry::new(n, None).unwrap());
    spec.rate = mode != "norate";
    if mode == "killer" {
        spec.killer = Some(KillerSpec::default());
    }
    if mode == "diagonal" {
        spec.rules = vec![Rule::Diagonal];
    }
    if mode == "nc" {
        spec.rules = vec![Rule::NonConsecutive];
    }
    if mode == "rot180" {
        spec.symmetry = Symmetry::Rot180;
    }
    let mut grades = [0; 4];
    let t0 = Instant::now();
    for s in 0..count {
        let t = Instant::now();
        let g = generate(&spec.with_seed(s)).unwrap();
        eprintln!("seed {s}: {:?} clues {} {:?}", t.elapsed(), g.clues, g.minimality);
        let Some(r) = g.rating.as_ref() else { continue };
        grades[r.grade as usize] += 1;
        if count <= 10 {
            println!(
                "seed {s}: {:?} clues {} {:?} grade {} hardest {:?} guesses {}\n{}",
                t.elapsed(),
                g.clues,
                g.minimality,
                r.grade,
                r.hardest,
                r.guesses,
                g.puzzle.givens().to_line()
            );
        }
    }
    println!("total {:?} per puzzle {:?} grades {:?}", t0.elapsed(), t0.elapsed() / count as u32, grades);
}
