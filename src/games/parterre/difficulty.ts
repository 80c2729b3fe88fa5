import { blank, type CellCheck, wholeNumber } from '../../batch/schema.js';
import type { DifficultyMeasure } from '../../solitaire/difficulty.js';
import { NARROW_COLUMNS } from './narrow-columns.js';

// How hard a Parterre deal is (everything is in sight, so a player could in principle see the
// whole way): how narrow the way through it is — along a winning line, the share of the legal
// moves at each step that keep the deal winnable (batch parterre --narrowness N). A move whose
// probe stayed undecided at N nodes counts as losing in share_mean and as winning in
// share_mean_hi: the grade is read from share_mean, the cautious end.

const fraction: CellCheck = (v) => (v === '' ? null : /^(0|1|0?\.\d+)$/.test(v) ? null : 'a number from 0 to 1');
const count: CellCheck = (v) => (v === '' ? null : wholeNumber()(v, {}));

export const PT_DIFFICULTY: DifficultyMeasure = {
  label: 'mean share of moves that keep the deal winnable',
  made: 'patience batch parterre --narrowness N',
  columns: NARROW_COLUMNS.map((name) => ({
    name,
    check: (v, row) =>
      row.outcome !== 'solved' && v !== ''
        ? blank(v, row)
        : name.startsWith('share_')
          ? fraction(v, row)
          : count(v, row),
  })),
  fields: [
    'moves',
    'steps',
    'share_mean',
    'share_mean_hi',
    'share_min',
    'share_min_hi',
    'narrowest_step',
    'critical_steps',
    'unknown_moves',
  ],
  grades: [
    { name: 'easy', rule: 'winnable; share_mean 0.75 or more' },
    { name: 'medium', rule: 'winnable; share_mean 0.60 to under 0.75' },
    { name: 'hard', rule: 'winnable; share_mean under 0.60' },
    { name: 'unwinnable', rule: 'the solver proved no line wins' },
    { name: 'undecided', rule: 'the solver did not decide within its budget' },
  ],
  assess(rows) {
    const r = rows.find((x) => x.share_mean !== undefined && x.share_mean !== '') ?? rows[0];
    if (r.share_mean === undefined) return null; // a batch without --narrowness
    const measured = r.outcome === 'solved' && r.share_mean !== '';
    const v = measured ? Number(r.share_mean) : null;
    const grade =
      r.outcome === 'unsolvable'
        ? 'unwinnable'
        : r.outcome !== 'solved' || v === null
          ? 'undecided'
          : v >= 0.75
            ? 'easy'
            : v >= 0.6
              ? 'medium'
              : 'hard';
    const fields: Record<string, string> = {};
    for (const f of PT_DIFFICULTY.fields) fields[f] = r[f] ?? '';
    return {
      seed: r.seed,
      outcome: r.outcome,
      value: v,
      lo: v,
      hi: measured ? Number(r.share_mean_hi) : null,
      grade,
      fields,
    };
  },
};
