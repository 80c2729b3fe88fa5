import { solitaireCli, solveBatchCommand } from '../../solitaire/cli.js';
import { settingWord } from '../../batch/settings.js';
import { parseCount } from '../../cli/units.js';
import { parterre } from './kit.js';
import { pysolfcCommand } from './pysolfc-cli.js';

const JOB = new URL('./job.js', import.meta.url);

const base = solitaireCli(parterre, {
  describe: 'Parterre (Партеръ, Flower Garden), one pack',
  solveTimeout: '60s',
  batchTimeout: '5s',
  batchSeeds: '1..100',
  job: JOB,
});

// Parterre's batch adds --narrowness: how narrow the way through each solved deal is.
export const parterreCli: typeof base = {
  ...base,
  commands: [pysolfcCommand],
  verbs: {
    ...base.verbs,
    batch: {
      ...base.verbs.batch,
      builder: (y) =>
        base.verbs.batch
          .builder(y)
          .option('narrowness', {
            type: 'string',
            describe:
              "N: along each solved deal's line, try every legal move at every step and solve the position after it at N nodes: the share of moves that keep the deal winnable (columns share_mean, share_min, …; moves undecided at N nodes are counted in unknown_moves and bound the shares: _hi counts them as winnable)",
          })
          .example(
            '$0 batch parterre --seeds 1..100 --max-nodes 1000000 --timeout none --narrowness 2000',
            'how narrow the way through each deal is',
          ),
      handler: (argv) => {
        if (argv.narrowness === undefined) return solveBatchCommand(parterre, JOB, argv);
        const n = parseCount(argv.narrowness, '--narrowness');
        return solveBatchCommand(parterre, JOB, argv, {
          config: { narrowNodes: n },
          settings: [settingWord('narrowness', n)],
        });
      },
    },
  },
};
