#!/usr/bin/env node
// `npm run start:distributed`: every service as its own process against DATABASE_URL, NATS_URL and
// REDIS_URL (the topology of docker-compose.yml), the gateway on PORT (default 8080).
import { BACKEND_SERVICES, generateAuthKeys, startService } from './service-processes.mjs';

for (const variable of ['DATABASE_URL', 'NATS_URL', 'REDIS_URL']) {
  if (!process.env[variable]) {
    console.error(`Configuration error: ${variable} is required by the distributed mode (see README).`);
    process.exit(1);
  }
}

const keys = process.env.AUTH_PUBLIC_KEY ? {} : generateAuthKeys();
if (!process.env.AUTH_PUBLIC_KEY) {
  console.log('AUTH_PUBLIC_KEY/AUTH_PRIVATE_KEY not set: generated a key pair for this run (sessions end at restart).');
}
const gatewayPort = Number(process.env.PORT ?? 8080);
const started = [];
const env = { ...keys };
try {
  for (const [index, name] of BACKEND_SERVICES.entries()) {
    const port = gatewayPort + 1 + index;
    const service = await startService(name, { port, env });
    started.push(service);
    env[`${name.toUpperCase()}_URL`] = service.url;
  }
  started.push(await startService('gateway', { port: gatewayPort, env }));
  console.log(`SCM (distributed) is running at http://127.0.0.1:${gatewayPort}`);
} catch (error) {
  console.error(String(error instanceof Error ? error.message : error));
  await Promise.all(started.map((service) => service.stop()));
  process.exit(1);
}

const shutdown = async () => {
  for (const service of started.reverse()) await service.stop();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
