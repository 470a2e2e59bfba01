import { startProduct } from './fixtures/product.ts';
import { createClerk } from './fixtures/users.ts';

/**
 * Starts the embedded product from the build once for the whole run (both projects share it), adds the
 * limited user, and hands the address to the workers through SCM_BROWSER_BASE_URL and its data directory
 * (where the mailbox is) through SCM_BROWSER_DATA_DIR, its database through SCM_BROWSER_DATABASE_URL (for what no
 * screen can make, e.g. a parked event). The returned function is Playwright's teardown: it stops
 * the product and removes its data.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const product = await startProduct();
  try {
    await createClerk(product.databaseUrl);
  } catch (error) {
    await product.stop();
    throw error;
  }
  process.env.SCM_BROWSER_BASE_URL = product.baseURL;
  process.env.SCM_BROWSER_DATA_DIR = product.dataDir;
  process.env.SCM_BROWSER_DATABASE_URL = product.databaseUrl;
  return () => product.stop();
}
