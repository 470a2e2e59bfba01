export * from './dto.js';
export * from './errors.js';
export * from './events.js';
export * from './item-category.js';
export * from './settings.js';
export * from './sku.js';
export * from './subjects.js';
export * from './supplier-price.js';
