use std::time::Instant;
use sudoku_ip_model::*;
use sudoku_ip_native::Native;
fn main() {
    for n in [9usize, 16, 25] {
        let p = Puzzle::blank(Geometry::new(n, None).unwrap());
        let t = Instant::now();
        let m = Model::build(&p);
        let tb = t.elapsed();
        let t = Instant::now();
        let r = Native.search(&m, &SearchRequest::count(1, 1)).unwrap();
        println!("n={n} build {:?} solve {:?} count {} guesses {:?}", tb, t.elapsed(), r.count, r.stats.guesses);
    }
}
