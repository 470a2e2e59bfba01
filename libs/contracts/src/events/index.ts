export * from './aggregates.js';
export * from './envelope.js';
export * from './services.js';
