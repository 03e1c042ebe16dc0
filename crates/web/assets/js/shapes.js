// Shapes that take more than a selection: quadruples and pencil marks with typed digits, dots
// with values, and the two-step clones and pill arrows.
import { setStatus } from './api.js';
import { render } from './board.js';
import { $ } from './dom.js';
import { cellIndex, cellName, clickOrder, colOf, commit, keptRule, readingOrder, rowOf, st, symbolValue } from './state.js';

// The quadruple of the selected 2×2 and the digits typed (`125`, or `1 2 5` / `10,12` on
// big grids), or why not.
export function quadruple(sel) {
  const cells = [...new Set(sel)].sort((a, b) => a - b);
  const [a] = cells;
  const n = st.S.n;
  const block = colOf(a) < n - 1 && rowOf(a) < n - 1 ? [a, a + 1, a + n, a + n + 1] : [];
  if (cells.length !== 4 || cells.join() !== block.join()) return 'Select the four cells of a 2x2 block (the circle goes on the vertex they share)';
  const { parts, digits } = typedDigits();
  if (!digits.length || digits.length > 4) return `Type 1 to 4 digits for the circle${digits.length ? `, not ${digits.length}` : ''}`;
  const bad = badDigit(parts, digits);
  if (bad) return bad;
  return { cells: cells.map(cellName), digits: digits.sort((x, y) => x - y) };
}

// The digits typed into the Digits box: `125`, or `1 2 5` / `10,12` on big grids.
export function typedDigits() {
  const raw = $('#quad-digits').value.trim();
  const parts = /[\s,]/.test(raw) ? raw.split(/[\s,]+/).filter(Boolean) : Array.from(raw);
  return { parts, digits: parts.map((p) => (/^\d+$/.test(p) ? +p : symbolValue(p))) };
}

// Why the typed digits are not all digits of the grid, or ''.
export function badDigit(parts, digits) {
  const bad = parts.find((p, k) => !(digits[k] >= 1 && digits[k] <= st.S.n));
  return bad === undefined ? '' : `${bad} is not a digit of this ${st.S.n}x${st.S.n} grid`;
}

// A dot with a value between the two selected neighbours: difference 1 and ratio 2 are the
// kropki rule's white and black dots, any other value a kropki-values dot.
export function addValueDot(p, black) {
  const raw = $('#dot-value').value.trim();
  const value = Number(raw);
  if (raw === '' || !Number.isInteger(value) || value < 1) return "Type the dot's value, a whole number from 1";
  const n = st.S.n;
  let possible = false;
  for (let d = 1; d <= n; d++) for (let e = 1; e <= n; e++) if (d !== e && (black ? d === value * e : d - e === value)) possible = true;
  if (!possible) return `No two different digits of 1..${n} ${black ? 'are in ratio' : 'differ by'} ${value}`;
  commit(() => {
    if (value === (black ? 2 : 1)) { st.S[black ? 'black' : 'white'].push(p); return; }
    let rule = st.S.kept.find((r) => r.type === 'kropki-values');
    if (!rule) { rule = { type: 'kropki-values', differences: [], ratios: [] }; st.S.kept.push(rule); }
    const key = black ? 'ratios' : 'differences';
    if (!Array.isArray(rule[key])) rule[key] = [];
    rule[key].push({ cells: p.map(cellName), value });
  });
  return '';
}

// The Clone tool's two steps: the first Add keeps the area, the second pairs it with the
// selected copy, cell for cell in the order each was selected (the area's cells numbered
// while it waits), so a rotated or mirrored copy is its cells selected in the matching order.
export function addClone(sel) {
  const area = clickOrder(sel);
  if (!st.pendingArea) {
    keepPending(area, `Area of ${area.length} cell${area.length === 1 ? '' : 's'} kept: now select its copy, cell for cell in the same order (the area's cells are numbered), and Add`);
    return null;
  }
  const first = st.pendingArea;
  if (area.length !== first.length) return `The copy needs ${first.length} cells, as many as its area; ${area.length} are selected`;
  const own = area.find((i, j) => i === first[j]);
  if (own !== undefined) return `${cellName(own)} would be its own copy`;
  const pair = { cells: first.map(cellName), copy: area.map(cellName) };
  st.pendingArea = null;
  commit(() => {
    const rule = keptRule('clone', 'clones');
    rule.clones.push(pair);
  });
  if (!congruent(first, area)) {
    st.addedNote = `in this order the copy is not the area shifted, turned or mirrored (${cellName(first[0])} = ${cellName(area[0])}, ${cellName(first[1] ?? first[0])} = ${cellName(area[1] ?? area[0])}, …): check the pairs in the list`;
  }
  return '';
}

// Whether `b` is `a` moved, turned by a quarter, half or three quarters, or mirrored, cell
// for cell in order: one of the eight symmetries of the square maps every step of `a` from
// its first cell to the same step of `b`.
export function congruent(a, b) {
  const step = (list, j) => [rowOf(list[j]) - rowOf(list[0]), colOf(list[j]) - colOf(list[0])];
  const maps = [([r, c]) => [r, c], ([r, c]) => [c, -r], ([r, c]) => [-r, -c], ([r, c]) => [-c, r],
    ([r, c]) => [r, -c], ([r, c]) => [-r, c], ([r, c]) => [c, r], ([r, c]) => [-c, -r]];
  return maps.some((m) => a.every((_, j) => { const [r, c] = m(step(a, j)); const [s, t] = step(b, j); return r === s && c === t; }));
}

