// sudoku-ip page: a puzzle editor and solver over the JSON API. Native ES modules, no build
// step; this one starts the page and wires the controls to the others:
//
//   dom      $, $$, svgEl                  state   the puzzle (st), undo, the JSON format
//   kinds    the tools' rule kinds          board   the cells, their labels, render()
//   draw     the SVG layers                 tools   Add, the tool menu, margin clicks
//   shapes   two-step and typed shapes      list    the list of shapes under Draw
//   input    mouse and keyboard             api     requests, status, report, run()
//   solve    Solve, Count, Rate, Generate   links   import, export, links, downloads
//   insight  Hint, candidates, Explain     unique  uniqueness as you draw
//
// Modules below the page never import the ones above: state, board and api tell main.js's
// hooks (after.edit, afterRender, whenIdle) instead of calling up.
//
// The puzzle lives in one state object `st.S` (size, boxes or jigsaw regions, givens, rules and
// their shapes); every edit goes through `commit` so Ctrl+Z can undo it. `toPuzzleJson` turns
// `S` into the JSON puzzle format the API (and the command line) reads; `loadPuzzleJson` reads
// the canonical form the server writes back. Solutions come only from the server, which
// checks every grid before sending it. Nothing read is dropped: a rule the editor has no tool
// for (any rule added to the server before the page) is kept as read, drawn and listed, and sent back
// with the puzzle; so are its title, author and rules text. Line rules (every rule whose file
// declares a line input, and whispers) are drawn by dragging through cells, outside clues
// (little killer, sandwich, X-sum, skyscraper) by clicking a margin around the grid, quadruples from a 2×2, clones as an area then its copy,
// dots with values, given pencil marks and min/max cells from the selection.
import { api, setStatus, showError, staleReport, whenBusy, whenIdle } from './api.js';
import { afterRender, cellHandlers, render } from './board.js';
import { $, $$ } from './dom.js';
import { endDrag, onCellDown, onCellEnter, onKey } from './input.js';
import './insight.js';
import { LINE_TOOLS, registryTools } from './kinds.js';
import { renderShapes } from './list.js';
import { copyLink, download, downloadText, exportFpuzzles, givensLine, importText, loadFromHash, shareLink, staleLinks } from './links.js';
import { count, generate, rate, solve, timeLimit } from './solve.js';
import { SWITCHES, after, blankState, boxShapes, boxText, commit, inferredBox, st, toPuzzleJson, windowSide } from './state.js';
import { addShape, onMarginClick, presetGap, setTool } from './tools.js';
import { cancelCheck, checkSoon } from './unique.js';

export function syncControls() {
  if (!st.busy) applyHealth();
  const size = $('#size');
  if (size.value !== String(st.S.n)) size.value = String(st.S.n);
  fillBoxOptions();
  for (const box of $$('#rule-switches input[data-rule]')) {
    const rule = box.dataset.rule;
    box.checked = !!st.S.rules[rule];
    box.disabled = rule === 'windows' && !windowSide(st.S.n);
  }
  $('#kropki-white-all').checked = st.S.kropkiWhiteAll;
  $('#kropki-black-all').checked = st.S.kropkiBlackAll;
  $('#cages-repeat').checked = !st.S.cagesDistinct;
  $('#xv-all').checked = st.S.xvAll;
  const region = $('#region-id');
  if (region.options.length !== st.S.n) {
    region.innerHTML = '';
    for (let k = 1; k <= st.S.n; k++) region.add(new Option(String(k), String(k - 1)));
  }
}

export function fillBoxOptions() {
  const box = $('#box');
  const want = st.S.regions ? 'jigsaw' : boxText();
  const shapes = boxShapes(st.S.n).map(([r, c]) => `${r}x${c}`);
  const options = [...shapes, 'none', 'jigsaw'];
  const labels = { none: 'none (Latin square)', jigsaw: 'jigsaw (draw regions)' };
  if (Array.from(box.options).map((o) => o.value).join() !== options.join()) {
    box.innerHTML = '';
    for (const o of options) box.add(new Option(labels[o] || o, o));
  }
  box.value = want;
}

