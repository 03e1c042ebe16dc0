// sudoku-ip page, insight: Hint (the next logical step, highlighted, with its sentence and an
// Apply button), Show candidates (the true candidates, coloured by how many solutions use
// them) and Explain (a step-through of the whole logical path). Plain JavaScript, no build
// step; an ES module that reads the editor's modules (state, board, api) and draws its own layer.
//
// What it shows lives in `view`, drawn into the `#notes` layer under the board's cells (they
// are transparent, so fills and pencil marks show through, and given or solved digits stay on
// top). A view belongs to the puzzle it was asked for: once the puzzle changes, it goes.
import { api, run, setStatus, showError } from './api.js';
import { hideSolution, setCellNotes, shownValue } from './board.js';
import { $, svgEl } from './dom.js';
import { pencilArea } from './draw.js';
import { cellName, st, symbol, toPuzzleJson } from './state.js';

// What this view needs of the editor, by the names it has always used.
const page = {
  puzzle: toPuzzleJson, api, run, setStatus, showError, cellName, symbol, setCellNotes, pencilArea, shownValue, hideSolution,
  size: () => st.S.n,
};
// HoDoKu's colours: pattern cells pale blue, the candidates that make the deduction green,
// removed candidates red; a placement is a green candidate in a blue cell.
const COLOURS = { cell: '#cfe0ff', pattern: '#7fd67f', removed: '#ff8a80', placed: '#7fd67f' };
const COUNT_INK = { one: '#1e7a3a', few: '#b86e00', many: '#5b6470' };

// { kind: 'hint' | 'true' | 'path', masks (per cell, bit d-1), placed (a Set of the cells
//   filled beyond the givens), step, counts, max, path, at }. A cell with one candidate that
//   is not placed is open (a naked single no step has taken): drawn as a pencil digit.
let view = null;
// Where the person has got by applying hints: { candidates (a candidate string), placed (the
// cells filled, by name) }, sent back with the next hint; or null.
let pencil = null;
let signature = '';

const currentSignature = () => JSON.stringify(page.puzzle());

function parseCandidates(text, n) {
  const masks = new Array(n * n).fill(0);
  for (let k = 0; k < n * n; k++) {
    for (let d = 1; d <= n; d++) if (text[k * n + d - 1] !== '.') masks[k] |= 2 ** (d - 1);
  }
  return masks;
}

function formatCandidates(masks, n) {
  let out = '';
  for (const m of masks) for (let d = 1; d <= n; d++) out += has(m, d) ? page.symbol(d) : '.';
  return out;
}

const has = (mask, d) => Math.floor(mask / 2 ** (d - 1)) % 2 === 1;
const single = (mask) => mask > 0 && Number.isInteger(Math.log2(mask));
const digitOf = (mask) => Math.round(Math.log2(mask)) + 1;
const cellIndex = (name, n) => {
  const m = /^r(\d+)c(\d+)$/.exec(name);
  return m ? (+m[1] - 1) * n + (+m[2] - 1) : -1;
};
const cellSet = (names, n) => new Set((names || []).map((name) => cellIndex(name, n)).filter((k) => k >= 0));

// ------------------------------------------------------------------------------------------
// Drawing.

