import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { besiegedCity } from '../../src/games/besieged-city/kit.js';
import { dealFromSeed } from '../../src/games/besieged-city/deal.js';
import { parterre } from '../../src/games/parterre/kit.js';
import { dealFromSeed as ptDeal } from '../../src/games/parterre/deal.js';
import { recordOfLine, readRecord } from '../../src/solitaire/record.js';
import { solve } from '../../src/search/solve.js';
import { tempDir } from '../temp-dir.js';
import { run, runWithInput } from './run.js';

// Game records: written by play (a person or a strategy) and batch --records, replayed and judged
// by verify; a bad record is one line and exit code 2.

const dir = tempDir('records-');
const read = (f: string) => JSON.parse(readFileSync(f, 'utf8'));
const put = (name: string, doc: unknown) => {
  const f = join(dir, name);
  writeFileSync(f, typeof doc === 'string' ? doc : JSON.stringify(doc));
  return f;
};

describe('besieged-city', () => {
  it('play --strategy --record writes a record that verify replays and judges', async () => {
    const f = join(dir, 'greedy-3.json');
    const r = await run('play', 'besieged-city', '--seed', '3', '--strategy', 'greedy', '--record', f);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/record written to/);
    const doc = read(f);
    expect(doc).toMatchObject({ format: 'patience-record', version: 1, game: 'besieged-city', deal: { seed: '3' } });
    expect(doc.player).toMatch(/^greedy/);
    // Every stock card is named as it was turned up: a stock move turns its own card.
    const stock = doc.moves.filter((m: { move: string }) => /stock>/.test(m.move));
    expect(stock.length).toBeGreaterThan(0);
    for (const m of stock) expect(m.turned).toBe(m.move.split(' ')[0]);
    // The cards turned, in order, are the deal's stock from its first card.
    const turned = doc.moves.flatMap((m: { turned?: string }) => (m.turned ? m.turned.split(' ') : []));
    expect(turned).toEqual(doc.deal.stock.slice(0, turned.length));
    expect(doc.result.moves).toBe(doc.moves.length);
    const v = await run('verify', '--solution', f);
    expect(v.code).toBe(0);
    expect(v.out).toMatch(
      new RegExp(`^valid: (lost|unfinished) after ${doc.moves.length} moves .*${doc.result.foundations}/104 cards`),
    );
  });

  it('batch --strategies --records writes one record per seed and strategy', async () => {
    const out = join(dir, 'recs');
    const r = await run(
      'batch',
      'besieged-city',
      '--seeds',
      '1..2',
      '--strategies',
      'greedy,random',
      '--records',
      out,
      '--out',
      join(dir, 'b.csv'),
      '--workers',
      '1',
      '--max-nodes',
      '2000',
    );
    expect(r.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['1-greedy.json', '1-random.json', '2-greedy.json', '2-random.json']);
    for (const f of readdirSync(out)) {
      const v = await run('verify', '--solution', join(out, f));
      expect(v.code).toBe(0);
      expect(v.out).toMatch(/^valid: /);
    }
    expect(read(join(out, '2-random.json')).player).toMatch(/^random/);
  });

  it('--records without --strategies is refused', async () => {
    const r = await run(
      'batch',
      'besieged-city',
      '--seeds',
      '1',
      '--records',
      join(dir, 'x'),
      '--out',
      join(dir, 'x.csv'),
    );
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--records: .*--strategies/);
  });

  it('a record of a won line (a solution) verifies as won', () => {
    const deal = dealFromSeed('1');
    const s = solve(besiegedCity.searchGame(deal), { maxNodes: 2_000_000, policy: besiegedCity.searchPolicy });
    expect(s.outcome).toBe('solved');
    if (s.outcome !== 'solved') return;
    const doc = recordOfLine(besiegedCity, deal, s.line, { player: 'solver' });
    expect(doc).toMatchObject({ result: { outcome: 'won', foundations: 104, moves: s.line.length } });
    expect(readRecord(besiegedCity, doc, 'r.json').line.length).toBe(s.line.length);
  });
});

describe('parterre', () => {
  it('play --record (a person) keeps the moves made, undo included', async () => {
    const f = join(dir, 'person.json');
    const r = await runWithInput(
      ['play', 'parterre', '--seed', '1', '--record', f],
      ['moves', '1', 'moves', '2', 'undo', 'quit'],
    );
    expect(r.code).toBe(0);
    const doc = read(f);
    expect(doc.player).toBe('person');
    expect(doc.moves).toHaveLength(1);
    expect(doc.result).toEqual({ outcome: 'unfinished', reason: 'quit', moves: 1, foundations: expect.any(Number) });
    // Nothing is face down in Parterre: no move turns a card.
    expect(doc.moves[0].turned).toBeUndefined();
    const v = await run('verify', '--solution', f);
    expect(v.out).toMatch(/^valid: unfinished after 1 move /);
    expect(v.code).toBe(0);
  });

  it('replay draws a record', async () => {
    const deal = ptDeal('2');
    const pos = parterre.position(deal);
    const buf = new Int32Array(parterre.maxMoves);
    const line: string[] = [];
    for (let i = 0; i < 5 && parterre.legalMoves(pos, buf) > 0; i++) {
      line.push(parterre.formatMove(buf[0]));
      pos.make(buf[0]);
    }
    const f = put('pt-line.json', recordOfLine(parterre, deal, line));
    const r = await run('replay', '--solution', f, '--out', join(dir, 'pt.html'));
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'pt.html'), 'utf8')).toMatch(/unfinished after 5 moves/);
  });
});

