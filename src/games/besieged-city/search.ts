import type {
  DeadTestCalls,
  Guides,
  Macros,
  Pruning,
  SearchGame,
  SearchMode,
  SearchSetup,
} from '../../search/types.js';
import { DEAD } from '../../search/types.js';
import { CELLS, DECK_SIZE, STOCK_SIZE } from './layout.js';
import { LastAceProof } from './aces.js';
import type { BcDeal } from './deal.js';
import { DominancePruning } from './dominance.js';
import { BC_MAX_KEY_WORDS, packKey } from './key.js';
import { bcHeuristic, GUIDES } from './heuristic.js';
import { MacroMoves } from './macro-moves.js';
import { formatMove } from './notation.js';
import { MACRO, macroExit, plateauBytes, plateausApply } from './plateau.js';
import { PlateauKeying } from './plateau-keying.js';
import { BcPosition, MAX_MOVES } from './position.js';
import { SuitPuzzleProof } from './suit-puzzle-proof.js';
import { suitPuzzleBytes } from './suit-puzzles.js';

/** The Besieged City position as the search sees it: the position itself (pos), and the parts of
 *  the search that keep books on the moves played, each its own state (move-hook.ts): plateau
 *  keying, macro moves, the suit puzzles, the last-ace proof and the dominance pruning. make() and
 *  unmake() play the move on the position, then tell each part, by a direct call to a field of
 *  its own class. Moves made on the position directly are unknown to the parts: while the game
 *  is searched or asked for searchMoves(), make them through the game. What the game offers the
 *  search beyond SearchGame is its capability object, extras (BcExtras below). */
export class BcSearch implements SearchGame {
  readonly maxKeyWords = BC_MAX_KEY_WORDS;
  /** The position alone: cards, piles, reserve, stock, foundations and its undo stack. */
  readonly pos: BcPosition;
  readonly extras: BcExtras;
  /** The parts, each a field of its own class so that every call below sees one class (read by
   *  the capability object too). */
  readonly plateau: PlateauKeying;
  readonly macros: MacroMoves;
  readonly suitPuzzles: SuitPuzzleProof;
  readonly lastAce: LastAceProof;
  readonly dominance: DominancePruning;

  constructor(deal: BcDeal) {
    const pos = (this.pos = new BcPosition(deal));
    this.plateau = new PlateauKeying(pos);
    this.macros = new MacroMoves(pos, this.plateau);
    this.suitPuzzles = new SuitPuzzleProof(pos);
    this.lastAce = new LastAceProof(pos);
    this.dominance = new DominancePruning(pos);
    this.extras = new BcExtras(this);
  }

  /** In plateau mode, what searchMoves() may write (PlateauKeying.maxMoves()); read where the
   *  search asks it, after key() has found the members. */
  get maxMoves(): number {
    return this.plateau.on ? this.plateau.maxMoves() : MAX_MOVES;
  }

  /** Bytes the game's caches hold now (for tests and statistics). */
  get cacheBytes(): number {
    return this.suitPuzzles.bytes + this.plateau.bytes;
  }

  key(out: Uint32Array): number {
    return this.plateau.on ? this.plateau.key(out) : packKey(this.pos, out);
  }

  moves(out: Int32Array, offset = 0): number {
    return this.pos.moves(out, offset);
  }

  won(): boolean {
    return this.pos.won();
  }

  /** The plateau keying keeps its books only in plateau mode (it is read nowhere else). */
  make(m: number): void {
    if ((m & MACRO) === 0) this.pos.make(m);
    else this.pos.make(this.macros.enter(m));
    this.suitPuzzles.made(m);
    this.lastAce.made(m);
    this.dominance.made(m);
    if (this.plateau.on) this.plateau.made(m);
  }

  unmake(m: number): void {
    if ((m & MACRO) === 0) this.pos.unmake(m);
    else {
      this.pos.unmake(macroExit(m));
      this.macros.unmade();
    }
    this.suitPuzzles.unmade();
    this.lastAce.unmade();
    this.dominance.unmade();
    if (this.plateau.on) this.plateau.unmade(m);
  }

  /** Admissible: every card off the foundations needs a move to get there; a reserve card needs
   *  one more (rule I: reserve -> trench first), and a talon card too (it enters the reserve by
   *  a refill, which is no move, then must go reserve -> trench -> foundation). Each move lowers
   *  this bound by at most one, so it is also consistent.
   *  With stock-to-foundation=no, a stock card needs one more as well (below).
   *  DEAD when a suit's last ace is buried (aces.ts), or when a suit whose cards have all left
   *  the stock and the talon is a lost puzzle on its own (the proof is in suit-puzzles.ts). */
  lowerBound(): number {
    if (this.lastAce.buried()) return DEAD;
    const pos = this.pos;
    let reserve = 0;
    for (let c = 0; c < CELLS; c++) if (pos.reserve[c] >= 0) reserve++;
    if (this.suitPuzzles.on && this.suitPuzzles.lost()) return DEAD;
    // stock-to-foundation=no: a stock card needs a move to the trenches too (it reaches the
    // reserve by a refill, from the talon or straight from the stock), like a reserve card; a
    // deal to the talon leaves this unchanged, so the bound stays consistent.
    const stock = pos.rules.stockToFoundation ? 0 : STOCK_SIZE - pos.sp;
    return DECK_SIZE - pos.foundTotal + reserve + pos.tlen + stock;
  }

