import { vi } from 'vitest';

/**
 * The first value other than undefined that `probe` gives, asked again every 25 ms (vi.waitFor) until
 * `timeoutMs` have passed: for what the app does after it has answered (a mail, an outbox row).
 */
export function eventually<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await probe();
      if (value === undefined) throw new Error(`nothing yet after ${timeoutMs} ms`);
      return value;
    },
    { timeout: timeoutMs, interval: 25 },
  );
}
