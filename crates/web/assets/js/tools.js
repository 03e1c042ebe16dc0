// The drawing tools: Add (a shape from the selection), the tool menu, the whispers gap, and
// clues set by clicking the margin.
import { ApiError, api, setStatus, showError } from './api.js';
import { render } from './board.js';
import { $ } from './dom.js';
import { ARROWS, LINE_TOOLS, MARK_TOOLS, ONE_MARK_A_CELL, OUTSIDE_TOOLS, TOOL_HINTS, gapOf, lineRuleName, markLists } from './kinds.js';
import { addClone, addPencilMarks, addPillArrow, addRootCage, addValueDot, quadruple } from './shapes.js';
import { adjacent, cellIndex, cellName, colOf, commit, keptRule, regionsFromBoxes, rowOf, st, toPuzzleJson, valueDots } from './state.js';

// A click on the margin with an outside-clue tool: the clue typed is set there (replacing
// one of the same rule at that place); with nothing typed, the clue there goes.
export function onMarginClick(r, c) {
  const spec = OUTSIDE_TOOLS[st.tool];
  if (!spec) return;
  const n = st.S.n;
  const raw = $('#clue-value').value.trim();
  const value = raw === '' ? null : Number(raw);
  if (value !== null && !(Number.isInteger(value) && value >= 0)) { showError('The clue must be a whole number'); return; }
  let clue;
  if (spec.type === 'little-killer') {
    const [dr, dc] = $('#clue-direction').value.split(',').map(Number);
    const cells = [];
    for (let rr = r + dr, cc = c + dc; rr >= 0 && rr < n && cc >= 0 && cc < n; rr += dr, cc += dc) cells.push(rr * n + cc);
    if (cells.length < 2) { showError(`No diagonal of two cells or more runs ${ARROWS[`${dr},${dc}`]} from there: pick another direction or place`); return; }
    if (value !== null && (value < cells.length || value > cells.length * n)) {
      showError(`${cells.length} digits of 1..${n} sum to ${cells.length}–${cells.length * n}; ${value} cannot be reached`);
      return;
    }
    clue = { cells: cells.map(cellName), sum: value };
  } else {
    const side = r < 0 ? 'top' : r >= n ? 'bottom' : c < 0 ? 'left' : 'right';
    const index = (side === 'top' || side === 'bottom' ? c : r) + 1;
    if (index < 1 || index > n) { showError(`A ${spec.name.toLowerCase()} clue stands beside a row or a column, not in a corner`); return; }
    if (spec.key === 'count' && value !== null && (value < 1 || value > n)) { showError(`A skyscraper clue sees 1 to ${n} digits`); return; }
    clue = { side, index, [spec.key]: value };
  }
  const rule = st.S.kept.find((x) => x.type === spec.type && Array.isArray(x.clues));
  const same = (a) => (spec.type === 'little-killer' ? a.cells.join() === clue.cells.join() : a.side === clue.side && a.index === clue.index);
  const at = rule ? rule.clues.findIndex(same) : -1;
  if (value === null) {
    if (at < 0) { showError('Type the clue first (a click with no clue typed takes a clue off)'); return; }
    commit(() => {
      rule.clues.splice(at, 1);
      if (!rule.clues.length) st.S.kept.splice(st.S.kept.indexOf(rule), 1);
    });
    setStatus('Clue removed', 'ok');
    return;
  }
  commit(() => {
    if (!rule) st.S.kept.push({ type: spec.type, clues: [clue] });
    else if (at >= 0) rule.clues[at] = clue;
    else rule.clues.push(clue);
  });
  setStatus('Clue set', 'ok');
}

