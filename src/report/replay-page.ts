import type { Replay } from '../cards/board.js';
import { InputError, quote } from '../io/errors.js';
import { isObject } from '../io/json.js';
import { esc, page, scriptJson } from './html.js';

// `patience replay --solution FILE --out replay.html`: a solution or game record played out on
// a board, with `--analysis A.json` (analyse --json) drawn over its moves. The positions are computed here by the rules engine (every move replayed, an illegal
// one is an error) and embedded as JSON; the page's small script only draws them. Offline.

const CSS = `
main { max-width: 1280px; }
.top { display: flex; gap: 18px; align-items: baseline; flex-wrap: wrap; }
.controls { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin: 14px 0 10px; padding: 10px 12px; background: var(--panel); border: 1px solid var(--line); border-radius: 8px; }
.controls button { font: inherit; font-size: 15px; min-width: 40px; padding: 5px 10px; border: 1px solid #c4cad0; border-radius: 6px; background: #fff; cursor: pointer; }
.controls button:hover { background: #eef3f9; }
.controls button:disabled { opacity: .45; cursor: default; }
.controls input[type=range] { flex: 1; min-width: 200px; accent-color: var(--accent); }
#status { font-variant-numeric: tabular-nums; min-width: 190px; }
#current { font-weight: 600; }
.keys { color: var(--muted); font-size: 12px; }
.stage { display: flex; gap: 22px; align-items: flex-start; }
.table { flex: 1; background: radial-gradient(ellipse at center, #2e7d4f 0%, #1f5e3a 100%); border-radius: 14px; padding: 18px; box-shadow: inset 0 0 40px rgba(0,0,0,.25); overflow: auto; }
.board { display: grid; gap: 12px 14px; justify-content: center; }
.pile { display: flex; flex-direction: column; gap: 3px; align-items: center; min-width: 52px; }
.pile .label { font-size: 11px; color: #d5eadb; letter-spacing: .02em; white-space: nowrap; }
.pile.source .label { color: #ffd84d; font-weight: 700; }
.pile.source .cards { outline: 2px dashed #ffd84d; outline-offset: 3px; border-radius: 6px; }
.cards { display: flex; position: relative; }
.fan-down .cards { flex-direction: column; } .fan-down .card + .card { margin-top: -46px; }
.fan-up { justify-content: flex-end; flex-direction: column-reverse; align-self: end; }
.fan-up .cards { flex-direction: column-reverse; } .fan-up .card + .card { margin-bottom: -46px; }
.fan-down { align-self: start; }
.fan-right { align-items: flex-start; justify-self: start; } .fan-right .card + .card { margin-left: -21px; }
.fan-left { align-items: flex-end; justify-self: end; } .fan-left .cards { flex-direction: row-reverse; } .fan-left .card + .card { margin-right: -21px; }
.card { width: 48px; height: 66px; border-radius: 6px; background: #fff; border: 1px solid #9aa4ad; box-shadow: 0 1px 2px rgba(0,0,0,.35); position: relative; flex: none; color: #1b1f23; }
.card .i { position: absolute; top: 3px; left: 3px; font: 700 13px/1 system-ui, sans-serif; letter-spacing: -0.5px; white-space: nowrap; }
.card .i.rot { top: auto; left: auto; bottom: 3px; right: 3px; transform: rotate(180deg); }
.card .big { position: absolute; left: 0; right: 0; top: 21px; text-align: center; font-size: 24px; line-height: 1; }
.card.red { color: #c0262d; }
.card.packb { background: #fff7e0; }
.card.down { background: repeating-linear-gradient(45deg, #2f5fa8 0 5px, #3b6fbd 5px 10px); border-color: #1e3f73; }
.card.moved { box-shadow: 0 0 0 3px #ffd84d, 0 2px 6px rgba(0,0,0,.5); z-index: 2; }
.slot { width: 48px; height: 66px; border-radius: 6px; border: 2px dashed rgba(255,255,255,.35); }
.count { position: absolute; right: -6px; top: -8px; background: #0d3320; color: #fff; font-size: 11px; border-radius: 9px; padding: 1px 6px; z-index: 3; }
.moves { width: 250px; flex: none; }
.moves ol { margin: 0; padding: 6px 0; max-height: 640px; overflow-y: auto; border: 1px solid var(--line); border-radius: 8px; list-style: none; counter-reset: m; font: 13px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.moves li { padding: 1px 10px; cursor: pointer; counter-increment: m; white-space: nowrap; }
.moves li::before { content: counter(m) ". "; color: var(--muted); display: inline-block; min-width: 3.2em; text-align: right; margin-right: 6px; }
.moves li:hover { background: #eef3f9; }
.moves li.current { background: #ffe58a; font-weight: 700; }
.moves .who { color: var(--muted); margin-right: 6px; }
.moves li.losing { color: #b3261e; font-weight: 700; }
.moves li.losing::after { content: " ← losing move"; font-weight: 400; font-size: 11px; }
.analysis { margin: 0 0 12px; }
.analysis svg { width: 100%; height: auto; display: block; cursor: pointer; border: 1px solid var(--line); border-radius: 8px; background: #fff; }
.analysis .legend { color: var(--muted); font-size: 12px; margin-top: 4px; }
`;

