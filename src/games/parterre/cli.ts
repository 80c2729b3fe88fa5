import { solitaireCli } from '../../solitaire/cli.js';
import { parterre } from './kit.js';

export const parterreCli = solitaireCli(parterre, {
  describe: 'Parterre (Партеръ, Flower Garden), one pack',
  solveTimeout: '60s',
  batchTimeout: '5s',
  batchSeeds: '1..100',
  job: new URL('./job.js', import.meta.url),
});
