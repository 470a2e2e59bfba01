export * from './activity-registry.js';
export * from './dto.js';
