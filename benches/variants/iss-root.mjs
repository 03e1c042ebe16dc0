// ISS's candidates after its initial propagation (its optimizer's extra handlers included),
// one JSON line a puzzle: {slug, total, cells: ["123", ...]}, as `cargo run --release -p
// sudoku-ip-native --example root_candidates -- FILES` prints ours, to compare cell by cell.
//
//   node benches/variants/iss-root.mjs ISS_CHECKOUT benches/variants/iss-inputs.json SLUG...
//
// Values above 9 are written in base 36 (A = 10), as ours are.
import { pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
const [iss, inputsPath, ...slugs] = process.argv.slice(2);
globalThis.self = globalThis; globalThis.VERSION_PARAM = '';
const load = (p) => import(pathToFileURL(join(iss, p)).href);
const { SudokuParser } = await load('js/sudoku_parser.js');
const { SudokuBuilder } = await load('js/solver/sudoku_builder.js');
const inputs = JSON.parse(readFileSync(inputsPath, 'utf8'));
for (const slug of slugs) {
  const solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(SudokuParser.parseText(inputs[slug])));
  const st = solver.nthStep(0, new Map());
  const digit = (v) => v.toString(36).toUpperCase();
  const pm = st.pencilmarks.map((p) => (typeof p === 'number' ? digit(p) : [...p].sort((a, b) => a - b).map(digit).join('')));
  console.log(JSON.stringify({slug, total: pm.reduce((a,s)=>a+s.length,0), cells: pm}));
}
