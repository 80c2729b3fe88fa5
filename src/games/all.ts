// Registers every game with the CLI. A new game adds one line here.
import { registerGame } from './registry.js';
import { besiegedCityCli } from './besieged-city/cli.js';

registerGame(besiegedCityCli);
import { zioplysCli } from './zioplys/cli.js';
registerGame(zioplysCli);
import { pilstymasCli } from './pilstymas/cli.js';
registerGame(pilstymasCli);
import { parterreCli } from './parterre/cli.js';
registerGame(parterreCli);
