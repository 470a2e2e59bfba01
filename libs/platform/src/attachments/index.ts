export * from './attachment-names.js';
export * from './attachment.exception.js';
export * from './attachment.service.js';
export * from './attachments.module.js';
export * from './attachments.options.js';
