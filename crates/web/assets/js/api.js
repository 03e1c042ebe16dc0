// Requests to the JSON API, the status line and the report panel; `run` wraps a request in
// busy buttons and shows its error.
import { $, $$ } from './dom.js';
import { st } from './state.js';

// ------------------------------------------------------------------------------------------
// The API.

export class ApiError extends Error {
  constructor(message, field, code) { super(message); this.field = field; this.code = code; }
}

// `signal`: an AbortSignal that cancels the request (the uniqueness check's next edit).
export async function api(path, body, signal) {
  const res = await fetch(`/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
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

export function setStatus(text, state = 'idle') {
  const el = $('#status');
  el.textContent = text;
  el.dataset.state = state;
}

export const busyButtons = () => $$('#controls button');
// "Error in puzzle.rules[0].cages[2].sum: the sum …", naming the field once even when the
// server's message starts with it.
export function errorText(e) {
  let message = String(e.message || e);
  const field = e instanceof ApiError ? e.field : '';
  if (!field) return `Error: ${message}`;
  if (message.startsWith(field)) message = message.slice(field.length).replace(/^[:\s]+/, '');
  return `Error in ${field}: ${message}`;
}

// An error goes to the status line and to the report panel (next to the board, where the
// last result was), replacing that result.
export function showError(text) {
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
export function staleReport() {
  const report = $('#report');
  if (report.dataset.state === 'empty') return;
  report.innerHTML = '';
  report.dataset.state = 'empty';
}

// What the page does when a request starts (main.js: the uniqueness check steps aside) and
// when it is over (the buttons the server offers, the check again).
export const whenBusy = [];
export const whenIdle = [];

export async function run(label, work) {
  st.busy = true;
  whenBusy.forEach((f) => f());
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
    st.busy = false;
    busyButtons().forEach((b) => { b.disabled = false; });
    whenIdle.forEach((f) => f());
  }
}

export const fmtMs = (ms) => (ms == null ? '–' : ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`);
export const fmtSize = (m) => (m ? `${m.variables} variables, ${m.rows} rows, ${m.nonzeros} nonzeros, ${m.fixed} fixed` : '–');

export function showReport(rows) {
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

export function statsRows(r) {
  const s = r.stats || {};
  return [
    ['Status', r.status],
    ['Reason', r.reason],
    ['Solutions', r.count == null ? null : `${r.count_exact ? '' : 'at least '}${r.count}`],
    ['Unique', r.unique == null ? null : r.unique ? 'yes' : 'no'],
    ['Solver', s.solver],
    ['Model', fmtSize(s.model)],
    ['Presolve', s.presolve],
    ['After presolve', s.presolved ? fmtSize(s.presolved) : null],
    ['Solver not called', s.solver_not_called],
    ['Time', fmtMs(s.time_ms)],
    ['Search', fmtMs(s.search_ms)],
    ['Nodes', s.nodes],
    ['Guesses', s.guesses],
    ['Solver calls', s.solver_calls],
    ['LP iterations', s.lp_iterations],
    ['Objective', s.objective],
    ['Objective reduced', s.objective_reduced == null ? null : `proved constant (${s.objective_reduced}) by presolve; the solver minimised zero`],
    ['MIP gap', s.mip_gap],
    ['MIP start', s.mip_start == null ? null : `${s.mip_start}${s.mip_start_ms == null ? '' : ` (native search ${fmtMs(s.mip_start_ms)})`}`],
    ['Time limit', s.time_limit_s == null ? null : `${s.time_limit_s} s`],
  ];
}

export const flat = (grid) => grid.rows.flat();

export function ratingRows(rating) {
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
