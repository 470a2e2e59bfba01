export * from './database.js';
export * from './embedded-app.js';
export * from './wait.js';
export * from './catalog-suite.js';
export * from './http.js';
export * from './two-locations.js';
export * from './routes.js';
export * from './catalog-snapshots.js';
