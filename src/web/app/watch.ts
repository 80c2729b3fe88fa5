import type { Winnable } from '../../solitaire/advice.js';
import type { AdviceKind } from '../plugin.js';
import { dealKey } from '../stats.js';
import { gameState, spawnWorker, typedBudget } from './ask.js';
import type { Reply, Request } from './worker.js';
import { $, current, say, ui } from './state.js';

// The watchful solver: on request, after every move a worker of its own asks whether the game
// can still be won — the `winnable` advice (exact where every card is face up; where cards are
// face down, the chance of a player who does not peek, the estimator `analyse` uses), or the
// `spoiler` when the person chose to watch with the hidden cards known. It says so quietly when
// the answer changes, and when the game turns from won to lost (or from some guesses won to
// none) it finds the move that did it, by asking about the positions in between (bisection),
// and marks it in the list of moves. The worker is kept while it is idle: the chance keeps its
// guesses along the game there, so a move costs one position's work, not the game's.

type Kind = Extract<AdviceKind, 'winnable' | 'spoiler'>;
/** A position's answer, or null when the worker could not give one. */
type Seen = Winnable | null;

let worker: Worker | null = null;
let nextId = 1;
/** The request under way: its id and the position it asks about. */
let asked: { id: number; key: string; ply: number } | null = null;
const seen = new Map<string, Seen>();
let lost: { move: number; text: string } | null = null;
/** The state last said (good, bad or undecided), to speak only when it changes. */
let said = '';

/** The watch chosen: off, or the advice it asks. */
export const watching = (): Kind | null => {
  const v = ($('watch') as HTMLSelectElement).value;
  return v === 'winnable' || v === 'spoiler' ? v : null;
};

/** The move the watch found lost the game, if any, with words for it. */
export const lostAt = () => lost;

/** The answer's side: the game still won (some games won), lost (none), or not decided. */
function side(w: Seen): 'good' | 'bad' | 'open' {
  if (!w) return 'open';
  if (w.kind === 'exact') return w.verdict === 'solved' ? 'good' : w.verdict === 'lost' ? 'bad' : 'open';
  return w.stopped ? 'open' : w.won > 0 ? 'good' : 'bad';
}

/** The key of the position after `ply` moves of the game in play, under the watch `kind`. */
function keyOf(kind: Kind, ply: number): string {
  const s = ui.session;
  const pending = ply === s.moves.length ? (s.pending() ?? '') : '';
  return `${kind}|${dealKey(s.settings)}|${s.moves
    .slice(0, ply)
    .map((m) => m.text)
    .join(',')}|${pending}`;
}

/** The watch's choices for the game in play (none when it offers no `winnable`). */
export function syncWatch(): void {
  const sel = $('watch') as HTMLSelectElement;
  const g = current();
  const offered: [string, string][] = [['off', 'off']];
  if (g.watch && g.advice.winnable) offered.push(['winnable', g.advice.winnable.running]);
  if (g.watch && g.advice.spoiler) offered.push(['spoiler', `${g.advice.spoiler.running} (spoiler)`]);
  const was = sel.value;
  if (Array.from(sel.options, (o) => o.value).join() !== offered.map((o) => o[0]).join()) {
    sel.textContent = '';
    for (const [v, t] of offered) sel.add(new Option(t, v));
  }
  sel.value = offered.some((o) => o[0] === was) ? was : 'off';
  $('watch-box').hidden = offered.length === 1;
}

/** A new game: nothing said about it yet. */
export function watchReset(): void {
  said = '';
  lost = null;
}

/** Called after every change of the game: asks about the new position (or stops). */
export function watchChanged(): void {
  const kind = watching();
  lost = null;
  if (!kind || ui.session.computerToMove()) {
    quit();
    show('');
    document.body.dataset.watch = 'off';
    return;
  }
  next(kind);
}

/** Ends the request under way. */
function quit(): void {
  worker?.terminate();
  worker = null;
  asked = null;
}

/** Asks about the next position the watch needs: the game's; when it is lost, the deal (if no
 *  position before is known won), then those between the last position known won and the first
 *  known lost, the middle one first, until the move between them is found. */
