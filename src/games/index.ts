// The games, one line each: the only file that names every game. A new game is a folder beside
// these whose index.ts exports its plugin, and its line here (docs/architecture.md, § Adding a
// game). The program lists the games in the order of their names, not of these lines.
export { plugin as besiegedCity } from './besieged-city/index.js';
export { plugin as parterre } from './parterre/index.js';
export { plugin as pilstymas } from './pilstymas/index.js';
export { plugin as zioplys } from './zioplys/index.js';