// The page's script: draws frame k, marks what the move into it changed, and steps.
const SCRIPT = String.raw`
(function () {
  var CHART = { left: 40, width: 900, total: 960 };
  var data = JSON.parse(document.getElementById('replay-data').textContent);
  var SUIT = { S: '\u2660', H: '\u2665', D: '\u2666', C: '\u2663' };
  var n = data.moves.length, k = 0, timer = null;
  var board = document.getElementById('board');
  var slider = document.getElementById('slider');
  var list = document.getElementById('movelist');
  var status = document.getElementById('status');
  var current = document.getElementById('current');
  board.style.gridTemplateColumns = 'repeat(' + data.layout.columns + ', auto)';
  var piles = {};
  data.layout.piles.forEach(function (p) {
    var el = document.createElement('div');
    el.className = 'pile fan-' + p.fan;
    el.dataset.pile = p.id;
    el.style.gridRow = String(p.row + 1);
    el.style.gridColumn = (p.column + 1) + ' / span ' + (p.span || 1);
    var label = document.createElement('div');
    label.className = 'label';
    label.textContent = p.label;
    var cards = document.createElement('div');
    cards.className = 'cards';
    el.appendChild(label);
    el.appendChild(cards);
    board.appendChild(el);
    piles[p.id] = { spec: p, el: el, cards: cards };
  });
  data.moves.forEach(function (m, i) {
    var li = document.createElement('li');
    li.dataset.move = String(i + 1);
    if (m.player) {
      var who = document.createElement('span');
      who.className = 'who';
      who.textContent = m.player;
      li.appendChild(who);
    }
    li.appendChild(document.createTextNode(m.text));
    li.addEventListener('click', function () { stop(); show(i + 1); });
    list.appendChild(li);
  });
  function cardEl(text, moved) {
    var c = document.createElement('div');
    c.dataset.card = text;
    if (text === '??') { c.className = 'card down'; return c; }
    var b = text.charAt(text.length - 1) === "'";
    var t = b ? text.slice(0, -1) : text;
    var rank = t.slice(0, -1), suit = t.slice(-1);
    c.className = 'card' + (suit === 'H' || suit === 'D' ? ' red' : '') + (b ? ' packb' : '') + (moved ? ' moved' : '');
    c.title = text;
    // An index in two corners, as on real cards: a pile spread upwards shows the bottom one.
    var index = (rank === 'T' ? '10' : rank) + (SUIT[suit] || suit);
    var a = document.createElement('span'); a.className = 'i'; a.textContent = index;
    var z = document.createElement('span'); z.className = 'i rot'; z.textContent = index;
    var g = document.createElement('span'); g.className = 'big'; g.textContent = SUIT[suit] || suit;
    c.appendChild(a); c.appendChild(g); c.appendChild(z);
    return c;
  }
  function show(to) {
    k = Math.max(0, Math.min(n, to));
    var now = data.frames[k], before = k > 0 ? data.frames[k - 1] : null;
    Object.keys(piles).forEach(function (id) {
      var p = piles[id], cur = now[id] || [], prev = before ? before[id] || [] : cur;
      var same = 0;
      while (same < cur.length && same < prev.length && cur[same] === prev[same]) same++;
      p.el.classList.toggle('source', before !== null && prev.length > same);
      p.cards.textContent = '';
      if (cur.length === 0) { var slot = document.createElement('div'); slot.className = 'slot'; p.cards.appendChild(slot); return; }
      if (p.spec.fan === 'none') {
        p.cards.appendChild(cardEl(cur[cur.length - 1], before !== null && cur.length > same));
        if (cur.length > 1) { var c = document.createElement('span'); c.className = 'count'; c.textContent = String(cur.length); p.cards.appendChild(c); }
        return;
      }
      cur.forEach(function (t, i) { p.cards.appendChild(cardEl(t, before !== null && i >= same)); });
    });
    slider.value = String(k);
    status.textContent = k === 0 ? 'start: before move 1 of ' + n : 'after move ' + k + ' of ' + n;
    current.textContent = k === 0 ? '' : data.moves[k - 1].text;
    var old = list.querySelector('li.current');
    if (old) old.classList.remove('current');
    if (k > 0) {
      var li = list.children[k - 1];
      li.classList.add('current');
      var top = li.offsetTop - list.offsetTop, h = list.clientHeight;
      if (top < list.scrollTop || top > list.scrollTop + h - 24) list.scrollTop = top - h / 2;
    }
    document.getElementById('prev').disabled = k === 0;
    document.getElementById('first').disabled = k === 0;
    document.getElementById('next').disabled = k === n;
    document.getElementById('last').disabled = k === n;
    document.body.dataset.step = String(k);
    var cursor = document.getElementById('cursor');
    if (cursor) { var x = xOf(k); cursor.setAttribute('x1', x); cursor.setAttribute('x2', x); }
  }
  // The analysis chart: a click goes to the ply under it.
  var chart = document.getElementById('chart');
  function xOf(ply) { return String(CHART.left + (n === 0 ? 0 : (ply / n) * CHART.width)); }
  if (chart) chart.addEventListener('click', function (e) {
    var box = chart.getBoundingClientRect();
    var x = ((e.clientX - box.left) / box.width) * CHART.total;
    stop(); show(Math.round(((x - CHART.left) / CHART.width) * n));
  });
  if (data.analysis && data.analysis.losingPly !== null) list.children[data.analysis.losingPly - 1].classList.add('losing');
  function stop() {
    if (timer !== null) { clearInterval(timer); timer = null; }
    document.getElementById('play').textContent = '\u25B6 play';
    document.body.dataset.playing = 'false';
  }
  function play() {
    if (timer !== null) { stop(); return; }
    if (k === n) show(0);
    document.getElementById('play').textContent = '\u23F8 pause';
    document.body.dataset.playing = 'true';
    timer = setInterval(function () { if (k >= n) stop(); else show(k + 1); }, Number(document.getElementById('speed').value));
  }
  slider.max = String(n);
  slider.addEventListener('input', function () { stop(); show(Number(slider.value)); });
  document.getElementById('first').addEventListener('click', function () { stop(); show(0); });
  document.getElementById('prev').addEventListener('click', function () { stop(); show(k - 1); });
  document.getElementById('next').addEventListener('click', function () { stop(); show(k + 1); });
  document.getElementById('last').addEventListener('click', function () { stop(); show(n); });
  document.getElementById('play').addEventListener('click', play);
  // A clicked button gives the keyboard back to the page (else space would also press it).
  Array.prototype.forEach.call(document.querySelectorAll('.controls button'), function (b) {
    b.addEventListener('click', function () { b.blur(); });
  });
  document.getElementById('speed').addEventListener('change', function () { if (timer !== null) { stop(); play(); } });
  document.addEventListener('keydown', function (e) {
    if (e.target && e.target.tagName === 'SELECT') return;
    if (e.key === 'ArrowRight') { stop(); show(k + 1); e.preventDefault(); }
    else if (e.key === 'ArrowLeft') { stop(); show(k - 1); e.preventDefault(); }
    else if (e.key === 'Home') { stop(); show(0); e.preventDefault(); }
    else if (e.key === 'End') { stop(); show(n); e.preventDefault(); }
    else if (e.key === ' ') { play(); e.preventDefault(); }
  });
  show(0);
  document.body.dataset.ready = 'true';
})();
`;

