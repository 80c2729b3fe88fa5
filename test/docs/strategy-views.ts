import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dealFromSeed as bcDeal } from '../../src/games/besieged-city/deal.js';
import { BcPosition } from '../../src/games/besieged-city/position.js';
import { publicView as bcPublicView } from '../../src/games/besieged-city/strategies/public-view.js';
import { BcView } from '../../src/games/besieged-city/view.js';
import { dealFromSeed as pilDeal } from '../../src/games/pilstymas/deal.js';
import { publicView as pilPublicView } from '../../src/games/pilstymas/strategies/public-view.js';
import { parseMove as pilParse } from '../../src/games/pilstymas/notation.js';
import { MAX_MOVES, PilPosition } from '../../src/games/pilstymas/position.js';
import { loadView, viewOf } from '../../src/games/pilstymas/view.js';
import { dealFromSeed as zDeal } from '../../src/games/zioplys/deal.js';
import { CHOOSE_EXTERNAL, CHOOSE_RULE, DEFAULT_VARIANT, ZPosition } from '../../src/games/zioplys/position.js';
import { publicView as zPublicView, type ZPublicView } from '../../src/games/zioplys/strategies/public-view.js';

// The views shown in docs/strategies.md, made here by the code that makes them for strategy
// files (each game's publicView) from real positions, so the page cannot drift from the code:
// test/docs/strategy-views.test.ts checks every block, and
//   npx tsx test/docs/strategy-views.ts --write
// rewrites the blocks in the page after a change. A block sits between
// `<!-- view: NAME -->` and `<!-- /view -->` and holds the JSON the strategy receives.

const WIDTH = 100;

/** JSON, laid out for reading: a value that fits on its line stays on it, long lists wrap. */
export function layout(v: unknown, indent = ''): string {
  const inline = JSON.stringify(v, null, 1).replace(/\n\s*/g, ' ').replace(/\[ /g, '[').replace(/ \]/g, ']');
  if (indent.length + inline.length <= WIDTH || v === null || typeof v !== 'object') return inline;
  const inner = `${indent}  `;
  if (Array.isArray(v)) {
    if (v.every((x) => typeof x !== 'object' || x === null)) {
      // A list of cards: as many to a line as fit.
      const lines: string[] = [];
      let line = '';
      for (const x of v.map((x) => JSON.stringify(x))) {
        if (line && inner.length + line.length + x.length + 2 > WIDTH) lines.push(line), (line = '');
        line += `${line ? ' ' : ''}${x},`;
      }
      lines.push(line.replace(/,$/, ''));
      return `[\n${lines.map((l) => inner + l).join('\n')}\n${indent}]`;
    }
    return `[\n${v.map((x) => inner + layout(x, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(v as Record<string, unknown>);
  return `{\n${entries.map(([k, x]) => `${inner}${JSON.stringify(k)}: ${layout(x, inner)}`).join(',\n')}\n${indent}}`;
}

const pick = <T extends object>(o: T, keys: (keyof T)[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));

/** Besieged City, deal 12: the first decision, then the one after "deal" turned AS (it fits its
 *  foundation, so the strategy is asked where it goes). */
function besiegedCity(): Record<string, string> {
  const pos = new BcPosition(bcDeal(12));
  const view = new BcView();
  view.observe(pos);
  const first = bcPublicView(view, view.legal());
  view.observe(pos, pos.stock[pos.sp]); // what the referee does on "deal"
  const dealt = bcPublicView(view, view.legal());
  return {
    'besieged-city': layout(first),
    'besieged-city-dealt': layout(pick(dealt, ['move', 'stock', 'dealt', 'pending', 'moves'])),
  };
}

/** Pilstymas, deal 42: A plays JH A0>A2 and ends the turn; B's first decision. */
function pilstymas(): Record<string, string> {
  const pos = PilPosition.fromDeal(pilDeal(42));
  for (const m of ['JH A0>A2', 'end']) {
    const p = pilParse(pos, m);
    if (!p.ok) throw new Error(`${m}: ${p.reason}`);
    pos.make(p.move);
  }
  const v = viewOf(pos, 1);
  // As the file adapter does: the view loaded with its hidden cards unknown gives the moves.
  const scratch = new PilPosition();
  loadView(scratch, v);
  const buf = new Int32Array(MAX_MOVES);
  return { pilstymas: layout(pilPublicView(v, Array.from(buf.subarray(0, scratch.moves(buf))))) };
}

/** Žioplys, deal 7 for four players with a file in seat 1: the first time it is asked. */
function zioplys(): Record<string, string> {
  const game = new ZPosition(4, DEFAULT_VARIANT);
  game.seats.set([CHOOSE_RULE, CHOOSE_EXTERNAL, CHOOSE_RULE, CHOOSE_RULE], [0, 0, 0, 0], null);
  let first: ZPublicView | null = null;
  game.seats.external = (seat, c, seats) => {
    first ??= zPublicView(game, seat, c, seats);
    return seats[0];
  };
  game.reset(zDeal(7, 4));
  game.play();
  if (!first) throw new Error('seat 1 was never asked');
  return { zioplys: layout(first) };
}

export const docViews = (): Record<string, string> => ({ ...besiegedCity(), ...pilstymas(), ...zioplys() });

export const DOC = resolve(fileURLToPath(import.meta.url), '../../../docs/strategies.md');
const BLOCK = /(<!-- view: ([\w-]+) -->\n```json\n)((?:(?!```)[\s\S])*)(```\n<!-- \/view -->)/g;

/** The blocks of the page, by name (each without its last newline). */
export const docBlocks = (text: string): Record<string, string> =>
  Object.fromEntries([...text.matchAll(BLOCK)].map((m) => [m[2], m[3].replace(/\n$/, '')]));

if (process.argv[2] === '--write') {
  const views = docViews();
  const text = readFileSync(DOC, 'utf8').replace(
    BLOCK,
    (_all, open: string, name: string, _old: string, close: string) => {
      if (!(name in views)) throw new Error(`${join('docs', 'strategies.md')}: no view named ${name}`);
      return `${open}${views[name]}\n${close}`;
    },
  );
  writeFileSync(DOC, text);
  console.log(`${DOC}: ${Object.keys(docBlocks(text)).length} views written`);
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [name, text] of Object.entries(docViews())) console.log(`<!-- view: ${name} -->\n${text}\n`);
}
