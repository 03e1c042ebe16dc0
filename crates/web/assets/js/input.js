// Mouse and keyboard on the board: selecting, dragging lines, painting jigsaw regions,
// typing digits, undo and redo.
import { showError } from './api.js';
import { render } from './board.js';
import { $ } from './dom.js';
import { LINE_TOOLS } from './kinds.js';
import { colOf, commit, regionsFromBoxes, restore, rowOf, st, symbolValue } from './state.js';
import { addShape } from './tools.js';

// ------------------------------------------------------------------------------------------
// Mouse and keyboard.

export function onCellDown(e, i) {
  e.preventDefault();
  $('#board').focus({ preventScroll: true });
  if (st.tool === 'jigsaw') {
    st.dragging = true;
    paintRegion(i, true);
    return;
  }
  st.dragged = false;
  if (e.shiftKey || e.ctrlKey || e.metaKey) {
    const at = st.selection.indexOf(i);
    if (at >= 0 && (e.ctrlKey || e.metaKey)) st.selection.splice(at, 1); else if (at < 0) st.selection.push(i);
  } else {
    st.selection = [i];
  }
  st.cursor = i;
  st.dragging = true;
  render();
}

export function onCellEnter(i) {
  if (!st.dragging) return;
  if (st.tool === 'jigsaw') { paintRegion(i, false); return; }
  if (LINE_TOOLS[st.tool]) { extendLine(i); return; }
  if (!st.selection.includes(i)) {
    st.selection.push(i);
    st.cursor = i;
    render();
  }
}

// Dragging a line: back onto the cell before the last takes the last off; a cell further on
// adds the king steps towards it (a quick drag can skip a cell), stopping at the line itself.
export function extendLine(i) {
  if (!st.selection.length || st.selection[st.selection.length - 1] === i) return;
  if (st.selection.length > 1 && st.selection[st.selection.length - 2] === i) {
    st.selection.pop();
  } else {
    let last = st.selection[st.selection.length - 1];
    while (last !== i) {
      const r = rowOf(last) + Math.sign(rowOf(i) - rowOf(last)), c = colOf(last) + Math.sign(colOf(i) - colOf(last));
      const next = r * st.S.n + c;
      if (st.selection.includes(next)) break;
      st.selection.push(next);
      last = next;
    }
  }
  st.cursor = st.selection[st.selection.length - 1];
  st.dragged = true;
  render();
}

// Letting go of a line drag of two cells or more adds the line (a click, or Shift+click
// building a line cell by cell, adds nothing until Add or Enter).
export function endDrag() {
  const was = st.dragging && st.dragged;
  st.dragging = false;
  st.dragged = false;
  if (was && LINE_TOOLS[st.tool] && st.selection.length >= 2) addShape();
}

export function paintRegion(i, first) {
  const k = +$('#region-id').value;
  if (st.S.regions && st.S.regions[i] === k) return;
  const apply = () => {
    if (!st.S.regions) st.S.regions = regionsFromBoxes();
    st.S.regions[i] = k;
  };
  if (first) { commit(apply); } else { apply(); st.solution = null; render(); }
}

export function setDigit(value) {
  const targets = st.selection.length ? st.selection : [st.cursor];
  if (targets.every((i) => st.S.givens[i] === value)) return;
  commit(() => { for (const i of targets) st.S.givens[i] = value; });
}

// Sets the digit without a new undo step: the second keystroke of a two-digit number
// belongs to the first one's edit.
export function amendDigit(value) {
  const targets = st.selection.length ? st.selection : [st.cursor];
  for (const i of targets) st.S.givens[i] = value;
  st.lastKey = { cell: st.cursor, value, time: Date.now() };
  st.solution = null;
  render();
}

// Two keystrokes quickly into one cell make a two-digit number on big grids (1 then 2 = 12).
export function continues(v) {
  return st.S.n > 9 && st.lastKey.cell === st.cursor && Date.now() - st.lastKey.time < 900 && st.lastKey.value * 10 + v <= st.S.n;
}

export function typed(ch) {
  const v = symbolValue(ch);
  if (v < 1) return false;
  if (/^[0-9]$/.test(ch) && continues(v)) { amendDigit(st.lastKey.value * 10 + v); return true; }
  if (v > st.S.n) { showError(`${ch} is not a digit of this ${st.S.n}x${st.S.n} grid`); return true; }
  setDigit(v);
  st.lastKey = { cell: st.cursor, value: v, time: Date.now() };
  return true;
}

export function move(dr, dc, extend) {
  const n = st.S.n;
  const r = (rowOf(st.cursor) + dr + n) % n;
  const c = (colOf(st.cursor) + dc + n) % n;
  st.cursor = r * n + c;
  if (extend) { if (!st.selection.includes(st.cursor)) st.selection.push(st.cursor); } else st.selection = [st.cursor];
  render();
}

export function onKey(e) {
  const t = e.target;
  if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT')) return;
  const ctrl = e.ctrlKey || e.metaKey;
  const key = e.key;
  if (ctrl && (key === 'z' || key === 'Z')) { e.preventDefault(); if (e.shiftKey) restore(st.redoStack, st.undoStack); else restore(st.undoStack, st.redoStack); return; }
  if (ctrl && (key === 'y' || key === 'Y')) { e.preventDefault(); restore(st.redoStack, st.undoStack); return; }
  if (ctrl || e.altKey) return;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[key]) { e.preventDefault(); move(...moves[key], e.shiftKey); return; }
  if (key === '0' && continues(0)) { e.preventDefault(); amendDigit(st.lastKey.value * 10); return; }
  if (key === 'Delete' || key === 'Backspace' || key === '0' || key === '.') {
    e.preventDefault();
    st.lastKey = { cell: -1, value: 0, time: 0 };
    setDigit(0);
    return;
  }
  if (key === 'Enter') { e.preventDefault(); addShape(); return; }
  if (key === 'Escape') { st.selection = []; st.pendingArea = null; render(); return; }
  if (key.length === 1 && typed(key)) e.preventDefault();
}
