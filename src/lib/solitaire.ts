import { InputError, quote } from '../io/errors.js';
import { type AdviceOptions as TaskOptions, CHANCE_SAMPLES, CHANCE_SEED, hint, winnable } from '../solitaire/advice.js';
import { analyseLine } from '../solitaire/analyse.js';
import { readSolution, replayLine, verifySolution, type Solitaire, type SolitairePosition } from '../solitaire/kit.js';
import { isRecordDocument, readRecord, recordOfLine, standing, verifyRecord } from '../solitaire/record.js';
import type { GameLibrary } from './game.js';
import { settingsOf, solveDeal } from './solve.js';
import { pollOf } from './stop.js';
import type {
  AdviceOptions,
  DealDocument,
  GameRecord,
  Player,
  PlayOptions,
  PlayResult,
  VerifyResult,
} from './types.js';

// The library of a one-player game with a solver, written once over its Solitaire kit
// (src/solitaire/kit.ts), as the command line's verbs are (src/solitaire/cli.ts): the game's
// library.ts adds what the kit does not hold (its strategies).

/** Nodes and memory of each position's search in analyse, as `patience analyse` has them. */
const ANALYSE_MAX_NODES = 100_000;
const ANALYSE_MEMORY = 256 * 2 ** 20;

export interface SolitaireLibraryOptions<D> {
  /** The game's library module (its import.meta.url): GameLibrary.module. */
  module: string;
  /** The game's strategies, when it has them: their names, and one game of the deal played by
   *  `player` (a built-in's name as `name`, or the caller's own strategy). */
  strategies?: {
    names: readonly string[];
    play(deal: D, player: Player, name: string, opts: PlayOptions): PlayResult;
  };
}

/** A list of moves in notation, or InputError. */
export function movesOf(moves: unknown, where = 'moves'): string[] {
  if (!Array.isArray(moves)) throw new InputError(`${where}: expected an array of moves in notation`);
  moves.forEach((m, i) => {
    if (typeof m !== 'string') throw new InputError(`${where}[${i}] is not a string`);
  });
  return moves as string[];
}

export function solitaireLibrary<D extends { seed?: string }, P extends SolitairePosition>(
  kit: Solitaire<D, P>,
  opts: SolitaireLibraryOptions<D>,
): GameLibrary {
  const readDeal = (doc: DealDocument): D => kit.dealFromJson(doc, 'deal');
  const game = (doc: DealDocument, moves: readonly string[], o: AdviceOptions) => ({
    deal: readDeal(doc),
    moves: movesOf(moves),
    ...(o.dealt === true ? { dealt: true } : {}),
  });
  const taskOptions = (o: AdviceOptions): TaskOptions => ({
    ...(o.maxNodes !== undefined ? { maxNodes: o.maxNodes } : {}),
    ...(o.seed !== undefined ? { seed: o.seed } : {}),
    poll: (nodes) => {
      o.onProgress?.({ nodes });
      return o.signal?.aborted === true;
    },
  });
  const strategies = opts.strategies;
  return {
    module: opts.module,
    name: kit.name,
    title: kit.title,
    seats: { min: 1, max: 1 },
    strategies: strategies?.names ?? [],
    deal(seed, o) {
      if (o.players !== undefined && o.players !== 1)
        throw new InputError(`players: ${kit.title} is played alone (players 1)`);
      let deal = kit.dealFromSeed(seed);
      if (o.variant !== undefined) {
        if (!kit.variants) throw new InputError(`variant: ${kit.title} has no rule variants`);
        deal = kit.variants.apply(deal, o.variant, 'variant');
      }
      return kit.dealToJson(deal) as DealDocument;
    },
    solve: (doc, o) => solveDeal(kit, readDeal(doc), settingsOf(o), o).document,
    verify(doc, moves): VerifyResult {
      if (moves === undefined && isRecordDocument(doc)) {
        const v = verifyRecord(kit, doc, 'record');
        const rec = readRecord(kit, doc, 'record');
        return { valid: v.valid, won: standing(kit, rec.position) === 'won', moves: rec.moves.length, text: v.text };
      }
      // A solution document holds its deal and its moves; a deal document is given its line.
      const line =
        moves === undefined ? readSolution(kit, doc, 'solution') : { deal: readDeal(doc), moves: movesOf(moves) };
      const v = verifySolution(kit, { game: kit.name, deal: kit.dealToJson(line.deal), moves: line.moves }, 'line');
      const r = replayLine(kit, line.deal, line.moves);
      return r.ok
        ? { valid: v.valid, won: r.won, moves: r.moves, text: v.text }
        : {
            valid: false,
            won: false,
            moves: r.index,
            illegal: { index: r.index, move: r.move, reason: r.reason },
            text: v.text,
          };
    },
    ...(strategies
      ? {
          play(doc: DealDocument, players: readonly Player[], o: PlayOptions) {
            if (players.length !== 1)
              throw new InputError(`players: ${kit.title} is played by one player, not ${players.length}`);
            return strategies.play(readDeal(doc), players[0], kit.name, o);
          },
        }
      : {}),
    record(doc, moves, player) {
      const deal = readDeal(doc);
      const line = movesOf(moves);
      const r = replayLine(kit, deal, line);
      if (!r.ok) throw new InputError(`moves[${r.index}] ${quote(r.move)} is illegal: ${r.reason}`);
      return recordOfLine(kit, deal, line, player === undefined ? {} : { player }) as GameRecord;
    },
    analyse(doc, o) {
      if (!isRecordDocument(doc))
        throw new InputError('record: not a game record (it has no "format" field); play gives records');
      const rec = readRecord(kit, doc, 'record');
      const solver = settingsOf(
        { maxNodes: o.maxNodes, memoryBytes: o.memoryBytes },
        { maxNodes: ANALYSE_MAX_NODES, memoryBytes: ANALYSE_MEMORY },
      );
      return analyseLine(kit, rec.deal, rec.line, {
        solver: { ...solver, policy: kit.searchPolicy, poll: pollOf(o) },
        chance: kit.hidden ? { samples: o.samples ?? CHANCE_SAMPLES, seed: o.seed ?? CHANCE_SEED } : undefined,
      }).analysis;
    },
    hint: (doc, moves, o) => hint(kit, game(doc, moves, o), taskOptions(o)),
    winnable: (doc, moves, o) =>
      winnable(kit, game(doc, moves, o), {
        ...taskOptions(o),
        ...(o.line !== undefined ? { line: o.line } : {}),
        ...(o.spoiler !== undefined ? { spoiler: o.spoiler } : {}),
        ...(o.samples !== undefined ? { samples: o.samples } : {}),
      }),
  };
}