// The chart's geometry (the script's CHART holds the same numbers).
const LEFT = 40,
  WIDTH = 900,
  TOTAL = 960,
  TOP = 10,
  HEIGHT = 120,
  STRIP = 10;
const VERDICT_COLOUR: Record<string, string> = { winnable: '#2e7d4f', lost: '#b3261e', unknown: '#b8bec4' };

/** The analysis over the moves, as an SVG: the chance and its interval (when estimated), a strip
 *  of verdicts under it, the losing move marked, and a cursor at the shown position. */
function analysisChart(r: Replay): string {
  const a = r.analysis;
  if (!a) return '';
  const n = r.moves.length;
  const x = (ply: number) => (LEFT + (n === 0 ? 0 : (ply / n) * WIDTH)).toFixed(1);
  const y = (p: number) => (TOP + (1 - p) * HEIGHT).toFixed(1);
  const parts: string[] = [];
  for (const t of [0, 0.5, 1])
    parts.push(
      `<line x1="${LEFT}" x2="${LEFT + WIDTH}" y1="${y(t)}" y2="${y(t)}" stroke="#e3e6e9"/><text x="${LEFT - 6}" y="${y(t)}" font-size="10" text-anchor="end" dominant-baseline="middle" fill="#6a737d">${t * 100}%</text>`,
    );
  const pts = a.points.map((q, k) => ({ k, c: q.chance })).filter((q) => q.c !== undefined);
  if (pts.length) {
    const band = [...pts.map((q) => `${x(q.k)},${y(q.c!.hi)}`), ...pts.reverse().map((q) => `${x(q.k)},${y(q.c!.lo)}`)];
    pts.reverse();
    parts.push(`<polygon points="${band.join(' ')}" fill="#3b6fbd" fill-opacity="0.18"/>`);
    parts.push(
      `<polyline points="${pts.map((q) => `${x(q.k)},${y(q.c!.p)}`).join(' ')}" fill="none" stroke="#2f5fa8" stroke-width="1.6"/>`,
    );
  }
  const sy = TOP + HEIGHT + 6;
  const w = n === 0 ? WIDTH : WIDTH / n;
  a.points.forEach((q, k) => {
    const x0 = Math.max(LEFT, LEFT + (n === 0 ? 0 : (k / n) * WIDTH) - w / 2);
    const x1 = Math.min(LEFT + WIDTH, LEFT + (n === 0 ? WIDTH : (k / n) * WIDTH) + w / 2);
    parts.push(
      `<rect x="${x0.toFixed(1)}" y="${sy}" width="${(x1 - x0).toFixed(1)}" height="${STRIP}" fill="${VERDICT_COLOUR[q.verdict] ?? '#b8bec4'}"><title>${k}: ${esc(q.verdict)}</title></rect>`,
    );
  });
  if (a.losingPly !== null)
    parts.push(
      `<line x1="${x(a.losingPly)}" x2="${x(a.losingPly)}" y1="${TOP}" y2="${sy + STRIP}" stroke="#b3261e" stroke-width="2" stroke-dasharray="4 3"/><text x="${x(a.losingPly)}" y="${TOP + 10}" dx="${a.losingPly > n / 2 ? -4 : 4}" text-anchor="${a.losingPly > n / 2 ? 'end' : 'start'}" font-size="11" fill="#b3261e">losing move ${a.losingPly}</text>`,
    );
  parts.push(
    `<line id="cursor" x1="${LEFT}" x2="${LEFT}" y1="${TOP}" y2="${sy + STRIP}" stroke="#1b1f23" stroke-width="1"/>`,
  );
  const height = sy + STRIP + 6;
  const legend = [
    pts.length ? 'blue: the chance of winning without seeing the face-down cards, with its 95% interval' : '',
    'strip: the verdict at each position (green winnable, red lost, grey unknown at the budget)',
    a.losingPly !== null
      ? `red dashes: the losing move (${a.losingPly}. ${esc(r.moves[a.losingPly - 1].text)})`
      : 'no losing move',
    a.continuation
      ? `a winning line from ${a.continuation.from === 0 ? 'the deal' : `after move ${a.continuation.from}`} (${a.continuation.moves.length} moves): <code class="continuation">${esc(a.continuation.moves.join(' '))}</code>`
      : '',
  ].filter(Boolean);
  return `<div class="analysis"><svg id="chart" viewBox="0 0 ${TOTAL} ${height}" role="img" aria-label="analysis of the line">${parts.join('')}</svg><div class="legend">${legend.join('; ')}. Click to go to a move.</div></div>`;
}

