// The SVG layers over and under the cells: rule shapes, killer cages with their totals in a
// notch, the outside-clue margin, and where pencil marks may go (`pencilArea`).
import { $, svgEl } from './dom.js';
import { LINE_TOOLS, OUTSIDE_TOOLS } from './kinds.js';
import { keptMarks } from './marks.js';
import { cellIndex, clickOrder, colOf, inferredBox, rowOf, st, windowSide } from './state.js';

// Two SVG layers in grid units (a cell is 1 × 1): shapes that sit in cells (shading, lines,
// thermometers, arrows, odd/even marks, cage outlines) go in `#underlay`, beneath the cells,
// so digits stay on top as on paper; marks on the edges between cells (kropki dots, X/V),
// cage sums and the path being drawn go in `#overlay`, above them.
export function drawOverlay() {
  const under = $('#underlay');
  const svg = $('#overlay');
  const n = st.S.n;
  under.innerHTML = '';
  svg.innerHTML = '';
  caged = new Map();
  const cx = (i) => colOf(i) + 0.5;
  const cy = (i) => rowOf(i) + 0.5;
  if (st.S.regions) {
    for (let i = 0; i < n * n; i++) {
      svgEl('rect', { x: colOf(i), y: rowOf(i), width: 1, height: 1, fill: `hsl(${(st.S.regions[i] * 137) % 360},70%,70%)`, 'fill-opacity': 0.22 }, under);
    }
  }
  if (st.S.rules.windows) {
    const k = windowSide(n);
    for (let a = 0; a < k - 1; a++) for (let b = 0; b < k - 1; b++) {
      svgEl('rect', { class: 'window', x: 1 + b * (k + 1), y: 1 + a * (k + 1), width: k, height: k, fill: '#5b83d6', 'fill-opacity': 0.3 }, under);
    }
  }
  // The diagonals, grey as the pictures draw them: both, or one (positive: bottom left to top
  // right; negative: top left to bottom right).
  const diagonal = (type, x1, y1, x2, y2) => svgEl('line', { class: 'diagonal', 'data-rule': type, x1, y1, x2, y2, stroke: DIAGONAL_COLOUR, 'stroke-width': 0.04 }, under);
  if (st.S.rules.diagonal || st.S.rules['negative-diagonal']) diagonal(st.S.rules.diagonal ? 'diagonal' : 'negative-diagonal', 0, 0, n, n);
  if (st.S.rules.diagonal || st.S.rules['positive-diagonal']) diagonal(st.S.rules.diagonal ? 'diagonal' : 'positive-diagonal', 0, n, n, 0);
  for (const region of st.S.extra) {
    for (const i of region) svgEl('rect', { x: colOf(i), y: rowOf(i), width: 1, height: 1, fill: '#d8a93b', 'fill-opacity': 0.25 }, under);
  }
  for (const i of st.S.odd) svgEl('circle', { class: 'odd', 'data-rule': 'odd-even', cx: cx(i), cy: cy(i), r: 0.36, fill: ODD_EVEN_COLOUR }, under);
  for (const i of st.S.even) svgEl('rect', { class: 'even', 'data-rule': 'odd-even', x: colOf(i) + 0.16, y: rowOf(i) + 0.16, width: 0.68, height: 0.68, fill: ODD_EVEN_COLOUR }, under);
  for (const t of st.S.thermos) drawThermo(under, t, THERMO_COLOUR, 'thermo', 'thermometer', cx, cy);
  for (const a of st.S.arrows) drawArrow(under, a, cx, cy);
  st.S.cages.forEach((cage) => drawCage(under, svg, cage));
  drawKept(under, svg);
  const edgeMark = (pair, draw) => {
    const [a, b] = pair;
    draw((cx(a) + cx(b)) / 2, (cy(a) + cy(b)) / 2);
  };
  for (const p of st.S.white) edgeMark(p, (x, y) => svgEl('circle', { cx: x, cy: y, r: 0.12, fill: '#fff', stroke: '#1b1f24', 'stroke-width': 0.035 }, svg));
  for (const p of st.S.black) edgeMark(p, (x, y) => svgEl('circle', { cx: x, cy: y, r: 0.12, fill: '#1b1f24' }, svg));
  const letter = (p, text) => edgeMark(p, (x, y) => {
    svgEl('circle', { cx: x, cy: y, r: 0.15, fill: '#fff' }, svg);
    const t = svgEl('text', { x, y: y + 0.1, 'font-size': 0.28, 'text-anchor': 'middle', 'font-weight': 700, fill: '#1b1f24' }, svg);
    t.textContent = text;
  });
  st.S.xs.forEach((p) => letter(p, 'X'));
  st.S.vs.forEach((p) => letter(p, 'V'));
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

// A thermometer: a thick rounded line through the cells and a round bulb on the first.
export function drawThermo(under, ids, colour, cls, type, cx, cy) {
  if (!ids.length) return;
  const ink = { class: cls, 'data-rule': type };
  svgEl('polyline', { ...ink, points: ids.map((i) => `${cx(i)},${cy(i)}`).join(' '), fill: 'none', stroke: colour, 'stroke-width': 0.28, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }, under);
  svgEl('circle', { ...ink, cx: cx(ids[0]), cy: cy(ids[0]), r: 0.38, fill: colour }, under);
}

// A circle on the sum cell and a line from its rim through the arrow's cells, ending in a
// head drawn with two strokes (no marker: a marker's size follows the stroke width).
export function drawArrow(under, a, cx, cy) {
  const ink = { class: 'arrow', 'data-rule': 'arrow', fill: 'none', stroke: ARROW_COLOUR, 'stroke-width': 0.05, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' };
  svgEl('circle', { cx: cx(a.circle), cy: cy(a.circle), r: 0.38, ...ink }, under);
  if (!a.cells.length) return;
  const pts = [a.circle, ...a.cells].map((i) => [cx(i), cy(i)]);
  const [x0, y0] = pts[0], [x1, y1] = pts[1];
  const d = Math.hypot(x1 - x0, y1 - y0) || 1;
  pts[0] = [x0 + ((x1 - x0) / d) * 0.38, y0 + ((y1 - y0) / d) * 0.38];
  const [ex, ey] = pts[pts.length - 1], [px, py] = pts[pts.length - 2];
  const len = Math.hypot(ex - px, ey - py) || 1;
  const ux = (ex - px) / len, uy = (ey - py) / len;
  // The tip stops short of the last cell's centre, so the head shows beside its digit.
  const tx = ex - ux * 0.3, ty = ey - uy * 0.3;
  pts[pts.length - 1] = [tx, ty];
  const back = (s) => `${tx - 0.3 * (ux * 0.766 - s * uy * 0.643)},${ty - 0.3 * (uy * 0.766 + s * ux * 0.643)}`;
  svgEl('polyline', { points: pts.map((p) => p.join(',')).join(' '), ...ink }, under);
  svgEl('polyline', { points: `${back(1)} ${tx},${ty} ${back(-1)}`, ...ink }, under);
}

// Killer cages as SudokuPad draws them: a dashed outline inset from the cell borders, beneath
// the digits; the total small in the top-left cell's corner, above them on a patch of paper,
// in a notch: the outline is broken around it. Pencil marks keep inside the outline and
// below the total (`pencilArea`).
export const CAGE_INSET = 0.09;
export const CAGE_SUM = 0.2; // the total's font size, in cells
// The box a cage's total takes in its cell, in cells from the cell's corner.
export const sumBox = (text) => ({ x: 0.03, y: 0.02, w: String(text).length * CAGE_SUM * 0.6 + 0.02, h: CAGE_SUM * 1.2 });
// Cell index -> the top of the pencil marks' area in that cell (below a total), for every
// cell in a cage; filled by `drawCage` on each drawing.
export let caged = new Map();

export function drawCage(under, over, cage) {
  const inCage = new Set(cage.cells);
  const m = CAGE_INSET;
  const first = cage.cells.length ? Math.min(...cage.cells) : -1;
  const label = cage.sum == null ? '' : String(cage.sum);
  const notch = label ? sumBox(label) : null;
  for (const i of cage.cells) {
    const x = colOf(i), y = rowOf(i), n = st.S.n;
    const up = rowOf(i) > 0 && inCage.has(i - n);
    const down = rowOf(i) < n - 1 && inCage.has(i + n);
    const left = colOf(i) > 0 && inCage.has(i - 1);
    const right = colOf(i) < n - 1 && inCage.has(i + 1);
    const x0 = x + (left ? 0 : m), x1 = x + 1 - (right ? 0 : m);
    const y0 = y + (up ? 0 : m), y1 = y + 1 - (down ? 0 : m);
    const seg = (ax, ay, bx, by) => {
      if (ax < bx || ay < by) svgEl('line', { class: 'cage', x1: ax, y1: ay, x2: bx, y2: by, stroke: '#3d4650', 'stroke-width': 0.025, 'stroke-dasharray': '0.08 0.05' }, under);
    };
    // The total's cell: the top and left sides start past the notch.
    const cut = i === first && notch;
    if (!up) seg(cut ? x + notch.x + notch.w + 0.03 : x0, y0, x1, y0);
    if (!down) seg(x0, y1, x1, y1);
    if (!left) seg(x0, cut ? y + notch.y + notch.h + 0.03 : y0, x0, y1);
    if (!right) seg(x1, y0, x1, y1);
    caged.set(i, cut ? notch.y + notch.h + 0.03 : 0);
  }
  if (notch) {
    const x = colOf(first), y = rowOf(first);
    svgEl('rect', { class: 'cage-notch', x: x + notch.x - 0.01, y: y + notch.y, width: notch.w + 0.02, height: notch.h, fill: '#fff' }, over);
    const t = svgEl('text', { class: 'cage-sum', x: x + notch.x + 0.01, y: y + notch.y + CAGE_SUM * 0.9, 'font-size': CAGE_SUM, fill: '#1b1f24' }, over);
    t.textContent = label;
  }
}

// Where a cell's pencil marks go, in cells from its corner, and how big: the whole cell, or
// inside the cage's outline and below its total. One size on the whole board (the smallest
// area's), so the marks line up from cell to cell.
export function pencilArea(i) {
  const [br, bc] = pencilGrid();
  const inset = caged.size ? CAGE_INSET + 0.025 : 0.02;
  const top = caged.has(i) ? Math.max(inset, caged.get(i)) : inset;
  const lowest = caged.size ? 1 - inset - (sumBox('').y + sumBox('').h + 0.03) : 1 - 2 * inset;
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

// Thermometers grey; arrows darker grey; odd/even marks grey (as the pictures: an e2e test
// holds these to the rule files' `draw`). The rules held as JSON have no colour here: the
// server draws them (marks.js).
export const THERMO_COLOUR = '#c8c8c8';
export const ARROW_COLOUR = '#8c8c8c';
export const ODD_EVEN_COLOUR = '#c8c8c8';
export const DIAGONAL_COLOUR = '#8c8c8c';

// The rules held as JSON (`S.kept`), as the server drew them (marks.js): its layers scaled
// from its 100 units a cell to the board's one, each rule a `g[data-rule]`. Its cage outlines
// keep the pencil marks clear of their totals, as the page's own cages do.
export function drawKept(under, over) {
  const answer = keptMarks(drawOverlay);
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
    const notch = sumBox('');
    for (const i of ids) caged.set(i, Math.max(caged.get(i) || 0, cage.labelled && i === first ? notch.y + notch.h + 0.03 : 0));
  }
}

// The ring around the grid: its cells (clickable while an outside-clue tool is picked) and
// the outside clues as the server drew them (marks.js).
export function drawMargin() {
  const margin = $('#margin');
  const n = st.S.n;
  margin.innerHTML = '';
  const answer = keptMarks(drawOverlay);
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
