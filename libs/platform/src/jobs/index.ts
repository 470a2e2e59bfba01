export * from './job-queue.js';
export * from './in-process-job-queue.js';
export * from './bullmq-job-queue.js';
export * from './create-job-queue.js';