// The marks of cell `k` in words, for its label: "4, placed", "candidates 2 4 9", with what
// the step does there ("in the step", "places 4", "removes 6"); '' without a view.
function describe(k) {
  if (!view || page.shownValue(k)) return '';
  const n = page.size();
  const masks = view.kind === 'path' ? view.path.masks[view.at] : view.masks;
  const filled = view.kind === 'path' ? view.path.placed[view.at] : view.placed;
  if (!masks || masks.length !== n * n) return '';
  const mask = masks[k];
  if (filled && filled.has(k) && single(mask)) return `${page.symbol(digitOf(mask))}, placed`;
  const digits = [];
  for (let d = 1; d <= n; d++) if (has(mask, d)) digits.push(page.symbol(d));
  const parts = [digits.length ? `candidate${digits.length > 1 ? 's' : ''} ${digits.join(' ')}` : 'no candidates'];
  const step = view.kind === 'path' ? view.path.steps[view.at] : view.step;
  if (step) {
    const name = page.cellName(k);
    if (step.cells.includes(name)) parts.push('in the step');
    for (const c of step.placements) if (c.cell === name) parts.push(`places ${page.symbol(c.digit)}`);
    const removed = step.eliminations.filter((c) => c.cell === name).map((c) => page.symbol(c.digit));
    if (removed.length) parts.push(`removes ${removed.join(' ')}`);
  }
  return parts.join(', ');
}

function draw() {
  const layer = $('#notes');
  const n = page.size();
  layer.setAttribute('viewBox', `0 0 ${n} ${n}`);
  layer.innerHTML = '';
  page.setCellNotes(view ? describe : null);
  if (!view) return;
  const step = view.kind === 'path' ? view.path.steps[view.at] : view.step;
  const marks = new Map(); // "k:d" -> colour of the disc behind the pencil digit
  if (step) {
    for (const name of step.cells) {
      const k = cellIndex(name, n);
      if (k >= 0) svgEl('rect', { class: 'pattern-cell', 'data-note-cell': name, x: k % n, y: Math.floor(k / n), width: 1, height: 1, fill: COLOURS.cell }, layer);
    }
    const mark = (list, colour) => list.forEach((c) => marks.set(`${cellIndex(c.cell, n)}:${c.digit}`, colour));
    mark(step.candidates, COLOURS.pattern);
    mark(step.placements, COLOURS.placed);
    mark(step.eliminations, COLOURS.removed);
  }
  const masks = view.kind === 'path' ? view.path.masks[view.at] : view.masks;
  const filled = view.kind === 'path' ? view.path.placed[view.at] : view.placed;
  for (let k = 0; k < n * n; k++) {
    if (page.shownValue(k)) continue; // a given or a solved digit is on the board already
    const mask = masks[k];
    const x0 = k % n, y0 = Math.floor(k / n);
    if (filled && filled.has(k) && single(mask)) {
      const t = svgEl('text', { class: 'placed', 'data-note-cell': page.cellName(k), x: x0 + 0.5, y: y0 + 0.68, 'font-size': 0.55, 'text-anchor': 'middle', fill: '#1f6fd6' }, layer);
      t.textContent = page.symbol(digitOf(mask));
      continue;
    }
    // Laid out like a box's digits, inside the area the page keeps for them (clear of a
    // cage's outline and total).
    const area = page.pencilArea(k);
    const size = area.size;
    for (let d = 1; d <= n; d++) {
      if (!has(mask, d)) continue;
      const x = x0 + area.x0 + (((d - 1) % area.cols) + 0.5) * ((area.x1 - area.x0) / area.cols);
      const y = y0 + area.y0 + (Math.floor((d - 1) / area.cols) + 0.5) * ((area.y1 - area.y0) / area.rows);
      const disc = marks.get(`${k}:${d}`);
      if (disc) svgEl('circle', { class: disc === COLOURS.removed ? 'removed' : 'pattern', 'data-note-cell': page.cellName(k), 'data-digit': d, cx: x, cy: y, r: size * 0.62, fill: disc }, layer);
      let ink = '#3d4650';
      let weight = 400;
      if (view.kind === 'true') {
        const c = view.counts[k][d - 1];
        ink = c === 1 ? COUNT_INK.one : c < view.max ? COUNT_INK.few : COUNT_INK.many;
        weight = c === 1 ? 700 : 400;
      }
      const t = svgEl('text', { class: 'pencil', 'data-note-cell': page.cellName(k), 'data-digit': d, x, y: y + size * 0.36, 'font-size': size, 'font-weight': weight, 'text-anchor': 'middle', fill: ink }, layer);
      t.textContent = page.symbol(d);
    }
  }
}

