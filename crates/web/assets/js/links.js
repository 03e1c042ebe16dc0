// Import, export, downloads and links (share, SudokuPad, f-puzzles).
import { api, run, setStatus, showError } from './api.js';
import { $ } from './dom.js';
import { replacePuzzle, st, symbol, toPuzzleJson } from './state.js';

// Nor does a link written for it.
export function staleLinks() {
  $('#open-link').hidden = true;
  $('#share-link').value = '';
}

export async function importText(text) {
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

export function givensLine() {
  return st.S.givens.map((v) => (v ? symbol(v) : '.')).join('');
}

export function toBase64Url(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  bytes.forEach((b) => { bin += String.fromCharCode(b); });
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text) {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

export function shareLink() {
  const url = `${location.origin}${location.pathname}#p=${toBase64Url(JSON.stringify(toPuzzleJson()))}`;
  history.replaceState(null, '', url);
  $('#share-link').value = url;
  const done = () => setStatus('Share link ready (in the address bar and below)', 'ok');
  if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(url).then(() => setStatus('Share link copied', 'ok'), done);
  else done();
}

export async function loadFromHash() {
  const h = location.hash;
  if (h.startsWith('#p=')) {
    let puzzle;
    try { puzzle = JSON.parse(fromBase64Url(h.slice(3))); } catch (e) { showError('The link does not hold a puzzle'); return; }
    await run('Loading the shared puzzle', async () => {
      const r = await api('parse', { puzzle });
      replacePuzzle(r.puzzle);
      st.undoStack = [];
      setStatus('Loaded the shared puzzle', 'ok');
    });
  } else if (h.startsWith('#line=')) {
    await run('Loading the shared puzzle', async () => {
      const r = await api('parse', { line: decodeURIComponent(h.slice(6)) });
      replacePuzzle(r.puzzle);
      st.undoStack = [];
      setStatus('Loaded the shared puzzle', 'ok');
    });
  }
}

export function saveFile(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

export async function download(format) {
  await run(`Drawing ${format.toUpperCase()}`, async () => {
    const body = { puzzle: toPuzzleJson(), format };
    if (st.solution) body.solution = st.solution.map((v, i) => (st.S.givens[i] ? '.' : symbol(v))).join('');
    saveFile(await api('render', body), `sudoku.${format}`);
    setStatus(`Downloaded sudoku.${format}`, 'ok');
  });
}

// The puzzle as the server writes it (`sudoku-ip export`): `json`, `fpuzzles` or `link`
// (`site`: sudokupad or fpuzzles). A rule f-puzzles cannot say is an error, never dropped.
export async function exported(format, site) {
  const body = { puzzle: toPuzzleJson(), format };
  if (site) body.link = site;
  return (await api('export', body)).text;
}

// A file name from the title: "Renban (seed 9)" → renban-seed-9.
export const baseName = () => (st.S.meta.title || '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'sudoku';

export async function downloadText(format) {
  const label = format === 'fpuzzles' ? 'f-puzzles JSON' : 'JSON';
  await run(`Writing ${label}`, async () => {
    const name = `${baseName()}${format === 'fpuzzles' ? '.fpuzzles' : ''}.json`;
    saveFile(new Blob([await exported(format)], { type: 'application/json' }), name);
    setStatus(`Downloaded ${name}`, 'ok');
  });
}

export async function exportFpuzzles() {
  await run('Writing f-puzzles JSON', async () => {
    $('#io').value = await exported('fpuzzles');
    setStatus('Exported the f-puzzles JSON', 'ok');
  });
}

export const SITES = { sudokupad: 'SudokuPad', fpuzzles: 'f-puzzles' };

// The link goes in the field below the buttons and to the clipboard (when the browser lets
// the page write it), with an "Open in …" link beside the buttons.
export async function copyLink(site) {
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
