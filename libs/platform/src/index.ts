export * from './config/index.js';
export * from './database/index.js';
export * from './logging/logger.js';
export * from './logging/request-context.js';
export * from './runtime/tokens.js';
