import 'reflect-metadata';
import { closeOnSignals, exitOnStartupError, loadConfig } from '@scm/platform';
import { createEmbeddedApp } from './embedded-app.js';

/** `npm start`: the whole product in one process on its embedded defaults. */
try {
  const config = loadConfig();
  const { app, close } = await createEmbeddedApp(config);
  await app.listen(config.port, config.host);
  process.stdout.write(`SCM is running at http://${config.host}:${config.port}\n`);
  closeOnSignals(close);
} catch (error) {
  exitOnStartupError(error);
}
