export * from './catalog-usage.js';
