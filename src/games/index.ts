// Registers every game with the CLI. A new game adds one line here.
import { registerGame } from '../cli/plugin.js';
import { besiegedCityCli } from './besieged-city/cli.js';
import { parterreCli } from './parterre/cli.js';
import { pilstymasCli } from './pilstymas/cli.js';
import { zioplysCli } from './zioplys/cli.js';

registerGame(besiegedCityCli);
registerGame(parterreCli);
registerGame(pilstymasCli);
registerGame(zioplysCli);
