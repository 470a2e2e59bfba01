export * from './envelope.js';
export * from './errors.js';
export * from './import.js';
export * from './list-query.js';
export * from './business-date.js';
export * from './cost-fields.js';
export * from './units.js';
export * from './decimals.js';
