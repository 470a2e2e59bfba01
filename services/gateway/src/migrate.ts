import 'reflect-metadata';
import { ConfigError, ServicePlatformModule, exitOnStartupError, loadConfig } from '@scm/platform';
// Importing the composition root declares every service's schema and migrations.
import './embedded-app.js';

/**
 * `npm run migrate`: brings every service's schema on DATABASE_URL up to date and exits, starting nothing else.
 * Services also migrate their own schema when they start; this lets an operator do it ahead of a roll-out, and
 * gives the test run its migrated template database.
 */
try {
  const config = loadConfig();
  if (!config.databaseUrl) throw new ConfigError('DATABASE_URL', 'is required: the database whose schemas to migrate');
  const schemas = await ServicePlatformModule.migrateAll(config.databaseUrl);
  process.stdout.write(`Schemas up to date: ${schemas.join(', ')}\n`);
} catch (error) {
  exitOnStartupError(error);
}