export function replayPage(r: Replay): string {
  const body = `<main>
<div class="top"><h1>${esc(r.title)}</h1>${r.notes.map((x) => `<span class="muted">${esc(x)}</span>`).join('')}</div>
<div class="controls">
  <button id="first" title="to the start (Home)">|◀</button>
  <button id="prev" title="one move back (←)">◀</button>
  <button id="play" title="play / pause (space)">▶ play</button>
  <button id="next" title="one move forward (→)">▶</button>
  <button id="last" title="to the end (End)">▶|</button>
  <select id="speed" title="speed"><option value="800">slow</option><option value="350" selected>normal</option><option value="100">fast</option></select>
  <input id="slider" type="range" min="0" value="0" step="1" aria-label="move">
  <span id="status"></span> <span id="current"></span>
</div>
${analysisChart(r)}
<div class="stage">
  <div class="table"><div class="board" id="board"></div></div>
  <div class="moves"><h3>Moves</h3><ol id="movelist"></ol><p class="keys">← → step, Home / End, space plays. Click a move to go there. The marked cards are the ones the move put down; the dashed pile is where they came from.</p></div>
</div>
<script type="application/json" id="replay-data">${scriptJson(r)}</script>
</main>`;
  return page(r.title, CSS, body, SCRIPT);
}