  /** Whether lowerBound() would return DEAD, without computing the bound where it need not: in
   *  guided runs (beginSearch()), where the search asks this for every new position, only the
   *  last-ace rule is on. Elsewhere it is lowerBound() itself (same side effects). */
  dead(): boolean {
    return this.suitPuzzles.on ? this.lowerBound() >= DEAD : this.lastAce.buried();
  }

  formatMove(m: number): string {
    return formatMove(m);
  }
}

/** Besieged City's capability object (SearchExtras): the mode of each search, the caches' part of
 *  the memory, the dominance pruning, the dead-first order, the guides and the plateaus' macro
 *  moves. It holds the game's parts (BcSearch) and plays no move itself. */
export class BcExtras implements SearchSetup, Pruning, Pick<DeadTestCalls, 'deadFirst'>, Guides, Macros {
  private readonly pos: BcPosition;
  private readonly plateau: PlateauKeying;
  private readonly macros: MacroMoves;
  private readonly suitPuzzles: SuitPuzzleProof;
  private readonly lastAce: LastAceProof;
  private readonly dominance: DominancePruning;

  /** The capability object of `game`, over its parts (held here too: no per-node hop through
   *  the game, and no cycle between the two objects). */
  constructor(game: BcSearch) {
    this.pos = game.pos;
    this.plateau = game.plateau;
    this.macros = game.macros;
    this.suitPuzzles = game.suitPuzzles;
    this.lastAce = game.lastAce;
    this.dominance = game.dominance;
  }

  /** Plateau search (plateau.ts) in searches that take macro moves (the exhaustive DFS), where
   *  its proof holds (plateau.ts, plateausApply(): a symmetric trench order and gaps filled at
   *  once); under trench-order=directional or trench-fill=deferred it is off and the exhaustive
   *  pass goes move by move. The suit puzzles only in searches that are not guided. */
  beginSearch(mode: SearchMode): void {
    this.suitPuzzles.on = !mode.guided;
    this.plateau.on = mode.macros && plateausApply(this.pos.rules);
    this.plateau.begin();
    this.macros.begin();
    this.suitPuzzles.begin();
    this.lastAce.begin();
    this.dominance.begin();
  }

  /** A solve's memory budget, of which the suit puzzles and the plateau memo take their parts
   *  (suit-puzzles.ts, plateau.ts): both are made again to fit it, empty, as on a new game. (Verdicts
   *  kept from an earlier solve would prune more, so the same solve would take fewer nodes on a
   *  game that had solved before, and a search would depend on what ran before it.) */
  memoryBudget(bytes: number): number {
    this.suitPuzzles.setBudget(bytes);
    this.plateau.setBudget(bytes);
    return suitPuzzleBytes(bytes) + plateauBytes(bytes);
  }

  /** The legal moves less one dominated kind (dominance.ts), or in plateau mode the moves of
   *  the position's class (plateau-keying.ts). */
  searchMoves(out: Int32Array, offset: number): number {
    const pos = this.pos;
    if (this.plateau.on && pos.pending < 0) return this.plateau.moves(out, offset);
    return this.dominance.filter(out, offset, pos.moves(out, offset));
  }

  /** Depth-first search asks dead() before the table (DeadTestCalls.deadFirst): most positions
   *  the exhaustive pass enters are dead, and dead() mostly reads cached suit verdicts, cheaper
   *  than the key and a probe into a table of millions; the dead ones are then never stored, and
   *  the plain DFS stores a fraction of the positions at a higher node rate
   *  (`npx tsx bench/same-searches.ts --group bc-296` times it; bench/history.md,
   *  "Core speed, round 8").
   *  dead() judges only the suits the last move changed, so a dead position met again by
   *  another path may pass as live and be searched: nodes, never a verdict. Not with plateaus:
   *  there a dead arrangement stored under its plateau's key (PlateauKeying.key()) stands for the
   *  others, which dead() misses more often (more positions expanded, fewer deals solved: the
   *  same section), so the table comes first. */
  get deadFirst(): boolean {
    return !this.plateau.on;
  }

  readonly guideCount = GUIDES.length;

  /** The guide of the best-first pass (heuristic.ts); not admissible, decides nothing. */
  heuristic(guide = 0): number {
    return bcHeuristic(this.pos, GUIDES[guide % GUIDES.length]);
  }

  /** A plateau node may explore a plateau of thousands of arrangements (plateau.ts). */
  get costlyNodes(): boolean {
    return this.plateau.on;
  }

  /** The line with every macro move written out as its single moves (internal moves, then the
   *  exit), from the current position, which it leaves unchanged. */
  expandMoves(moves: readonly number[]): number[] {
    return this.macros.expand(moves);
  }
}