function onRendered() {
  const now = currentSignature();
  if (now !== signature) {
    signature = now;
    if (view || pencil) clear(false);
  }
  draw();
}

// ------------------------------------------------------------------------------------------
// The report panel.

function report(nodes) {
  const el = $('#report');
  el.innerHTML = '';
  for (const node of nodes) el.appendChild(node);
  el.dataset.state = 'ok';
}

function para(text, cls) {
  const p = document.createElement('p');
  if (cls) p.className = cls;
  p.textContent = text;
  return p;
}

const techniqueName = (t) => t.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());

function stepNodes(step) {
  const nodes = [para(`${techniqueName(step.technique)} (SE ${step.rating.toFixed(1)})`, 'technique'), para(step.text, 'step-text')];
  if (step.uses_uniqueness) nodes.push(para('This step relies on the puzzle having one solution.'));
  return nodes;
}

// ------------------------------------------------------------------------------------------
// Actions.

function clear(announce) {
  view = null;
  pencil = null;
  $('#apply-hint').hidden = true;
  $('#step-nav').hidden = true;
  draw();
  if (announce) page.setStatus('Marks cleared');
}

async function hint() {
  await page.run('Finding a hint', async () => {
    const body = { puzzle: page.puzzle() };
    if (pencil) Object.assign(body, pencil);
    const r = await page.api('hint', body);
    if (r.status === 'unknown') { page.showError(`Unknown: ${r.reason}`); return; }
    // The marks go in the open cells: a solution shown would fill them all.
    page.hideSolution();
    const n = page.size();
    signature = currentSignature();
    view = { kind: 'hint', masks: parseCandidates(r.position, n), placed: cellSet(r.placed, n), step: r.step || null };
    pencil = { candidates: r.position, placed: r.placed };
    $('#step-nav').hidden = true;
    $('#apply-hint').hidden = !r.step;
    draw();
    if (!r.step) {
      report([para('No technique applies: the puzzle is solved, or it needs search from here.')]);
      page.setStatus('No logical step', 'ok');
      return;
    }
    report(stepNodes(r.step));
    page.setStatus(`Hint: ${r.step.technique.replace(/-/g, ' ')}`, 'ok');
  });
}

// Takes the hint's step into the person's candidates: removals go, placements leave their
// digit alone in the cell (how a candidate string holds a filled cell) and join the placed
// cells; a cell that removals leave with one candidate stays open.
function applyHint() {
  if (!view || view.kind !== 'hint' || !view.step) return;
  const n = page.size();
  const masks = view.masks.slice();
  const placed = new Set(view.placed);
  for (const c of view.step.eliminations) {
    const k = cellIndex(c.cell, n);
    if (has(masks[k], c.digit)) masks[k] -= 2 ** (c.digit - 1);
  }
  for (const c of view.step.placements) {
    masks[cellIndex(c.cell, n)] = 2 ** (c.digit - 1);
    placed.add(cellIndex(c.cell, n));
  }
  pencil = { candidates: formatCandidates(masks, n), placed: [...placed].sort((a, b) => a - b).map((k) => page.cellName(k)) };
  view = { kind: 'hint', masks, placed, step: null };
  $('#apply-hint').hidden = true;
  draw();
  report([para('Applied. Press Hint for the next step.')]);
  page.setStatus('Step applied', 'ok');
}

