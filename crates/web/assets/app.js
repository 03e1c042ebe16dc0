// sudoku-ip page: a puzzle editor and solver over the JSON API. Plain JavaScript, no build step.
//
// The puzzle lives in one state object `S` (size, boxes or jigsaw regions, givens, rules and
// their shapes); every edit goes through `commit` so Ctrl+Z can undo it. `toPuzzleJson` turns
// `S` into the JSON puzzle format the API (and the command line) reads; `loadPuzzleJson` reads
// the canonical form the server writes back. Solutions come only from the server, which
// checks every grid before sending it. Nothing read is dropped: a rule the editor has no tool
// for (any rule added to the server before the page) is kept as read, drawn and listed, and sent back
// with the puzzle; so are its title, author and rules text. Line rules (renban, whispers,
// palindrome, between, zipper, region-sum, entropic and modular lines, slow thermometers) are
// drawn by dragging through cells, outside clues (little killer, sandwich, X-sum, skyscraper) by
// clicking a margin around the grid, quadruples from a 2×2, clones as an area then its copy,
// dots with values, given pencil marks and min/max cells from the selection.
'use strict';

(() => {
  const $ = (sel) => document.querySelector(sel);
  const $$ = (sel) => Array.from(document.querySelectorAll(sel));
  // The rules a checkbox turns on: the server writes one box a rule from its rule registry.
  const SWITCHES = $$('#rule-switches input[data-rule]').map((box) => box.dataset.rule);
  const TOOL_HINTS = {
    digits: 'Type digits into the selected cells.',
    cage: 'Select the cage cells (drag, or Shift+click), type its sum (optional), then Add or press Enter.',
    jigsaw: 'Pick a region number, then click or drag over cells to paint them into it. Each region needs as many cells as the grid is wide.',
    thermo: 'Drag from the bulb along the thermometer, then Add or press Enter.',
    arrow: 'Drag from the circle along the arrow, then Add or press Enter.',
    white: 'Select two neighbouring cells (consecutive digits), then Add or press Enter.',
    black: 'Select two neighbouring cells (one digit twice the other), then Add or press Enter.',
    x: 'Select two neighbouring cells that sum to 10, then Add or press Enter.',
    v: 'Select two neighbouring cells that sum to 5, then Add or press Enter.',
    odd: 'Select cells, then Add to mark them odd (Add again to unmark).',
    even: 'Select cells, then Add to mark them even (Add again to unmark).',
    extra: 'Select cells whose digits must all differ, then Add or press Enter.',
    minimum: 'Select cells, then Add to mark them minimum: smaller than each orthogonal neighbour (Add again to unmark).',
    maximum: 'Select cells, then Add to mark them maximum: greater than each orthogonal neighbour (Add again to unmark).',
    rowindexer: 'Select cells, then Add to make them row indexers (red): the digit in row i, column j is the row where column j holds i (Add again to unmark; a cell may be a row and a column indexer at once).',
    colindexer: 'Select cells, then Add to make them column indexers (blue): the digit in row i, column j is the column where row i holds j (Add again to unmark; a cell may be a row and a column indexer at once).',
    boxindexer: 'Select cells, then Add to make them box indexers (green): the digit of a cell at position p of its box (reading order) is the position that holds p (Add again to unmark; a cell may carry more than one kind).',
    lowhigh: 'Select a cell in each row, then Add: in those rows the 1 stands left of the highest digit (Add again to unmark).',
    drcage: 'Select the cage cells, type its digital root (1 to 9), then Add or press Enter: the digits do not repeat and their sum has that root (root 5: 5, 14, 23, …).',
    pill: 'Select the pill (2 or more cells in a row or column) from the end its number starts at, and Add: its digits are read in the order you select them (numbered) as one number. Then drag the arrow from a cell touching the pill and Add: the arrow sums to the number.',
    diffdot: 'Select two neighbouring cells, type the value, then Add or press Enter: a white dot, the digits differ by the value.',
    ratiodot: 'Select two neighbouring cells, type the value, then Add or press Enter: a black dot, one digit is the value times the other.',
    clone: 'Select an area (drag, or Shift+click) and Add; then select its copy and Add again. Cells pair up in the order you select them (numbered) and hold the same digits: for a turned or mirrored copy, select its cells in the matching order.',
    pencil: 'Select cells, type the digits they may hold (135, or 1 3 5), then Add or press Enter; Add with no digits takes their marks off.',
    quadruple: 'Select the four cells around a vertex (drag over them), type 1 to 4 digits that appear among them (125, or 1 2 5), then Add or press Enter. The same four cells again replace their digits.',
  };
  // The line rules drawn by dragging through cells: the tool, its rule's JSON type, the gap the
  // Gap box starts at for whispers (German ⌈n/2⌉, Dutch one less: 5 and 4 on a 9×9; any other
  // can be typed), the fewest cells a line takes, and what a person is told.
  const LINE_TOOLS = {
    renban: { name: 'Renban', type: 'renban', min: 2, hint: 'the digits on the line are a set of consecutive digits, in any order' },
    whispers: { name: 'German whispers', type: 'german-whispers', gap: (n) => Math.ceil(n / 2), min: 2, hint: 'neighbours on the line differ by at least the gap (German: 5 on a 9x9, ⌈n/2⌉; type another gap for other whispers)' },
    dutch: { name: 'Dutch whispers', type: 'german-whispers', gap: (n) => Math.max(1, Math.ceil(n / 2) - 1), min: 2, hint: 'neighbours on the line differ by at least the gap (Dutch: 4 on a 9x9, ⌈n/2⌉ − 1; type another gap for other whispers)' },
    palindrome: { name: 'Palindrome', type: 'palindrome', min: 2, hint: 'the line reads the same from either end' },
    between: { name: 'Between line', type: 'between-line', min: 3, hint: 'the digits between the two end circles lie strictly between theirs' },
    zipper: { name: 'Zipper line', type: 'zipper-line', min: 2, hint: 'cells the same distance from the middle sum to one total (on an odd line, the middle cell\'s digit)' },
    regionsum: { name: 'Region-sum line', type: 'region-sum-line', min: 2, hint: 'the region borders cut the line into segments that all have the same sum' },
    entropic: { name: 'Entropic line', type: 'entropic-line', min: 2, hint: 'any three cells in a row hold a low, a middle and a high digit (1–3, 4–6, 7–9 on a 9x9)' },
    modular: { name: 'Modular line', type: 'modular-line', min: 2, hint: 'any three cells in a row hold digits of three different remainders mod 3' },
    double: { name: 'Double arrow', type: 'double-arrow', min: 3, hint: 'the digits in the circles at both ends sum to the digits between them (which may repeat)' },
    slowthermo: { name: 'Slow thermometer', type: 'slow-thermometer', key: 'thermometers', min: 2, hint: 'digits never decrease from the bulb (the first cell); equal digits may repeat where the cells do not see each other' },
  };
  // A line rule's list of cell lists: `lines`, or `thermometers` for slow thermometers.
  const lineKey = (rule) => (rule.type === 'slow-thermometer' ? 'thermometers' : 'lines');
  const LINE_TYPES = new Set(Object.values(LINE_TOOLS).map((t) => t.type));
  // Cells marked from the selection, Add again to unmark: the tool, its rule's JSON type and
  // list, shading and label as the pictures draw them. A cell is minimum or maximum, not both;
  // it may be a row, a column and a box indexer at once (the model reads each list alone).
  const MARK_TOOLS = {
    minimum: { name: 'Minimum', type: 'min-max', key: 'minimum', fill: '#dbe7f5', tag: 'min' },
    maximum: { name: 'Maximum', type: 'min-max', key: 'maximum', fill: '#f8e1cc', tag: 'max' },
    rowindexer: { name: 'Row indexer', type: 'indexer', key: 'rows', fill: '#f4c7c3', tag: 'row' },
    colindexer: { name: 'Column indexer', type: 'indexer', key: 'columns', fill: '#c3d7f4', tag: 'col' },
    boxindexer: { name: 'Box indexer', type: 'indexer', key: 'boxes', fill: '#c8ecc8', tag: 'box' },
  };
  const markLists = (type) => Object.values(MARK_TOOLS).filter((t) => t.type === type);
  // The rules whose lists exclude each other.
  const ONE_MARK_A_CELL = new Set(['min-max']);
  // The clues outside the grid, placed by clicking the margin: little killer along a diagonal
  // (the Direction menu), the others beside a row or column. `key`: the clue's number in JSON.
  const OUTSIDE_TOOLS = {
    littlekiller: { name: 'Little killer', type: 'little-killer', key: 'sum', hint: 'the digits along the diagonal sum to the clue; they may repeat' },
    sandwich: { name: 'Sandwich', type: 'sandwich', key: 'sum', hint: 'the digits between the 1 and the largest digit of the row or column sum to the clue' },
    xsum: { name: 'X-sum', type: 'x-sum', key: 'sum', hint: 'the first X digits seen from the clue sum to it, X being the first of them' },
    skyscraper: { name: 'Skyscraper', type: 'skyscraper', key: 'count', hint: 'the clue sees this many digits, each taller than all before it' },
  };
  const OUTSIDE_TYPES = new Set(Object.values(OUTSIDE_TOOLS).map((t) => t.type));
  for (const [name, spec] of Object.entries(OUTSIDE_TOOLS)) {
    TOOL_HINTS[name] = `Type the clue, then click the margin ${name === 'littlekiller' ? 'where the diagonal starts (pick its direction)' : 'beside the row or column'}: ${spec.hint}. `
      + 'A click with no clue typed takes the clue there off.';
  }
  for (const [name, spec] of Object.entries(LINE_TOOLS)) {
    TOOL_HINTS[name] = `Drag through the cells of the line: ${spec.hint}. It is added when you let go. `
      + 'Dragging back takes the last cell off; Shift+click then Add works too.';
  }

  // ------------------------------------------------------------------------------------------
  // State.

  function blankState(n, box) {
    return {
      n, box, regions: null, givens: new Array(n * n).fill(0), rules: {},
      cages: [], thermos: [], arrows: [], white: [], black: [], xs: [], vs: [],
      odd: [], even: [], extra: [],
      // "All white / black dots given" (each on its own) and "All X/V given".
      kropkiWhiteAll: false, kropkiBlackAll: false, xvAll: false,
      // Killer cages hold distinct digits unless the puzzle says they may repeat.
      cagesDistinct: true,
      // Rules held as their JSON puzzle format objects: those the editor cannot draw, as read,
      // and the line rules its line tools draw (renban, whispers, palindrome, between lines).
      kept: [],
      // title, author, ruleset, source, notes: kept for people.
      meta: {},
    };
  }

  let S = blankState(9, [3, 3]);
  let solution = null; // flat array of a checked solution from the server, or null
  let selection = []; // ordered cell indices
  let cursor = 0;
  let tool = 'digits';
  let undoStack = [];
  let redoStack = [];
  let health = null;
  let lastKey = { cell: -1, value: 0, time: 0 };
  let dragging = false;
  let dragged = false; // a line tool's drag went through another cell (then letting go adds the line)
  // The first half of a two-step shape, cell indices in reading order: a Clone tool's area
  // waiting for its copy, a Pill arrow tool's pill waiting for its arrow.
  let pendingArea = null;

  function commit(mutate) {
    undoStack.push(JSON.stringify(S));
    if (undoStack.length > 500) undoStack.shift();
    redoStack = [];
    mutate();
    solution = null;
    staleReport();
    staleLinks();
    render();
  }

  function restore(from, to) {
    if (!from.length) return;
    to.push(JSON.stringify(S));
    S = JSON.parse(from.pop());
    solution = null;
    staleReport();
    staleLinks();
    render();
  }

  // ------------------------------------------------------------------------------------------
  // Cells and symbols.

  const cellName = (i) => `r${Math.floor(i / S.n) + 1}c${(i % S.n) + 1}`;
  const rowOf = (i) => Math.floor(i / S.n);
  const colOf = (i) => i % S.n;

  function cellIndex(name) {
    const m = /^r(\d+)c(\d+)$/i.exec(String(name).trim());
    if (!m) return -1;
    const r = +m[1] - 1, c = +m[2] - 1;
    return r >= 0 && c >= 0 && r < S.n && c < S.n ? r * S.n + c : -1;
  }

  function symbol(v) {
    if (v >= 1 && v <= 9) return String(v);
    if (v >= 10 && v <= 35) return String.fromCharCode(55 + v); // 'A' = 10
    return v ? String(v) : '';
  }

  function symbolValue(ch) {
    if (/^[1-9]$/.test(ch)) return +ch;
    if (/^[a-z]$/i.test(ch)) return ch.toUpperCase().charCodeAt(0) - 55;
    return -1;
  }

  // `S.box` is [rows, cols], or null for no boxes (a Latin square: one borderless region that
  // holds nothing, so it adds no conflicts).
  function boxRegion(i, box = S.box) {
    if (!box) return 0;
    const [br, bc] = box;
    return Math.floor(rowOf(i) / br) * (S.n / bc) + Math.floor(colOf(i) / bc);
  }

  const boxText = () => (S.box ? `${S.box[0]}x${S.box[1]}` : 'none');
  // Jigsaw drawing starts from the boxes (the inferred ones when there are none).
  const regionsFromBoxes = () => Array.from({ length: S.n * S.n }, (_, j) => boxRegion(j, S.box || inferredBox(S.n)));

  const regionOf = (i) => (S.regions ? S.regions[i] : boxRegion(i));
  const adjacent = (a, b) => Math.abs(rowOf(a) - rowOf(b)) + Math.abs(colOf(a) - colOf(b)) === 1;

  function boxShapes(n) {
    const out = [];
    for (let r = 1; r <= n; r++) if (n % r === 0) out.push([r, n / r]);
    return out;
  }

  function inferredBox(n) {
    let best = null;
    for (let r = 2; r * r <= n; r++) if (n % r === 0) best = [r, n / r];
    return best || [1, n];
  }

  const windowSide = (n) => { const k = Math.round(Math.sqrt(n)); return k >= 2 && k * k === n ? k : 0; };

  // ------------------------------------------------------------------------------------------
  // The JSON puzzle format.

  const META_KEYS = ['title', 'author', 'ruleset', 'source', 'notes'];

  function toPuzzleJson() {
    const n = S.n;
    const j = { size: n };
    if (S.regions) {
      j.regions = [];
      for (let r = 0; r < n; r++) j.regions.push(S.regions.slice(r * n, (r + 1) * n).map((x) => x + 1));
    } else {
      j.box = boxText();
    }
    j.givens = [];
    for (let r = 0; r < n; r++) {
      const row = S.givens.slice(r * n, (r + 1) * n);
      j.givens.push(n <= 35 ? row.map((v) => (v ? symbol(v) : '.')).join('') : row);
    }
    const names = (list) => list.map(cellName);
    const rules = SWITCHES.filter((r) => S.rules[r]).map((type) => ({ type }));
    if (S.cages.length) {
      const killer = { type: 'killer', cages: S.cages.map((c) => (c.sum == null ? { cells: names(c.cells) } : { cells: names(c.cells), sum: c.sum })) };
      if (!S.cagesDistinct) killer.distinct = false;
      rules.push(killer);
    }
    if (S.odd.length || S.even.length) rules.push({ type: 'odd-even', odd: names(S.odd), even: names(S.even) });
    if (S.thermos.length) rules.push({ type: 'thermometer', thermometers: S.thermos.map(names) });
    if (S.arrows.length) rules.push({ type: 'arrow', arrows: S.arrows.map((a) => ({ circle: cellName(a.circle), cells: names(a.cells) })) });
    if (S.white.length || S.black.length || S.kropkiWhiteAll || S.kropkiBlackAll) {
      const kropki = { type: 'kropki', white: S.white.map(names), black: S.black.map(names) };
      if (S.kropkiWhiteAll && S.kropkiBlackAll) kropki.all_given = true;
      else if (S.kropkiWhiteAll) kropki.all_white = true;
      else if (S.kropkiBlackAll) kropki.all_black = true;
      rules.push(kropki);
    }
    if (S.xs.length || S.vs.length || S.xvAll) rules.push({ type: 'xv', x: S.xs.map(names), v: S.vs.map(names), all_given: S.xvAll });
    if (S.extra.length) rules.push({ type: 'extra-regions', regions: S.extra.map(names) });
    j.rules = rules.concat(S.kept);
    for (const key of META_KEYS) if (S.meta[key]) j[key] = S.meta[key];
    return j;
  }

  // Reads the canonical form the server writes (`/api/parse`, `/api/generate`).
  function loadPuzzleJson(j) {
    const n = j.size;
    const next = blankState(n, inferredBox(n));
    S = next; // cellIndex needs S.n
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

  function replacePuzzle(json) {
    undoStack.push(JSON.stringify(S));
    redoStack = [];
    S = loadPuzzleJson(json);
    solution = null;
    staleLinks();
    selection = [];
    cursor = 0;
    render();
  }

  // ------------------------------------------------------------------------------------------
  // Drawing the board.

  // The cells, row by row, for as long as the size stays: `render` rebuilds them whenever
  // `S.n` changed (a size switch, undo across one, an import), before touching any cell.
  let cellEls = [];

  function buildBoard() {
    const board = $('#board');
    const n = S.n;
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
        cell.addEventListener('mousedown', (e) => onCellDown(e, i));
        cell.addEventListener('mouseenter', () => onCellEnter(i));
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
    selection = [];
    cursor = 0;
  }

  function conflicts() {
    const bad = new Set();
    const n = S.n;
    const groups = new Map();
    for (let i = 0; i < n * n; i++) {
      const v = S.givens[i];
      if (!v) continue;
      const keys = [`r${rowOf(i)}`, `c${colOf(i)}`];
      if (S.regions || S.box) keys.push(`g${regionOf(i)}`);
      for (const key of keys) {
        const k = `${key}:${v}`;
        if (groups.has(k)) { bad.add(i); bad.add(groups.get(k)); } else groups.set(k, i);
      }
    }
    return bad;
  }

  // What the insight view (insight.js) shows in an open cell, in words ("candidates 2 4 9",
  // "4, placed"), or '' when it shows nothing there; set through `sudokuPage.setCellNotes`.
  let cellNotes = () => '';

  // What a screen reader says for a cell: "r3c5, 7, given", "r1c2, empty, conflict",
  // "r6c3, candidate 1" while the insight view pencils one in.
  function cellLabel(i, bad) {
    const given = S.givens[i];
    const shown = given || (solution ? solution[i] : 0);
    const parts = [cellName(i), shown ? symbol(shown) : cellNotes(i) || 'empty'];
    if (given) parts.push('given'); else if (shown) parts.push('solved');
    if (bad.has(i)) parts.push('conflict');
    return parts.join(', ');
  }

  // The live region speaks the cursor cell (and how many cells are selected) when it changes.
  let announced = '';
  function announce(bad) {
    const many = selection.length > 1 ? `, ${selection.length} cells selected` : '';
    const text = `${cellLabel(cursor, bad)}${many}`;
    if (text === announced) return;
    announced = text;
    $('#announce').textContent = text;
  }

  function render() {
    const n = S.n;
    if (cellEls.length !== n * n) buildBoard();
    const bad = conflicts();
    const selected = new Set(selection);
    for (let i = 0; i < n * n; i++) {
      const el = cellEls[i];
      const given = S.givens[i];
      const shown = given || (solution ? solution[i] : 0);
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
      el.classList.toggle('cursor', i === cursor && selected.has(i));
      el.classList.toggle('conflict', bad.has(i));
    }
    $('#board').setAttribute('aria-activedescendant', `cell-${cellName(cursor)}`);
    announce(bad);
    renderMeta();
    renderBoardNotes();
    drawOverlay();
    syncControls();
    renderShapes();
    document.dispatchEvent(new Event('sudoku:rendered'));
  }

  // The puzzle's title, "by" its author and its rules text as the setter wrote them, above
  // the board; hidden when the puzzle has none of them.
  function renderMeta() {
    const m = S.meta;
    $('#puzzle-title').textContent = m.title || '';
    $('#puzzle-author').textContent = m.author ? `by ${m.author}` : '';
    $('#puzzle-ruleset').textContent = m.ruleset || '';
    $('#puzzle-meta').hidden = !(m.title || m.author || m.ruleset);
  }

  // What the board cannot show, in a line each under it, as the pictures' caption says it:
  // the negative constraints.
  function renderBoardNotes() {
    const list = $('#board-notes');
    list.innerHTML = '';
    const note = (text) => {
      const li = document.createElement('li');
      li.textContent = text;
      list.appendChild(li);
    };
    if (S.kropkiWhiteAll || S.kropkiBlackAll) {
      let text = S.kropkiWhiteAll && S.kropkiBlackAll ? 'kropki: all dots are given' : S.kropkiWhiteAll ? 'kropki: all white dots are given' : 'kropki: all black dots are given';
      // With dots of other values, which pairs the ticks forbid is not what the words suggest
      // (dclamage's SudokuSolver's reading): all white forbids a difference of 1 only, all
      // black every ratio a black dot shows (2 when there is none).
      const dots = valueDots();
      if (dots.length) {
        const ratios = [...new Set([...(S.black.length ? [2] : []), ...dots.filter((d) => d.black).map((d) => d.value)])].sort((x, y) => x - y);
        const forbidden = [];
        if (S.kropkiWhiteAll) forbidden.push('differ by 1');
        if (S.kropkiBlackAll) forbidden.push(`are in ratio ${(ratios.length ? ratios : [2]).join(' or ')}`);
        text += ` (no other neighbours ${forbidden.join(' or ')})`;
      }
      note(text);
    }
    if (S.xvAll) note('XV: all X and V are given');
    list.hidden = !list.children.length;
  }

  const SVG = 'http://www.w3.org/2000/svg';
  function svgEl(name, attrs, parent) {
    const el = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    parent.appendChild(el);
    return el;
  }

  // Two SVG layers in grid units (a cell is 1 × 1): shapes that sit in cells (shading, lines,
  // thermometers, arrows, odd/even marks, cage outlines) go in `#underlay`, beneath the cells,
  // so digits stay on top as on paper; marks on the edges between cells (kropki dots, X/V),
  // cage sums and the path being drawn go in `#overlay`, above them.
  function drawOverlay() {
    const under = $('#underlay');
    const svg = $('#overlay');
    const n = S.n;
    under.innerHTML = '';
    svg.innerHTML = '';
    caged = new Map();
    const cx = (i) => colOf(i) + 0.5;
    const cy = (i) => rowOf(i) + 0.5;
    if (S.regions) {
      for (let i = 0; i < n * n; i++) {
        svgEl('rect', { x: colOf(i), y: rowOf(i), width: 1, height: 1, fill: `hsl(${(S.regions[i] * 137) % 360},70%,70%)`, 'fill-opacity': 0.22 }, under);
      }
    }
    if (S.rules.windows) {
      const k = windowSide(n);
      for (let a = 0; a < k - 1; a++) for (let b = 0; b < k - 1; b++) {
        svgEl('rect', { class: 'window', x: 1 + b * (k + 1), y: 1 + a * (k + 1), width: k, height: k, fill: '#5b83d6', 'fill-opacity': 0.3 }, under);
      }
    }
    // The diagonals, grey as the pictures draw them: both, or one (positive: bottom left to top
    // right; negative: top left to bottom right).
    const diagonal = (type, x1, y1, x2, y2) => svgEl('line', { class: 'diagonal', 'data-rule': type, x1, y1, x2, y2, stroke: DIAGONAL_COLOUR, 'stroke-width': 0.04 }, under);
    if (S.rules.diagonal || S.rules['negative-diagonal']) diagonal(S.rules.diagonal ? 'diagonal' : 'negative-diagonal', 0, 0, n, n);
    if (S.rules.diagonal || S.rules['positive-diagonal']) diagonal(S.rules.diagonal ? 'diagonal' : 'positive-diagonal', 0, n, n, 0);
    for (const region of S.extra) {
      for (const i of region) svgEl('rect', { x: colOf(i), y: rowOf(i), width: 1, height: 1, fill: '#d8a93b', 'fill-opacity': 0.25 }, under);
    }
    for (const i of S.odd) svgEl('circle', { class: 'odd', 'data-rule': 'odd-even', cx: cx(i), cy: cy(i), r: 0.36, fill: ODD_EVEN_COLOUR }, under);
    for (const i of S.even) svgEl('rect', { class: 'even', 'data-rule': 'odd-even', x: colOf(i) + 0.16, y: rowOf(i) + 0.16, width: 0.68, height: 0.68, fill: ODD_EVEN_COLOUR }, under);
    for (const t of S.thermos) drawThermo(under, t, THERMO_COLOUR, 'thermo', 'thermometer', cx, cy);
    for (const a of S.arrows) drawArrow(under, a, cx, cy);
    S.cages.forEach((cage) => drawCage(under, svg, cage));
    drawKept(under, svg, cx, cy);
    const edgeMark = (pair, draw) => {
      const [a, b] = pair;
      draw((cx(a) + cx(b)) / 2, (cy(a) + cy(b)) / 2);
    };
    for (const p of S.white) edgeMark(p, (x, y) => svgEl('circle', { cx: x, cy: y, r: 0.12, fill: '#fff', stroke: '#1b1f24', 'stroke-width': 0.035 }, svg));
    for (const p of S.black) edgeMark(p, (x, y) => svgEl('circle', { cx: x, cy: y, r: 0.12, fill: '#1b1f24' }, svg));
    const letter = (p, text) => edgeMark(p, (x, y) => {
      svgEl('circle', { cx: x, cy: y, r: 0.15, fill: '#fff' }, svg);
      const t = svgEl('text', { x, y: y + 0.1, 'font-size': 0.28, 'text-anchor': 'middle', 'font-weight': 700, fill: '#1b1f24' }, svg);
      t.textContent = text;
    });
    S.xs.forEach((p) => letter(p, 'X'));
    S.vs.forEach((p) => letter(p, 'V'));
    drawMargin(cx, cy);
    // The area or pill waiting for its second half: outlined, dashed, its cells numbered in
    // the order they were selected (the copy's cells pair with them in that order; a pill is
    // read in it).
    if (pendingArea) {
      pendingArea.forEach((i, k) => {
        svgEl('rect', { class: 'pending-area', x: colOf(i) + 0.06, y: rowOf(i) + 0.06, width: 0.88, height: 0.88, fill: 'none', stroke: '#1f5fbf', 'stroke-width': 0.05, 'stroke-dasharray': '0.12 0.08' }, svg);
        svgEl('text', { class: 'pending-order', x: colOf(i) + 0.12, y: rowOf(i) + 0.28, 'font-size': 0.2, fill: '#1f5fbf' }, svg).textContent = String(k + 1);
      });
    }
    // The cells selected for a clone, or a pill's, numbered as they will pair up or be read.
    if ((tool === 'clone' || (tool === 'pill' && !pendingArea)) && selection.length > 1) {
      clickOrder(selection).forEach((i, k) => {
        svgEl('text', { class: 'selection-order', x: colOf(i) + 0.12, y: rowOf(i) + 0.28, 'font-size': 0.2, fill: '#1f5fbf' }, svg).textContent = String(k + 1);
      });
    }
    if (selection.length > 1 && (tool === 'thermo' || tool === 'arrow' || LINE_TOOLS[tool])) {
      svgEl('polyline', { points: selection.map((i) => `${cx(i)},${cy(i)}`).join(' '), fill: 'none', stroke: '#1f5fbf', 'stroke-width': 0.06, 'stroke-dasharray': '0.12 0.08' }, svg);
    }
  }

  // A thermometer: a thick rounded line through the cells and a round bulb on the first.
  function drawThermo(under, ids, colour, cls, type, cx, cy) {
    if (!ids.length) return;
    const ink = { class: cls, 'data-rule': type };
    svgEl('polyline', { ...ink, points: ids.map((i) => `${cx(i)},${cy(i)}`).join(' '), fill: 'none', stroke: colour, 'stroke-width': 0.28, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }, under);
    svgEl('circle', { ...ink, cx: cx(ids[0]), cy: cy(ids[0]), r: 0.38, fill: colour }, under);
  }

  // A circle on the sum cell and a line from its rim through the arrow's cells, ending in a
  // head drawn with two strokes (no marker: a marker's size follows the stroke width).
  // `cls`: the shapes' class; `ring`: whether to draw the circle (a pill arrow starts at its
  // pill, whose rim is as far from the centre as the circle's).
  function drawArrow(under, a, cx, cy, cls = 'arrow', ring = true, type = 'arrow') {
    const ink = { class: cls, 'data-rule': type, fill: 'none', stroke: ARROW_COLOUR, 'stroke-width': 0.05, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' };
    if (ring) svgEl('circle', { cx: cx(a.circle), cy: cy(a.circle), r: 0.38, ...ink }, under);
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

  // A pill arrow: the shaft from the pill cell next to the arrow's first cell, then the pill,
  // a grey band with a white one inside, over the shaft's start.
  function drawPillArrow(under, cls, pill, cells, cx, cy) {
    if (!pill.length || !cells.length) return;
    const dist = (i) => Math.max(Math.abs(rowOf(i) - rowOf(cells[0])), Math.abs(colOf(i) - colOf(cells[0])));
    const start = pill.reduce((best, i) => (dist(i) < dist(best) ? i : best), pill[0]);
    drawArrow(under, { circle: start, cells }, cx, cy, cls, false, 'pill-arrow');
    const points = pill.map((i) => `${cx(i)},${cy(i)}`).join(' ');
    for (const [stroke, width] of [[ARROW_COLOUR, 0.81], ['#ffffff', 0.71]]) {
      svgEl('polyline', { class: cls, 'data-rule': 'pill-arrow', points, fill: 'none', stroke, 'stroke-width': width, 'stroke-linecap': 'round' }, under);
    }
  }

  // Killer cages as SudokuPad draws them: a dashed outline inset from the cell borders, beneath
  // the digits; the total small in the top-left cell's corner, above them on a patch of paper,
  // in a notch: the outline is broken around it. Pencil marks keep inside the outline and
  // below the total (`pencilArea`).
  const CAGE_INSET = 0.09;
  const CAGE_SUM = 0.2; // the total's font size, in cells
  // The box a cage's total takes in its cell, in cells from the cell's corner.
  const sumBox = (text) => ({ x: 0.03, y: 0.02, w: String(text).length * CAGE_SUM * 0.6 + 0.02, h: CAGE_SUM * 1.2 });
  // Cell index -> the top of the pencil marks' area in that cell (below a total), for every
  // cell in a cage; filled by `drawCage` on each drawing.
  let caged = new Map();

  function drawCage(under, over, cage) {
    const inCage = new Set(cage.cells);
    const m = CAGE_INSET;
    const first = cage.cells.length ? Math.min(...cage.cells) : -1;
    const label = cage.sum == null ? '' : String(cage.sum);
    const notch = label ? sumBox(label) : null;
    for (const i of cage.cells) {
      const x = colOf(i), y = rowOf(i), n = S.n;
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
  function pencilArea(i) {
    const [br, bc] = pencilGrid();
    const inset = caged.size ? CAGE_INSET + 0.025 : 0.02;
    const top = caged.has(i) ? Math.max(inset, caged.get(i)) : inset;
    const lowest = caged.size ? 1 - inset - (sumBox('').y + sumBox('').h + 0.03) : 1 - 2 * inset;
    const size = 0.85 * Math.min(lowest / br, (1 - 2 * inset) / bc);
    return { x0: inset, y0: top, x1: 1 - inset, y1: 1 - inset, rows: br, cols: bc, size };
  }

  // Pencil marks sit like the digits of a box: 3x3 for a 9x9, 4x4 for a 16x16 (the inferred
  // box's shape where the grid has none, and a near square where that is one long row).
  function pencilGrid() {
    const n = S.n;
    const [r, c] = S.box || inferredBox(n);
    if (r * c === n && r > 1) return [r, c];
    const side = Math.ceil(Math.sqrt(n));
    return [Math.ceil(n / side), side];
  }

  // Colours and widths (in cells) as the pictures draw them (the rule files' `draw` in the
  // model crate; an e2e test holds the two to the same values): renban purple, whispers green
  // (any gap), palindrome grey, between lines thinner with a circle at each end, double arrows
  // thin, zipper violet, region-sum blue, entropic orange, modular teal. Any other rule with
  // lines is drawn in a neutral violet.
  const LINE_COLOURS = {
    renban: '#c78ef0', 'german-whispers': '#7cc47f', palindrome: '#b4b4b4', 'between-line': '#a8a8a8',
    'double-arrow': '#8c8c8c', 'zipper-line': '#e6a8e0', 'region-sum-line': '#4aa3df', 'entropic-line': '#f3a64a', 'modular-line': '#45b8a8',
  };
  const LINE_WIDTHS = { 'between-line': 0.14, 'double-arrow': 0.05 };
  // End circles: between lines and double arrows.
  const END_CIRCLES = { 'between-line': 0.4, 'double-arrow': 0.38 };
  // Thermometers grey, slow ones blue grey; arrows (and pill arrows) darker grey; odd/even marks grey.
  const THERMO_COLOUR = '#c8c8c8';
  const SLOW_THERMO_COLOUR = '#a9b8cc';
  const ARROW_COLOUR = '#8c8c8c';
  const ODD_EVEN_COLOUR = '#c8c8c8';
  const DIAGONAL_COLOUR = '#8c8c8c';

  // A whispers rule's gap: its `difference`, or German's ⌈n/2⌉ when it has none.
  const gapOf = (rule) => (rule.difference == null ? Math.ceil(S.n / 2) : rule.difference);

  // What a line rule is called in the list: whispers by their gap ("German whispers (gap 5)",
  // "Dutch whispers (gap 4)", "Whispers (gap 3)").
  function lineRuleName(rule) {
    if (rule.type === 'german-whispers') {
      const gap = gapOf(rule);
      const kind = gap === LINE_TOOLS.whispers.gap(S.n) ? 'German whispers' : gap === LINE_TOOLS.dutch.gap(S.n) ? 'Dutch whispers' : 'Whispers';
      return `${kind} (gap ${gap})`;
    }
    return Object.values(LINE_TOOLS).find((t) => t.type === rule.type).name;
  }

  // The rules held as JSON (`S.kept`), drawn from it: lines, little killer diagonals (dotted;
  // their sums stand in the margin), quadruples (a circle on the vertex with its digits) and
  // given candidates (small digits in the cell).
  function drawKept(under, over, cx, cy) {
    const cells = (list) => (list || []).map(cellIndex).filter((i) => i >= 0);
    const text = (x, y, size, value, layer, cls) => {
      const t = svgEl('text', { class: cls, x, y, 'font-size': size, 'text-anchor': 'middle', 'dominant-baseline': 'central', fill: '#1b1f24' }, layer);
      t.textContent = value;
      return t;
    };
    for (const rule of S.kept) {
      const cls = `kept kept-${rule.type}`;
      for (const line of Array.isArray(rule.lines) ? rule.lines : []) {
        const ids = cells(line);
        if (!ids.length) continue;
        const stroke = LINE_COLOURS[rule.type] || '#b29ad8';
        const width = LINE_WIDTHS[rule.type] || 0.22;
        svgEl('polyline', { class: cls, 'data-rule': rule.type, points: ids.map((i) => `${cx(i)},${cy(i)}`).join(' '), fill: 'none', stroke, 'stroke-width': width, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }, under);
        if (END_CIRCLES[rule.type]) {
          for (const end of [ids[0], ids[ids.length - 1]]) svgEl('circle', { class: cls, 'data-rule': rule.type, cx: cx(end), cy: cy(end), r: END_CIRCLES[rule.type], fill: '#ffffff', stroke, 'stroke-width': 0.03 }, under);
        }
      }
      for (const thermo of rule.type === 'slow-thermometer' && Array.isArray(rule.thermometers) ? rule.thermometers : []) {
        const ids = cells(thermo);
        if (!ids.length) continue;
        drawThermo(under, ids, SLOW_THERMO_COLOUR, cls, rule.type, cx, cy);
      }
      for (const clue of Array.isArray(rule.clues) ? rule.clues : []) {
        const ids = cells(clue.cells);
        if (ids.length < 2) continue;
        const dx = colOf(ids[1]) - colOf(ids[0]), dy = rowOf(ids[1]) - rowOf(ids[0]);
        // The diagonal dotted; its clue stands in the margin (drawMargin).
        if (dx && dy) svgEl('polyline', { class: cls, points: ids.map((i) => `${cx(i)},${cy(i)}`).join(' '), fill: 'none', stroke: '#8a929b', 'stroke-width': 0.03, 'stroke-dasharray': '0.06 0.08' }, under);
      }
      for (const quad of Array.isArray(rule.quads) ? rule.quads : []) {
        const ids = cells(quad.cells);
        if (!ids.length) continue;
        const x = Math.min(...ids.map(colOf)) + 1, y = Math.min(...ids.map(rowOf)) + 1;
        svgEl('circle', { class: cls, cx: x, cy: y, r: 0.3, fill: '#fff', stroke: '#1b1f24', 'stroke-width': 0.03 }, over);
        const digits = (quad.digits || []).map(symbol);
        const half = Math.ceil(digits.length / 2);
        const rows = digits.length > 2 ? [digits.slice(0, half), digits.slice(half)] : [digits];
        rows.forEach((row, k) => text(x, y + (k - (rows.length - 1) / 2) * 0.2, 0.18, row.join(''), over, cls));
      }
      // Marked cells shaded as the pictures shade them (minimum blue, maximum orange; row,
      // column and box indexers red, blue and green), labelled at the top; a cell of two or
      // three indexer kinds split into strips, one a kind.
      const kinds = new Map();
      for (const spec of markLists(rule.type)) {
        for (const i of cells(rule[spec.key])) kinds.set(i, [...(kinds.get(i) || []), spec]);
      }
      for (const [i, specs] of kinds) {
        const w = 1 / specs.length;
        specs.forEach((spec, k) => {
          svgEl('rect', { class: `${cls} ${spec.key}`, x: colOf(i) + k * w, y: rowOf(i), width: w, height: 1, fill: spec.fill }, under);
          text(colOf(i) + (k + 0.5) * w, rowOf(i) + 0.14, specs.length > 2 ? 0.12 : 0.15, spec.tag, under, `${cls} ${spec.key}`);
        });
      }
      if (rule.type === 'low-before-high') {
        // "1<9" small at the foot of the row's first cell.
        for (const row of Array.isArray(rule.rows) ? rule.rows : []) text(0.22, row - 1 + 0.86, 0.15, `1<${symbol(S.n)}`, over, cls);
      }
      if (rule.type === 'digital-root') {
        for (const cage of Array.isArray(rule.cages) ? rule.cages : []) drawCage(under, over, { cells: cells(cage.cells), sum: `DR${cage.root}` });
      }
      for (const arrow of rule.type === 'pill-arrow' && Array.isArray(rule.arrows) ? rule.arrows : []) drawPillArrow(under, cls, cells(arrow.pill), cells(arrow.cells), cx, cy);
      if (rule.type === 'clone') {
        // Each shape and its copy shaded alike, a colour a pair.
        (Array.isArray(rule.clones) ? rule.clones : []).forEach((pair, k) => {
          for (const i of [...cells(pair.cells), ...cells(pair.copy)]) {
            svgEl('rect', { class: cls, x: colOf(i), y: rowOf(i), width: 1, height: 1, fill: `hsl(${(k * 97 + 200) % 360},60%,60%)`, 'fill-opacity': 0.3 }, under);
          }
        });
      }
      if (rule.type === 'kropki-values') {
        // A dot large enough to hold its value: white for a difference, grey for a ratio.
        for (const dot of valueDots()) {
          const [a, b] = cells(dot.cells);
          if (a === undefined || b === undefined) continue;
          const x = (cx(a) + cx(b)) / 2, y = (cy(a) + cy(b)) / 2;
          svgEl('circle', { class: `${cls} ${dot.black ? 'ratio' : 'difference'}`, cx: x, cy: y, r: 0.17, fill: dot.black ? '#9a9a9a' : '#fff', stroke: '#1b1f24', 'stroke-width': 0.03 }, over);
          text(x, y, 0.2, String(dot.value), over, cls);
        }
      }
      if (rule.type === 'candidates') {
        for (const given of Array.isArray(rule.cells) ? rule.cells : []) {
          const i = cellIndex(given.cell);
          if (i >= 0) text(cx(i), rowOf(i) + 0.86, 0.17, (given.digits || []).map(symbol).join(''), under, cls);
        }
      }
    }
  }

  const ARROWS = { '1,1': '↘', '1,-1': '↙', '-1,1': '↗', '-1,-1': '↖' };

  // Where an outside clue stands, [row, col] with -1 and n the margin, and what it shows:
  // a side clue beside its row or column, a little killer clue before its diagonal's first
  // cell with an arrow along it. Null for a clue that is neither.
  function outsidePlace(rule, clue) {
    const n = S.n;
    if (rule.type === 'little-killer') {
      const ids = (clue.cells || []).map(cellIndex);
      if (ids.length < 2 || ids.some((i) => i < 0)) return null;
      const dr = rowOf(ids[1]) - rowOf(ids[0]), dc = colOf(ids[1]) - colOf(ids[0]);
      return { r: rowOf(ids[0]) - dr, c: colOf(ids[0]) - dc, text: `${clue.sum}${ARROWS[`${dr},${dc}`] || ''}`, what: `${clue.sum} ${ARROWS[`${dr},${dc}`] || ''} from ${cellName(ids[0])}` };
    }
    const k = clue.index - 1;
    const value = clue[rule.type === 'skyscraper' ? 'count' : 'sum'];
    const at = { top: [-1, k, `above column ${clue.index}`], bottom: [n, k, `below column ${clue.index}`], left: [k, -1, `left of row ${clue.index}`], right: [k, n, `right of row ${clue.index}`] }[clue.side];
    return at ? { r: at[0], c: at[1], text: String(value), what: `${value} ${at[2]}` } : null;
  }

  // The ring around the grid: its cells (clickable while an outside-clue tool is picked) and
  // the clues standing in it.
  function drawMargin() {
    const margin = $('#margin');
    const n = S.n;
    margin.innerHTML = '';
    const clued = S.kept.filter((r) => OUTSIDE_TYPES.has(r.type) && Array.isArray(r.clues) && r.clues.length);
    const shown = !!OUTSIDE_TOOLS[tool] || clued.length > 0;
    $('#board-wrap').classList.toggle('with-margin', shown);
    margin.classList.toggle('picking', !!OUTSIDE_TOOLS[tool]);
    if (!shown) return;
    for (let r = -1; r <= n; r++) {
      for (let c = -1; c <= n; c++) {
        if (r >= 0 && r < n && c >= 0 && c < n) continue;
        const rect = svgEl('rect', { class: 'outside', x: c, y: r, width: 1, height: 1, 'data-outside': `${r},${c}` }, margin);
        rect.addEventListener('mousedown', (e) => { e.preventDefault(); onMarginClick(r, c); });
      }
    }
    for (const rule of clued) {
      for (const clue of rule.clues) {
        const place = outsidePlace(rule, clue);
        if (!place) continue;
        // What the clue is, on hover: "Sandwich: 15 above column 1".
        const g = svgEl('g', {}, margin);
        svgEl('title', {}, g).textContent = `${Object.values(OUTSIDE_TOOLS).find((x) => x.type === rule.type).name}: ${place.what}`;
        const t = svgEl('text', { class: `clue clue-${rule.type} kept-${rule.type}`, x: place.c + 0.5, y: place.r + 0.5, 'font-size': place.text.length > 3 ? 0.3 : 0.4, 'text-anchor': 'middle', 'dominant-baseline': 'central', fill: '#1b1f24' }, g);
        t.textContent = place.text;
      }
    }
  }

  // A click on the margin with an outside-clue tool: the clue typed is set there (replacing
  // one of the same rule at that place); with nothing typed, the clue there goes.
  function onMarginClick(r, c) {
    const spec = OUTSIDE_TOOLS[tool];
    if (!spec) return;
    const n = S.n;
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
    const rule = S.kept.find((x) => x.type === spec.type && Array.isArray(x.clues));
    const same = (a) => (spec.type === 'little-killer' ? a.cells.join() === clue.cells.join() : a.side === clue.side && a.index === clue.index);
    const at = rule ? rule.clues.findIndex(same) : -1;
    if (value === null) {
      if (at < 0) { showError('Type the clue first (a click with no clue typed takes a clue off)'); return; }
      commit(() => {
        rule.clues.splice(at, 1);
        if (!rule.clues.length) S.kept.splice(S.kept.indexOf(rule), 1);
      });
      setStatus('Clue removed', 'ok');
      return;
    }
    commit(() => {
      if (!rule) S.kept.push({ type: spec.type, clues: [clue] });
      else if (at >= 0) rule.clues[at] = clue;
      else rule.clues.push(clue);
    });
    setStatus('Clue set', 'ok');
  }

  // "Renban: 6 lines", "Little killer: 6 clues", "Low before high: {"rows":[1,5,9]}".
  function keptLabel(rule) {
    const name = rule.type.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
    const count = (list, one) => `${list.length} ${one}${list.length === 1 ? '' : 's'}`;
    for (const [key, one] of [['lines', 'line'], ['clues', 'clue'], ['quads', 'quadruple'], ['cells', 'cell'], ['clones', 'pair']]) {
      if (Array.isArray(rule[key])) return `${name}: ${count(rule[key], one)}`;
    }
    const rest = { ...rule };
    delete rest.type;
    return `${name}: ${JSON.stringify(rest)}`;
  }

  function renderShapes() {
    const list = $('#shapes');
    list.innerHTML = '';
    const add = (key, text, remove) => {
      const li = document.createElement('li');
      li.dataset.shape = key;
      const span = document.createElement('span');
      span.textContent = text;
      const btn = document.createElement('button');
      btn.type = 'button';
      btn.textContent = '✕';
      btn.title = 'Remove';
      btn.addEventListener('click', () => commit(remove));
      li.append(span, btn);
      list.appendChild(li);
    };
    const names = (cells, sep = ' ') => cells.map(cellName).join(sep);
    S.cages.forEach((c, k) => add(`cage-${k}`, `Cage ${c.sum == null ? '(no sum)' : c.sum}: ${names(c.cells)}`, () => S.cages.splice(k, 1)));
    S.thermos.forEach((t, k) => add(`thermo-${k}`, `Thermometer: ${names(t, ' → ')}`, () => S.thermos.splice(k, 1)));
    S.arrows.forEach((a, k) => add(`arrow-${k}`, `Arrow: (${cellName(a.circle)}) ${names(a.cells, ' → ')}`, () => S.arrows.splice(k, 1)));
    const pairs = [['white', 'Kropki white'], ['black', 'Kropki black'], ['xs', 'X'], ['vs', 'V']];
    for (const [key, label] of pairs) S[key].forEach((p, k) => add(`${key}-${k}`, `${label}: ${names(p, '–')}`, () => S[key].splice(k, 1)));
    if (S.odd.length) add('odd', `Odd: ${names(S.odd)}`, () => { S.odd = []; });
    if (S.even.length) add('even', `Even: ${names(S.even)}`, () => { S.even = []; });
    S.extra.forEach((r, k) => add(`extra-${k}`, `Extra region: ${names(r)}`, () => S.extra.splice(k, 1)));
    S.kept.forEach((rule, k) => {
      // A line rule's lines one by one, each with its own remove button (the rule goes with its last line).
      const key = lineKey(rule);
      if (LINE_TYPES.has(rule.type) && Array.isArray(rule[key])) {
        rule[key].forEach((line, j) => add(`line-${k}-${j}`, `${lineRuleName(rule)}: ${line.join(' → ')}`, () => {
          S.kept[k][key].splice(j, 1);
          if (!S.kept[k][key].length) S.kept.splice(k, 1);
        }));
        return;
      }
      const marks = markLists(rule.type);
      if (marks.length) {
        for (const spec of marks) {
          if (!(rule[spec.key] || []).length) continue;
          add(`${spec.key}-${k}`, `${spec.name}: ${rule[spec.key].join(' ')}`, () => {
            S.kept[k][spec.key] = [];
            if (marks.every((m) => !(S.kept[k][m.key] || []).length)) S.kept.splice(k, 1);
          });
        }
        return;
      }
      if (rule.type === 'low-before-high' && Array.isArray(rule.rows)) {
        add(`lowhigh-${k}`, `Low before high: rows ${rule.rows.join(' ')}`, () => S.kept.splice(k, 1));
        return;
      }
      if (rule.type === 'digital-root' && Array.isArray(rule.cages)) {
        rule.cages.forEach((cage, j) => add(`drcage-${k}-${j}`, `Digital-root cage DR${cage.root}: ${(cage.cells || []).join(' ')}`, () => {
          S.kept[k].cages.splice(j, 1);
          if (!S.kept[k].cages.length) S.kept.splice(k, 1);
        }));
        return;
      }
      if (rule.type === 'pill-arrow' && Array.isArray(rule.arrows)) {
        rule.arrows.forEach((arrow, j) => add(`pill-${k}-${j}`, `Pill arrow: (${(arrow.pill || []).join(' ')}) ${(arrow.cells || []).join(' → ')}`, () => {
          S.kept[k].arrows.splice(j, 1);
          if (!S.kept[k].arrows.length) S.kept.splice(k, 1);
        }));
        return;
      }
      if (rule.type === 'kropki-values') {
        for (const dot of valueDots()) {
          add(`dot-${k}-${dot.key}-${dot.j}`, `${dot.black ? 'Ratio' : 'Difference'} dot ${dot.value}: ${dot.cells.join('–')}`, () => {
            const kept = S.kept[k];
            kept[dot.key].splice(dot.j, 1);
            if (!(kept.differences || []).length && !(kept.ratios || []).length) S.kept.splice(k, 1);
          });
        }
        return;
      }
      if (rule.type === 'clone' && Array.isArray(rule.clones)) {
        rule.clones.forEach((pair, j) => add(`clone-${k}-${j}`, `Clone: ${(pair.cells || []).join(' ')} = ${(pair.copy || []).join(' ')}`, () => {
          S.kept[k].clones.splice(j, 1);
          if (!S.kept[k].clones.length) S.kept.splice(k, 1);
        }));
        return;
      }
      if (rule.type === 'candidates' && Array.isArray(rule.cells)) {
        rule.cells.forEach((given, j) => add(`pencil-${k}-${j}`, `Pencil marks ${(given.digits || []).map(symbol).join(' ')}: ${given.cell}`, () => {
          S.kept[k].cells.splice(j, 1);
          if (!S.kept[k].cells.length) S.kept.splice(k, 1);
        }));
        return;
      }
      if (rule.type === 'quadruple' && Array.isArray(rule.quads)) {
        rule.quads.forEach((q, j) => add(`quad-${k}-${j}`, `Quadruple ${(q.digits || []).map(symbol).join(' ')}: ${(q.cells || []).join(' ')}`, () => {
          S.kept[k].quads.splice(j, 1);
          if (!S.kept[k].quads.length) S.kept.splice(k, 1);
        }));
        return;
      }
      // An outside rule's clues one by one too.
      if (OUTSIDE_TYPES.has(rule.type) && Array.isArray(rule.clues)) {
        const name = Object.values(OUTSIDE_TOOLS).find((t) => t.type === rule.type).name;
        rule.clues.forEach((clue, j) => {
          const place = outsidePlace(rule, clue);
          add(`clue-${k}-${j}`, `${name}: ${place ? place.what : JSON.stringify(clue)}`, () => {
            S.kept[k].clues.splice(j, 1);
            if (!S.kept[k].clues.length) S.kept.splice(k, 1);
          });
        });
        return;
      }
      add(`kept-${k}`, `${keptLabel(rule)} (imported; no tool to edit it here)`, () => S.kept.splice(k, 1));
    });
  }

  function syncControls() {
    if (!busy) applyHealth();
    const size = $('#size');
    if (size.value !== String(S.n)) size.value = String(S.n);
    fillBoxOptions();
    for (const box of $$('#rule-switches input[data-rule]')) {
      const rule = box.dataset.rule;
      box.checked = !!S.rules[rule];
      box.disabled = rule === 'windows' && !windowSide(S.n);
    }
    $('#kropki-white-all').checked = S.kropkiWhiteAll;
    $('#kropki-black-all').checked = S.kropkiBlackAll;
    $('#cages-repeat').checked = !S.cagesDistinct;
    $('#xv-all').checked = S.xvAll;
    const region = $('#region-id');
    if (region.options.length !== S.n) {
      region.innerHTML = '';
      for (let k = 1; k <= S.n; k++) region.add(new Option(String(k), String(k - 1)));
    }
  }

  function fillBoxOptions() {
    const box = $('#box');
    const want = S.regions ? 'jigsaw' : boxText();
    const shapes = boxShapes(S.n).map(([r, c]) => `${r}x${c}`);
    const options = [...shapes, 'none', 'jigsaw'];
    const labels = { none: 'none (Latin square)', jigsaw: 'jigsaw (draw regions)' };
    if (Array.from(box.options).map((o) => o.value).join() !== options.join()) {
      box.innerHTML = '';
      for (const o of options) box.add(new Option(labels[o] || o, o));
    }
    box.value = want;
  }

  // ------------------------------------------------------------------------------------------
  // Mouse and keyboard.

  function onCellDown(e, i) {
    e.preventDefault();
    $('#board').focus({ preventScroll: true });
    if (tool === 'jigsaw') {
      dragging = true;
      paintRegion(i, true);
      return;
    }
    dragged = false;
    if (e.shiftKey || e.ctrlKey || e.metaKey) {
      const at = selection.indexOf(i);
      if (at >= 0 && (e.ctrlKey || e.metaKey)) selection.splice(at, 1); else if (at < 0) selection.push(i);
    } else {
      selection = [i];
    }
    cursor = i;
    dragging = true;
    render();
  }

  function onCellEnter(i) {
    if (!dragging) return;
    if (tool === 'jigsaw') { paintRegion(i, false); return; }
    if (LINE_TOOLS[tool]) { extendLine(i); return; }
    if (!selection.includes(i)) {
      selection.push(i);
      cursor = i;
      render();
    }
  }

  // Dragging a line: back onto the cell before the last takes the last off; a cell further on
  // adds the king steps towards it (a quick drag can skip a cell), stopping at the line itself.
  function extendLine(i) {
    if (!selection.length || selection[selection.length - 1] === i) return;
    if (selection.length > 1 && selection[selection.length - 2] === i) {
      selection.pop();
    } else {
      let last = selection[selection.length - 1];
      while (last !== i) {
        const r = rowOf(last) + Math.sign(rowOf(i) - rowOf(last)), c = colOf(last) + Math.sign(colOf(i) - colOf(last));
        const next = r * S.n + c;
        if (selection.includes(next)) break;
        selection.push(next);
        last = next;
      }
    }
    cursor = selection[selection.length - 1];
    dragged = true;
    render();
  }

  // Letting go of a line drag of two cells or more adds the line (a click, or Shift+click
  // building a line cell by cell, adds nothing until Add or Enter).
  function endDrag() {
    const was = dragging && dragged;
    dragging = false;
    dragged = false;
    if (was && LINE_TOOLS[tool] && selection.length >= 2) addShape();
  }

  function paintRegion(i, first) {
    const k = +$('#region-id').value;
    if (S.regions && S.regions[i] === k) return;
    const apply = () => {
      if (!S.regions) S.regions = regionsFromBoxes();
      S.regions[i] = k;
    };
    if (first) { commit(apply); } else { apply(); solution = null; render(); }
  }

  function setDigit(value) {
    const targets = selection.length ? selection : [cursor];
    if (targets.every((i) => S.givens[i] === value)) return;
    commit(() => { for (const i of targets) S.givens[i] = value; });
  }

  // Sets the digit without a new undo step: the second keystroke of a two-digit number
  // belongs to the first one's edit.
  function amendDigit(value) {
    const targets = selection.length ? selection : [cursor];
    for (const i of targets) S.givens[i] = value;
    lastKey = { cell: cursor, value, time: Date.now() };
    solution = null;
    render();
  }

  // Two keystrokes quickly into one cell make a two-digit number on big grids (1 then 2 = 12).
  function continues(v) {
    return S.n > 9 && lastKey.cell === cursor && Date.now() - lastKey.time < 900 && lastKey.value * 10 + v <= S.n;
  }

  function typed(ch) {
    const v = symbolValue(ch);
    if (v < 1) return false;
    if (/^[0-9]$/.test(ch) && continues(v)) { amendDigit(lastKey.value * 10 + v); return true; }
    if (v > S.n) { showError(`${ch} is not a digit of this ${S.n}x${S.n} grid`); return true; }
    setDigit(v);
    lastKey = { cell: cursor, value: v, time: Date.now() };
    return true;
  }

  function move(dr, dc, extend) {
    const n = S.n;
    const r = (rowOf(cursor) + dr + n) % n;
    const c = (colOf(cursor) + dc + n) % n;
    cursor = r * n + c;
    if (extend) { if (!selection.includes(cursor)) selection.push(cursor); } else selection = [cursor];
    render();
  }

  function onKey(e) {
    const t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT')) return;
    const ctrl = e.ctrlKey || e.metaKey;
    const key = e.key;
    if (ctrl && (key === 'z' || key === 'Z')) { e.preventDefault(); if (e.shiftKey) restore(redoStack, undoStack); else restore(undoStack, redoStack); return; }
    if (ctrl && (key === 'y' || key === 'Y')) { e.preventDefault(); restore(redoStack, undoStack); return; }
    if (ctrl || e.altKey) return;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[key]) { e.preventDefault(); move(...moves[key], e.shiftKey); return; }
    if (key === '0' && continues(0)) { e.preventDefault(); amendDigit(lastKey.value * 10); return; }
    if (key === 'Delete' || key === 'Backspace' || key === '0' || key === '.') {
      e.preventDefault();
      lastKey = { cell: -1, value: 0, time: 0 };
      setDigit(0);
      return;
    }
    if (key === 'Enter') { e.preventDefault(); addShape(); return; }
    if (key === 'Escape') { selection = []; pendingArea = null; render(); return; }
    if (key.length === 1 && typed(key)) e.preventDefault();
  }

  // ------------------------------------------------------------------------------------------
  // Shapes from the selection.

  // What the status says after Add besides "Added", when there is something to check.
  let addedNote = '';

  function addShape() {
    const sel = selection.slice();
    addedNote = '';
    const fail = (msg) => { showError(msg); };
    if (tool === 'digits' || tool === 'jigsaw') return;
    if (!sel.length) { fail('Select cells first'); return; }
    const pair = () => {
      if (sel.length !== 2 || !adjacent(sel[0], sel[1])) { fail('Select exactly two neighbouring cells'); return null; }
      const all = [...S.white, ...S.black, ...S.xs, ...S.vs, ...valueDots().map((d) => d.cells.map(cellIndex))];
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
    switch (tool) {
      case 'cage': {
        const used = new Set(S.cages.flatMap((c) => c.cells));
        const clash = sel.find((i) => used.has(i));
        if (clash !== undefined) { fail(`${cellName(clash)} is already in a cage`); return; }
        const raw = $('#cage-sum').value.trim();
        const sum = raw === '' ? null : Number(raw);
        if (sum !== null && !(Number.isInteger(sum) && sum > 0)) { fail('The cage sum must be a positive whole number'); return; }
        const k = sel.length;
        const distinct = S.cagesDistinct;
        if (distinct && k > S.n) { fail(`A cage of ${k} cells cannot hold ${k} different digits of a ${S.n}x${S.n} grid`); return; }
        // k different digits of 1..n sum to at least 1 + … + k and at most n + … + (n - k + 1);
        // k digits that may repeat, to k … k·n.
        const low = distinct ? (k * (k + 1)) / 2 : k, high = distinct ? (k * (2 * S.n - k + 1)) / 2 : k * S.n;
        if (sum !== null && (sum < low || sum > high)) {
          fail(`A cage of ${k} cell${k === 1 ? '' : 's'} sums to ${low}–${high} on a ${S.n}x${S.n} grid; ${sum} cannot be reached`);
          return;
        }
        commit(() => S.cages.push({ cells: sel.slice().sort((a, b) => a - b), sum }));
        $('#cage-sum').value = '';
        break;
      }
      case 'thermo': if (path()) commit(() => S.thermos.push(sel)); else return; break;
      case 'arrow': if (path()) commit(() => S.arrows.push({ circle: sel[0], cells: sel.slice(1) })); else return; break;
      case 'white': case 'black': case 'x': case 'v': {
        const p = pair();
        if (!p) return;
        const key = { white: 'white', black: 'black', x: 'xs', v: 'vs' }[tool];
        commit(() => S[key].push(p));
        break;
      }
      case 'odd': case 'even': {
        const mine = tool === 'odd' ? 'odd' : 'even';
        const other = tool === 'odd' ? 'even' : 'odd';
        commit(() => {
          const all = sel.every((i) => S[mine].includes(i));
          S[mine] = all ? S[mine].filter((i) => !sel.includes(i)) : [...new Set([...S[mine], ...sel])].sort((a, b) => a - b);
          S[other] = S[other].filter((i) => !sel.includes(i));
        });
        break;
      }
      case 'extra': commit(() => S.extra.push(sel.slice().sort((a, b) => a - b))); break;
      case 'renban': case 'whispers': case 'dutch': case 'palindrome': case 'between':
      case 'zipper': case 'regionsum': case 'entropic': case 'modular': case 'slowthermo': case 'double': {
        const spec = LINE_TOOLS[tool];
        if (sel.length < spec.min) { fail(`${spec.name}: a line needs at least ${spec.min} cells`); return; }
        if (!path()) return;
        if (spec.type === 'renban' && sel.length > S.n) { fail(`A renban line of ${sel.length} cells cannot hold different digits of a ${S.n}x${S.n} grid`); return; }
        if (spec.type === 'entropic-line' && S.n % 3) { fail(`Entropic lines need a grid side divisible by 3 (low, middle and high thirds); this one is ${S.n}`); return; }
        if (spec.type === 'region-sum-line' && !S.box && !S.regions) { fail('Region-sum lines need regions: pick boxes or draw jigsaw regions first'); return; }
        let gap;
        if (spec.gap) {
          gap = whisperGap();
          if (typeof gap === 'string') { fail(gap); return; }
          const other = S.kept.find((r) => r.type === spec.type && gapOf(r) !== gap);
          if (other) { fail(`This puzzle's whispers are ${lineRuleName(other)}: a puzzle holds one gap for all its whispers (type ${gapOf(other)}, or remove those lines first)`); return; }
        }
        commit(() => addLine(spec, sel, gap));
        break;
      }
      case 'minimum': case 'maximum': case 'rowindexer': case 'colindexer': case 'boxindexer': {
        const spec = MARK_TOOLS[tool];
        const lists = markLists(spec.type);
        const names = sel.map(cellName);
        commit(() => {
          let rule = S.kept.find((r) => r.type === spec.type);
          if (!rule) { rule = { type: spec.type }; S.kept.push(rule); }
          const mine = rule[spec.key] || [];
          const all = names.every((c) => mine.includes(c));
          for (const other of ONE_MARK_A_CELL.has(spec.type) ? lists : [spec]) rule[other.key] = (rule[other.key] || []).filter((c) => !names.includes(c));
          if (!all) rule[spec.key] = [...new Set([...mine, ...names])];
          if (lists.every((m) => !rule[m.key].length)) S.kept.splice(S.kept.indexOf(rule), 1);
        });
        break;
      }
      case 'lowhigh': {
        const rows = [...new Set(sel.map((i) => rowOf(i) + 1))];
        commit(() => {
          const rule = keptRule('low-before-high', 'rows');
          const all = rows.every((r) => rule.rows.includes(r));
          rule.rows = all ? rule.rows.filter((r) => !rows.includes(r)) : [...new Set([...rule.rows, ...rows])].sort((a, b) => a - b);
          if (!rule.rows.length) S.kept.splice(S.kept.indexOf(rule), 1);
        });
        break;
      }
      case 'drcage': case 'pill': case 'clone': case 'pencil': {
        // Each says why not, '' when added, or null for the first half of a two-step shape.
        const why = { drcage: addRootCage, pill: addPillArrow, clone: addClone, pencil: addPencilMarks }[tool](sel);
        if (why === null) return;
        if (why) { fail(why); return; }
        break;
      }
      case 'diffdot': case 'ratiodot': {
        const p = pair();
        if (!p) return;
        const why = addValueDot(p, tool === 'ratiodot');
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
      default: return;
    }
    selection = [];
    render();
    if (addedNote) setStatus(`Added; note: ${addedNote}`, 'error'); else setStatus('Added', 'ok');
  }

  // The quadruple of the selected 2×2 and the digits typed (`125`, or `1 2 5` / `10,12` on
  // big grids), or why not.
  function quadruple(sel) {
    const cells = [...new Set(sel)].sort((a, b) => a - b);
    const [a] = cells;
    const n = S.n;
    const block = colOf(a) < n - 1 && rowOf(a) < n - 1 ? [a, a + 1, a + n, a + n + 1] : [];
    if (cells.length !== 4 || cells.join() !== block.join()) return 'Select the four cells of a 2x2 block (the circle goes on the vertex they share)';
    const { parts, digits } = typedDigits();
    if (!digits.length || digits.length > 4) return `Type 1 to 4 digits for the circle${digits.length ? `, not ${digits.length}` : ''}`;
    const bad = badDigit(parts, digits);
    if (bad) return bad;
    return { cells: cells.map(cellName), digits: digits.sort((x, y) => x - y) };
  }

  // The digits typed into the Digits box: `125`, or `1 2 5` / `10,12` on big grids.
  function typedDigits() {
    const raw = $('#quad-digits').value.trim();
    const parts = /[\s,]/.test(raw) ? raw.split(/[\s,]+/).filter(Boolean) : Array.from(raw);
    return { parts, digits: parts.map((p) => (/^\d+$/.test(p) ? +p : symbolValue(p))) };
  }

  // Why the typed digits are not all digits of the grid, or ''.
  function badDigit(parts, digits) {
    const bad = parts.find((p, k) => !(digits[k] >= 1 && digits[k] <= S.n));
    return bad === undefined ? '' : `${bad} is not a digit of this ${S.n}x${S.n} grid`;
  }

  // The kropki-values dots: [{cells, value, black}], white (difference) dots first.
  function valueDots() {
    const rule = S.kept.find((r) => r.type === 'kropki-values');
    if (!rule) return [];
    const list = (key, black) => (Array.isArray(rule[key]) ? rule[key] : []).map((d, j) => ({ cells: d.cells || [], value: d.value, black, key, j }));
    return [...list('differences', false), ...list('ratios', true)];
  }

  // A dot with a value between the two selected neighbours: difference 1 and ratio 2 are the
  // kropki rule's white and black dots, any other value a kropki-values dot.
  function addValueDot(p, black) {
    const raw = $('#dot-value').value.trim();
    const value = Number(raw);
    if (raw === '' || !Number.isInteger(value) || value < 1) return "Type the dot's value, a whole number from 1";
    const n = S.n;
    let possible = false;
    for (let d = 1; d <= n; d++) for (let e = 1; e <= n; e++) if (d !== e && (black ? d === value * e : d - e === value)) possible = true;
    if (!possible) return `No two different digits of 1..${n} ${black ? 'are in ratio' : 'differ by'} ${value}`;
    commit(() => {
      if (value === (black ? 2 : 1)) { S[black ? 'black' : 'white'].push(p); return; }
      let rule = S.kept.find((r) => r.type === 'kropki-values');
      if (!rule) { rule = { type: 'kropki-values', differences: [], ratios: [] }; S.kept.push(rule); }
      const key = black ? 'ratios' : 'differences';
      if (!Array.isArray(rule[key])) rule[key] = [];
      rule[key].push({ cells: p.map(cellName), value });
    });
    return '';
  }

  // The Clone tool's two steps: the first Add keeps the area, the second pairs it with the
  // selected copy, cell for cell in the order each was selected (the area's cells numbered
  // while it waits), so a rotated or mirrored copy is its cells selected in the matching order.
  function addClone(sel) {
    const area = clickOrder(sel);
    if (!pendingArea) {
      keepPending(area, `Area of ${area.length} cell${area.length === 1 ? '' : 's'} kept: now select its copy, cell for cell in the same order (the area's cells are numbered), and Add`);
      return null;
    }
    const first = pendingArea;
    if (area.length !== first.length) return `The copy needs ${first.length} cells, as many as its area; ${area.length} are selected`;
    const own = area.find((i, j) => i === first[j]);
    if (own !== undefined) return `${cellName(own)} would be its own copy`;
    const pair = { cells: first.map(cellName), copy: area.map(cellName) };
    pendingArea = null;
    commit(() => {
      const rule = keptRule('clone', 'clones');
      rule.clones.push(pair);
    });
    if (!congruent(first, area)) {
      addedNote = `in this order the copy is not the area shifted, turned or mirrored (${cellName(first[0])} = ${cellName(area[0])}, ${cellName(first[1] ?? first[0])} = ${cellName(area[1] ?? area[0])}, …): check the pairs in the list`;
    }
    return '';
  }

  // Whether `b` is `a` moved, turned by a quarter, half or three quarters, or mirrored, cell
  // for cell in order: one of the eight symmetries of the square maps every step of `a` from
  // its first cell to the same step of `b`.
  function congruent(a, b) {
    const step = (list, j) => [rowOf(list[j]) - rowOf(list[0]), colOf(list[j]) - colOf(list[0])];
    const maps = [([r, c]) => [r, c], ([r, c]) => [c, -r], ([r, c]) => [-r, -c], ([r, c]) => [-c, r],
      ([r, c]) => [r, -c], ([r, c]) => [-r, c], ([r, c]) => [c, r], ([r, c]) => [-c, -r]];
    return maps.some((m) => a.every((_, j) => { const [r, c] = m(step(a, j)); const [s, t] = step(b, j); return r === s && c === t; }));
  }

  // The puzzle's rule of `type` with its items under `key`, made when it is the first.
  function keptRule(type, key) {
    let rule = S.kept.find((r) => r.type === type && Array.isArray(r[key]));
    if (!rule) { rule = { type, [key]: [] }; S.kept.push(rule); }
    return rule;
  }

  const readingOrder = (sel) => [...new Set(sel)].sort((a, b) => a - b);
  // The cells in the order they were selected, each once.
  const clickOrder = (sel) => [...new Set(sel)];

  // Keeps the first half of a two-step shape and says what comes next.
  function keepPending(cells, said) {
    pendingArea = cells;
    selection = [];
    render();
    setStatus(said, 'ok');
  }

  // A pill arrow's two steps: the first Add keeps the pill (cells in a straight row or column,
  // read in the order selected: the first is the number's first digit), the second adds the
  // arrow, a path from a cell touching the pill.
  function addPillArrow(sel) {
    if (!pendingArea) {
      const pill = clickOrder(sel);
      const across = pill.every((i) => rowOf(i) === rowOf(pill[0])), down = pill.every((i) => colOf(i) === colOf(pill[0]));
      const sorted = readingOrder(pill);
      const step = across ? 1 : S.n;
      if (pill.length < 2 || !(across || down) || sorted.some((i, j) => j && i - sorted[j - 1] !== step)) {
        return 'A pill is 2 or more touching cells in one row or column';
      }
      const ends = [sorted[0], sorted[sorted.length - 1]];
      if (pill.join() !== sorted.join() && pill.join() !== sorted.slice().reverse().join()) {
        return `Select the pill's cells one after another from the end its number starts at (${ends.map(cellName).join(' or ')})`;
      }
      if (S.n > 9) return 'Pill arrows read their digits as a decimal number: grids up to 9x9';
      keepPending(pill, `Pill ${pill.map(cellName).join(' ')} kept (read in that order): now drag its arrow from a cell touching it and Add`);
      return null;
    }
    const pill = pendingArea;
    const inPill = sel.find((i) => pill.includes(i));
    if (inPill !== undefined) return `${cellName(inPill)} is in the pill`;
    const touches = (a, b) => Math.max(Math.abs(rowOf(a) - rowOf(b)), Math.abs(colOf(a) - colOf(b))) === 1;
    if (!pill.some((i) => touches(i, sel[0]))) return `The arrow starts next to the pill; ${cellName(sel[0])} does not touch it`;
    for (let k = 1; k < sel.length; k++) if (!touches(sel[k - 1], sel[k])) return `${cellName(sel[k - 1])} and ${cellName(sel[k])} do not touch`;
    const arrow = { pill: pill.map(cellName), cells: sel.map(cellName) };
    pendingArea = null;
    commit(() => {
      const rule = keptRule('pill-arrow', 'arrows');
      rule.arrows.push(arrow);
    });
    return '';
  }

  // A digital-root cage: distinct digits whose sum has the typed root.
  function addRootCage(sel) {
    const cells = readingOrder(sel);
    const raw = $('#dr-root').value.trim();
    const root = Number(raw);
    if (raw === '' || !Number.isInteger(root) || root < 1 || root > 9) return 'Type the digital root, 1 to 9';
    const taken = new Set(S.kept.filter((r) => r.type === 'digital-root').flatMap((r) => (r.cages || []).flatMap((c) => c.cells.map(cellIndex))));
    const clash = cells.find((i) => taken.has(i));
    if (clash !== undefined) return `${cellName(clash)} is already in a digital-root cage`;
    const k = cells.length, n = S.n;
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
  function addPencilMarks(sel) {
    const { parts, digits } = typedDigits();
    const names = sel.map(cellName);
    const rule = S.kept.find((r) => r.type === 'candidates' && Array.isArray(r.cells));
    if (!digits.length) {
      if (!rule || !rule.cells.some((c) => names.includes(c.cell))) return 'Type the digits the cells may hold (Add with none takes marks off)';
      commit(() => {
        const kept = S.kept.find((r) => r.type === 'candidates');
        kept.cells = kept.cells.filter((c) => !names.includes(c.cell));
        if (!kept.cells.length) S.kept.splice(S.kept.indexOf(kept), 1);
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

  // The whispers gap typed in the Gap box, or why it is not one: as the model's validation
  // says, two digits of 1..n differ by 1 to n − 1.
  function whisperGap() {
    const raw = $('#whisper-gap').value.trim();
    const gap = Number(raw);
    if (raw === '' || !Number.isInteger(gap) || gap < 1 || gap >= S.n) {
      return `Type the whispers gap: neighbours differ by at least it, 1 to ${S.n - 1} on a ${S.n}x${S.n} grid${raw === '' ? '' : `, not ${raw}`}`;
    }
    return gap;
  }

  // Adds a line to the puzzle's rule of the tool's kind, made when it is the first. A puzzle
  // holds one rule a kind, so one whispers gap (German's ⌈n/2⌉ is written as no `difference`).
  function addLine(spec, cells, gap) {
    const key = spec.key || 'lines';
    let rule = S.kept.find((r) => r.type === spec.type && Array.isArray(r[key]));
    if (!rule) {
      rule = { type: spec.type, [key]: [] };
      if (gap !== undefined && gap !== Math.ceil(S.n / 2)) rule.difference = gap;
      S.kept.push(rule);
    }
    rule[key].push(cells.map(cellName));
  }

  // ------------------------------------------------------------------------------------------
  // The API.

  class ApiError extends Error {
    constructor(message, field, code) { super(message); this.field = field; this.code = code; }
  }

  async function api(path, body) {
    const res = await fetch(`/api/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const type = res.headers.get('content-type') || '';
    if (type.includes('application/json')) {
      const j = await res.json();
      if (!res.ok || j.status === 'error') throw new ApiError(j.error || `HTTP ${res.status}`, j.field, res.status);
      return j;
    }
    if (!res.ok) throw new ApiError(`HTTP ${res.status} ${await res.text()}`, '', res.status);
    return res.blob();
  }

  function setStatus(text, state = 'idle') {
    const el = $('#status');
    el.textContent = text;
    el.dataset.state = state;
  }

  const busyButtons = () => $$('#controls button');
  // "Error in puzzle.rules[0].cages[2].sum: the sum …", naming the field once even when the
  // server's message starts with it.
  function errorText(e) {
    let message = String(e.message || e);
    const field = e instanceof ApiError ? e.field : '';
    if (!field) return `Error: ${message}`;
    if (message.startsWith(field)) message = message.slice(field.length).replace(/^[:\s]+/, '');
    return `Error in ${field}: ${message}`;
  }

  // An error goes to the status line and to the report panel (next to the board, where the
  // last result was), replacing that result.
  function showError(text) {
    setStatus(text, 'error');
    const report = $('#report');
    report.innerHTML = '';
    const p = document.createElement('p');
    p.setAttribute('role', 'alert');
    p.textContent = text;
    report.appendChild(p);
    report.dataset.state = 'error';
  }

  // The last result no longer describes the puzzle once it changes.
  function staleReport() {
    const report = $('#report');
    if (report.dataset.state === 'empty') return;
    report.innerHTML = '';
    report.dataset.state = 'empty';
  }

  // Nor does a link written for it.
  function staleLinks() {
    $('#open-link').hidden = true;
    $('#share-link').value = '';
  }

  // While a request runs, its buttons are off (applyHealth turns on only the idle page's).
  let busy = false;

  async function run(label, work) {
    busy = true;
    setStatus(`${label}…`, 'busy');
    const report = $('#report');
    report.textContent = `${label}…`;
    report.dataset.state = 'busy';
    busyButtons().forEach((b) => { b.disabled = true; });
    try {
      await work();
      if (report.dataset.state === 'busy') staleReport();
    } catch (e) {
      showError(errorText(e));
    } finally {
      busy = false;
      busyButtons().forEach((b) => { b.disabled = false; });
      applyHealth();
    }
  }

  // The solver and the time limit typed. A time limit that is not a number of seconds > 0 is
  // refused, in the report and on the box, never replaced by another.
  function solverOptions() {
    const t = timeLimit();
    if (typeof t === 'string') throw new Error(t);
    return { solver: $('#solver').value, time_limit: t };
  }

  // The time limit box's seconds, or why they are not a time limit (and the box marked).
  function timeLimit() {
    const box = $('#time-limit');
    const raw = box.value.trim();
    const t = Number(raw);
    const max = health ? health.limits.max_time_s : Infinity;
    let why = '';
    if (box.validity.badInput || raw === '') why = 'Time limit: type a number of seconds';
    else if (!(Number.isFinite(t) && t > 0)) why = `Time limit: ${raw} s is not a time limit; type a number of seconds above 0`;
    else if (t > max) why = `Time limit: ${raw} s is above this server's ${max} s; type at most ${max}`;
    box.setAttribute('aria-invalid', why ? 'true' : 'false');
    box.title = why;
    return why || t;
  }

  const fmtMs = (ms) => (ms == null ? '–' : ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`);
  const fmtSize = (m) => (m ? `${m.variables} variables, ${m.rows} rows, ${m.nonzeros} nonzeros, ${m.fixed} fixed` : '–');

  function showReport(rows) {
    const dl = document.createElement('dl');
    for (const [k, v] of rows) {
      if (v === undefined || v === null || v === '') continue;
      const dt = document.createElement('dt');
      dt.textContent = k;
      const dd = document.createElement('dd');
      dd.textContent = String(v);
      dl.append(dt, dd);
    }
    const report = $('#report');
    report.innerHTML = '';
    report.appendChild(dl);
    report.dataset.state = 'ok';
  }

  function statsRows(r) {
    const s = r.stats || {};
    return [
      ['Status', r.status],
      ['Reason', r.reason],
      ['Solutions', r.count == null ? null : `${r.count_exact ? '' : 'at least '}${r.count}`],
      ['Unique', r.unique == null ? null : r.unique ? 'yes' : 'no'],
      ['Solver', s.solver],
      ['Model', fmtSize(s.model)],
      ['After presolve', s.presolved ? fmtSize(s.presolved) : null],
      ['Time', fmtMs(s.time_ms)],
      ['Search', fmtMs(s.search_ms)],
      ['Nodes', s.nodes],
      ['Guesses', s.guesses],
      ['Solver calls', s.solver_calls],
      ['Objective', s.objective],
      ['Objective reduced', s.objective_reduced == null ? null : `proved constant (${s.objective_reduced}) by presolve; the solver minimised zero`],
      ['MIP gap', s.mip_gap],
      ['MIP start', s.mip_start == null ? null : `${s.mip_start}${s.mip_start_ms == null ? '' : ` (native search ${fmtMs(s.mip_start_ms)})`}`],
      ['Time limit', s.time_limit_s == null ? null : `${s.time_limit_s} s`],
    ];
  }

  const flat = (grid) => grid.rows.flat();

  async function solve(unique) {
    await run(unique ? 'Checking uniqueness' : 'Solving', async () => {
      const o = solverOptions();
      if (o.solver !== 'native') o.objective = $('#objective').value;
      const r = await api('solve', { puzzle: toPuzzleJson(), ...o, unique });
      solution = r.solution ? flat(r.solution) : null;
      render();
      showReport(statsRows(r));
      if (r.status === 'solved') {
        if (!unique) setStatus('Solved', 'ok');
        else if (r.unique === true) setStatus('Solved: the solution is unique', 'ok');
        else if (r.unique === false) setStatus('Not unique: there are at least two solutions (one is shown)', 'error');
        else setStatus(`Solved; ${r.reason}`, 'error');
      } else if (r.status === 'infeasible') {
        setStatus(`No solution: ${r.reason}`, 'error');
      } else {
        setStatus(`Unknown: ${r.reason}`, 'error');
      }
    });
  }

  async function count() {
    await run('Counting', async () => {
      const r = await api('count', { puzzle: toPuzzleJson(), ...solverOptions(), max: 1000 });
      showReport(statsRows(r));
      if (r.status === 'counted') setStatus(`${r.count_exact ? 'Exactly' : 'At least'} ${r.count} solution${r.count === 1 ? '' : 's'}`, 'ok');
      else if (r.status === 'infeasible') setStatus(`No solution: ${r.reason}`, 'error');
      else setStatus(`Unknown: ${r.reason}`, 'error');
    });
  }

  function ratingRows(rating) {
    if (!rating || typeof rating !== 'object') return [];
    const techniques = (rating.techniques || []).map((t) => `${t.technique} ×${t.count}`).join(', ');
    return [
      ['Difficulty', rating.grade],
      ['Hardest technique', rating.hardest || (rating.needs_search ? 'search' : 'none')],
      ['Techniques', techniques],
      ['Needs search', rating.needs_search == null ? null : rating.needs_search ? `yes (stuck with ${rating.stuck_empty} empty cells)` : 'no'],
      ['Engine guesses', rating.guesses],
      ['Givens', rating.givens],
    ];
  }

  async function rate() {
    await run('Rating', async () => {
      const r = await api('rate', { puzzle: toPuzzleJson(), time_limit: solverOptions().time_limit });
      showReport(ratingRows(r));
      if (r.status === 'rated') setStatus(`Difficulty: ${r.grade}`, 'ok');
      else setStatus(`Unknown: ${r.reason}`, 'error');
    });
  }

  async function generate() {
    await run('Generating', async () => {
      const body = { size: S.n, rules: SWITCHES.filter((r) => S.rules[r]), time_limit: solverOptions().time_limit };
      if (S.regions) body.regions = toPuzzleJson().regions;
      else body.box = boxText();
      const sym = $('#gen-symmetry').value;
      const diff = $('#gen-difficulty').value;
      const seed = $('#gen-seed').value.trim();
      if (sym) body.symmetry = sym;
      if (diff) body.difficulty = diff;
      if (seed !== '') body.seed = Number(seed);
      if ($('#gen-killer').checked) body.killer = true;
      const r = await api('generate', body);
      if (r.status !== 'generated') { showError(`Unknown: ${r.reason}`); return; }
      replacePuzzle(r.puzzle);
      // The rating's rows say Givens too: once is enough.
      const rated = ratingRows(r.rating).filter(([k]) => k !== 'Givens');
      showReport([['Givens', r.givens], ['Unique', 'yes (proved)'], ['Seed', r.seed], ['Time', fmtMs(r.time_ms)], ...rated]);
      setStatus(`Generated a puzzle with ${r.givens} givens and a unique solution${r.rating ? ` (${r.rating.grade})` : ''}`, 'ok');
    });
  }

  async function importText(text) {
    const trimmed = text.trim();
    if (!trimmed) { showError('Paste a puzzle into the box first'); return; }
    await run('Importing', async () => {
      // Links, payloads and text go as `text`, a JSON object as `puzzle` (errors then name
      // `puzzle.rules[0]…`); the server's reader tells the JSON puzzle format from f-puzzles
      // JSON, and a link from the other text formats.
      let body = { text: trimmed };
      if (trimmed.startsWith('{')) {
        try { body = { puzzle: JSON.parse(trimmed) }; } catch (_) { /* the server names the JSON error */ }
      }
      const r = await api('parse', body);
      replacePuzzle(r.puzzle);
      setStatus(r.conflicts && r.conflicts.length ? `Imported; note: ${r.conflicts[0]}` : 'Imported', r.conflicts && r.conflicts.length ? 'error' : 'ok');
    });
  }

  function givensLine() {
    return S.givens.map((v) => (v ? symbol(v) : '.')).join('');
  }

  function toBase64Url(text) {
    const bytes = new TextEncoder().encode(text);
    let bin = '';
    bytes.forEach((b) => { bin += String.fromCharCode(b); });
    return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  function fromBase64Url(text) {
    const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
    const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  }

  function shareLink() {
    const url = `${location.origin}${location.pathname}#p=${toBase64Url(JSON.stringify(toPuzzleJson()))}`;
    history.replaceState(null, '', url);
    $('#share-link').value = url;
    const done = () => setStatus('Share link ready (in the address bar and below)', 'ok');
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(url).then(() => setStatus('Share link copied', 'ok'), done);
    else done();
  }

  async function loadFromHash() {
    const h = location.hash;
    if (h.startsWith('#p=')) {
      let puzzle;
      try { puzzle = JSON.parse(fromBase64Url(h.slice(3))); } catch (e) { showError('The link does not hold a puzzle'); return; }
      await run('Loading the shared puzzle', async () => {
        const r = await api('parse', { puzzle });
        replacePuzzle(r.puzzle);
        undoStack = [];
        setStatus('Loaded the shared puzzle', 'ok');
      });
    } else if (h.startsWith('#line=')) {
      await run('Loading the shared puzzle', async () => {
        const r = await api('parse', { line: decodeURIComponent(h.slice(6)) });
        replacePuzzle(r.puzzle);
        undoStack = [];
        setStatus('Loaded the shared puzzle', 'ok');
      });
    }
  }

  function saveFile(blob, name) {
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  async function download(format) {
    await run(`Drawing ${format.toUpperCase()}`, async () => {
      const body = { puzzle: toPuzzleJson(), format };
      if (solution) body.solution = solution.map((v, i) => (S.givens[i] ? '.' : symbol(v))).join('');
      saveFile(await api('render', body), `sudoku.${format}`);
      setStatus(`Downloaded sudoku.${format}`, 'ok');
    });
  }

  // The puzzle as the server writes it (`sudoku-ip export`): `json`, `fpuzzles` or `link`
  // (`site`: sudokupad or fpuzzles). A rule f-puzzles cannot say is an error, never dropped.
  async function exported(format, site) {
    const body = { puzzle: toPuzzleJson(), format };
    if (site) body.link = site;
    return (await api('export', body)).text;
  }

  // A file name from the title: "Renban (seed 9)" → renban-seed-9.
  const baseName = () => (S.meta.title || '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'sudoku';

  async function downloadText(format) {
    const label = format === 'fpuzzles' ? 'f-puzzles JSON' : 'JSON';
    await run(`Writing ${label}`, async () => {
      const name = `${baseName()}${format === 'fpuzzles' ? '.fpuzzles' : ''}.json`;
      saveFile(new Blob([await exported(format)], { type: 'application/json' }), name);
      setStatus(`Downloaded ${name}`, 'ok');
    });
  }

  async function exportFpuzzles() {
    await run('Writing f-puzzles JSON', async () => {
      $('#io').value = await exported('fpuzzles');
      setStatus('Exported the f-puzzles JSON', 'ok');
    });
  }

  const SITES = { sudokupad: 'SudokuPad', fpuzzles: 'f-puzzles' };

  // The link goes in the field below the buttons and to the clipboard (when the browser lets
  // the page write it), with an "Open in …" link beside the buttons.
  async function copyLink(site) {
    await run(`Writing the ${SITES[site]} link`, async () => {
      const link = await exported('link', site);
      $('#share-link').value = link;
      const open = $('#open-link');
      open.href = link;
      open.textContent = `Open in ${SITES[site]} ↗`;
      open.hidden = false;
      let copied = false;
      if (navigator.clipboard && window.isSecureContext) {
        try { await navigator.clipboard.writeText(link); copied = true; } catch (_) { /* shown below instead */ }
      }
      setStatus(copied ? `${SITES[site]} link copied` : `${SITES[site]} link ready (below)`, 'ok');
    });
  }

  function applyHealth() {
    if (!health) return;
    const gen = health.generate || {};
    // Generate only where the server generates: up to its largest side.
    const fits = S.n <= health.limits.generate_side;
    $('#generate').disabled = !gen.available || !fits;
    const side = health.limits.generate_side;
    $('#generate-limit').textContent = fits ? '' : `This server generates grids up to ${side}x${side}; pick a smaller size to generate.`;
    $('#generate-limit').hidden = fits;
    $('#rate').disabled = !gen.available;
    const draw = (health.render || {}).available;
    $('#download-svg').disabled = !draw;
    $('#download-png').disabled = !draw;
    // A tool shows only when the server has its rule.
    const known = new Set(health.data_rules || []);
    for (const label of $$('#tools [data-needs]')) label.hidden = !known.has(label.dataset.needs);
  }

  // Only a MILP solver has an objective: the menu is off for the native engine.
  function objectiveFollowsSolver() {
    $('#objective').disabled = $('#solver').value === 'native';
  }

  async function loadHealth() {
    try {
      health = await api('health');
    } catch (e) {
      setStatus(`Cannot reach the server: ${e.message}`, 'error');
      return;
    }
    const solver = $('#solver');
    solver.innerHTML = '';
    for (const s of health.solvers) solver.add(new Option(s, s));
    solver.value = health.default_solver;
    objectiveFollowsSolver();
    const size = $('#size');
    size.innerHTML = '';
    const maxSide = Math.min(health.limits.solve_side, 25);
    for (let n = 4; n <= maxSide; n++) size.add(new Option(`${n}x${n}`, String(n)));
    size.value = String(S.n);
    const fill = (sel, items) => {
      const el = $(sel);
      el.innerHTML = '';
      el.add(new Option('default', ''));
      for (const it of items || []) el.add(new Option(it, it));
    };
    fill('#gen-symmetry', (health.generate || {}).symmetries);
    fill('#gen-difficulty', (health.generate || {}).difficulties);
    $('#time-limit').max = String(health.limits.max_time_s);
    $('#time-limit').value = String(Math.min(5, health.limits.max_time_s));
    applyHealth();
    setStatus(`Ready: solvers ${health.solvers.join(', ')}`, 'idle');
  }

  function setTool(next) {
    tool = next;
    $('#tool-hint').textContent = TOOL_HINTS[tool] || '';
    $('#cage-sum-label').hidden = tool !== 'cage';
    $('#region-label').hidden = tool !== 'jigsaw';
    $('#clue-label').hidden = !OUTSIDE_TOOLS[tool];
    $('#quad-label').hidden = tool !== 'quadruple' && tool !== 'pencil';
    $('#dot-label').hidden = tool !== 'diffdot' && tool !== 'ratiodot';
    $('#root-label').hidden = tool !== 'drcage';
    $('#gap-label').hidden = !(LINE_TOOLS[tool] && LINE_TOOLS[tool].gap);
    presetGap();
    pendingArea = null;
    $('#direction-label').hidden = tool !== 'littlekiller';
    $('#add-shape').hidden = tool === 'digits' || tool === 'jigsaw' || !!OUTSIDE_TOOLS[tool];
    if (tool === 'jigsaw' && !S.regions) {
      commit(() => { S.regions = regionsFromBoxes(); });
    }
    render();
  }

  // The Gap box starts at the whispers tool's own gap for the grid's size (German 5, Dutch 4
  // on a 9x9).
  function presetGap() {
    const spec = LINE_TOOLS[tool];
    if (!spec || !spec.gap) return;
    $('#whisper-gap').value = String(spec.gap(S.n));
    $('#whisper-gap').max = String(S.n - 1);
  }

  function newGrid(n, box) {
    commit(() => {
      const rules = {};
      for (const r of SWITCHES) if (S.rules[r] && (r !== 'windows' || windowSide(n))) rules[r] = true;
      S = blankState(n, box);
      S.rules = rules;
    });
    presetGap();
  }

  function wire() {
    document.addEventListener('keydown', onKey);
    window.addEventListener('mouseup', endDrag);
    window.addEventListener('hashchange', loadFromHash);
    $('#size').addEventListener('change', (e) => { const n = +e.target.value; newGrid(n, inferredBox(n)); });
    $('#box').addEventListener('change', (e) => {
      const v = e.target.value;
      if (v === 'jigsaw') { $('[data-tool="jigsaw"]').checked = true; setTool('jigsaw'); return; }
      const box = v === 'none' ? null : v.split('x').map(Number);
      commit(() => { S.box = box; S.regions = null; });
    });
    $('#new-grid').addEventListener('click', () => newGrid(S.n, S.box));
    $('#clear-digits').addEventListener('click', () => commit(() => { S.givens.fill(0); }));
    for (const box of $$('#rule-switches input[data-rule]')) {
      box.addEventListener('change', (e) => commit(() => { S.rules[e.target.dataset.rule] = e.target.checked; }));
    }
    // A tick says what it did ("All black dots given: on").
    const negative = (key) => (e) => {
      commit(() => { S[key] = e.target.checked; });
      setStatus(`${e.target.parentElement.textContent.trim()}: ${e.target.checked ? 'on' : 'off'}`, 'ok');
    };
    $('#kropki-white-all').addEventListener('change', negative('kropkiWhiteAll'));
    $('#kropki-black-all').addEventListener('change', negative('kropkiBlackAll'));
    $('#xv-all').addEventListener('change', (e) => commit(() => { S.xvAll = e.target.checked; }));
    $('#cages-repeat').addEventListener('change', (e) => commit(() => { S.cagesDistinct = !e.target.checked; }));
    for (const radio of $$('#tools input[data-tool]')) radio.addEventListener('change', (e) => setTool(e.target.dataset.tool));
    $('#add-shape').addEventListener('click', addShape);
    $('#clear-selection').addEventListener('click', () => { selection = []; pendingArea = null; render(); });
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
    $('#clear-solution').addEventListener('click', () => { solution = null; render(); setStatus('Solution hidden'); });
    $('#generate').addEventListener('click', generate);
    $('#import').addEventListener('click', () => importText($('#io').value));
    $('#export-json').addEventListener('click', () => { $('#io').value = JSON.stringify(toPuzzleJson(), null, 1); setStatus('Exported the JSON puzzle', 'ok'); });
    $('#export-line').addEventListener('click', () => {
      $('#io').value = givensLine();
      const lost = S.regions || Object.values(S.rules).some(Boolean) || toPuzzleJson().rules.length;
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

  // What insight.js (Hint, Show candidates, step-through) needs of the page; it redraws its
  // own layer on every 'sudoku:rendered' event.
  function exposeForInsight() {
    // The insight view's marks join the cells' labels (and the cursor's announcement).
    const setCellNotes = (describe) => {
      cellNotes = describe || (() => '');
      const bad = conflicts();
      cellEls.forEach((el, i) => el.setAttribute('aria-label', cellLabel(i, bad)));
      announce(bad);
    };
    window.sudokuPage = {
      puzzle: toPuzzleJson, api, run, setStatus, showError, cellName, symbol, svgEl, setCellNotes,
      // Pencil marks are laid out like a box, inside a cage's outline and below its total.
      size: () => S.n, pencilArea, shownValue: (i) => S.givens[i] || (solution ? solution[i] : 0),
      // The insight views show candidates: a solution shown would hide them.
      hideSolution: () => { if (solution) { solution = null; render(); } },
    };
  }

  async function start() {
    exposeForInsight();
    wire();
    setTool('digits');
    undoStack = [];
    render();
    await loadHealth();
    await loadFromHash();
    document.body.dataset.ready = '1';
  }

  start();
})();
