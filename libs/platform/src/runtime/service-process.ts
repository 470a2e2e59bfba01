import { Module } from '@nestjs/common';
import type { DynamicModule, Type } from '@nestjs/common';
import { ConfigError, loadConfig } from '../config/config.js';
import type { PlatformConfig } from '../config/config.js';
import { HealthController } from '../health/health.controller.js';
import { createHttpApp } from '../http/create-http-app.js';
import { createLogger } from '../logging/logger.js';
import { RuntimeModule } from './runtime.module.js';
import { createRuntime } from './runtime.js';
import type { Runtime } from './runtime.js';

const logger = createLogger('process');

/** What a service contributes to a process: its name and its root Nest module. */
export interface ServiceDefinition {
  name: string;
  module: Type | DynamicModule;
  /** identity signs access tokens and needs the private key. */
  signsTokens?: boolean;
}

/** The root module of a process hosting one service (distributed) or all of them (embedded). */
export function hostModule(runtime: Runtime, modules: (Type | DynamicModule)[]): Type {
  @Module({ imports: [RuntimeModule.forRoot(runtime), ...modules], controllers: [HealthController] })
  class HostModule {}
  return HostModule;
}

/** Prints a start-up failure as one clear line (a configuration error names its variable) and exits. */
export function exitOnStartupError(error: unknown): never {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    logger.fatal({ err: error }, 'start-up failed');
    process.stderr.write(`Start-up failed: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  process.exit(1);
}

/** Shuts the app and the runtime down once, on SIGINT/SIGTERM. */
export function closeOnSignals(close: () => Promise<void>): void {
  let closing = false;
  const onSignal = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGINT', () => onSignal('SIGINT'));
  process.once('SIGTERM', () => onSignal('SIGTERM'));
}

/** Closes in the order that loses nothing: messaging first, then the app (its data sources), then the rest. */
export async function shutdown(app: { close(): Promise<void> }, runtime: Runtime): Promise<void> {
  await runtime.stopMessaging();
  await app.close();
  await runtime.close();
}

/** `services/<name>/src/main.ts` in distributed mode: one service, one process. */
export async function runServiceProcess(definition: ServiceDefinition): Promise<void> {
  let config: PlatformConfig;
  let runtime: Runtime | undefined;
  try {
    config = loadConfig();
    runtime = await createRuntime(config, {
      needsPrivateKey: definition.signsTokens ?? false,
      processName: `scm-${definition.name}`,
    });
    const app = await createHttpApp(hostModule(runtime, [definition.module]), runtime, {
      title: `SCM ${definition.name}`,
    });
    await app.init();
    await runtime.startBackgroundWork();
    await app.listen(config.port, config.host);
    logger.info({ service: definition.name, port: config.port }, 'service listening');
    const started = runtime;
    closeOnSignals(() => shutdown(app, started));
  } catch (error) {
    await runtime?.close();
    exitOnStartupError(error);
  }
}