function next(kind: Kind): void {
  const n = ui.session.moves.length;
  const at = (p: number) => seen.get(keyOf(kind, p));
  const now = at(n);
  if (now === undefined) {
    ask(kind, n);
    return;
  }
  lost = null;
  if (side(now) === 'bad' && n > 0) {
    let good = -1;
    for (let p = n - 1; p >= 0 && good < 0; p--) if (side(at(p) ?? null) === 'good') good = p;
    if (good < 0 && at(0) === undefined) {
      ask(kind, 0);
      return;
    }
    if (good >= 0) {
      let bad = n;
      for (let p = good + 1; p < n; p++)
        if (at(p) !== undefined && side(at(p)!) === 'bad') {
          bad = p;
          break;
        }
      const open: number[] = [];
      for (let p = good + 1; p < bad; p++) if (at(p) === undefined) open.push(p);
      if (open.length) {
        ask(kind, open[open.length >> 1]);
        return;
      }
      // Every position between is asked; with none between (an undecided one leaves it open),
      // the move into the first lost one is the one that lost the game.
      if (bad === good + 1) lost = { move: bad, text: lostText(at(good)!, at(bad)!) };
    }
  }
  show(line(kind, now, n));
  document.body.dataset.watch = 'done';
  const s = side(now);
  if (said && s !== said && s !== 'open') {
    const what =
      s === 'good'
        ? 'winnable again'
        : now?.kind === 'chance'
          ? `no ${now.estimator.replace(/ won$/, '')} won from here`
          : 'the game is lost';
    say(`watch: ${what}${lost ? `; move ${lost.move} lost it` : ''}`);
  }
  if (s !== 'open') said = s;
  // The move list marks the move that lost it: main.ts redraws it.
  document.dispatchEvent(new Event('watch-done'));
}

function lostText(before: Winnable, after: Winnable): string {
  if (before.kind === 'exact' && after.kind === 'exact')
    return 'this move lost the game: winnable before it, no winning line after it';
  const pc = (w: Winnable) => (w.kind === 'chance' ? `${w.won} of ${w.samples}` : '');
  const name = after.kind === 'chance' ? after.estimator : '';
  return `after this move none of the guesses is won (${name}: ${pc(after)}; ${pc(before)} before it)`;
}

/** The watch's line under the status. */
function line(kind: Kind, w: Seen, n: number): string {
  const after = n === 0 ? 'at the deal' : `after move ${n}`;
  if (!w) return `Watch: no answer ${after}.`;
  if (w.kind === 'chance') {
    const p = (x: number) => `${Math.round(100 * x)}%`;
    if (w.stopped) return `Watch: chance without peeking ${after}: not reached within the budget.`;
    return `Watch: chance without peeking ${after}: ${p(w.p)} (${w.estimator}: ${w.won} of ${w.samples}${w.exact ? ', exact' : ''}), 95% interval ${p(w.lo)} .. ${p(w.hi)}.`;
  }
  const spoiler = kind === 'spoiler' ? ' (spoiler, the stock known)' : '';
  const text =
    w.verdict === 'solved'
      ? `still winnable ${after}`
      : w.verdict === 'lost'
        ? `lost ${after}: no winning line exists`
        : `not decided ${after} within ${w.nodes.toLocaleString('en')} nodes`;
  return `Watch${spoiler}: ${text}${lost ? `; move ${lost.move} lost it` : ''}.`;
}

function show(text: string): void {
  const el = $('watch-line');
  el.textContent = text;
  el.classList.toggle('changed', lost !== null);
}

function ask(kind: Kind, ply: number): void {
  // A request under way is ended with its worker; an idle worker is asked again.
  if (asked) quit();
  const key = keyOf(kind, ply);
  const id = nextId++;
  asked = { id, key, ply };
  worker ??= spawnWorker();
  worker.onmessage = (e: MessageEvent<Reply>) => {
    const r = e.data;
    if (!asked || r.id !== asked.id || 'progress' in r) return;
    seen.set(asked.key, r.ok ? (r.result as Winnable) : null);
    asked = null;
    const k = watching();
    if (k) next(k);
  };
  worker.onerror = (e) => {
    e.preventDefault();
    if (asked) seen.set(asked.key, null);
    quit();
  };
  const g = current();
  const typed = typedBudget();
  const maxNodes = typed ?? (kind === 'spoiler' ? g.advice.spoiler?.nodes : g.watch?.nodes);
  const req: Request = {
    id,
    kind,
    state: gameState(ply),
    ...(maxNodes !== undefined ? { maxNodes } : {}),
  };
  document.body.dataset.watch = 'busy';
  if (ply === ui.session.moves.length) show(`Watch: asking ${ply === 0 ? 'about the deal' : `after move ${ply}`}…`);
  worker.postMessage(req);
}
