// Convert the puzzle collections of sigh's Interactive Sudoku Solver (ISS, MIT licence,
// https://github.com/sigh/Interactive-Sudoku-Solver: data/example_puzzles.js and
// data/collections.js, never its tests) into sudoku-ip's JSON puzzle format.
//
//   node benches/variants/convert.mjs ISS_CHECKOUT OUT_DIR
//
// Writes OUT_DIR/<slug>.json for every puzzle whose constraints all have a sudoku-ip rule (with
// its title, its sources and ISS's solution when ISS gives one) and OUT_DIR/../iss-inputs.json:
// slug -> ISS's own constraint string, which bench-iss.mjs gives ISS. Prints what it skipped
// and why on stderr. The output is checked in; the checkout is needed only to rerun this.
import { pathToFileURL } from 'node:url';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';

const [iss, out] = process.argv.slice(2);
if (!iss || !out) {
  console.error('usage: node convert.mjs ISS_CHECKOUT OUT_DIR');
  process.exit(2);
}
globalThis.self = globalThis;
globalThis.VERSION_PARAM = '';
const load = (p) => import(pathToFileURL(join(iss, p)).href);
const { SudokuParser } = await load('js/sudoku_parser.js');
const { fnToBinaryKey } = await load('js/sudoku_constraint.js');
const Ex = await load('data/example_puzzles.js');
const Col = await load('data/collections.js');

// Every puzzle once (by input), displayed examples first, then the collections in order.
const puzzles = [];
const seen = new Set();
const add = (p, collection) => {
  if (!p || typeof p.input !== 'string' || p.input.startsWith('/') || seen.has(p.input)) return;
  seen.add(p.input);
  puzzles.push({ ...p, collection });
};
for (const p of Ex.DISPLAYED_EXAMPLES) add(p, 'example_puzzles.js');
for (const [k, v] of Object.entries(Col)) {
  if (!Array.isArray(v)) continue;
  for (const e of v) add(typeof v.configFor === 'function' ? v.configFor(e) : Ex.resolvePuzzleConfig(e), `collections.js ${k}`);
}

// ISS's cell ids: R, one character of base 36 for the row (1-9, a-g), C, one for the column.
const rc = (id) => {
  const m = /^R([0-9a-z])C([0-9a-z])$/i.exec(id);
  if (!m) throw new Skip(`cell ${id}`);
  return [parseInt(m[1], 36), parseInt(m[2], 36)];
};
const cellOf = (id) => {
  const [r, c] = rc(id);
  return `r${r}c${c}`;
};
class Skip extends Error {}

// ISS writes one dot or X/V constraint over several cells for "every orthogonally adjacent
// pair of these cells" (its _adjacentCellPairs): our pairs, in ISS's order.
const adjacentPairs = (ids) => {
  const cells = ids.map(rc);
  const left = new Set(cells.map(([r, c]) => `${r},${c}`));
  const pairs = [];
  for (const [r, c] of cells) {
    left.delete(`${r},${c}`);
    for (const [dr, dc] of [[-1, 0], [0, 1], [1, 0], [0, -1]]) {
      if (left.has(`${r + dr},${c + dc}`)) pairs.push([`r${r}c${c}`, `r${r + dr}c${c + dc}`]);
    }
  }
  return pairs;
};

