import {
  type Answer,
  cardWords,
  formatSwitches,
  GAMES,
  type GameName,
  newSession,
  parseSwitches,
  restore,
  type Session,
  type Settings,
  type UiMove,
  WEB_GAMES,
} from './model.js';
import { recordOf } from './record.js';
import { type AdviceKind, defaultBudget, type HintAdvice, type WinnableAdvice } from './advice.js';
import type { Reply, Request } from './worker.js';

// The page: draws the session's board, turns clicks, drags, keys and the move box into moves,
// keeps the game in the URL's hash and the browser's storage, and asks the worker (built from
// an inlined bundle: a page opened from disk may not load a worker file) for advice.

declare const __WORKER_SOURCE__: string;

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const STORE = 'patience-lab:web:game';
const SUIT_WORD: Record<string, string> = { '♠': 'spades', '♥': 'hearts', '♦': 'diamonds', '♣': 'clubs' };
const SUIT_SIGN: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

let session: Session;
let picked: { from: string; card: string } | null = null;
let hinted: UiMove | null = null;
let replayAt: number | null = null;

// ---- the worker ----

let worker: Worker | null = null;
let nextId = 1;
type Done = Exclude<Reply, { progress: unknown }>;
let pending: {
  id: number;
  resolve: (r: Done) => void;
  started: number;
  what: string;
  budget: number | null;
  nodes: number;
} | null = null;
let clock: number | undefined;

function startWorker(): Worker {
  const url = URL.createObjectURL(new Blob([__WORKER_SOURCE__], { type: 'text/javascript' }));
  const w = new Worker(url);
  w.onmessage = (e: MessageEvent<Reply>) => {
    const r = e.data;
    if (!pending || r.id !== pending.id) return;
    if ('progress' in r) {
      pending.nodes = r.progress.nodes;
      return;
    }
    const p = pending;
    pending = null;
    busy(null);
    p.resolve(r);
  };
  w.onerror = (e) => {
    e.preventDefault();
    if (pending) {
      const p = pending;
      pending = null;
      busy(null);
      p.resolve({ id: p.id, ok: false, error: e.message || 'the worker failed' });
    }
  };
  return w;
}

/** The node budget typed in the Budget box, or null for the advice's own default. */
function typedBudget(): number | null {
  const v = Number(($('budget') as HTMLInputElement).value);
  return Number.isFinite(v) && v > 0 ? Math.floor(v) : null;
}

function ask(kind: AdviceKind | 'ai', what: string): Promise<Done> {
  if (!worker) worker = startWorker();
  if (pending) stop();
  const id = nextId++;
  const state = {
    settings: session.settings,
    moves: session.moves.map((m) => m.text),
    dealtWaiting: session.dealtWaiting(),
  };
  const typed = typedBudget();
  const budget = kind === 'ai' ? null : (typed ?? defaultBudget(session.settings.game, kind));
  return new Promise((resolve) => {
    pending = { id, resolve, started: performance.now(), what, budget, nodes: 0 };
    busy(what);
    const req: Request =
      kind === 'ai' ? { id, kind, state } : { id, kind, state, ...(typed !== null ? { maxNodes: typed } : {}) };
    worker!.postMessage(req);
  });
}

/** Ends the search under way: the worker is ended (a running search cannot read a message). */
function stop(): void {
  if (!pending) return;
  worker?.terminate();
  worker = null;
  const p = pending;
  pending = null;
  busy(null);
  p.resolve({ id: p.id, ok: false, error: 'stopped' });
}

function busy(what: string | null): void {
  const b = $('busy');
  window.clearInterval(clock);
  ($('stop') as HTMLButtonElement).disabled = what === null;
  document.body.dataset.busy = what === null ? 'false' : 'true';
  if (what === null) {
    b.textContent = '';
    return;
  }
  const tick = () => {
    if (!pending) return;
    const s = ((performance.now() - pending.started) / 1000).toFixed(1);
    const n =
      pending.budget === null
        ? ''
        : ` · ${pending.nodes.toLocaleString('en')} of ${pending.budget.toLocaleString('en')} nodes`;
    b.textContent = `${what}… ${s} s${n}`;
  };
  tick();
  clock = window.setInterval(tick, 200);
}

