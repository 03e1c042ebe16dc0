// The rule kinds the drawing tools make: line rules dragged through cells, marked cells,
// outside clues, and what each tool's hint says.
import { $ } from './dom.js';
import { st } from './state.js';

export const TOOL_HINTS = {
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
// The line tools: every line rule gets its tool from the registry (its Rust file's `INPUT`:
// registryTools below), but whispers, which the page draws as two tools of their own with the
// gap the Gap box starts at (German ⌈n/2⌉, Dutch one less: 5 and 4 on a 9×9; any other can be
// typed): the tool, its rule's JSON type, the fewest cells a line takes, what a person is told.
export const LINE_TOOLS = {
  whispers: { name: 'German whispers', type: 'german-whispers', gap: (n) => Math.ceil(n / 2), min: 2, hint: 'neighbours on the line differ by at least the gap (German: 5 on a 9x9, ⌈n/2⌉; type another gap for other whispers)' },
  dutch: { name: 'Dutch whispers', type: 'german-whispers', gap: (n) => Math.max(1, Math.ceil(n / 2) - 1), min: 2, hint: 'neighbours on the line differ by at least the gap (Dutch: 4 on a 9x9, ⌈n/2⌉ − 1; type another gap for other whispers)' },
};
// A line rule's list of cell lists: its tool's `key` (the registry's: `thermometers` for slow
// thermometers), `lines` by default.
export const lineKey = (rule) => (Object.values(LINE_TOOLS).find((t) => t.type === rule.type) || {}).key || 'lines';
export const LINE_TYPES = new Set(Object.values(LINE_TOOLS).map((t) => t.type));
// Cells marked from the selection, Add again to unmark: the tool, its rule's JSON type and
// list (the server draws them: marks.js). A cell is minimum or maximum, not both;
// it may be a row, a column and a box indexer at once (the model reads each list alone).
export const MARK_TOOLS = {
  minimum: { name: 'Minimum', type: 'min-max', key: 'minimum' },
  maximum: { name: 'Maximum', type: 'min-max', key: 'maximum' },
  rowindexer: { name: 'Row indexer', type: 'indexer', key: 'rows' },
  colindexer: { name: 'Column indexer', type: 'indexer', key: 'columns' },
  boxindexer: { name: 'Box indexer', type: 'indexer', key: 'boxes' },
};
export const markLists = (type) => Object.values(MARK_TOOLS).filter((t) => t.type === type);
// The rules whose lists exclude each other.
export const ONE_MARK_A_CELL = new Set(['min-max']);
// The clues outside the grid, placed by clicking the margin: little killer along a diagonal
// (the Direction menu), the others beside a row or column. `key`: the clue's number in JSON.
export const OUTSIDE_TOOLS = {
  littlekiller: { name: 'Little killer', type: 'little-killer', key: 'sum', hint: 'the digits along the diagonal sum to the clue; they may repeat' },
  sandwich: { name: 'Sandwich', type: 'sandwich', key: 'sum', hint: 'the digits between the 1 and the largest digit of the row or column sum to the clue' },
  xsum: { name: 'X-sum', type: 'x-sum', key: 'sum', hint: 'the first X digits seen from the clue sum to it, X being the first of them' },
  skyscraper: { name: 'Skyscraper', type: 'skyscraper', key: 'count', hint: 'the clue sees this many digits, each taller than all before it' },
};
export const OUTSIDE_TYPES = new Set(Object.values(OUTSIDE_TOOLS).map((t) => t.type));
for (const [name, spec] of Object.entries(OUTSIDE_TOOLS)) {
  TOOL_HINTS[name] = `Type the clue, then click the margin ${name === 'littlekiller' ? 'where the diagonal starts (pick its direction)' : 'beside the row or column'}: ${spec.hint}. `
    + 'A click with no clue typed takes the clue there off.';
}
const lineHint = (spec) => `Drag through the cells of the line: ${spec.hint}. It is added when you let go. `
  + 'Dragging back takes the last cell off; Shift+click then Add works too.';
for (const [name, spec] of Object.entries(LINE_TOOLS)) TOOL_HINTS[name] = lineHint(spec);

// The tools the registry declares (`/api/health`'s `rule_kinds`: each rule's `INPUT` in its
// Rust file): a rule whose input is a line gets a line tool, named after the rule, its summary
// for the hint, with no change here. Returns the new tools' names (their rules' names).
export function registryTools(kinds) {
  const added = [];
  for (const kind of kinds || []) {
    const input = kind.input;
    if (!input || input.shape !== 'line' || LINE_TYPES.has(kind.name)) continue;
    const name = kind.name.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
    LINE_TOOLS[kind.name] = { name, type: kind.name, key: input.key, min: input.min, hint: kind.summary };
    LINE_TYPES.add(kind.name);
    TOOL_HINTS[kind.name] = lineHint(LINE_TOOLS[kind.name]);
    added.push(kind.name);
  }
  return added;
}

// A whispers rule's gap: its `difference`, or German's ⌈n/2⌉ when it has none.
export const gapOf = (rule) => (rule.difference == null ? Math.ceil(st.S.n / 2) : rule.difference);

// What a line rule is called in the list: whispers by their gap ("German whispers (gap 5)",
// "Dutch whispers (gap 4)", "Whispers (gap 3)").
export function lineRuleName(rule) {
  if (rule.type === 'german-whispers') {
    const gap = gapOf(rule);
    const kind = gap === LINE_TOOLS.whispers.gap(st.S.n) ? 'German whispers' : gap === LINE_TOOLS.dutch.gap(st.S.n) ? 'Dutch whispers' : 'Whispers';
    return `${kind} (gap ${gap})`;
  }
  return Object.values(LINE_TOOLS).find((t) => t.type === rule.type).name;
}

export const ARROWS = { '1,1': '↘', '1,-1': '↙', '-1,1': '↗', '-1,-1': '↖' };
