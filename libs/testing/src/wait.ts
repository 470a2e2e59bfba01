/**
 * Waits until `probe` stops throwing (or returns a truthy value), polling; for event-driven flows, never sleep.
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
      if (result !== false && result !== undefined && result !== null) return result;
      lastError = new Error(`probe returned ${String(result)}`);
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) throw lastError;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