// ---- settings, hash and storage ----

function settingsFromHash(): Settings | null {
  const h = new URLSearchParams(location.hash.replace(/^#/, ''));
  const game = h.get('game') as GameName | null;
  if (!game) return null;
  if (!WEB_GAMES[game]) throw new Error(`unknown game "${game}" in the address`);
  const variant = h.get('variant') ?? '';
  parseSwitches(game, variant);
  return {
    game,
    seed: h.get('seed') ?? '1',
    variant: formatSwitches(parseSwitches(game, variant)),
    ai: h.get('ai') ?? 'expert',
  };
}

function hashOf(s: Settings): string {
  const p = new URLSearchParams({ game: s.game, seed: s.dealJson ? 'file' : s.seed });
  if (s.variant) p.set('variant', s.variant);
  if (s.game === 'pilstymas') p.set('ai', s.ai);
  return `#${p.toString().replace(/%3D/g, '=').replace(/%2C/g, ',')}`;
}

/** Whether the address names the game `b` is (a deal from a file is "seed=file"). */
const sameDeal = (a: Settings, b: Settings) =>
  a.game === b.game &&
  (b.dealJson ? a.seed === 'file' : a.seed === b.seed) &&
  a.variant === b.variant &&
  (a.game !== 'pilstymas' || a.ai === b.ai);

function save(): void {
  const doc = {
    settings: session.settings,
    moves: session.moves.map((m) => m.text),
    redo: redoStack(),
    // A dealt card waiting for its place was seen: after a reload it waits again.
    dealt: session.dealtWaiting(),
  };
  try {
    localStorage.setItem(STORE, JSON.stringify(doc));
  } catch {
    // storage full or refused (a private window): the game still plays, it only won't survive a reload
  }
  const h = hashOf(session.settings);
  if (location.hash !== h) history.replaceState(null, '', h);
}

/** The moves undone, as notation (for storage): made again and taken back on the live session,
 *  which leaves it as it was. */
function redoStack(): string[] {
  if (!session.canRedo) return [];
  const out: string[] = [];
  let n = 0;
  while (session.canRedo) {
    const r = session.redo();
    if (!r.ok) break;
    out.push(session.moves[session.moves.length - 1].text);
    n++;
  }
  for (let i = 0; i < n; i++) session.undo();
  return out.reverse();
}

function load(): void {
  let fromHash: Settings | null = null;
  try {
    fromHash = settingsFromHash();
  } catch (e) {
    say(String((e as Error).message));
  }
  const saved = (() => {
    try {
      const t = localStorage.getItem(STORE);
      return t ? (JSON.parse(t) as { settings: Settings; moves: string[]; redo?: string[]; dealt?: boolean }) : null;
    } catch {
      return null;
    }
  })();
  if (saved && (!fromHash || sameDeal(fromHash, saved.settings))) {
    try {
      session = restore(saved.settings, saved.moves, saved.redo ?? []);
      if (saved.dealt) session.play('deal');
      return;
    } catch (e) {
      say(`the saved game could not be restored: ${(e as Error).message}`);
    }
  }
  if (fromHash?.seed === 'file') {
    say('the deal file of this address is not in this browser: open it again');
    fromHash.seed = '1';
  }
  session = newSession(fromHash ?? { game: 'besieged-city', seed: '1', variant: '', ai: 'expert' });
}

// ---- drawing ----

function placeName(id: string): string {
  const p = session.layout.piles.find((x) => x.id === id);
  const label = p ? p.label : id;
  return label.replace(/[♠♥♦♣]/g, (c) => SUIT_WORD[c]).replace(/^b$/, 'bouquet');
}

function cardEl(text: string, label: string): HTMLElement {
  const c = document.createElement('div');
  c.dataset.card = text;
  c.setAttribute('aria-label', label);
  c.title = label;
  if (text === '??') {
    c.className = 'card down';
    return c;
  }
  const b = text.endsWith("'");
  const t = b ? text.slice(0, -1) : text;
  const rank = t.slice(0, -1),
    suit = t.slice(-1);
  c.className = `card${suit === 'H' || suit === 'D' ? ' red' : ''}${b ? ' packb' : ''}`;
  const index = (rank === 'T' ? '10' : rank) + SUIT_SIGN[suit];
  const a = document.createElement('span');
  a.className = 'i';
  a.textContent = index;
  a.setAttribute('aria-hidden', 'true');
  const z = a.cloneNode(true) as HTMLElement;
  z.className = 'i rot';
  const g = document.createElement('span');
  g.className = 'big';
  g.textContent = SUIT_SIGN[suit];
  g.setAttribute('aria-hidden', 'true');
  c.append(a, g, z);
  return c;
}

function render(cards = session.cards()): void {
  const board = $('board');
  board.textContent = '';
  board.style.gridTemplateColumns = `repeat(${session.layout.columns}, auto)`;
  const legal = replayAt === null ? session.legal() : [];
  const targets = picked
    ? legal.filter((m) => m.from === picked!.from && m.card === picked!.card).map((m) => m.to)
    : [];
  for (const p of session.layout.piles) {
    const el = document.createElement('div');
    el.className = `pile fan-${p.fan}`;
    el.dataset.pile = p.id;
    el.style.gridRow = String(p.row + 1);
    el.style.gridColumn = `${p.column + 1} / span ${p.span ?? 1}`;
    const label = document.createElement('div');
    label.className = 'label';
    label.textContent = p.label;
    label.setAttribute('aria-hidden', 'true');
    const box = document.createElement('div');
    box.className = 'cards';
    const cs = cards[p.id] ?? [];
    const name = placeName(p.id);
    const isTarget = targets.includes(p.id);
    el.setAttribute('role', isTarget ? 'button' : 'group');
    el.setAttribute(
      'aria-label',
      `${name}${cs.length ? `, ${cs.length} card${cs.length === 1 ? '' : 's'}` : ', empty'}`,
    );
    if (isTarget) {
      el.classList.add('target');
      el.tabIndex = 0;
      el.setAttribute(
        'aria-label',
        `put it on ${name}${cs.length ? `, on ${cardWords(cs[cs.length - 1])}` : ', empty'}`,
      );
    }
    if (hinted && (hinted.from === p.id || hinted.to === p.id))
      el.classList.add(hinted.from === p.id ? 'hint-from' : 'hint-to');
    const pickable = (card: string) => legal.some((m) => m.from === p.id && m.card === card && m.text !== 'pass');
    const addCard = (t: string, i: number, top: boolean) => {
      const where = top ? `top of ${name}` : `in ${name}`;
      const c = cardEl(t, `${cardWords(t)}, ${where}`);
      if (p.id === 'stock' && top && legal.some((m) => m.text === 'deal')) {
        c.setAttribute('role', 'button');
        c.tabIndex = 0;
        c.setAttribute('aria-label', `stock, ${cs.length} face-down cards: deal the next card`);
        c.classList.add('pickable');
      } else if (pickable(t) && (top || p.id === 'b')) {
        c.setAttribute('role', 'button');
        c.tabIndex = 0;
        c.draggable = true;
        c.classList.add('pickable');
        if (picked && picked.from === p.id && picked.card === t) {
          c.classList.add('picked');
          c.setAttribute('aria-pressed', 'true');
        }
      } else c.setAttribute('role', 'img');
      c.dataset.index = String(i);
      box.appendChild(c);
    };
    if (cs.length === 0) {
      const slot = document.createElement('div');
      slot.className = 'slot';
      box.appendChild(slot);
    } else if (p.fan === 'none') {
      addCard(cs[cs.length - 1], cs.length - 1, true);
      if (cs.length > 1) {
        const n = document.createElement('span');
        n.className = 'count';
        n.textContent = String(cs.length);
        n.setAttribute('aria-hidden', 'true');
        box.appendChild(n);
      }
    } else cs.forEach((t, i) => addCard(t, i, i === cs.length - 1));
    el.append(label, box);
    board.appendChild(el);
  }
  const [home, all] = session.home();
  const g = WEB_GAMES[session.settings.game];
  $('title').textContent =
    `${g.title}, ${session.settings.dealJson ? 'deal from a file' : `deal ${session.settings.seed}`}${session.settings.variant ? ` (${session.settings.variant})` : ''}`;
  $('status').textContent =
    replayAt !== null
      ? `Replay: after move ${replayAt} of ${session.moves.length}`
      : `${session.status()} ${home}/${all} cards home · ${session.moves.length} moves`;
  const list = $('movelist');
  list.textContent = '';
  session.moves.forEach((m, i) => {
    const li = document.createElement('li');
    li.textContent = m.player !== undefined ? `${'AB'[m.player]} ${m.text}` : m.text;
    if (replayAt !== null && i === replayAt - 1) li.className = 'current';
    list.appendChild(li);
  });
  list.scrollTop = list.scrollHeight;
  const over = session.over();
  ($('undo') as HTMLButtonElement).disabled = replayAt !== null || session.moves.length === 0;
  ($('redo') as HTMLButtonElement).disabled = replayAt !== null || !session.canRedo;
  ($('pass') as HTMLButtonElement).hidden = !legal.some((m) => m.text === 'pass');
  $('replay-controls').hidden = replayAt === null;
  ($('replay') as HTMLButtonElement).hidden = !over && replayAt === null;
  ($('replay') as HTMLButtonElement).textContent = replayAt === null ? 'Replay' : 'Back to the game';
  document.body.dataset.game = session.settings.game;
  document.body.dataset.moves = String(session.moves.length);
  document.body.dataset.over = over ?? '';
}

function syncControls(): void {
  const s = session.settings;
  ($('game') as HTMLSelectElement).value = s.game;
  ($('seed') as HTMLInputElement).value = s.dealJson ? '' : s.seed;
  const box = $('switches');
  box.textContent = '';
  const chosen = parseSwitches(s.game, s.variant);
  for (const sw of WEB_GAMES[s.game].switches) {
    const label = document.createElement('label');
    label.textContent = `${sw.name} `;
    const sel = document.createElement('select');
    sel.dataset.switch = sw.name;
    for (const v of sw.values) sel.add(new Option(v, v, false, (chosen[sw.name] ?? sw.values[0]) === v));
    sel.addEventListener('change', () => newGame({ variant: variantFromControls() }));
    label.appendChild(sel);
    box.appendChild(label);
  }
  $('ai-box').hidden = s.game !== 'pilstymas';
  const ai = $('ai') as HTMLSelectElement;
  if (!ai.options.length) for (const n of WEB_GAMES.pilstymas.opponents ?? []) ai.add(new Option(n, n));
  ai.value = s.ai;
  ($('move') as HTMLInputElement).placeholder =
    `e.g. ${WEB_GAMES[s.game].example}${s.game === 'besieged-city' ? ' or deal' : ''}`;
  ($('winnable') as HTMLButtonElement).hidden = s.game === 'pilstymas';
  ($('spoiler') as HTMLButtonElement).hidden = s.game !== 'besieged-city';
}

function variantFromControls(): string {
  const sw: Record<string, string> = {};
  for (const sel of Array.from(document.querySelectorAll<HTMLSelectElement>('#switches select')))
    sw[sel.dataset.switch!] = sel.value;
  return formatSwitches(parseSwitches(session.settings.game, formatSwitches(sw)));
}

// ---- playing ----

function say(text: string): void {
  const live = $('live');
  // A repeated message is announced again only if the region's text changes.
  live.textContent = live.textContent === text ? `${text}\u00a0` : text;
}

/** After a move, an undo or a redo: redraw, keep, announce; a refusal is announced with its
 *  reason (a move's as "illegal: …"). */
function after(r: Answer, refusal = 'illegal: '): void {
  if (!r.ok) {
    say(`${refusal}${r.reason}`);
    return;
  }
  picked = null;
  hinted = null;
  $('advice').textContent = '';
  render();
  save();
  const over = session.over();
  if (over) say(over);
  else say(r.said);
  if (session.aiToMove()) window.setTimeout(aiTurn, 150);
}

function play(text: string): void {
  if (replayAt !== null) return;
  if (session.aiToMove()) {
    say('wait: the computer is to move');
    if (!pending) void aiTurn();
    return;
  }
  after(session.play(text));
}

async function aiTurn(): Promise<void> {
  if (!session.aiToMove() || pending) return;
  const s = session;
  const r = await ask('ai', `${s.settings.ai} (B) thinks`);
  if (s !== session) return;
  if (!r.ok) {
    say(
      r.error === 'stopped'
        ? 'stopped: play a move (or press Hint) to let the computer go on'
        : `the computer failed: ${r.error}`,
    );
    return;
  }
  after(session.play(r.result as string));
}

function newGame(change: Partial<Settings>): void {
  stop();
  const s = { ...session.settings, ...change };
  if (change.seed !== undefined || change.game !== undefined) delete s.dealJson;
  try {
    if (change.game) s.variant = change.variant ?? '';
    session = newSession(s);
  } catch (e) {
    say(`cannot start: ${(e as Error).message}`);
    return;
  }
  picked = null;
  hinted = null;
  replayAt = null;
  $('advice').textContent = '';
  syncControls();
  render();
  save();
  say(`new game: ${$('title').textContent}`);
  if (session.aiToMove()) window.setTimeout(aiTurn, 150);
}

function pick(from: string, card: string): void {
  if (from === 'stock') {
    play('deal');
    return;
  }
  picked = picked && picked.from === from && picked.card === card ? null : { from, card };
  render();
  if (picked) {
    const targets = session.legal().filter((m) => m.from === from && m.card === card);
    say(
      `picked up ${cardWords(card)} from ${placeName(from)}: it may go to ${targets.map((m) => placeName(m.to)).join(', ')}`,
    );
    document.querySelector<HTMLElement>('.pile.target')?.focus();
  }
}

function drop(to: string): void {
  if (!picked) return;
  const m = session.legal().find((x) => x.from === picked!.from && x.card === picked!.card && x.to === to);
  if (!m) {
    say(`illegal: ${cardWords(picked.card)} cannot go to ${placeName(to)}`);
    picked = null;
    render();
    return;
  }
  play(m.text);
}

function wireBoard(): void {
  const board = $('board');
  board.addEventListener('click', (e) => {
    const t = e.target as HTMLElement;
    const card = t.closest<HTMLElement>('.card.pickable');
    const pile = t.closest<HTMLElement>('.pile');
    if (pile?.classList.contains('target')) return drop(pile.dataset.pile!);
    if (card && pile) return pick(pile.dataset.pile!, card.dataset.card!);
    if (picked) {
      picked = null;
      render();
    }
  });
  board.addEventListener('dblclick', (e) => {
    const card = (e.target as HTMLElement).closest<HTMLElement>('.card.pickable');
    const pile = (e.target as HTMLElement).closest<HTMLElement>('.pile');
    if (!card || !pile) return;
    // A double click sends a card home when it may go there.
    const m = session
      .legal()
      .find((x) => x.from === pile.dataset.pile && x.card === card.dataset.card && /^F/.test(x.to));
    if (m) play(m.text);
  });
  board.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const t = e.target as HTMLElement;
    if (t.classList.contains('pile') && t.classList.contains('target')) {
      e.preventDefault();
      drop(t.dataset.pile!);
    } else if (t.classList.contains('pickable')) {
      e.preventDefault();
      pick(t.closest<HTMLElement>('.pile')!.dataset.pile!, t.dataset.card!);
    }
  });
  board.addEventListener('dragstart', (e) => {
    const card = (e.target as HTMLElement).closest<HTMLElement>('.card.pickable');
    const pile = (e.target as HTMLElement).closest<HTMLElement>('.pile');
    if (!card || !pile) return;
    e.dataTransfer?.setData('text/plain', card.dataset.card!);
    picked = { from: pile.dataset.pile!, card: card.dataset.card! };
    // Redrawn after the drag has begun: the dragged element must stay in place until then.
    window.setTimeout(() => render(), 0);
  });
  board.addEventListener('dragover', (e) => {
    const pile = (e.target as HTMLElement).closest<HTMLElement>('.pile.target');
    if (pile) e.preventDefault();
  });
  board.addEventListener('drop', (e) => {
    const pile = (e.target as HTMLElement).closest<HTMLElement>('.pile');
    e.preventDefault();
    if (pile) drop(pile.dataset.pile!);
  });
}