export function addShape() {
  const sel = st.selection.slice();
  st.addedNote = '';
  const fail = (msg) => { showError(msg); };
  if (st.tool === 'digits' || st.tool === 'jigsaw') return;
  if (!sel.length) { fail('Select cells first'); return; }
  const pair = () => {
    if (sel.length !== 2 || !adjacent(sel[0], sel[1])) { fail('Select exactly two neighbouring cells'); return null; }
    const all = [...st.S.white, ...st.S.black, ...st.S.xs, ...st.S.vs, ...valueDots().map((d) => d.cells.map(cellIndex))];
    if (all.some(([a, b]) => (a === sel[0] && b === sel[1]) || (a === sel[1] && b === sel[0]))) { fail('That pair already has a mark'); return null; }
    return [sel[0], sel[1]];
  };
  const path = () => {
    if (sel.length < 2) { fail('Select at least two cells, in order'); return false; }
    for (let k = 1; k < sel.length; k++) {
      const a = sel[k - 1], b = sel[k];
      if (Math.max(Math.abs(rowOf(a) - rowOf(b)), Math.abs(colOf(a) - colOf(b))) !== 1) { fail(`${cellName(a)} and ${cellName(b)} do not touch`); return false; }
    }
    return true;
  };
  switch (st.tool) {
    case 'cage': {
      const used = new Set(st.S.cages.flatMap((c) => c.cells));
      const clash = sel.find((i) => used.has(i));
      if (clash !== undefined) { fail(`${cellName(clash)} is already in a cage`); return; }
      const raw = $('#cage-sum').value.trim();
      const sum = raw === '' ? null : Number(raw);
      if (sum !== null && !(Number.isInteger(sum) && sum > 0)) { fail('The cage sum must be a positive whole number'); return; }
      const k = sel.length;
      const distinct = st.S.cagesDistinct;
      if (distinct && k > st.S.n) { fail(`A cage of ${k} cells cannot hold ${k} different digits of a ${st.S.n}x${st.S.n} grid`); return; }
      // k different digits of 1..n sum to at least 1 + … + k and at most n + … + (n - k + 1);
      // k digits that may repeat, to k … k·n.
      const low = distinct ? (k * (k + 1)) / 2 : k, high = distinct ? (k * (2 * st.S.n - k + 1)) / 2 : k * st.S.n;
      if (sum !== null && (sum < low || sum > high)) {
        fail(`A cage of ${k} cell${k === 1 ? '' : 's'} sums to ${low}–${high} on a ${st.S.n}x${st.S.n} grid; ${sum} cannot be reached`);
        return;
      }
      commit(() => st.S.cages.push({ cells: sel.slice().sort((a, b) => a - b), sum }));
      $('#cage-sum').value = '';
      break;
    }
    case 'thermo': if (path()) commit(() => st.S.thermos.push(sel)); else return; break;
    case 'arrow': if (path()) commit(() => st.S.arrows.push({ circle: sel[0], cells: sel.slice(1) })); else return; break;
    case 'white': case 'black': case 'x': case 'v': {
      const p = pair();
      if (!p) return;
      const key = { white: 'white', black: 'black', x: 'xs', v: 'vs' }[st.tool];
      commit(() => st.S[key].push(p));
      break;
    }
    case 'odd': case 'even': {
      const mine = st.tool === 'odd' ? 'odd' : 'even';
      const other = st.tool === 'odd' ? 'even' : 'odd';
      commit(() => {
        const all = sel.every((i) => st.S[mine].includes(i));
        st.S[mine] = all ? st.S[mine].filter((i) => !sel.includes(i)) : [...new Set([...st.S[mine], ...sel])].sort((a, b) => a - b);
        st.S[other] = st.S[other].filter((i) => !sel.includes(i));
      });
      break;
    }
    case 'extra': commit(() => st.S.extra.push(sel.slice().sort((a, b) => a - b))); break;
    case 'minimum': case 'maximum': case 'rowindexer': case 'colindexer': case 'boxindexer': {
      const spec = MARK_TOOLS[st.tool];
      const lists = markLists(spec.type);
      const names = sel.map(cellName);
      commit(() => {
        let rule = st.S.kept.find((r) => r.type === spec.type);
        if (!rule) { rule = { type: spec.type }; st.S.kept.push(rule); }
        const mine = rule[spec.key] || [];
        const all = names.every((c) => mine.includes(c));
        for (const other of ONE_MARK_A_CELL.has(spec.type) ? lists : [spec]) rule[other.key] = (rule[other.key] || []).filter((c) => !names.includes(c));
        if (!all) rule[spec.key] = [...new Set([...mine, ...names])];
        if (lists.every((m) => !rule[m.key].length)) st.S.kept.splice(st.S.kept.indexOf(rule), 1);
      });
      break;
    }
    case 'lowhigh': {
      const rows = [...new Set(sel.map((i) => rowOf(i) + 1))];
      commit(() => {
        const rule = keptRule('low-before-high', 'rows');
        const all = rows.every((r) => rule.rows.includes(r));
        rule.rows = all ? rule.rows.filter((r) => !rows.includes(r)) : [...new Set([...rule.rows, ...rows])].sort((a, b) => a - b);
        if (!rule.rows.length) st.S.kept.splice(st.S.kept.indexOf(rule), 1);
      });
      break;
    }
    case 'drcage': case 'pill': case 'clone': case 'pencil': {
      // Each says why not, '' when added, or null for the first half of a two-step shape.
      const why = { drcage: addRootCage, pill: addPillArrow, clone: addClone, pencil: addPencilMarks }[st.tool](sel);
      if (why === null) return;
      if (why) { fail(why); return; }
      break;
    }
    case 'diffdot': case 'ratiodot': {
      const p = pair();
      if (!p) return;
      const why = addValueDot(p, st.tool === 'ratiodot');
      if (why) { fail(why); return; }
      break;
    }
    case 'quadruple': {
      const quad = quadruple(sel);
      if (typeof quad === 'string') { fail(quad); return; }
      commit(() => {
        const rule = keptRule('quadruple', 'quads');
        const at = rule.quads.findIndex((q) => q.cells.join() === quad.cells.join());
        if (at >= 0) rule.quads[at] = quad; else rule.quads.push(quad);
      });
      $('#quad-digits').value = '';
      break;
    }
    default: {
      // Every line tool: the page's own and those the registry declares (kinds.js).
      const spec = LINE_TOOLS[st.tool];
      if (!spec) return;
      if (sel.length < spec.min) { fail(`${spec.name}: a line needs at least ${spec.min} cells`); return; }
      if (!path()) return;
      let gap;
      if (spec.gap) {
        gap = whisperGap();
        if (typeof gap === 'string') { fail(gap); return; }
        const other = st.S.kept.find((r) => r.type === spec.type && gapOf(r) !== gap);
        if (other) { fail(`This puzzle's whispers are ${lineRuleName(other)}: a puzzle holds one gap for all its whispers (type ${gapOf(other)}, or remove those lines first)`); return; }
      }
      const line = sel.map(cellName);
      commit(() => addLine(spec, line, gap));
      serverCheck(spec, line);
      break;
    }
  }
  st.selection = [];
  render();
  if (st.addedNote) setStatus(`Added; note: ${st.addedNote}`, 'error'); else setStatus('Added', 'ok');
}

