// Uniqueness as you draw: after each edit, the native engine counts the puzzle's solutions up
// to two with a short time limit (POST /api/count), and a line under the board says "unique",
// "2+ solutions", "no solution" or "checking…". The next edit aborts the check in flight: the
// browser drops its connection and the server stops the job (its stop flag is set when the
// request goes away), so only the last puzzle's check runs and only its answer is shown.

import { api } from './api.js';
import { $ } from './dom.js';
import { st, toPuzzleJson } from './state.js';

// Seconds a check may take; it says "not decided" beyond.
const TIME_LIMIT = 1;
// A short wait after an edit, so that typing a row is one check, not nine.
const SETTLE_MS = 120;

let inFlight = null; // the AbortController of the check running, or null
let timer = 0; // the settling wait's timeout, or 0
let checked = ''; // the puzzle (its JSON) the line speaks of

function show(state, text, title = '') {
  const el = $('#uniqueness');
  el.dataset.state = state;
  el.textContent = text;
  el.title = title;
}

// Starts a check of the puzzle as it now is, unless the line already speaks of it (or its
// check is on its way: a click that only moves the selection leaves it be).
export function checkSoon() {
  if (st.busy) return; // after the person's request (main.js calls again when idle)
  const puzzle = toPuzzleJson();
  const key = JSON.stringify(puzzle);
  if (key === checked) return;
  checked = key;
  if (inFlight) inFlight.abort();
  inFlight = null;
  clearTimeout(timer);
  show('checking', 'checking…');
  timer = setTimeout(() => { timer = 0; check(puzzle, key); }, SETTLE_MS);
}

// A request the person asked for (Solve, Count, …) goes first: the check in flight or waiting
// is dropped, so that it holds none of the server's solver slots, and starts again once the
// page is idle (main.js calls `checkSoon` then).
export function cancelCheck() {
  if (inFlight) inFlight.abort();
  inFlight = null;
  clearTimeout(timer);
  timer = 0;
  if (checked) show('idle', '');
  checked = '';
}

async function check(puzzle, key) {
  const controller = new AbortController();
  inFlight = controller;
  try {
    const r = await api('count', { puzzle, solver: 'native', max: 2, time_limit: TIME_LIMIT }, controller.signal);
    if (controller !== inFlight || key !== checked) return;
    if (r.status === 'infeasible') show('none', 'no solution', r.reason || '');
    else if (r.status === 'counted' && r.count === 1 && r.count_exact) show('unique', 'unique');
    else if (r.status === 'counted' && r.count >= 2) show('many', '2+ solutions');
    else show('unknown', 'not decided', r.reason || '');
  } catch (e) {
    if (controller.signal.aborted) return; // the next edit's check took over
    if (controller === inFlight) show('unknown', 'not checked', String(e.message || e));
  } finally {
    if (controller === inFlight) inFlight = null;
  }
}