// A rule object of type `type`, created on first use, in order of first use.
const convert = (p) => {
  const root = SudokuParser.parseText(p.input);
  let n = 9;
  let boxes = true;
  const givens = new Map();
  const candidates = [];
  const rules = new Map();
  const rule = (type, init) => {
    if (!rules.has(type)) rules.set(type, { type, ...init });
    return rules.get(type);
  };
  const list = (type, key) => {
    const r = rule(type, {});
    r[key] ??= [];
    return r[key];
  };
  const regions = [];
  const greater = [];
  const flat = [];
  const walk = (c) => {
    if (c.type === 'Container' || c.type === 'Set') return c.constraints.forEach(walk);
    flat.push(c);
  };
  walk(root);
  for (const c of flat) {
    if (c.type === 'Shape') {
      const m = /^(\d+)x(\d+)$/.exec(c.shapeSpec.trim());
      if (!m || m[1] !== m[2]) throw new Skip(`shape ${c.shapeSpec}`);
      n = +m[1];
    }
  }
  const side = (id, dir) => {
    // ISS's outside clues: "C3,1" is column 3 seen from the top, "R2,-1" row 2 from the right.
    const kind = id[0];
    const index = +id.slice(1);
    if (kind === 'C') return { side: dir === 1 ? 'top' : 'bottom', index };
    if (kind === 'R') return { side: dir === 1 ? 'left' : 'right', index };
    throw new Skip(`outside clue ${id}`);
  };
  for (const c of flat) {
    switch (c.type) {
      case 'Shape':
        break;
      case 'NoBoxes':
        boxes = false;
        break;
      case 'Given': {
        const cell = cellOf(c.cell);
        const values = c.values.map(Number);
        if (values.some((v) => v < 1 || v > n)) throw new Skip('given out of 1..n');
        if (values.length === 1) givens.set(cell, values[0]);
        else candidates.push({ cell, digits: [...values].sort((a, b) => a - b) });
        break;
      }
      case 'Cage': {
        const cage = { cells: c.cells.map(cellOf) };
        if (c.sum) cage.sum = c.sum;
        list('killer', 'cages').push(cage);
        break;
      }
      case 'Thermo':
        list('thermometer', 'thermometers').push(c.cells.map(cellOf));
        break;
      case 'Arrow':
        list('arrow', 'arrows').push({ circle: cellOf(c.cells[0]), cells: c.cells.slice(1).map(cellOf) });
        break;
      case 'DoubleArrow':
        list('double-arrow', 'lines').push(c.cells.map(cellOf));
        break;
      case 'PillArrow': {
        const pill = c.cells.slice(0, c.pillSize).map(cellOf);
        // ISS reads a pill left to right, top to bottom.
        const key = (s) => s.match(/\d+/g).map(Number);
        pill.sort((a, b) => key(a)[0] - key(b)[0] || key(a)[1] - key(b)[1]);
        list('pill-arrow', 'arrows').push({ pill, cells: c.cells.slice(c.pillSize).map(cellOf) });
        break;
      }
      case 'WhiteDot':
        list('kropki', 'white').push(...adjacentPairs(c.cells));
        break;
      case 'BlackDot':
        list('kropki', 'black').push(...adjacentPairs(c.cells));
        break;
      case 'StrictKropki':
        rule('kropki', {}).all_given = true;
        break;
      case 'X':
        list('xv', 'x').push(...adjacentPairs(c.cells));
        break;
      case 'V':
        list('xv', 'v').push(...adjacentPairs(c.cells));
        break;
      case 'StrictXV':
        rule('xv', {}).all_given = true;
        break;
      case 'Whisper': {
        const r = rule('german-whispers', {});
        const d = +c.difference;
        if (r.difference !== undefined && r.difference !== d) throw new Skip('whispers of two differences');
        r.difference = d;
        (r.lines ??= []).push(c.cells.map(cellOf));
        break;
      }
      case 'Renban':
        list('renban', 'lines').push(c.cells.map(cellOf));
        break;
      case 'Palindrome':
        list('palindrome', 'lines').push(c.cells.map(cellOf));
        break;
      case 'Between':
        list('between-line', 'lines').push(c.cells.map(cellOf));
        break;
      case 'Zipper':
        list('zipper-line', 'lines').push(c.cells.map(cellOf));
        break;
      case 'RegionSumLine':
        list('region-sum-line', 'lines').push(c.cells.map(cellOf));
        break;
      case 'Entropic':
        list('entropic-line', 'lines').push(c.cells.map(cellOf));
        break;
      case 'Modular':
        if (+c.mod !== 3) throw new Skip(`modular ${c.mod}`);
        list('modular-line', 'lines').push(c.cells.map(cellOf));
        break;
      case 'AllDifferent':
        list('extra-regions', 'regions').push(c.cells.map(cellOf));
        break;
      case 'Jigsaw':
        regions.push(c.cells.map(cellOf));
        break;
      case 'Diagonal':
        rule(c.direction === 1 ? 'positive-diagonal' : 'negative-diagonal', {});
        break;
      case 'AntiKnight':
        rule('anti-knight', {});
        break;
      case 'AntiKing':
        rule('anti-king', {});
        break;
      case 'AntiConsecutive':
        rule('non-consecutive', {});
        break;
      case 'Windoku':
        rule('windows', {});
        break;
      case 'DisjointSets':
        rule('disjoint-groups', {});
        break;
      case 'LittleKiller': {
        // The diagonal from the clue's first cell, as ISS's LittleKiller.cellMap walks it.
        let [r, col] = rc(c.id).map((x) => x - 1);
        const [dr, dc] =
          col === 0 && r < n - 1 ? [1, 1] : col === n - 1 && r > 0 && r < n - 1 ? [-1, -1] : r === 0 ? [1, -1] : [-1, 1];
        const cells = [];
        for (; r >= 0 && col >= 0 && r < n && col < n; r += dr, col += dc) cells.push(`r${r + 1}c${col + 1}`);
        list('little-killer', 'clues').push({ cells, sum: +c.value });
        break;
      }
      case 'Sandwich':
        list('sandwich', 'clues').push({ ...side(c.id, c.dir), sum: +c.value });
        break;
      case 'XSum':
        list('x-sum', 'clues').push({ ...side(c.id, c.dir), sum: +c.value });
        break;
      case 'Skyscraper':
        list('skyscraper', 'clues').push({ ...side(c.id, c.dir), count: +c.value });
        break;
      case 'Quad': {
        const [r, col] = rc(c.topLeftCell);
        const cells = [`r${r}c${col}`, `r${r}c${col + 1}`, `r${r + 1}c${col}`, `r${r + 1}c${col + 1}`];
        list('quadruple', 'quads').push({ cells, digits: c.values.map(Number) });
        break;
      }
      case 'Indexing': {
        const key = c.indexType === 'C' ? 'columns' : 'rows';
        list('indexer', key).push(...c.cells.map(cellOf));
        break;
      }
      case 'SameValues': {
        // One set a cell: all the cells hold one digit, i.e. clones of the first cell.
        if (+c.numSets !== c.cells.length) throw new Skip('SameValues of sets larger than a cell');
        const [first, ...rest] = c.cells.map(cellOf);
        for (const other of rest) list('clone', 'clones').push({ cells: [first], copy: [other] });
        break;
      }
      case 'GreaterThan':
        greater.push(c.cells.map(cellOf));
        break;
      case 'Pair':
      case 'Binary': {
        const [a, b] = c.cells.map(cellOf);
        if (c.cells.length !== 2) throw new Skip('pair over more than two cells');
        const match = pairRule(c.key, n);
        if (!match) throw new Skip(`pair relation ${c.key} (${c.name ?? ''})`);
        list('kropki-values', match.list).push({ cells: [a, b], value: match.value });
        break;
      }
      default:
        throw new Skip(c.type);
    }
  }
  // ISS's GreaterThan: the first cell is greater than each of the others. Where those are all
  // of the first cell's orthogonal neighbours, it is a fortress maximum cell.
  for (const [top, ...below] of greater) {
    const [r, col] = top.match(/\d+/g).map(Number);
    const near = [[r - 1, col], [r + 1, col], [r, col - 1], [r, col + 1]]
      .filter(([a, b]) => a >= 1 && b >= 1 && a <= n && b <= n)
      .map(([a, b]) => `r${a}c${b}`);
    if (near.length !== below.length || !near.every((x) => below.includes(x))) throw new Skip('GreaterThan not a fortress cell');
    list('min-max', 'maximum').push(top);
  }
  // Candidates that are exactly the odd or the even digits are odd/even cells.
  const odd = Array.from({ length: n }, (_, i) => i + 1).filter((d) => d % 2);
  const even = Array.from({ length: n }, (_, i) => i + 1).filter((d) => !(d % 2));
  const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
  for (const { cell, digits } of candidates) {
    if (same(digits, odd)) list('odd-even', 'odd').push(cell);
    else if (same(digits, even)) list('odd-even', 'even').push(cell);
    else list('candidates', 'cells').push({ cell, digits });
  }
  // Both diagonals are X-Sudoku's rule.
  if (rules.has('positive-diagonal') && rules.has('negative-diagonal')) {
    rules.delete('positive-diagonal');
    rules.delete('negative-diagonal');
    rule('diagonal', {});
  }
  const puzzle = { title: p.name, source: sources(p), size: n };
  if (!boxes && !regions.length) puzzle.box = 'none';
  if (regions.length) puzzle.regions = regions;
  const rows = [];
  for (let r = 1; r <= n; r++) {
    let s = '';
    for (let c = 1; c <= n; c++) {
      const v = givens.get(`r${r}c${c}`);
      s += v === undefined ? '.' : v.toString(36).toUpperCase();
    }
    rows.push(s);
  }
  if (givens.size) puzzle.givens = rows;
  if (rules.size) puzzle.rules = [...rules.values()];
  if (p.solution) puzzle.solution = ourSolution(p.solution, n);
  return puzzle;
};