// The whispers gap typed in the Gap box, or why it is not one: as the model's validation
// says, two digits of 1..n differ by 1 to n − 1.
export function whisperGap() {
  const raw = $('#whisper-gap').value.trim();
  const gap = Number(raw);
  if (raw === '' || !Number.isInteger(gap) || gap < 1 || gap >= st.S.n) {
    return `Type the whispers gap: neighbours differ by at least it, 1 to ${st.S.n - 1} on a ${st.S.n}x${st.S.n} grid${raw === '' ? '' : `, not ${raw}`}`;
  }
  return gap;
}

// A line is kept at once, then checked by the server: its rule file's validation (a renban
// longer than the grid is wide, an entropic line on a side without thirds, a region-sum line
// without regions …). A line the server refuses goes again, and the page shows why; a busy or
// unreachable server leaves it (the solver names what is wrong).
async function serverCheck(spec, line) {
  const key = spec.key || 'lines';
  const holder = () => st.S.kept.find((r) => r.type === spec.type && Array.isArray(r[key]) && r[key].includes(line));
  const rule = holder();
  if (!rule) return;
  const { size, box, regions } = toPuzzleJson();
  try {
    await api('marks', { puzzle: { size, box, regions, rules: [{ ...rule, [key]: [line] }] } });
  } catch (e) {
    const now = holder();
    if (!(e instanceof ApiError) || e.code < 400 || e.code >= 500 || e.code === 429 || !now) return;
    commit(() => {
      now[key].splice(now[key].indexOf(line), 1);
      if (!now[key].length) st.S.kept.splice(st.S.kept.indexOf(now), 1);
    });
    render();
    let message = String(e.message);
    if (e.field && message.startsWith(e.field)) message = message.slice(e.field.length).replace(/^[:\s]+/, '');
    showError(`${spec.name}: ${message}`);
  }
}

// Adds a line (cell names) to the puzzle's rule of the tool's kind, made when it is the first. A puzzle
// holds one rule a kind, so one whispers gap (German's ⌈n/2⌉ is written as no `difference`).
export function addLine(spec, line, gap) {
  const key = spec.key || 'lines';
  let rule = st.S.kept.find((r) => r.type === spec.type && Array.isArray(r[key]));
  if (!rule) {
    rule = { type: spec.type, [key]: [] };
    if (gap !== undefined && gap !== Math.ceil(st.S.n / 2)) rule.difference = gap;
    st.S.kept.push(rule);
  }
  rule[key].push(line);
}

export function setTool(next) {
  st.tool = next;
  $('#tool-hint').textContent = TOOL_HINTS[st.tool] || '';
  $('#cage-sum-label').hidden = st.tool !== 'cage';
  $('#region-label').hidden = st.tool !== 'jigsaw';
  $('#clue-label').hidden = !OUTSIDE_TOOLS[st.tool];
  $('#quad-label').hidden = st.tool !== 'quadruple' && st.tool !== 'pencil';
  $('#dot-label').hidden = st.tool !== 'diffdot' && st.tool !== 'ratiodot';
  $('#root-label').hidden = st.tool !== 'drcage';
  $('#gap-label').hidden = !(LINE_TOOLS[st.tool] && LINE_TOOLS[st.tool].gap);
  presetGap();
  st.pendingArea = null;
  $('#direction-label').hidden = st.tool !== 'littlekiller';
  $('#add-shape').hidden = st.tool === 'digits' || st.tool === 'jigsaw' || !!OUTSIDE_TOOLS[st.tool];
  if (st.tool === 'jigsaw' && !st.S.regions) {
    commit(() => { st.S.regions = regionsFromBoxes(); });
  }
  render();
}

// The Gap box starts at the whispers tool's own gap for the grid's size (German 5, Dutch 4
// on a 9x9).
export function presetGap() {
  const spec = LINE_TOOLS[st.tool];
  if (!spec || !spec.gap) return;
  $('#whisper-gap').value = String(spec.gap(st.S.n));
  $('#whisper-gap').max = String(st.S.n - 1);
}
