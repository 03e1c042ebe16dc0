// The list of shapes under Draw, each with its remove button.
import { $ } from './dom.js';
import { ARROWS, LINE_TYPES, OUTSIDE_TOOLS, OUTSIDE_TYPES, lineKey, lineRuleName, markLists } from './kinds.js';
import { cellIndex, cellName, colOf, commit, rowOf, st, symbol, valueDots } from './state.js';

// "Renban: 6 lines", "Little killer: 6 clues", "Low before high: {"rows":[1,5,9]}".
export function keptLabel(rule) {
  const name = rule.type.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
  const count = (list, one) => `${list.length} ${one}${list.length === 1 ? '' : 's'}`;
  for (const [key, one] of [['lines', 'line'], ['clues', 'clue'], ['quads', 'quadruple'], ['cells', 'cell'], ['clones', 'pair']]) {
    if (Array.isArray(rule[key])) return `${name}: ${count(rule[key], one)}`;
  }
  const rest = { ...rule };
  delete rest.type;
  return `${name}: ${JSON.stringify(rest)}`;
}

export function renderShapes() {
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
  st.S.cages.forEach((c, k) => add(`cage-${k}`, `Cage ${c.sum == null ? '(no sum)' : c.sum}: ${names(c.cells)}`, () => st.S.cages.splice(k, 1)));
  st.S.thermos.forEach((t, k) => add(`thermo-${k}`, `Thermometer: ${names(t, ' → ')}`, () => st.S.thermos.splice(k, 1)));
  st.S.arrows.forEach((a, k) => add(`arrow-${k}`, `Arrow: (${cellName(a.circle)}) ${names(a.cells, ' → ')}`, () => st.S.arrows.splice(k, 1)));
  const pairs = [['white', 'Kropki white'], ['black', 'Kropki black'], ['xs', 'X'], ['vs', 'V']];
  for (const [key, label] of pairs) st.S[key].forEach((p, k) => add(`${key}-${k}`, `${label}: ${names(p, '–')}`, () => st.S[key].splice(k, 1)));
  if (st.S.odd.length) add('odd', `Odd: ${names(st.S.odd)}`, () => { st.S.odd = []; });
  if (st.S.even.length) add('even', `Even: ${names(st.S.even)}`, () => { st.S.even = []; });
  st.S.extra.forEach((r, k) => add(`extra-${k}`, `Extra region: ${names(r)}`, () => st.S.extra.splice(k, 1)));
  st.S.kept.forEach((rule, k) => {
    // A line rule's lines one by one, each with its own remove button (the rule goes with its last line).
    const key = lineKey(rule);
    if (LINE_TYPES.has(rule.type) && Array.isArray(rule[key])) {
      rule[key].forEach((line, j) => add(`line-${k}-${j}`, `${lineRuleName(rule)}: ${line.join(' → ')}`, () => {
        st.S.kept[k][key].splice(j, 1);
        if (!st.S.kept[k][key].length) st.S.kept.splice(k, 1);
      }));
      return;
    }
    const marks = markLists(rule.type);
    if (marks.length) {
      for (const spec of marks) {
        if (!(rule[spec.key] || []).length) continue;
        add(`${spec.key}-${k}`, `${spec.name}: ${rule[spec.key].join(' ')}`, () => {
          st.S.kept[k][spec.key] = [];
          if (marks.every((m) => !(st.S.kept[k][m.key] || []).length)) st.S.kept.splice(k, 1);
        });
      }
      return;
    }
    if (rule.type === 'low-before-high' && Array.isArray(rule.rows)) {
      add(`lowhigh-${k}`, `Low before high: rows ${rule.rows.join(' ')}`, () => st.S.kept.splice(k, 1));
      return;
    }
    if (rule.type === 'digital-root' && Array.isArray(rule.cages)) {
      rule.cages.forEach((cage, j) => add(`drcage-${k}-${j}`, `Digital-root cage DR${cage.root}: ${(cage.cells || []).join(' ')}`, () => {
        st.S.kept[k].cages.splice(j, 1);
        if (!st.S.kept[k].cages.length) st.S.kept.splice(k, 1);
      }));
      return;
    }
    if (rule.type === 'pill-arrow' && Array.isArray(rule.arrows)) {
      rule.arrows.forEach((arrow, j) => add(`pill-${k}-${j}`, `Pill arrow: (${(arrow.pill || []).join(' ')}) ${(arrow.cells || []).join(' → ')}`, () => {
        st.S.kept[k].arrows.splice(j, 1);
        if (!st.S.kept[k].arrows.length) st.S.kept.splice(k, 1);
      }));
      return;
    }
    if (rule.type === 'kropki-values') {
      for (const dot of valueDots()) {
        add(`dot-${k}-${dot.key}-${dot.j}`, `${dot.black ? 'Ratio' : 'Difference'} dot ${dot.value}: ${dot.cells.join('–')}`, () => {
          const kept = st.S.kept[k];
          kept[dot.key].splice(dot.j, 1);
          if (!(kept.differences || []).length && !(kept.ratios || []).length) st.S.kept.splice(k, 1);
        });
      }
      return;
    }
    if (rule.type === 'clone' && Array.isArray(rule.clones)) {
      rule.clones.forEach((pair, j) => add(`clone-${k}-${j}`, `Clone: ${(pair.cells || []).join(' ')} = ${(pair.copy || []).join(' ')}`, () => {
        st.S.kept[k].clones.splice(j, 1);
        if (!st.S.kept[k].clones.length) st.S.kept.splice(k, 1);
      }));
      return;
    }
    if (rule.type === 'candidates' && Array.isArray(rule.cells)) {
      rule.cells.forEach((given, j) => add(`pencil-${k}-${j}`, `Pencil marks ${(given.digits || []).map(symbol).join(' ')}: ${given.cell}`, () => {
        st.S.kept[k].cells.splice(j, 1);
        if (!st.S.kept[k].cells.length) st.S.kept.splice(k, 1);
      }));
      return;
    }
    if (rule.type === 'quadruple' && Array.isArray(rule.quads)) {
      rule.quads.forEach((q, j) => add(`quad-${k}-${j}`, `Quadruple ${(q.digits || []).map(symbol).join(' ')}: ${(q.cells || []).join(' ')}`, () => {
        st.S.kept[k].quads.splice(j, 1);
        if (!st.S.kept[k].quads.length) st.S.kept.splice(k, 1);
      }));
      return;
    }
    // An outside rule's clues one by one too.
    if (OUTSIDE_TYPES.has(rule.type) && Array.isArray(rule.clues)) {
      const name = Object.values(OUTSIDE_TOOLS).find((t) => t.type === rule.type).name;
      rule.clues.forEach((clue, j) => {
        const place = outsidePlace(rule, clue);
        add(`clue-${k}-${j}`, `${name}: ${place ? place.what : JSON.stringify(clue)}`, () => {
          st.S.kept[k].clues.splice(j, 1);
          if (!st.S.kept[k].clues.length) st.S.kept.splice(k, 1);
        });
      });
      return;
    }
    add(`kept-${k}`, `${keptLabel(rule)} (imported; no tool to edit it here)`, () => st.S.kept.splice(k, 1));
  });
}

// Where an outside clue stands, [row, col] with -1 and n the margin, and what it shows:
// a side clue beside its row or column, a little killer clue before its diagonal's first
// cell with an arrow along it. Null for a clue that is neither.
export function outsidePlace(rule, clue) {
  const n = st.S.n;
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