describe('pilstymas', () => {
  it('tournament --records carry the format, the players and the cards turned up; verify accepts them', async () => {
    const out = join(dir, 'pil');
    const r = await run(
      'tournament',
      'pilstymas',
      '--players',
      'greedy,random',
      '--seeds',
      '3',
      '--records',
      out,
      '--out',
      join(dir, 'pil.csv'),
      '--workers',
      '1',
    );
    expect(r.code).toBe(0);
    const f = join(out, 'greedy-random-3.json');
    const doc = read(f);
    expect(doc).toMatchObject({ format: 'patience-record', version: 1, players: ['greedy', 'random'] });
    expect(doc.moves.some((m: { turned?: string }) => m.turned)).toBe(true);
    expect((await run('verify', '--solution', f)).code).toBe(0);
    // A "turned" card that is not the card turned up is bad input, naming the move.
    const i = doc.moves.findIndex((m: { turned?: string }) => m.turned);
    const bad = structuredClone(doc);
    bad.moves[i].turned = bad.moves[i].turned === 'AS' ? 'KS' : 'AS';
    const v = await run('verify', '--solution', put('pil-bad.json', bad));
    expect(v.code).toBe(2);
    expect(v.err).toMatch(new RegExp(`pil-bad\\.json: move ${i + 1} .*"turned" says`));
  });
});

describe('bad records: one line naming the file and the field or move, exit 2', () => {
  const good = () => {
    const deal = dealFromSeed('3');
    const pos = besiegedCity.position(deal);
    const buf = new Int32Array(besiegedCity.maxMoves);
    const line: string[] = [];
    for (let i = 0; i < 30 && besiegedCity.legalMoves(pos, buf) > 0; i++) {
      line.push(besiegedCity.formatMove(buf[0]));
      pos.make(buf[0]);
    }
    return recordOfLine(besiegedCity, deal, line) as {
      game: string;
      moves: { move: string; turned?: string }[];
      result: Record<string, unknown>;
      version: number;
    };
  };

  it('the good record is valid', async () => {
    expect((await run('verify', '--solution', put('good.json', good()))).code).toBe(0);
  });

  const cases: [string, (d: ReturnType<typeof good>) => unknown, RegExp][] = [
    ['wrong game', (d) => ({ ...d, game: 'parterre' }), /wrong-game\.json: .*"game"|wrong-game\.json: deal/],
    [
      'an illegal move',
      (d) => ((d.moves[7] = { move: 'KS N0>F' }), d),
      /an-illegal-move\.json: moves\[7\] \(move 8\) "KS N0>F" is illegal/,
    ],
    [
      'a wrong turned card',
      (d) => {
        const i = d.moves.findIndex((m) => m.turned);
        d.moves[i].turned = d.moves[i].turned === 'AS' ? 'KS' : 'AS';
        return d;
      },
      /a-wrong-turned-card\.json: moves\[\d+\] \(move \d+\) .*"turned" says/,
    ],
    ['a missing field', (d) => ({ ...d, result: undefined }), /a-missing-field\.json: field "result" is missing/],
    ['a newer version', (d) => ({ ...d, version: 2 }), /a-newer-version\.json: field "version" is 2/],
    ['an unknown outcome', (d) => ((d.result.outcome = 'draw'), d), /result\.outcome must be/],
  ];
  for (const [what, spoil, msg] of cases)
    it(what, async () => {
      const f = put(`${what.replace(/ /g, '-')}.json`, spoil(good()));
      const r = await run('verify', '--solution', f);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(msg);
      expect(r.err.trim().split('\n')).toHaveLength(1);
    });

  it('a torn file', async () => {
    const text = JSON.stringify(good());
    const r = await run('verify', '--solution', put('torn.json', text.slice(0, text.length / 2)));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/torn\.json: not valid JSON/);
  });

  it('a result that is not the replay is invalid (exit 1), not bad input', async () => {
    const d = good();
    d.result.outcome = 'won';
    delete d.result.reason;
    const r = await run('verify', '--solution', put('claims-won.json', d));
    expect(r.err).toBe('');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^invalid: the record says won, but the replay is unfinished after 30 moves/);
  });
});
