// Solve, Count, Check uniqueness, Rate and Generate, with the solver and time limit typed.
import { api, flat, fmtMs, ratingRows, run, setStatus, showError, showReport, statsRows } from './api.js';
import { render } from './board.js';
import { $ } from './dom.js';
import { SWITCHES, boxText, replacePuzzle, st, toPuzzleJson } from './state.js';

// The solver and the time limit typed. A time limit that is not a number of seconds > 0 is
// refused, in the report and on the box, never replaced by another.
export function solverOptions() {
  const t = timeLimit();
  if (typeof t === 'string') throw new Error(t);
  return { solver: $('#solver').value, time_limit: t };
}

// The time limit box's seconds, or why they are not a time limit (and the box marked).
export function timeLimit() {
  const box = $('#time-limit');
  const raw = box.value.trim();
  const t = Number(raw);
  const max = st.health ? st.health.limits.max_time_s : Infinity;
  let why = '';
  if (box.validity.badInput || raw === '') why = 'Time limit: type a number of seconds';
  else if (!(Number.isFinite(t) && t > 0)) why = `Time limit: ${raw} s is not a time limit; type a number of seconds above 0`;
  else if (t > max) why = `Time limit: ${raw} s is above this server's ${max} s; type at most ${max}`;
  box.setAttribute('aria-invalid', why ? 'true' : 'false');
  box.title = why;
  return why || t;
}

export async function solve(unique) {
  await run(unique ? 'Checking uniqueness' : 'Solving', async () => {
    const o = solverOptions();
    if (o.solver !== 'native') {
      o.objective = $('#objective').value;
      o.presolve = $('#presolve').value;
    }
    const r = await api('solve', { puzzle: toPuzzleJson(), ...o, unique });
    st.solution = r.solution ? flat(r.solution) : null;
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

export async function count() {
  await run('Counting', async () => {
    const r = await api('count', { puzzle: toPuzzleJson(), ...solverOptions(), max: 1000 });
    showReport(statsRows(r));
    if (r.status === 'counted') setStatus(`${r.count_exact ? 'Exactly' : 'At least'} ${r.count} solution${r.count === 1 ? '' : 's'}`, 'ok');
    else if (r.status === 'infeasible') setStatus(`No solution: ${r.reason}`, 'error');
    else setStatus(`Unknown: ${r.reason}`, 'error');
  });
}

export async function rate() {
  await run('Rating', async () => {
    const r = await api('rate', { puzzle: toPuzzleJson(), time_limit: solverOptions().time_limit });
    showReport(ratingRows(r));
    if (r.status === 'rated') setStatus(`Difficulty: ${r.grade}`, 'ok');
    else setStatus(`Unknown: ${r.reason}`, 'error');
  });
}

export async function generate() {
  await run('Generating', async () => {
    const body = { size: st.S.n, rules: SWITCHES.filter((r) => st.S.rules[r]), time_limit: solverOptions().time_limit };
    if (st.S.regions) body.regions = toPuzzleJson().regions;
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
    showReport([['Givens', r.clues], ['Unique', 'yes (proved)'], ['Seed', r.seed], ['Time', fmtMs(r.time_ms)], ...rated]);
    setStatus(`Generated a puzzle with ${r.clues} givens and a unique solution${r.rating ? ` (${r.rating.grade})` : ''}`, 'ok');
  });
}
