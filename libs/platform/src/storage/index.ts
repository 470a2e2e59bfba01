export * from './file-storage.js';
export * from './local-file-storage.js';
export * from './s3-file-storage.js';
export * from './create-file-storage.js';
export * from './upload-policy.js';
