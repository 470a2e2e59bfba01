import 'reflect-metadata';
import { createEmbeddedApp } from '@scm/gateway';
import {
  PROCUREMENT_SCENARIO_STEPS,
  ProcurementScenario,
  SUITE_HOOK_TIMEOUT_MS,
  startCatalogSuite,
} from '@scm/testing';

/**
 * The procurement proof in embedded mode (issue's proof; the scenario and its hand-computed figures live in
 * libs/testing/src/procurement-fixture.ts, shared with the distributed suite): an outlet's store order split into
 * two DRAFT POs; approved within and above a low limit; the supplier confirms through the mailed link; a partial
 * receipt with a variance and a rejected line; a second receipt at another rate closes the PO; a return note of
 * part of the first receipt; the inventory overview's quantity and FIFO value asserted after each step; a replayed
 * posting request posts nothing twice.
 */
describe('procurement: store order to return note, posted once (embedded mode)', () => {
  let scenario: ProcurementScenario | undefined;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const suite = await startCatalogSuite(createEmbeddedApp, { signIn: false });
    close = suite.close;
    scenario = await ProcurementScenario.start({
      server: suite.app.getHttpServer(),
      databaseUrl: suite.runtime.databaseUrl,
      dataDir: suite.runtime.config.dataDir,
    });
  }, SUITE_HOOK_TIMEOUT_MS * 2);

  afterAll(async () => {
    await scenario?.close();
    await close?.();
  }, SUITE_HOOK_TIMEOUT_MS);

  for (const step of PROCUREMENT_SCENARIO_STEPS) {
    it(step.name, () => step.run(scenario!), 90_000);
  }
});