export function applyHealth() {
  if (!st.health) return;
  const gen = st.health.generate || {};
  // Generate only where the server generates: up to its largest side.
  const fits = st.S.n <= st.health.limits.generate_side;
  $('#generate').disabled = !gen.available || !fits;
  const side = st.health.limits.generate_side;
  $('#generate-limit').textContent = fits ? '' : `This server generates grids up to ${side}x${side}; pick a smaller size to generate.`;
  $('#generate-limit').hidden = fits;
  $('#rate').disabled = !gen.available;
  const draw = (st.health.render || {}).available;
  $('#download-svg').disabled = !draw;
  $('#download-png').disabled = !draw;
  // A tool shows only when the server has its rule.
  const known = new Set(st.health.data_rules || []);
  for (const label of $$('#tools [data-needs]')) label.hidden = !known.has(label.dataset.needs);
}

// Only a MILP solver has an objective and a presolve level: the menus are off for the native
// engine.
export function objectiveFollowsSolver() {
  const native = $('#solver').value === 'native';
  $('#objective').disabled = native;
  $('#presolve').disabled = native;
}

export async function loadHealth() {
  try {
    st.health = await api('health');
  } catch (e) {
    setStatus(`Cannot reach the server: ${e.message}`, 'error');
    return;
  }
  const solver = $('#solver');
  solver.innerHTML = '';
  for (const s of st.health.solvers) solver.add(new Option(s, s));
  solver.value = st.health.default_solver;
  objectiveFollowsSolver();
  const size = $('#size');
  size.innerHTML = '';
  const maxSide = Math.min(st.health.limits.solve_side, 25);
  for (let n = 4; n <= maxSide; n++) size.add(new Option(`${n}x${n}`, String(n)));
  size.value = String(st.S.n);
  const fill = (sel, items) => {
    const el = $(sel);
    el.innerHTML = '';
    el.add(new Option('default', ''));
    for (const it of items || []) el.add(new Option(it, it));
  };
  fill('#gen-symmetry', (st.health.generate || {}).symmetries);
  fill('#gen-difficulty', (st.health.generate || {}).difficulties);
  $('#time-limit').max = String(st.health.limits.max_time_s);
  $('#time-limit').value = String(Math.min(5, st.health.limits.max_time_s));
  // The registry's line tools, after the page's own.
  let last = $$('#tools label').filter((l) => l.querySelector('input') && LINE_TOOLS[l.querySelector('input').dataset.tool]).pop();
  for (const tool of registryTools(st.health.rule_kinds)) {
    const label = document.createElement('label');
    const radio = document.createElement('input');
    Object.assign(radio, { type: 'radio', name: 'tool' });
    radio.dataset.tool = tool;
    radio.addEventListener('change', () => setTool(tool));
    label.append(radio, ` ${LINE_TOOLS[tool].name}`);
    last.after(label);
    last = label;
  }
  applyHealth();
  setStatus(`Ready: solvers ${st.health.solvers.join(', ')}`, 'idle');
}

export function newGrid(n, box) {
  commit(() => {
    const rules = {};
    for (const r of SWITCHES) if (st.S.rules[r] && (r !== 'windows' || windowSide(n))) rules[r] = true;
    st.S = blankState(n, box);
    st.S.rules = rules;
  });
  presetGap();
}

