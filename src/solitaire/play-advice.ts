import { hint, runTask, winnable, type WinnableOptions } from './advice.js';
import type { PlaySeat, Solitaire, SolitairePosition } from './kit.js';

// `play`'s advice commands: "hint" and "winnable" (docs/playing.md). A game with face-down cards
// never peeks for them, except "winnable --spoiler", which says it is a spoiler.

export const ADVICE_COMMANDS = ['hint', 'winnable'];

const USAGE = {
  hint: 'hint [--nodes N]',
  winnable: 'winnable [--line] [--nodes N] [--samples N] [--seed S] [--spoiler]',
};

/** The lines answering `line` when it is an advice command, else null (not one: a move or
 *  another command). */
export function adviceAnswer<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Solitaire<D, P>,
  deal: D,
  pos: P,
  seat: PlaySeat,
  line: string,
): string[] | null {
  const words = line.trim().split(/\s+/);
  const name = words[0].toLowerCase();
  if (name !== 'hint' && name !== 'winnable') return null;
  const flags = parseFlags(name, words.slice(1));
  if (typeof flags === 'string') return [flags];
  if (pos.won()) return ['won: there is nothing left to advise'];
  const game = { deal, ...seat.progress() };
  const hidden = kit.hidden !== undefined;
  if (name === 'hint') return [runTask(hint(kit, game, { maxNodes: flags.nodes })).text];
  const opts: WinnableOptions = {
    maxNodes: flags.nodes,
    samples: flags.samples,
    seed: flags.seed,
    line: flags.line,
    spoiler: flags.spoiler,
  };
  const out: string[] = [];
  const r = runTask(winnable(kit, game, opts));
  out.push(r.text);
  if (r.kind === 'exact' && r.line && r.line.length > 0) out.push(...wrap(`line: ${r.line.join(', ')}`));
  if (hidden && r.kind === 'chance')
    out.push('("winnable --spoiler" asks the solver with the stock known: it tells what the stock holds)');
  if (!hidden && flags.spoiler) out.push('(every card is face up: the answer spoils nothing)');
  return out;
}

interface Flags {
  nodes?: number;
  samples?: number;
  seed?: string;
  line: boolean;
  spoiler: boolean;
}

/** The flags after the command, or the line that says what is wrong. */
function parseFlags(name: 'hint' | 'winnable', words: string[]): Flags | string {
  const f: Flags = { line: false, spoiler: false };
  for (let i = 0; i < words.length; i++) {
    const w = words[i].toLowerCase();
    const number = (): number | string => {
      const v = words[++i];
      if (v === undefined || !/^[1-9]\d*$/.test(v.replace(/[_,]/g, '')))
        return `${w} takes a positive whole number (${USAGE[name]})`;
      return Number(v.replace(/[_,]/g, ''));
    };
    if (w === '--nodes' || (name === 'winnable' && w === '--samples')) {
      const n = number();
      if (typeof n === 'string') return n;
      if (w === '--nodes') f.nodes = n;
      else f.samples = n;
    } else if (name === 'winnable' && w === '--seed') {
      const v = words[++i];
      if (v === undefined) return `--seed takes a word (${USAGE[name]})`;
      f.seed = v;
    } else if (name === 'winnable' && w === '--line') f.line = true;
    else if (name === 'winnable' && w === '--spoiler') f.spoiler = true;
    else return `unknown option "${words[i]}" (${USAGE[name]})`;
  }
  return f;
}

/** A long line cut at commas into lines of about 100 characters. */
function wrap(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (const part of text.split(', ')) {
    if (cur && cur.length + part.length + 2 > 100) {
      out.push(`${cur},`);
      cur = `  ${part}`;
    } else cur = cur ? `${cur}, ${part}` : part;
  }
  if (cur) out.push(cur);
  return out;
}
