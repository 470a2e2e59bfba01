import { ConfigError, SERVICE_URL_VARIABLES, closeOnSignals, exitOnStartupError, loadConfig } from '@scm/platform';
import { createGateway } from './gateway.js';

/** The gateway process of the distributed mode. */
try {
  const config = loadConfig();
  for (const [service, variable] of Object.entries(SERVICE_URL_VARIABLES)) {
    if (!config.serviceUrls[service])
      throw new ConfigError(variable, `is required by the gateway (where ${service} listens)`);
  }
  // Without the key the gateway could not tell a live session from a signed-out one (session-gate.ts).
  if (!config.authPublicKey)
    throw new ConfigError('AUTH_PUBLIC_KEY', 'is required by the gateway (it checks sessions)');
  const gateway = await createGateway(config);
  await gateway.listen({ port: config.port, host: config.host });
  process.stdout.write(`SCM gateway is running at http://${config.host}:${config.port}\n`);
  closeOnSignals(() => gateway.close());
} catch (error) {
  exitOnStartupError(error);
}
