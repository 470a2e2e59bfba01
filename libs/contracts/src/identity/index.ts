export * from './dto.js';
export * from './errors.js';
export * from './events.js';
export * from './permission-modules.js';
export * from './subjects.js';
