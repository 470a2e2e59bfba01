export * from './access/index.js';
export * from './common/index.js';
