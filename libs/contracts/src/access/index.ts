export * from './permission-keys.js';
export * from './permission-rule.js';
export * from './session-user.js';
