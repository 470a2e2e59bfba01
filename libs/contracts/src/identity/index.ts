export * from './dto.js';
export * from './errors.js';
