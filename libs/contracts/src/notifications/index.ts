export * from './activity-registry.js';
export * from './approval.js';
export * from './dto.js';
export * from './record-activity-registry.js';
export * from './digest.js';
