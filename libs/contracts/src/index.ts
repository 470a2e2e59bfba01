export * from './access/index.js';
export * from './attachments/index.js';
export * from './catalog/index.js';
export * from './common/error-code.js';
export * from './common/index.js';
export * from './common/schema.js';
export * from './events/index.js';
export * from './identity/index.js';
