// The SVG layers over and under the cells: every rule of the puzzle as the server drew it
// (marks.js: each rule's file says what it draws), the outside-clue margin, the selection
// being made, and where pencil marks may go (`pencilArea`).
import { $, svgEl } from './dom.js';
import { LINE_TOOLS, OUTSIDE_TOOLS } from './kinds.js';
import { puzzleMarks } from './marks.js';
import { cellIndex, clickOrder, colOf, inferredBox, rowOf, st } from './state.js';

// Two SVG layers in grid units (a cell is 1 × 1): the server's marks under the digits
// (shading, lines, thermometers, arrows, odd/even shapes, cage outlines) go in `#underlay`,
// beneath the cells, so digits stay on top as on paper; those on the grid's lines (kropki
// dots, X/V, cage totals) and the selection being made go in `#overlay`, above them.
export function drawOverlay() {
  const under = $('#underlay');
  const svg = $('#overlay');
  const n = st.S.n;
  under.innerHTML = '';
  svg.innerHTML = '';
  caged = new Map();
  const cx = (i) => colOf(i) + 0.5;
  const cy = (i) => rowOf(i) + 0.5;
  // An irregular grid's regions (the grid's, not a rule's): each a pale hue.
  if (st.S.regions) {
    for (let i = 0; i < n * n; i++) {
      svgEl('rect', { x: colOf(i), y: rowOf(i), width: 1, height: 1, fill: `hsl(${(st.S.regions[i] * 137) % 360},70%,70%)`, 'fill-opacity': 0.22 }, under);
    }
  }
  drawMarks(under, svg);
  drawMargin();
  // The area or pill waiting for its second half: outlined, dashed, its cells numbered in
  // the order they were selected (the copy's cells pair with them in that order; a pill is
  // read in it).
  if (st.pendingArea) {
    st.pendingArea.forEach((i, k) => {
      svgEl('rect', { class: 'pending-area', x: colOf(i) + 0.06, y: rowOf(i) + 0.06, width: 0.88, height: 0.88, fill: 'none', stroke: '#1f5fbf', 'stroke-width': 0.05, 'stroke-dasharray': '0.12 0.08' }, svg);
      svgEl('text', { class: 'pending-order', x: colOf(i) + 0.12, y: rowOf(i) + 0.28, 'font-size': 0.2, fill: '#1f5fbf' }, svg).textContent = String(k + 1);
    });
  }
  // The cells selected for a clone, or a pill's, numbered as they will pair up or be read.
  if ((st.tool === 'clone' || (st.tool === 'pill' && !st.pendingArea)) && st.selection.length > 1) {
    clickOrder(st.selection).forEach((i, k) => {
      svgEl('text', { class: 'selection-order', x: colOf(i) + 0.12, y: rowOf(i) + 0.28, 'font-size': 0.2, fill: '#1f5fbf' }, svg).textContent = String(k + 1);
    });
  }
  if (st.selection.length > 1 && (st.tool === 'thermo' || st.tool === 'arrow' || LINE_TOOLS[st.tool])) {
    svgEl('polyline', { points: st.selection.map((i) => `${cx(i)},${cy(i)}`).join(' '), fill: 'none', stroke: '#1f5fbf', 'stroke-width': 0.06, 'stroke-dasharray': '0.12 0.08' }, svg);
  }
}

// A killer cage's outline, as the server draws it, is inset from the cell borders by a tenth
// of a cell; its total sits in the top-left cell's corner on a patch of paper. Pencil marks
// keep inside the outline and below the total (`pencilArea`).
export const CAGE_INSET = 0.1;
// The bottom of a total's patch (0.28), in cells from its cell's top, with a little room.
const CAGE_LABEL_BOTTOM = 0.31;
// Cell index -> the top of the pencil marks' area in that cell (below a total), for every
// cell in a cage; filled from the server's cage outlines on each drawing.
export let caged = new Map();

