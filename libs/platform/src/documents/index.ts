export * from './approver-directory.js';
export * from './document-actions.js';
export * from './document-history.js';
export * from './document-kit.providers.js';
export * from './document-number.js';
export * from './document-rules.js';
export * from './document-status-counts.js';
export * from './document-usage.js';
