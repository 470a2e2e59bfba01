export * from './errors.js';
export * from './events.js';
export * from './petty-cash.js';
export * from './purchase-order.js';
export * from './receiving-order.js';
export * from './return-note.js';
export * from './subjects.js';
export * from './supplier-confirmation.js';