// ---- advice ----

async function hint(): Promise<void> {
  if (session.over()) return say(`the game is over (${session.over()})`);
  if (session.aiToMove()) return play('');
  const r = await ask('hint', 'hint');
  if (!r.ok) return void say(r.error === 'stopped' ? 'stopped' : `hint failed: ${r.error}`);
  const h = r.result as HintAdvice;
  const box = $('advice');
  if (!h.move) {
    box.textContent = `No hint: ${h.text}.`;
    return say(`no hint: ${h.text}`);
  }
  hinted = session.legal().find((m) => m.text.toLowerCase() === h.move!.toLowerCase()) ?? null;
  box.textContent = `${h.text.replace(/^hint/, 'Hint')} — ${h.nodes.toLocaleString('en')} nodes, ${r.ms} ms.`;
  render();
  say(`hint: ${h.move}`);
}

async function winnable(kind: 'winnable' | 'spoiler'): Promise<void> {
  const what =
    session.settings.game !== 'besieged-city'
      ? 'still winnable?'
      : kind === 'spoiler'
        ? 'with the stock known'
        : 'chance without peeking';
  const r = await ask(kind, what);
  if (!r.ok) return void say(r.error === 'stopped' ? 'stopped' : `failed: ${r.error}`);
  const w = r.result as WinnableAdvice;
  const box = $('advice');
  const text = w.text.charAt(0).toUpperCase() + w.text.slice(1);
  box.textContent = `${text} — ${r.ms} ms.`;
  if (w.kind === 'chance') return say(w.text.split(':').slice(0, 2).join(':'));
  if (w.line?.length) {
    const b = document.createElement('button');
    b.textContent = 'Show the line';
    b.id = 'show-line';
    b.addEventListener('click', () => {
      const pre = document.createElement('p');
      pre.className = 'line';
      pre.id = 'line';
      pre.tabIndex = 0;
      pre.textContent = w.line!.join(', ');
      b.replaceWith(pre);
      pre.focus();
    });
    box.append(' ', b);
  }
  const word = w.verdict === 'solved' ? 'winnable' : w.verdict === 'lost' ? 'lost' : 'unknown';
  say(`${w.spoiler ? 'spoiler, with the stock known: ' : 'still winnable? '}${word}`);
}

