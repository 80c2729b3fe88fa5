import { CHOOSE_SPITEFUL } from '../position.js';
import type { BuiltinStrategy } from './strategy.js';

/** The centre first still, then the opponent holding the fewest cards (ties: nearest right). */
export const spiteful: BuiltinStrategy = { name: 'spiteful', chooser: CHOOSE_SPITEFUL, miss: 0 };
