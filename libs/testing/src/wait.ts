/**
 * Waits until `probe` neither throws nor returns false, polling; for event-driven flows, never sleep.
 * A probe is usually a block of `expect(...)` calls.
 */
export async function expectEventually<T>(
  probe: () => Promise<T> | T,
  options: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const intervalMs = options.intervalMs ?? 50;
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const result = await probe();
      if (result !== false) return result;
      lastError = new Error('probe returned false');
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) throw lastError;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
