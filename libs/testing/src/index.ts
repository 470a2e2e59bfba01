export * from './database.js';
export * from './embedded-app.js';
export * from './wait.js';
