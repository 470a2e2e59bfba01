import { catalogService } from '@scm/catalog';
import { identityService } from '@scm/identity';
import { inventoryService } from '@scm/inventory';
import { notificationsService } from '@scm/notifications';
import { procurementService } from '@scm/procurement';
import { createHttpApp, createRuntime, hostModule, shutdown } from '@scm/platform';
import type { PlatformConfig, Runtime } from '@scm/platform';
import { registerWeb, webDistDir } from './web.js';

/**
 * The embedded mode's composition root: every service module, the gateway's web serving and one runtime in
 * one process. This file (and only this one) imports the services; services never import each other.
 */
export const ALL_SERVICES = [identityService, catalogService, inventoryService, procurementService, notificationsService];

export async function createEmbeddedApp(config: PlatformConfig) {
  const runtime: Runtime = await createRuntime(config, { needsPrivateKey: true, processName: 'scm-embedded' });
  try {
    const app = await createHttpApp(
      hostModule(
        runtime,
        ALL_SERVICES.map((service) => service.module),
      ),
      runtime,
      { title: 'SCM' },
    );
    await registerWeb(app.getHttpAdapter().getInstance(), webDistDir(config.webDist));
    await app.init();
    await runtime.startBackgroundWork();
    return { app, runtime, close: () => shutdown(app, runtime) };
  } catch (error) {
    await runtime.close();
    throw error;
  }
}