// ---- records, files and replay ----

function download(): void {
  const r = recordOf(session);
  if ('error' in r) {
    say(r.error);
    return;
  }
  const { file, json } = r;
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([`${JSON.stringify(json, null, 2)}\n`], { type: 'application/json' }));
  a.download = file;
  document.body.appendChild(a);
  a.click();
  a.remove();
  say(`record ${file} downloaded`);
}

async function openFile(f: File): Promise<void> {
  let doc: { game?: string; seed?: string; variant?: Record<string, string> };
  try {
    doc = JSON.parse(await f.text());
  } catch {
    return say(`${f.name}: not a JSON document`);
  }
  const game = doc.game as GameName;
  if (!WEB_GAMES[game]) return say(`${f.name}: field "game" is not one of ${GAMES.map((g) => g.name).join(', ')}`);
  const variant = doc.variant
    ? Object.entries(doc.variant)
        .map(([k, v]) => `${k}=${v}`)
        .join(',')
    : '';
  try {
    // Written as the address and the choosers write it (the default switches left out, in order).
    const s: Settings = {
      game,
      seed: doc.seed ?? 'file',
      variant: formatSwitches(parseSwitches(game, variant)),
      ai: session.settings.ai,
      dealJson: doc,
    };
    stop();
    session = newSession(s);
  } catch (e) {
    return say(`${f.name}: ${(e as Error).message}`);
  }
  picked = null;
  hinted = null;
  replayAt = null;
  syncControls();
  render();
  save();
  say(`opened ${f.name}`);
}

