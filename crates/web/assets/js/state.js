// The puzzle being edited (`st.S`), the solution shown and the person's selection, undo and
// redo, cell names and symbols, and the JSON puzzle format in and out. Knows no module above
// it: an edit tells the hooks in `after` (main.js fills them in).
import { $, $$ } from './dom.js';

// The rules a checkbox turns on: the server writes one box a rule from its rule registry.
export const SWITCHES = $$('#rule-switches input[data-rule]').map((box) => box.dataset.rule);

// ------------------------------------------------------------------------------------------
// State.

export function blankState(n, box) {
  return {
    n, box, regions: null, givens: new Array(n * n).fill(0), rules: {},
    cages: [], thermos: [], arrows: [], white: [], black: [], xs: [], vs: [],
    odd: [], even: [], extra: [],
    // "All white / black dots given" (each on its own) and "All X/V given".
    kropkiWhiteAll: false, kropkiBlackAll: false, xvAll: false,
    // Killer cages hold distinct digits unless the puzzle says they may repeat.
    cagesDistinct: true,
    // Rules held as their JSON puzzle format objects: those the editor cannot draw, as read,
    // and the line rules its line tools draw (every line rule).
    kept: [],
    // title, author, ruleset, source, notes: kept for people.
    meta: {},
  };
}

// What changes as a person works, in one object the modules share (an imported binding
// cannot be assigned): the puzzle, the solution shown, the selection and cursor, the tool,
// the undo and redo stacks, the server's health, and the drag and two-step shapes in progress.
export const st = {
  S: blankState(9, [3, 3]),
  solution: null, // flat array of a checked solution from the server, or null
  selection: [], // ordered cell indices
  cursor: 0,
  tool: 'digits',
  undoStack: [],
  redoStack: [],
  health: null,
  lastKey: { cell: -1, value: 0, time: 0 },
  dragging: false,
  dragged: false, // a line tool's drag went through another cell (then letting go adds the line)
  // The first half of a two-step shape, cell indices in reading order: a Clone tool's area
  // waiting for its copy, a Pill arrow tool's pill waiting for its arrow.
  pendingArea: null,
  // ------------------------------------------------------------------------------------------
  // Shapes from the selection.
  // What the status says after Add besides "Added", when there is something to check.
  addedNote: '',
  // While a request runs, its buttons are off (applyHealth turns on only the idle page's).
  busy: false,
};

// What the page does after an edit (the last result and links go stale, the board is drawn
// again) and after a whole new puzzle: main.js fills these in, so that this module needs none
// of the modules above it.
export const after = { edit: [], replace: [] };
const tell = (hooks) => hooks.forEach((f) => f());

export function commit(mutate) {
  st.undoStack.push(JSON.stringify(st.S));
  if (st.undoStack.length > 500) st.undoStack.shift();
  st.redoStack = [];
  mutate();
  st.solution = null;
  tell(after.edit);
}

export function restore(from, to) {
  if (!from.length) return;
  to.push(JSON.stringify(st.S));
  st.S = JSON.parse(from.pop());
  st.solution = null;
  tell(after.edit);
}

// ------------------------------------------------------------------------------------------
// Cells and symbols.

export const cellName = (i) => `r${Math.floor(i / st.S.n) + 1}c${(i % st.S.n) + 1}`;
export const rowOf = (i) => Math.floor(i / st.S.n);
export const colOf = (i) => i % st.S.n;

export function cellIndex(name) {
  const m = /^r(\d+)c(\d+)$/i.exec(String(name).trim());
  if (!m) return -1;
  const r = +m[1] - 1, c = +m[2] - 1;
  return r >= 0 && c >= 0 && r < st.S.n && c < st.S.n ? r * st.S.n + c : -1;
}

export function symbol(v) {
  if (v >= 1 && v <= 9) return String(v);
  if (v >= 10 && v <= 35) return String.fromCharCode(55 + v); // 'A' = 10
  return v ? String(v) : '';
}

export function symbolValue(ch) {
  if (/^[1-9]$/.test(ch)) return +ch;
  if (/^[a-z]$/i.test(ch)) return ch.toUpperCase().charCodeAt(0) - 55;
  return -1;
}

