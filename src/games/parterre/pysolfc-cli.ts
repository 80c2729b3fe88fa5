import type { Argv } from 'yargs';
import type { VerbCommand } from '../../cli/plugin.js';

// `patience pysolfc N`: what a PySolFC player holding Flower Garden game N asks. The command's
// work (the solver, the published table) loads only when it runs (pysolfc-answer.ts).

export const pysolfcCommand: VerbCommand & { command: string } = {
  command: 'pysolfc [number]',
  describe:
    "PySolFC's Flower Garden game N: can it be won, how hard is it, and (--line) the winning line in PySolFC's words",
  example: ['$0 pysolfc 12345 --line', "PySolFC's Flower Garden game #12345: winnable? how hard? the line"],
  builder: (y: Argv) =>
    y
      .positional('number', {
        type: 'string',
        describe: 'the game number PySolFC shows (12345, or ms12345 as its status bar shows it)',
      })
      .option('line', {
        type: 'boolean',
        default: false,
        describe: 'print the winning line, one step a line, as PySolFC shows the game (columns 1 to 6 from the left)',
      })
      .option('list', {
        choices: ['winnable', 'unwinnable', 'undecided'],
        describe: 'print game numbers from the published list instead (PySolFC numbers 1..32000, its rules)',
      })
      .option('grade', {
        choices: ['easy', 'medium', 'hard'],
        describe: 'with --list winnable: only the numbers of this difficulty grade (among those graded)',
      })
      .option('count', { type: 'string', default: '100', describe: 'with --list: how many numbers to print (or all)' })
      .option('variant', {
        type: 'string',
        describe: "the rules to judge by: PySolFC's (foundations=removable, the default) or foundations=final",
      })
      .option('max-nodes', {
        type: 'string',
        default: '5000000',
        describe: 'the solver\'s budget (the published list\'s); past it the answer is "not known"',
      })
      .option('narrowness', {
        type: 'string',
        default: '2000',
        describe: 'nodes for each probe of how narrow the way is (the grade: data/parterre/README.md)',
      })
      .option('memory', { type: 'string', default: '512MiB', describe: "the solver's memory" })
      .option('unicode', { type: 'boolean', default: true, describe: 'suits as ♠♥♦♣ (--no-unicode: S H D C)' })
      .example('$0 pysolfc 12345', 'can PySolFC game #12345 be won, and how hard is it')
      .example('$0 pysolfc 12345 --line', 'the winning line, step by step')
      .example('$0 pysolfc --list winnable --grade easy', 'numbers of easy games to type into PySolFC'),
  handler: async (argv) => (await import('./pysolfc-answer.js')).pysolfcAnswer(argv),
};