// Where a cell's pencil marks go, in cells from its corner, and how big: the whole cell, or
// inside the cage's outline and below its total. One size on the whole board (the smallest
// area's), so the marks line up from cell to cell.
export function pencilArea(i) {
  const [br, bc] = pencilGrid();
  const inset = caged.size ? CAGE_INSET + 0.025 : 0.02;
  const top = caged.has(i) ? Math.max(inset, caged.get(i)) : inset;
  const lowest = caged.size ? 1 - inset - CAGE_LABEL_BOTTOM : 1 - 2 * inset;
  const size = 0.85 * Math.min(lowest / br, (1 - 2 * inset) / bc);
  return { x0: inset, y0: top, x1: 1 - inset, y1: 1 - inset, rows: br, cols: bc, size };
}

// Pencil marks sit like the digits of a box: 3x3 for a 9x9, 4x4 for a 16x16 (the inferred
// box's shape where the grid has none, and a near square where that is one long row).
export function pencilGrid() {
  const n = st.S.n;
  const [r, c] = st.S.box || inferredBox(n);
  if (r * c === n && r > 1) return [r, c];
  const side = Math.ceil(Math.sqrt(n));
  return [Math.ceil(n / side), side];
}

// The puzzle's rules as the server drew them (marks.js): its layers scaled from its 100 units
// a cell to the board's one, each rule a `g[data-rule]`. Its cage outlines keep the pencil
// marks clear of their totals.
export function drawMarks(under, over) {
  const answer = puzzleMarks(drawOverlay);
  // What has no shape on the grid, said under it as the pictures do ("low before high: …").
  $('#mark-captions').textContent = answer ? answer.captions.join(' · ') : '';
  if (!answer) return;
  const layer = (parent, html) => {
    if (!html) return null;
    const g = svgEl('g', { class: 'marks', transform: `scale(${1 / answer.unit})` }, parent);
    g.innerHTML = html;
    return g;
  };
  layer(under, answer.defs ? `<defs>${answer.defs}</defs>` : '');
  layer(under, answer.under);
  layer(over, answer.over);
  for (const cage of answer.cages) {
    const ids = cage.cells.map(cellIndex).filter((i) => i >= 0);
    if (!ids.length) continue;
    const first = Math.min(...ids);
    for (const i of ids) caged.set(i, Math.max(caged.get(i) || 0, cage.labelled && i === first ? CAGE_LABEL_BOTTOM : 0));
  }
}

// The ring around the grid: its cells (clickable while an outside-clue tool is picked) and
// the outside clues as the server drew them (marks.js).
export function drawMargin() {
  const margin = $('#margin');
  const n = st.S.n;
  margin.innerHTML = '';
  const answer = puzzleMarks(drawOverlay);
  const outside = answer ? answer.outside : '';
  const shown = !!OUTSIDE_TOOLS[st.tool] || !!outside;
  $('#board-wrap').classList.toggle('with-margin', shown);
  margin.classList.toggle('picking', !!OUTSIDE_TOOLS[st.tool]);
  if (!shown) return;
  for (let r = -1; r <= n; r++) {
    for (let c = -1; c <= n; c++) {
      if (r >= 0 && r < n && c >= 0 && c < n) continue;
      const rect = svgEl('rect', { class: 'outside', x: c, y: r, width: 1, height: 1, 'data-outside': `${r},${c}` }, margin);
      // tools.js sets the clue: told by an event, so drawing needs no tool.
      rect.addEventListener('mousedown', (e) => { e.preventDefault(); margin.dispatchEvent(new CustomEvent('sudoku:margin', { detail: { r, c } })); });
    }
  }
  if (outside) {
    // Clicks go through the clues to the margin's cells.
    const g = svgEl('g', { class: 'marks', transform: `scale(${1 / answer.unit})`, 'pointer-events': 'none' }, margin);
    g.innerHTML = outside;
  }
}
