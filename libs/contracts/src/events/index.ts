export * from './aggregates.js';
export * from './envelope.js';
