export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __embeddedPg?: { stop(): Promise<void> } }).__embeddedPg?.stop();
}
