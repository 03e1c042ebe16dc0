use sudoku_ip_formats::{parse_puzzle, ParseOptions};
use sudoku_ip_model::{Model, SearchRequest};
fn main() {
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap();
        let puzzle = parse_puzzle(&text, &ParseOptions::default()).unwrap();
        let model = Model::build(&puzzle);
        let r = sudoku_ip_native::search_generic(&model, &SearchRequest::count(2, 1)).unwrap();
        eprintln!("{path}: {:?}", r.stats.nodes);
    }
}