// ISS writes a solution of a side over 9 in letters from A = 1; we write 1-9, then A = 10.
const ourSolution = (s, n) => {
  if (n < 10) return s;
  return [...s].map((ch) => (ch.charCodeAt(0) - 64).toString(36).toUpperCase()).join('');
};

// Kropki dots with another value, in ISS's pair-relation keys.
const pairRule = (key, n) => {
  for (let v = 2; v <= n; v++) {
    if (key === fnToBinaryKey((a, b) => a === v * b || b === v * a, n)) return v === 2 ? null : { list: 'ratios', value: v };
    if (key === fnToBinaryKey((a, b) => Math.abs(a - b) === v, n)) return { list: 'differences', value: v };
  }
  return null;
};

const sources = (p) => {
  const src = [p.src ?? []].flat();
  const via = `via sigh/Interactive-Sudoku-Solver data/${p.collection} "${p.name ?? ''}" (MIT)`;
  return [...src, via].join(' ; ');
};

const slug = (s) =>
  s.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);

mkdirSync(out, { recursive: true });
const inputs = {};
let kept = 0;
for (const p of puzzles) {
  // Published puzzles only: a name and a source (the collections' unnamed lines are mass
  // benchmarks, and entries without a source are ISS's own constructions).
  if (!p.name || p.name === p.input || (!p.src && p.collection !== 'example_puzzles.js')) continue;
  try {
    const puzzle = convert(p);
    let s = slug(p.name);
    while (inputs[s]) s += '-2';
    inputs[s] = p.input;
    writeFileSync(join(out, `${s}.json`), JSON.stringify(puzzle, null, 1) + '\n');
    kept++;
  } catch (e) {
    if (!(e instanceof Skip)) throw e;
    console.error(`skip ${JSON.stringify(p.name)}: ${e.message}`);
  }
}
writeFileSync(join(dirname(join(out, 'x')), '..', 'iss-inputs.json'), JSON.stringify(inputs, null, 1) + '\n');
console.error(`${kept} puzzles written`);
