export * from './dto.js';
