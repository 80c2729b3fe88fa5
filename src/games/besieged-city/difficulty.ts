import { wholeNumber } from '../../batch/schema.js';
import { wilson } from '../../batch/stats.js';
import type { DealDifficulty, DifficultyMeasure } from '../../solitaire/difficulty.js';

// How hard a Besieged City deal is: the solver says whether it can be won at all (it sees the
// stock); the no-peek win share says how often the strongest player that cannot see the stock
// wins it — the share of its plays of the deal won, each play with its own strategy seed
// (batch --strategies hindsight --strategy-seeds K), with a 95% Wilson interval.

/** The strategies whose plays can measure a deal, strongest first: a deal is measured by the
 *  first of them that played it (CSVs made before `hindsight` existed carry the sampler's). */
const PLAYERS = ['hindsight', 'sampler'] as const;

const share = (x: number) => Number(x.toFixed(4));

export const BC_DIFFICULTY: DifficultyMeasure = {
  label: 'no-peek win share (plays won by hindsight, or by the sampler in older CSVs)',
  made: 'patience batch besieged-city --strategies hindsight --strategy-seeds K',
  columns: [{ name: 'shortest', check: (v) => (v === '' ? null : wholeNumber(1)(v, {})) }],
  fields: ['moves', 'shortest', 'player', 'plays', 'wins', 'win_share', 'win_lo', 'win_hi'],
  grades: [
    { name: 'easy', rule: 'winnable; the no-peek player won 90% of its plays or more' },
    { name: 'medium', rule: 'winnable; won 50% to under 90% of its plays' },
    { name: 'hard', rule: 'winnable; won 10% to under 50% of its plays' },
    {
      name: 'near-impossible without peeking',
      rule: 'winnable; won under 10% of its plays (with fewer than 10 plays: none)',
    },
    { name: 'unwinnable', rule: 'the solver proved no line wins' },
    { name: 'undecided', rule: 'the solver did not decide within its budget, and no play won' },
  ],
  assess(rows) {
    const played = (won: string) => rows.filter((r) => r[won] === 'true' || r[won] === 'false');
    const player = PLAYERS.find((p) => played(`won_${p}`).length > 0);
    if (player === undefined) return null;
    const WON = `won_${player}`;
    const plays = played(WON);
    const wins = plays.filter((r) => r[WON] === 'true').length;
    const outcome = rows.find((r) => r.outcome === 'solved' || r.outcome === 'unsolvable')?.outcome ?? rows[0].outcome;
    const p = wins / plays.length;
    const { lo, hi } = wilson(wins, plays.length);
    const moves = rows.filter((r) => r.outcome === 'solved' && r.source === 'solver').map((r) => Number(r.moves));
    const shortest = rows.filter((r) => r.shortest !== undefined && r.shortest !== '').map((r) => Number(r.shortest));
    const grade =
      outcome === 'unsolvable'
        ? 'unwinnable'
        : outcome !== 'solved'
          ? 'undecided'
          : p >= 0.9
            ? 'easy'
            : p >= 0.5
              ? 'medium'
              : p >= 0.1
                ? 'hard'
                : 'near-impossible without peeking';
    const d: DealDifficulty = {
      seed: rows[0].seed,
      outcome,
      value: outcome === 'solved' ? p : null,
      lo: outcome === 'solved' ? lo : null,
      hi: outcome === 'solved' ? hi : null,
      grade,
      fields: {
        moves: moves.length ? Math.min(...moves) : '',
        shortest: shortest.length ? Math.min(...shortest) : '',
        player,
        plays: plays.length,
        wins,
        win_share: share(p),
        win_lo: share(lo),
        win_hi: share(hi),
      },
    };
    return d;
  },
};
