export * from './purchase-order.js';
