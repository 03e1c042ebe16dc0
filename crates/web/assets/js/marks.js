// The pictures of the puzzle's rules, every one (those the page edits and those it holds as
// JSON, `S.kept`), drawn by the server: each rule's Rust file says what it draws (`draw`:
// lines, thermometers, dots, cages, shading, text …) and POST /api/marks answers it drawn by
// the pictures' own code, as SVG layers (under the digits, over the borders, outside the
// grid) in units of 100 a cell. The page holds no drawing or colour of any rule: it stacks
// the layers around its cells.
//
// As the uniqueness check (unique.js): an edit waits a moment, then asks; the next edit
// aborts the request in flight, so only the last rules' answer is drawn. Until it comes the
// previous answer stays on the board; `#underlay`'s `data-marks` says "pending" or "drawn".

import { api } from './api.js';
import { $ } from './dom.js';
import { toPuzzleJson } from './state.js';

// A short wait after an edit, so that a drag or an undo burst is one request.
const SETTLE_MS = 30;
// How long to wait before asking again when every solver slot is taken.
const BUSY_RETRY_MS = 500;

let shown = { key: '', answer: null }; // the rules (their JSON) drawn, and the answer drawn
let wanted = ''; // the rules whose answer is awaited (or drawn)
let inFlight = null; // the AbortController of the request running, or null
let timer = 0; // the settling wait's timeout, or 0

function stop() {
  if (inFlight) inFlight.abort();
  inFlight = null;
  clearTimeout(timer);
  timer = 0;
}

const mark = (state) => { $('#underlay').dataset.marks = state; };

// The server's layers for the puzzle's rules now, or the last ones while they are on their
// way (null: none to draw). `redraw` is called when a new answer comes. The givens are left
// out: they draw nothing, and typing a digit asks nothing.
export function puzzleMarks(redraw) {
  const { size, box, regions, rules } = toPuzzleJson();
  if (!rules.length) {
    stop();
    shown = { key: '', answer: null };
    wanted = '';
    mark('drawn');
    return null;
  }
  const puzzle = { size, box, regions, rules };
  const key = JSON.stringify(puzzle);
  if (key === shown.key) {
    if (wanted !== key) stop();
    wanted = key;
  } else if (key !== wanted) {
    stop();
    wanted = key;
    timer = setTimeout(() => { timer = 0; ask(puzzle, key, redraw); }, SETTLE_MS);
  }
  mark(key === shown.key ? 'drawn' : 'pending');
  const answer = shown.answer;
  return answer && answer.size === size ? answer : null;
}

async function ask(puzzle, key, redraw) {
  const controller = new AbortController();
  inFlight = controller;
  let answer = null;
  try {
    answer = await api('marks', { puzzle }, controller.signal);
  } catch (e) {
    if (controller.signal.aborted) return; // the next edit's request took over
    if (controller === inFlight) inFlight = null;
    // A busy server (every slot solving): the drawing stays as it is and asks again soon.
    if (e.code === 503 && key === wanted) { timer = setTimeout(() => { timer = 0; ask(puzzle, key, redraw); }, BUSY_RETRY_MS); return; }
    answer = null; // nothing to draw: the rules are listed, and the solver names what is wrong
  } finally {
    if (controller === inFlight) inFlight = null;
  }
  if (key !== wanted) return;
  shown = { key, answer };
  redraw();
}
