export * from './errors.js';
export * from './events.js';
export * from './ledger-views.js';
export * from './posting.js';
export * from './stock-adjustment.js';
export * from './stock-take.js';
export * from './subjects.js';
export * from './settings.js';
