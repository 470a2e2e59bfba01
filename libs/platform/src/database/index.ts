export * from './data-source.js';
export * from './embedded-postgres.js';
