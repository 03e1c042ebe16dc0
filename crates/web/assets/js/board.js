// The board: its cells (a CSS grid over the SVG layers), their labels for screen readers,
// conflicts, and `render`, which draws everything after each change.
import { $ } from './dom.js';
import { drawOverlay } from './draw.js';

// What a cell does when pressed or entered (input.js, wired by main.js), and what else is
// drawn after the board (the controls and the list of shapes): hooks, so that the board
// needs no module above it.
export const cellHandlers = { down: () => {}, enter: () => {} };
export const afterRender = [];

// What the insight view (insight.js) shows in the open cells, in words, for their labels.
export function setCellNotes(describe) {
  cellNotes = describe || (() => '');
  const bad = conflicts();
  cellEls.forEach((el, i) => el.setAttribute('aria-label', cellLabel(i, bad)));
  announce(bad);
}

// The digit a cell shows: its given, or the solution's.
export const shownValue = (i) => st.S.givens[i] || (st.solution ? st.solution[i] : 0);

// The insight views show candidates in the open cells: a solution shown would fill them all.
export function hideSolution() {
  if (!st.solution) return;
  st.solution = null;
  render();
}
import { cellName, colOf, regionOf, rowOf, st, symbol, valueDots } from './state.js';

// ------------------------------------------------------------------------------------------
// Drawing the board.

// The cells, row by row, for as long as the size stays: `render` rebuilds them whenever
// `S.n` changed (a size switch, undo across one, an import), before touching any cell.
export let cellEls = [];

export function buildBoard() {
  const board = $('#board');
  const n = st.S.n;
  board.innerHTML = '';
  // minmax(0, 1fr): a row never grows to its digit's height, so cells stay square.
  board.style.gridTemplateColumns = `repeat(${n}, minmax(0, 1fr))`;
  board.style.gridTemplateRows = `repeat(${n}, minmax(0, 1fr))`;
  board.dataset.size = String(n);
  board.setAttribute('aria-rowcount', String(n));
  board.setAttribute('aria-colcount', String(n));
  board.setAttribute('aria-label', `Sudoku grid, ${n} by ${n}`);
  cellEls = [];
  for (let r = 0; r < n; r++) {
    // A row only for assistive technology: `display: contents` keeps the cells in the board's grid.
    const row = document.createElement('div');
    row.className = 'board-row';
    row.setAttribute('role', 'row');
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      const cell = document.createElement('div');
      cell.className = 'cell';
      cell.id = `cell-${cellName(i)}`;
      cell.setAttribute('role', 'gridcell');
      cell.dataset.cell = cellName(i);
      cell.dataset.index = String(i);
      cell.addEventListener('mousedown', (e) => cellHandlers.down(e, i));
      cell.addEventListener('mouseenter', () => cellHandlers.enter(i));
      row.appendChild(cell);
      cellEls.push(cell);
    }
    board.appendChild(row);
  }
  // The stylesheet sizes the board, its cells and digits from the side and the window.
  const wrap = $('#board-wrap');
  wrap.style.setProperty('--n', String(n));
  wrap.style.setProperty('--digit-scale', n > 9 ? '0.48' : '0.55');
  for (const layer of ['#underlay', '#overlay']) $(layer).setAttribute('viewBox', `0 0 ${n} ${n}`);
  // The margin's unit is a cell too, the grid from 0 to n inside a ring of one cell.
  $('#margin').setAttribute('viewBox', `-1 -1 ${n + 2} ${n + 2}`);
  // Cell numbers mean other cells at another size.
  st.selection = [];
  st.cursor = 0;
}

export function conflicts() {
  const bad = new Set();
  const n = st.S.n;
  const groups = new Map();
  for (let i = 0; i < n * n; i++) {
    const v = st.S.givens[i];
    if (!v) continue;
    const keys = [`r${rowOf(i)}`, `c${colOf(i)}`];
    if (st.S.regions || st.S.box) keys.push(`g${regionOf(i)}`);
    for (const key of keys) {
      const k = `${key}:${v}`;
      if (groups.has(k)) { bad.add(i); bad.add(groups.get(k)); } else groups.set(k, i);
    }
  }
  return bad;
}

// What the insight view (insight.js) shows in an open cell, in words ("candidates 2 4 9",
// "4, placed"), or '' when it shows nothing there; set through `setCellNotes`.
export let cellNotes = () => '';