// Keeps the first half of a two-step shape and says what comes next.
export function keepPending(cells, said) {
  st.pendingArea = cells;
  st.selection = [];
  render();
  setStatus(said, 'ok');
}

// A pill arrow's two steps: the first Add keeps the pill (cells in a straight row or column,
// read in the order selected: the first is the number's first digit), the second adds the
// arrow, a path from a cell touching the pill.
export function addPillArrow(sel) {
  if (!st.pendingArea) {
    const pill = clickOrder(sel);
    const across = pill.every((i) => rowOf(i) === rowOf(pill[0])), down = pill.every((i) => colOf(i) === colOf(pill[0]));
    const sorted = readingOrder(pill);
    const step = across ? 1 : st.S.n;
    if (pill.length < 2 || !(across || down) || sorted.some((i, j) => j && i - sorted[j - 1] !== step)) {
      return 'A pill is 2 or more touching cells in one row or column';
    }
    const ends = [sorted[0], sorted[sorted.length - 1]];
    if (pill.join() !== sorted.join() && pill.join() !== sorted.slice().reverse().join()) {
      return `Select the pill's cells one after another from the end its number starts at (${ends.map(cellName).join(' or ')})`;
    }
    if (st.S.n > 9) return 'Pill arrows read their digits as a decimal number: grids up to 9x9';
    keepPending(pill, `Pill ${pill.map(cellName).join(' ')} kept (read in that order): now drag its arrow from a cell touching it and Add`);
    return null;
  }
  const pill = st.pendingArea;
  const inPill = sel.find((i) => pill.includes(i));
  if (inPill !== undefined) return `${cellName(inPill)} is in the pill`;
  const touches = (a, b) => Math.max(Math.abs(rowOf(a) - rowOf(b)), Math.abs(colOf(a) - colOf(b))) === 1;
  if (!pill.some((i) => touches(i, sel[0]))) return `The arrow starts next to the pill; ${cellName(sel[0])} does not touch it`;
  for (let k = 1; k < sel.length; k++) if (!touches(sel[k - 1], sel[k])) return `${cellName(sel[k - 1])} and ${cellName(sel[k])} do not touch`;
  const arrow = { pill: pill.map(cellName), cells: sel.map(cellName) };
  st.pendingArea = null;
  commit(() => {
    const rule = keptRule('pill-arrow', 'arrows');
    rule.arrows.push(arrow);
  });
  return '';
}

// A digital-root cage: distinct digits whose sum has the typed root.
export function addRootCage(sel) {
  const cells = readingOrder(sel);
  const raw = $('#dr-root').value.trim();
  const root = Number(raw);
  if (raw === '' || !Number.isInteger(root) || root < 1 || root > 9) return 'Type the digital root, 1 to 9';
  const taken = new Set(st.S.kept.filter((r) => r.type === 'digital-root').flatMap((r) => (r.cages || []).flatMap((c) => c.cells.map(cellIndex))));
  const clash = cells.find((i) => taken.has(i));
  if (clash !== undefined) return `${cellName(clash)} is already in a digital-root cage`;
  const k = cells.length, n = st.S.n;
  if (k > n) return `A cage of ${k} cells cannot hold ${k} different digits of a ${n}x${n} grid`;
  const low = (k * (k + 1)) / 2, high = (k * (2 * n - k + 1)) / 2;
  let reachable = false;
  for (let sum = low; sum <= high; sum++) if (((sum - 1) % 9) + 1 === root) reachable = true;
  if (!reachable) return `${k} different digits sum to ${low}–${high} on a ${n}x${n} grid; none has digital root ${root}`;
  commit(() => {
    const rule = keptRule('digital-root', 'cages');
    rule.cages.push({ cells: cells.map(cellName), root });
  });
  return '';
}

// Given pencil marks: the typed digits become the selected cells' candidates (replacing
// theirs); no digits take the cells' marks off.
export function addPencilMarks(sel) {
  const { parts, digits } = typedDigits();
  const names = sel.map(cellName);
  const rule = st.S.kept.find((r) => r.type === 'candidates' && Array.isArray(r.cells));
  if (!digits.length) {
    if (!rule || !rule.cells.some((c) => names.includes(c.cell))) return 'Type the digits the cells may hold (Add with none takes marks off)';
    commit(() => {
      const kept = st.S.kept.find((r) => r.type === 'candidates');
      kept.cells = kept.cells.filter((c) => !names.includes(c.cell));
      if (!kept.cells.length) st.S.kept.splice(st.S.kept.indexOf(kept), 1);
    });
    return '';
  }
  const bad = badDigit(parts, digits);
  if (bad) return bad;
  const marks = [...new Set(digits)].sort((x, y) => x - y);
  commit(() => {
    const kept = keptRule('candidates', 'cells');
    for (const cell of names) {
      const at = kept.cells.findIndex((c) => c.cell === cell);
      if (at >= 0) kept.cells[at] = { cell, digits: marks }; else kept.cells.push({ cell, digits: marks });
    }
  });
  return '';
}