// `S.box` is [rows, cols], or null for no boxes (a Latin square: one borderless region that
// holds nothing, so it adds no conflicts).
export function boxRegion(i, box = st.S.box) {
  if (!box) return 0;
  const [br, bc] = box;
  return Math.floor(rowOf(i) / br) * (st.S.n / bc) + Math.floor(colOf(i) / bc);
}

export const boxText = () => (st.S.box ? `${st.S.box[0]}x${st.S.box[1]}` : 'none');
// Jigsaw drawing starts from the boxes (the inferred ones when there are none).
export const regionsFromBoxes = () => Array.from({ length: st.S.n * st.S.n }, (_, j) => boxRegion(j, st.S.box || inferredBox(st.S.n)));

export const regionOf = (i) => (st.S.regions ? st.S.regions[i] : boxRegion(i));
export const adjacent = (a, b) => Math.abs(rowOf(a) - rowOf(b)) + Math.abs(colOf(a) - colOf(b)) === 1;

export function boxShapes(n) {
  const out = [];
  for (let r = 1; r <= n; r++) if (n % r === 0) out.push([r, n / r]);
  return out;
}

export function inferredBox(n) {
  let best = null;
  for (let r = 2; r * r <= n; r++) if (n % r === 0) best = [r, n / r];
  return best || [1, n];
}

export const windowSide = (n) => { const k = Math.round(Math.sqrt(n)); return k >= 2 && k * k === n ? k : 0; };

// ------------------------------------------------------------------------------------------
// The JSON puzzle format.

export const META_KEYS = ['title', 'author', 'ruleset', 'source', 'notes'];

export function toPuzzleJson() {
  const n = st.S.n;
  const j = { size: n };
  if (st.S.regions) {
    j.regions = [];
    for (let r = 0; r < n; r++) j.regions.push(st.S.regions.slice(r * n, (r + 1) * n).map((x) => x + 1));
  } else {
    j.box = boxText();
  }
  j.givens = [];
  for (let r = 0; r < n; r++) {
    const row = st.S.givens.slice(r * n, (r + 1) * n);
    j.givens.push(n <= 35 ? row.map((v) => (v ? symbol(v) : '.')).join('') : row);
  }
  const names = (list) => list.map(cellName);
  const rules = SWITCHES.filter((r) => st.S.rules[r]).map((type) => ({ type }));
  if (st.S.cages.length) {
    const killer = { type: 'killer', cages: st.S.cages.map((c) => (c.sum == null ? { cells: names(c.cells) } : { cells: names(c.cells), sum: c.sum })) };
    if (!st.S.cagesDistinct) killer.distinct = false;
    rules.push(killer);
  }
  if (st.S.odd.length || st.S.even.length) rules.push({ type: 'odd-even', odd: names(st.S.odd), even: names(st.S.even) });
  if (st.S.thermos.length) rules.push({ type: 'thermometer', thermometers: st.S.thermos.map(names) });
  if (st.S.arrows.length) rules.push({ type: 'arrow', arrows: st.S.arrows.map((a) => ({ circle: cellName(a.circle), cells: names(a.cells) })) });
  if (st.S.white.length || st.S.black.length || st.S.kropkiWhiteAll || st.S.kropkiBlackAll) {
    const kropki = { type: 'kropki', white: st.S.white.map(names), black: st.S.black.map(names) };
    if (st.S.kropkiWhiteAll && st.S.kropkiBlackAll) kropki.all_given = true;
    else if (st.S.kropkiWhiteAll) kropki.all_white = true;
    else if (st.S.kropkiBlackAll) kropki.all_black = true;
    rules.push(kropki);
  }
  if (st.S.xs.length || st.S.vs.length || st.S.xvAll) rules.push({ type: 'xv', x: st.S.xs.map(names), v: st.S.vs.map(names), all_given: st.S.xvAll });
  if (st.S.extra.length) rules.push({ type: 'extra-regions', regions: st.S.extra.map(names) });
  j.rules = rules.concat(st.S.kept);
  for (const key of META_KEYS) if (st.S.meta[key]) j[key] = st.S.meta[key];
  return j;
}