function showReplay(k: number): void {
  replayAt = Math.max(0, Math.min(session.moves.length, k));
  const copy = newSession(session.settings);
  for (const m of session.moves.slice(0, replayAt)) copy.load(m.text);
  ($('replay-slider') as HTMLInputElement).max = String(session.moves.length);
  ($('replay-slider') as HTMLInputElement).value = String(replayAt);
  render(copy.cards());
}

// ---- start ----

function keys(e: KeyboardEvent): void {
  const t = e.target as HTMLElement;
  if (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA') return;
  if (e.key === 'Escape' && picked) {
    picked = null;
    render();
    say('put down');
    return;
  }
  if (replayAt !== null) {
    if (e.key === 'ArrowRight') showReplay(replayAt + 1);
    else if (e.key === 'ArrowLeft') showReplay(replayAt - 1);
    return;
  }
  if (e.ctrlKey || e.metaKey || e.altKey) {
    if (e.key === 'z') after(session.undo(), '');
    else if (e.key === 'y') after(session.redo(), '');
    else return;
    e.preventDefault();
    return;
  }
  const k = e.key.toLowerCase();
  if (k === 'u') after(session.undo(), '');
  else if (k === 'r') after(session.redo(), '');
  else if (k === 'h') void hint();
  else if (k === 'd' && session.settings.game === 'besieged-city') play('deal');
  else if (k === 'm') $('move').focus();
  else return;
  e.preventDefault();
}

function main(): void {
  const gameSel = $('game') as HTMLSelectElement;
  for (const g of GAMES) gameSel.add(new Option(g.title, g.name));
  load();
  syncControls();
  wireBoard();
  gameSel.addEventListener('change', () => newGame({ game: gameSel.value as GameName, seed: '1', variant: '' }));
  $('seed-form').addEventListener('submit', (e) => {
    e.preventDefault();
    newGame({ seed: ($('seed') as HTMLInputElement).value.trim() || '1' });
  });
  $('ai').addEventListener('change', () => newGame({ ai: ($('ai') as HTMLSelectElement).value }));
  $('new').addEventListener('click', () => newGame({ seed: String(1 + Math.floor(Math.random() * 1_000_000)) }));
  $('restart').addEventListener('click', () => newGame({}));
  $('undo').addEventListener('click', () => after(session.undo(), ''));
  $('redo').addEventListener('click', () => after(session.redo(), ''));
  $('pass').addEventListener('click', () => play('pass'));
  $('hint').addEventListener('click', () => void hint());
  $('winnable').addEventListener('click', () => void winnable('winnable'));
  $('spoiler').addEventListener('click', () => void winnable('spoiler'));
  $('stop').addEventListener('click', () => {
    stop();
    say('stopped');
  });
  $('download').addEventListener('click', download);
  $('move-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const input = $('move') as HTMLInputElement;
    const text = input.value.trim();
    if (!text) return;
    const before = session.moves.length;
    play(text);
    if (session.moves.length !== before || session.dealtWaiting()) input.value = '';
  });
  $('file').addEventListener('change', () => {
    const f = ($('file') as HTMLInputElement).files?.[0];
    if (f) void openFile(f);
  });
  document.addEventListener('dragover', (e) => {
    if (e.dataTransfer?.types.includes('Files')) e.preventDefault();
  });
  document.addEventListener('drop', (e) => {
    const f = e.dataTransfer?.files?.[0];
    if (f) {
      e.preventDefault();
      void openFile(f);
    }
  });
  $('replay').addEventListener('click', () => {
    if (replayAt === null) showReplay(0);
    else {
      replayAt = null;
      render();
    }
  });
  $('replay-slider').addEventListener('input', () =>
    showReplay(Number(($('replay-slider') as HTMLInputElement).value)),
  );
  $('replay-prev').addEventListener('click', () => showReplay((replayAt ?? 0) - 1));
  $('replay-next').addEventListener('click', () => showReplay((replayAt ?? 0) + 1));
  window.addEventListener('hashchange', () => {
    try {
      const s = settingsFromHash();
      if (s && !sameDeal(s, session.settings)) newGame(s);
    } catch (e) {
      say((e as Error).message);
    }
  });
  document.addEventListener('keydown', keys);
  render();
  save();
  document.body.dataset.ready = 'true';
  // When the page became usable, in ms from the start of its navigation (for bench/web-load.ts).
  document.body.dataset.readyMs = String(Math.round(performance.now()));
  if (session.aiToMove()) window.setTimeout(aiTurn, 150);
}

main();
