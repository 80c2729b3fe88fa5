import { describe, expect, it } from 'vitest';
import { dealFromSeed } from '../../src/games/pilstymas/deal.js';
import { playGame } from '../../src/games/pilstymas/match.js';
import { END, PASS, type PilPosition, SNAPSHOT_MAX } from '../../src/games/pilstymas/position.js';
import { RepetitionTable } from '../../src/games/pilstymas/repetition.js';
import { recordFromJson, recordToJson, verifyRecord } from '../../src/games/pilstymas/replay.js';
import type { Strategy } from '../../src/games/pilstymas/strategies/index.js';
import type { PilView } from '../../src/games/pilstymas/view.js';
import { build, play } from './helpers.js';

/** Ends every turn at once (or passes): nothing on the table ever changes. */
const idler = (name: string): Strategy => ({ name, choose: (v: PilView) => (v.handCount[v.seat] > 0 ? END : PASS) });

describe('[D] draw by repetition', () => {
  it('two players who only end their turns draw by repetition once a position comes round a third time', () => {
    // Both hands hold 35 cards and cycle in step, one card a turn: the position after turn 1
    // recurs after turns 71 and 141 (after turn 70 B's waste is not turned over yet).
    const r = playGame(dealFromSeed('7'), [idler('a'), idler('b')], { record: true, maxTurns: 1000 });
    expect(r.winner).toBe(-1);
    expect(r.reason).toBe('repetition');
    expect(r.turns).toBe(141);
    // With a lower cap the cap comes first and keeps its own reason.
    const capped = playGame(dealFromSeed('7'), [idler('a'), idler('b')], { maxTurns: 140 });
    expect([capped.reason, capped.turns]).toEqual(['max-turns', 140]);
  });

  it('counts whole positions, not turns or keys; forgets them after a foundation move', () => {
    const t = new RepetitionTable();
    const pos = build({ hand: [['5H', 'TC'], ["2D'"]], tab: [["9D'"], ['AS'], [], [], [], [], [], []] });
    expect(t.add(pos)).toBe(1);
    pos.turns += 10; // the turn count is not part of the position
    expect(t.add(pos)).toBe(2);
    play(pos, '9D A0>A2');
    expect(t.add(pos)).toBe(1);
    play(pos, '9D A2>A0');
    expect(t.add(pos)).toBe(3);
    play(pos, 'AS A1>F');
    expect(t.add(pos)).toBe(1);
  });

  it('snapshots are equal exactly when the positions are', () => {
    const a = build({ hand: [['5H', 'TC'], ["2D'"]], tab: [["9D'"], [], [], [], [], [], [], []] });
    const b = build({ hand: [['5H', 'TC'], ["2D'"]], tab: [[], ["9D'"], [], [], [], [], [], []] });
    const sa = new Uint8Array(SNAPSHOT_MAX),
      sb = new Uint8Array(SNAPSHOT_MAX);
    const snap = (p: PilPosition, out: Uint8Array) => Array.from(out.subarray(0, p.snapshot(out, 0)));
    expect(snap(a, sa)).not.toEqual(snap(b, sb));
    play(b, '9D A1>A0');
    expect(snap(a, sa)).toEqual(snap(b, sb));
    b.setTurn(1);
    expect(snap(a, sa)).not.toEqual(snap(b, sb));
  });

  it('records carry the reason and verify replays it; moves after the draw or a wrong reason are invalid', () => {
    const deal = dealFromSeed('7');
    const r = playGame(deal, [idler('a'), idler('b')], { record: true, maxTurns: 1000 });
    const doc = recordToJson(deal, r, 'cleared', 1000) as {
      moves: { player: number; move: string }[];
      result: { outcome: string; reason?: string; turns: number };
    };
    expect(doc.result).toEqual({ outcome: 'draw', reason: 'repetition', turns: 141 });
    const v = verifyRecord(recordFromJson(doc, 'r.json'));
    expect([v.ok, v.message]).toEqual([true, 'valid: draw by repetition after 141 turns']);
    const longer = structuredClone(doc);
    longer.moves.push({ player: 1 - r.moves.at(-1)!.player, move: 'end' });
    const lv = verifyRecord(recordFromJson(longer, 'r.json'));
    expect(lv.ok).toBe(false);
    expect(lv.message).toMatch(/^move 142 .*drawn by repetition after 141 turns/);
    const capped = structuredClone(doc);
    capped.result.reason = 'max-turns';
    expect(verifyRecord(recordFromJson(capped, 'r.json')).message).toMatch(/drawn by repetition/);
    // A game cut short of both the cap and a repetition is no draw.
    const short = structuredClone(doc);
    short.moves = short.moves.slice(0, 100);
    short.result.turns = 100;
    expect(verifyRecord(recordFromJson(short, 'r.json')).ok).toBe(false);
    expect(() =>
      recordFromJson({ ...doc, result: { outcome: 'draw', reason: 'boredom', turns: 141 } }, 'r.json'),
    ).toThrow(/result.reason/);
  });
});
