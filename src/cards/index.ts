export * from './card.js';
export * from './shuffle.js';