export function wire() {
  document.addEventListener('keydown', onKey);
  window.addEventListener('mouseup', endDrag);
  window.addEventListener('hashchange', loadFromHash);
  $('#size').addEventListener('change', (e) => { const n = +e.target.value; newGrid(n, inferredBox(n)); });
  $('#box').addEventListener('change', (e) => {
    const v = e.target.value;
    if (v === 'jigsaw') { $('[data-tool="jigsaw"]').checked = true; setTool('jigsaw'); return; }
    const box = v === 'none' ? null : v.split('x').map(Number);
    commit(() => { st.S.box = box; st.S.regions = null; });
  });
  $('#new-grid').addEventListener('click', () => newGrid(st.S.n, st.S.box));
  $('#clear-digits').addEventListener('click', () => commit(() => { st.S.givens.fill(0); }));
  for (const box of $$('#rule-switches input[data-rule]')) {
    box.addEventListener('change', (e) => commit(() => { st.S.rules[e.target.dataset.rule] = e.target.checked; }));
  }
  // A tick says what it did ("All black dots given: on").
  const negative = (key) => (e) => {
    commit(() => { st.S[key] = e.target.checked; });
    setStatus(`${e.target.parentElement.textContent.trim()}: ${e.target.checked ? 'on' : 'off'}`, 'ok');
  };
  $('#kropki-white-all').addEventListener('change', negative('kropkiWhiteAll'));
  $('#kropki-black-all').addEventListener('change', negative('kropkiBlackAll'));
  $('#xv-all').addEventListener('change', (e) => commit(() => { st.S.xvAll = e.target.checked; }));
  $('#cages-repeat').addEventListener('change', (e) => commit(() => { st.S.cagesDistinct = !e.target.checked; }));
  for (const radio of $$('#tools input[data-tool]')) radio.addEventListener('change', (e) => setTool(e.target.dataset.tool));
  $('#add-shape').addEventListener('click', addShape);
  $('#clear-selection').addEventListener('click', () => { st.selection = []; st.pendingArea = null; render(); });
  for (const input of ['#cage-sum', '#quad-digits', '#dot-value', '#dr-root', '#whisper-gap']) {
    $(input).addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); addShape(); } });
  }
  $('#solver').addEventListener('change', objectiveFollowsSolver);
  // A bad time limit is said as soon as the box is left, not at the next Solve.
  $('#time-limit').addEventListener('change', () => {
    const t = timeLimit();
    if (typeof t === 'string') showError(t);
    else if ($('#report').dataset.state === 'error') staleReport();
  });
  $('#solve').addEventListener('click', () => solve(false));
  $('#unique').addEventListener('click', () => solve(true));
  $('#count').addEventListener('click', count);
  $('#rate').addEventListener('click', rate);
  $('#clear-solution').addEventListener('click', () => { st.solution = null; render(); setStatus('Solution hidden'); });
  $('#generate').addEventListener('click', generate);
  $('#import').addEventListener('click', () => importText($('#io').value));
  $('#export-json').addEventListener('click', () => { $('#io').value = JSON.stringify(toPuzzleJson(), null, 1); setStatus('Exported the JSON puzzle', 'ok'); });
  $('#export-line').addEventListener('click', () => {
    $('#io').value = givensLine();
    const lost = st.S.regions || Object.values(st.S.rules).some(Boolean) || toPuzzleJson().rules.length;
    setStatus(lost ? 'Exported the givens line (the line form has no rules or regions: use JSON for those)' : 'Exported the line', lost ? 'error' : 'ok');
  });
  $('#export-fpuzzles').addEventListener('click', exportFpuzzles);
  $('#download-json').addEventListener('click', () => downloadText('json'));
  $('#download-fpuzzles').addEventListener('click', () => downloadText('fpuzzles'));
  $('#copy-sudokupad').addEventListener('click', () => copyLink('sudokupad'));
  $('#copy-fpuzzles').addEventListener('click', () => copyLink('fpuzzles'));
  $('#share').addEventListener('click', shareLink);
  $('#download-svg').addEventListener('click', () => download('svg'));
  $('#download-png').addEventListener('click', () => download('png'));
}

// The hooks through which the modules below tell this page what happened.
function hook() {
  after.edit.push(staleReport, staleLinks, render);
  after.replace.push(staleLinks, render);
  // After every drawing: a puzzle that changed is checked for uniqueness (unique.js).
  afterRender.push(syncControls, renderShapes, checkSoon);
  whenBusy.push(cancelCheck);
  whenIdle.push(applyHealth, checkSoon);
  cellHandlers.down = onCellDown;
  cellHandlers.enter = onCellEnter;
  $('#margin').addEventListener('sudoku:margin', (e) => onMarginClick(e.detail.r, e.detail.c));
}

export async function start() {
  hook();
  wire();
  setTool('digits');
  st.undoStack = [];
  render();
  await loadHealth();
  await loadFromHash();
  document.body.dataset.ready = '1';
}

start();