async function showCandidates() {
  await page.run('Finding the true candidates', async () => {
    const r = await page.api('candidates', { puzzle: page.puzzle(), max: 10 });
    if (r.status === 'unknown' && !r.counts) { page.showError(`Unknown: ${r.reason}`); return; }
    // The marks go in the open cells: a solution shown would fill them all.
    page.hideSolution();
    const n = page.size();
    signature = currentSignature();
    view = { kind: 'true', masks: parseCandidates(r.candidates, n), counts: r.counts, max: r.max, step: null };
    $('#apply-hint').hidden = true;
    $('#step-nav').hidden = true;
    draw();
    const total = r.counts.flat().filter((c) => c > 0).length;
    const legend = document.createElement('p');
    legend.className = 'legend';
    for (const [text, ink] of [['in 1 solution', COUNT_INK.one], [`in 2–${r.max - 1}`, COUNT_INK.few], [`in ${r.max}+`, COUNT_INK.many]]) {
      const s = document.createElement('span');
      s.textContent = `■ ${text}`;
      s.style.color = ink;
      legend.appendChild(s);
    }
    const solutions = r.complete && r.solutions_seen < r.max ? `exactly ${r.solutions_seen}` : `at least ${r.solutions_seen}`;
    report([para(`${total} true candidates; ${solutions} solution${r.solutions_seen === 1 ? '' : 's'}.`), legend]);
    if (r.status === 'infeasible') page.setStatus('No solution: no digit fits anywhere', 'error');
    else page.setStatus(r.complete ? 'True candidates shown' : `True candidates so far (${r.reason})`, r.complete ? 'ok' : 'error');
  });
}

async function explain() {
  await page.run('Explaining', async () => {
    const body = { puzzle: page.puzzle(), positions: true };
    if (pencil) Object.assign(body, pencil);
    const r = await page.api('explain', body);
    if (r.status === 'unknown') { page.showError(`Unknown: ${r.reason}`); return; }
    // The marks go in the open cells: a solution shown would fill them all.
    page.hideSolution();
    const n = page.size();
    signature = currentSignature();
    const path = { ...r, masks: r.positions.map((p) => parseCandidates(p, n)), placed: r.placed.map((cells) => cellSet(cells, n)) };
    view = { kind: 'path', path, at: 0 };
    $('#apply-hint').hidden = true;
    $('#step-nav').hidden = false;
    showStep();
    page.setStatus(`${r.status === 'solved' ? 'Solved by logic' : 'Stuck'} in ${r.steps.length} steps (SE ${r.rating.toFixed(1)})`, 'ok');
  });
  // `run` enables every button when it is done; the step buttons follow the position again.
  if (view && view.kind === 'path') showStep();
}

// The path at `view.at`: before step `at` (its highlights), or after the last step.
function showStep() {
  const { path, at } = view;
  const total = path.steps.length;
  $('#step-counter').textContent = at < total ? `Step ${at + 1} of ${total}` : `End (${total} steps)`;
  $('#step-first').disabled = at === 0;
  $('#step-prev').disabled = at === 0;
  $('#step-next').disabled = at >= total;
  $('#step-last').disabled = at >= total;
  draw();
  if (at < total) {
    report(stepNodes(path.steps[at]));
  } else if (path.status === 'solved') {
    report([para(`Solved by logic in ${total} steps; SE rating ${path.rating.toFixed(1)}.`)]);
  } else {
    report([para(`Stuck with ${path.stuck_empty} empty cells after ${total} steps: search is needed (the engine guesses ${path.guesses} times).`)]);
  }
}

function go(to) {
  if (!view || view.kind !== 'path') return;
  view.at = Math.max(0, Math.min(view.path.steps.length, to));
  showStep();
}

$('#hint').addEventListener('click', hint);
$('#apply-hint').addEventListener('click', applyHint);
$('#show-candidates').addEventListener('click', showCandidates);
$('#explain').addEventListener('click', explain);
$('#clear-insight').addEventListener('click', () => clear(true));
$('#step-first').addEventListener('click', () => go(0));
$('#step-prev').addEventListener('click', () => go(view.at - 1));
$('#step-next').addEventListener('click', () => go(view.at + 1));
$('#step-last').addEventListener('click', () => go(Infinity));
document.addEventListener('sudoku:rendered', onRendered);
signature = currentSignature();