// Reads the canonical form the server writes (`/api/parse`, `/api/generate`).
export function loadPuzzleJson(j) {
  const n = j.size;
  const next = blankState(n, inferredBox(n));
  st.S = next; // cellIndex needs st.S.n
  if (j.box === 'none') {
    next.box = null;
  } else if (typeof j.box === 'string') {
    const [r, c] = j.box.split('x').map(Number);
    next.box = [r, c];
  }
  if (Array.isArray(j.regions)) {
    next.regions = new Array(n * n).fill(0);
    if (Array.isArray(j.regions[0]) && typeof j.regions[0][0] === 'string') {
      j.regions.forEach((cells, k) => cells.forEach((name) => { next.regions[cellIndex(name)] = k; }));
    } else {
      const labels = [];
      j.regions.forEach((row, r) => row.forEach((label, c) => {
        let k = labels.indexOf(label);
        if (k < 0) { labels.push(label); k = labels.length - 1; }
        next.regions[r * n + c] = k;
      }));
    }
  }
  (j.givens || []).forEach((row, r) => {
    const values = typeof row === 'string' ? Array.from(row).map((ch) => Math.max(symbolValue(ch), 0)) : row;
    values.forEach((v, c) => { next.givens[r * n + c] = v; });
  });
  const idx = (list) => (list || []).map(cellIndex);
  for (const rule of j.rules || []) {
    switch (rule.type) {
      case 'killer':
        next.cages = rule.cages.map((c) => ({ cells: idx(c.cells), sum: c.sum == null ? null : c.sum }));
        next.cagesDistinct = rule.distinct !== false;
        break;
      case 'odd-even': next.odd = idx(rule.odd); next.even = idx(rule.even); break;
      case 'thermometer': next.thermos = rule.thermometers.map(idx); break;
      case 'arrow': next.arrows = rule.arrows.map((a) => ({ circle: cellIndex(a.circle), cells: idx(a.cells) })); break;
      case 'kropki':
        next.white = (rule.white || []).map(idx);
        next.black = (rule.black || []).map(idx);
        next.kropkiWhiteAll = !!(rule.all_given || rule.all_white);
        next.kropkiBlackAll = !!(rule.all_given || rule.all_black);
        break;
      case 'xv': next.xs = (rule.x || []).map(idx); next.vs = (rule.v || []).map(idx); next.xvAll = !!rule.all_given; break;
      case 'extra-regions': next.extra = rule.regions.map(idx); break;
      default: if (SWITCHES.includes(rule.type)) next.rules[rule.type] = true; else next.kept.push(rule);
    }
  }
  for (const key of META_KEYS) if (typeof j[key] === 'string' && j[key]) next.meta[key] = j[key];
  return next;
}

export function replacePuzzle(json) {
  st.undoStack.push(JSON.stringify(st.S));
  st.redoStack = [];
  st.S = loadPuzzleJson(json);
  st.solution = null;
  st.selection = [];
  st.cursor = 0;
  tell(after.replace);
}

// The kropki-values dots: [{cells, value, black}], white (difference) dots first.
export function valueDots() {
  const rule = st.S.kept.find((r) => r.type === 'kropki-values');
  if (!rule) return [];
  const list = (key, black) => (Array.isArray(rule[key]) ? rule[key] : []).map((d, j) => ({ cells: d.cells || [], value: d.value, black, key, j }));
  return [...list('differences', false), ...list('ratios', true)];
}

// The puzzle's rule of `type` with its items under `key`, made when it is the first.
export function keptRule(type, key) {
  let rule = st.S.kept.find((r) => r.type === type && Array.isArray(r[key]));
  if (!rule) { rule = { type, [key]: [] }; st.S.kept.push(rule); }
  return rule;
}

export const readingOrder = (sel) => [...new Set(sel)].sort((a, b) => a - b);
// The cells in the order they were selected, each once.
export const clickOrder = (sel) => [...new Set(sel)];
