// Loads the TypeScript worker when patience runs from source (tsx, vitest): a worker thread
// does not inherit tsx's loader, so it registers it here first. Compiled runs use worker.js.
import { register } from 'tsx/esm/api';

register();
const { default: runTask } = await import('./worker.ts');
export default runTask;
