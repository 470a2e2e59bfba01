export * from './errors.js';
export * from './kit.js';