/** The analysis (`analyse --json`) of the line a replay shows, checked to be of that line: its
 *  game, one position per ply with the moves of the replay, verdicts and chances in range. */
export function analysisOf(doc: unknown, file: string, game: string, r: Replay): NonNullable<Replay['analysis']> {
  const bad = (what: string) => new InputError(`--analysis ${file}: ${what}`);
  if (!isObject(doc)) throw bad('expected a JSON object (analyse --json)');
  if (doc.game !== game) throw bad(`field "game" is ${quote(doc.game)}, the record's is ${quote(game)}`);
  if (!Array.isArray(doc.positions))
    throw bad('field "positions" is missing or not an array (an analysis of a one-player game, analyse --json)');
  const n = r.moves.length;
  if (doc.positions.length !== n + 1)
    throw bad(
      `${doc.positions.length} positions, but the record has ${n} moves (${n + 1} positions): not its analysis`,
    );
  const points = doc.positions.map((p, k) => {
    if (!isObject(p)) throw bad(`positions[${k}] is not an object`);
    const want = k === 0 ? null : r.moves[k - 1].text;
    if (p.move !== want)
      throw bad(`positions[${k}].move is ${quote(p.move)}, the record's move ${k} is ${quote(want)}: not its analysis`);
    if (p.verdict !== 'winnable' && p.verdict !== 'lost' && p.verdict !== 'unknown')
      throw bad(`positions[${k}].verdict must be winnable, lost or unknown`);
    if (p.chance === undefined) return { verdict: p.verdict };
    const c = p.chance;
    const unit = (v: unknown) => typeof v === 'number' && v >= 0 && v <= 1;
    if (!isObject(c) || !unit(c.p) || !unit(c.lo) || !unit(c.hi))
      throw bad(`positions[${k}].chance must be { p, lo, hi }, each between 0 and 1`);
    return { verdict: p.verdict, chance: { p: c.p as number, lo: c.lo as number, hi: c.hi as number } };
  });
  const lp = doc.losingPly;
  if (lp !== null && !(Number.isInteger(lp) && (lp as number) >= 1 && (lp as number) <= n))
    throw bad(`field "losingPly" must be null or a move number 1..${n}`);
  const continuation = continuationOf(doc.continuation, lp as number | null, points, bad);
  // The page shows the line as a winning one: it must be one, in this game's rules.
  const wrong = continuation && r.playLine ? r.playLine(continuation.from, continuation.moves) : null;
  if (wrong !== null)
    throw bad(`field "continuation" is no winning line from position ${continuation!.from}: ${wrong}`);
  return { points, losingPly: lp as number | null, ...(continuation ? { continuation } : {}) };
}

/** The most moves of a continuation read: a game of any of the games is shorter. */
const MAX_CONTINUATION = 10_000;

/** An analysis's `continuation` (a winning line from before the losing move, or from the last
 *  position when that is winnable and not won), checked: null, or move notations played from a
 *  position whose verdict is winnable. */
function continuationOf(
  v: unknown,
  losingPly: number | null,
  points: readonly { verdict: string }[],
  bad: (what: string) => InputError,
): { from: number; moves: string[] } | null {
  if (v === undefined || v === null) return null;
  if (!Array.isArray(v) || v.length === 0 || v.length > MAX_CONTINUATION)
    throw bad(`field "continuation" must be null or a list of 1 to ${MAX_CONTINUATION} moves`);
  v.forEach((m, i) => {
    if (typeof m !== 'string' || !/^[\x21-\x7e](?:[\x20-\x7e]{0,38}[\x21-\x7e])?$/.test(m))
      throw bad(`continuation[${i}] is ${quote(m)}, not a move's notation`);
  });
  const from = losingPly !== null ? losingPly - 1 : points.length - 1;
  if (points[from].verdict !== 'winnable')
    throw bad(
      `field "continuation" is a winning line from position ${from}, whose verdict is ${points[from].verdict}: not this analysis`,
    );
  return { from, moves: v as string[] };
}
