// Run sigh's Interactive Sudoku Solver (ISS) headless in node on the corpus, as its page does
// ("solve, and prove unique": the first solution, then a search for a second), with a warm
// JIT: every puzzle is solved once untimed, then `--runs` more times, timed.
//
//   node benches/variants/bench-iss.mjs ISS_CHECKOUT [--runs 3] [--only SLUG,...]
//
// Prints one JSON object a line: {slug, ms, cpu_ms, guesses, solutions, solution}: the median
// run's wall and CPU time (process.cpuUsage, user + system, of this process), ISS's guess
// counter, whether it found exactly one solution, and the solution (our notation, 1-9 then A..).
// Reads the puzzles from iss-inputs.json beside this file (ISS's own constraint strings, from
// convert.mjs), so ISS sees each puzzle as its collection writes it.
import { pathToFileURL, fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';

const args = process.argv.slice(2);
const iss = args[0];
if (!iss) {
  console.error('usage: node bench-iss.mjs ISS_CHECKOUT [--runs N] [--only SLUG,...]');
  process.exit(2);
}
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i < 0 ? fallback : args[i + 1];
};
const runs = +opt('--runs', 3);
const only = opt('--only', null)?.split(',');

globalThis.self = globalThis;
globalThis.VERSION_PARAM = '';
const load = (p) => import(pathToFileURL(join(iss, p)).href);
const { SudokuParser } = await load('js/sudoku_parser.js');
const { SudokuBuilder } = await load('js/solver/sudoku_builder.js');

const here = dirname(fileURLToPath(import.meta.url));
const inputs = JSON.parse(readFileSync(join(here, 'iss-inputs.json'), 'utf8'));

// One solve as the page's "unique solution" does it: parse, build, first and second solution.
const solve = (input) => {
  const constraint = SudokuParser.parseText(input);
  const solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(constraint));
  const first = solver.nthSolution(0);
  const second = first ? solver.nthSolution(1) : null;
  const guesses = solver.state().counters.guesses;
  return { first, second, guesses };
};

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const ours = (values) => {
  if (!values) return null;
  // A typed array would turn the letters back into numbers: map over a plain one.
  return Array.from(values, (v) => v.toString(36).toUpperCase()).join('');
};

const slugs = Object.keys(inputs).filter((s) => !only || only.includes(s));
for (const slug of slugs) solve(inputs[slug]); // warm-up
for (const slug of slugs) {
  const samples = [];
  let result;
  for (let k = 0; k < runs; k++) {
    const [c0, t0] = [cpuMs(), performance.now()];
    result = solve(inputs[slug]);
    samples.push({ cpu: cpuMs() - c0, ms: performance.now() - t0 });
  }
  samples.sort((a, b) => a.cpu - b.cpu);
  const mid = samples[samples.length >> 1];
  console.log(
    JSON.stringify({
      slug,
      ms: +mid.ms.toFixed(3),
      cpu_ms: +mid.cpu.toFixed(3),
      guesses: result.guesses,
      unique: !!result.first && !result.second,
      solution: ours(result.first),
    }),
  );
}
