import { CHOOSE_RULE } from '../position.js';
import type { BuiltinStrategy } from './strategy.js';

/** The page's priority: the centre, then the opponents nearest to the right. */
export const rule: BuiltinStrategy = { name: 'rule', chooser: CHOOSE_RULE, miss: 0 };
