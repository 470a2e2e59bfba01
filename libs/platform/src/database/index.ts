export * from './concurrency.js';
export * from './data-source.js';
export * from './embedded-postgres.js';
export * from './record-changes.js';
export * from './unit-of-work.js';
export * from './extensions.js';
export * from './replica-rows.js';
export * from './returned-rows.js';