// What a screen reader says for a cell: "r3c5, 7, given", "r1c2, empty, conflict",
// "r6c3, candidate 1" while the insight view pencils one in.
export function cellLabel(i, bad) {
  const given = st.S.givens[i];
  const shown = given || (st.solution ? st.solution[i] : 0);
  const parts = [cellName(i), shown ? symbol(shown) : cellNotes(i) || 'empty'];
  if (given) parts.push('given'); else if (shown) parts.push('solved');
  if (bad.has(i)) parts.push('conflict');
  return parts.join(', ');
}

// The live region speaks the cursor cell (and how many cells are selected) when it changes.
export let announced = '';
export function announce(bad) {
  const many = st.selection.length > 1 ? `, ${st.selection.length} cells selected` : '';
  const text = `${cellLabel(st.cursor, bad)}${many}`;
  if (text === announced) return;
  announced = text;
  $('#announce').textContent = text;
}

export function render() {
  const n = st.S.n;
  if (cellEls.length !== n * n) buildBoard();
  const bad = conflicts();
  const selected = new Set(st.selection);
  for (let i = 0; i < n * n; i++) {
    const el = cellEls[i];
    const given = st.S.givens[i];
    const shown = given || (st.solution ? st.solution[i] : 0);
    el.textContent = shown ? symbol(shown) : '';
    el.dataset.given = given ? '1' : '0';
    el.dataset.solved = !given && shown ? '1' : '0';
    el.dataset.value = String(shown || 0);
    el.setAttribute('aria-label', cellLabel(i, bad));
    el.setAttribute('aria-selected', selected.has(i) ? 'true' : 'false');
    const r = rowOf(i), c = colOf(i);
    el.classList.toggle('br', c < n - 1 && regionOf(i) !== regionOf(i + 1));
    el.classList.toggle('bb', r < n - 1 && regionOf(i) !== regionOf(i + n));
    el.classList.toggle('last-col', c === n - 1);
    el.classList.toggle('last-row', r === n - 1);
    el.classList.toggle('selected', selected.has(i));
    el.classList.toggle('cursor', i === st.cursor && selected.has(i));
    el.classList.toggle('conflict', bad.has(i));
  }
  $('#board').setAttribute('aria-activedescendant', `cell-${cellName(st.cursor)}`);
  announce(bad);
  renderMeta();
  renderBoardNotes();
  drawOverlay();
  afterRender.forEach((f) => f());
  document.dispatchEvent(new Event('sudoku:rendered'));
}

// The puzzle's title, "by" its author and its rules text as the setter wrote them, above
// the board; hidden when the puzzle has none of them.
export function renderMeta() {
  const m = st.S.meta;
  $('#puzzle-title').textContent = m.title || '';
  $('#puzzle-author').textContent = m.author ? `by ${m.author}` : '';
  $('#puzzle-ruleset').textContent = m.ruleset || '';
  $('#puzzle-meta').hidden = !(m.title || m.author || m.ruleset);
}

// What the board cannot show, in a line each under it, as the pictures' caption says it:
// the negative constraints.
export function renderBoardNotes() {
  const list = $('#board-notes');
  list.innerHTML = '';
  const note = (text) => {
    const li = document.createElement('li');
    li.textContent = text;
    list.appendChild(li);
  };
  if (st.S.kropkiWhiteAll || st.S.kropkiBlackAll) {
    let text = st.S.kropkiWhiteAll && st.S.kropkiBlackAll ? 'kropki: all dots are given' : st.S.kropkiWhiteAll ? 'kropki: all white dots are given' : 'kropki: all black dots are given';
    // With dots of other values, which pairs the ticks forbid is not what the words suggest
    // (dclamage's SudokuSolver's reading): all white forbids a difference of 1 only, all
    // black every ratio a black dot shows (2 when there is none).
    const dots = valueDots();
    if (dots.length) {
      const ratios = [...new Set([...(st.S.black.length ? [2] : []), ...dots.filter((d) => d.black).map((d) => d.value)])].sort((x, y) => x - y);
      const forbidden = [];
      if (st.S.kropkiWhiteAll) forbidden.push('differ by 1');
      if (st.S.kropkiBlackAll) forbidden.push(`are in ratio ${(ratios.length ? ratios : [2]).join(' or ')}`);
      text += ` (no other neighbours ${forbidden.join(' or ')})`;
    }
    note(text);
  }
  if (st.S.xvAll) note('XV: all X and V are given');
  list.hidden = !list.children.length;
}
