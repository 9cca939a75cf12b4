/**
 * Runs `work` at the browser's next idle moment, or after `timeoutMs` at the latest. Where there is no
 * requestIdleCallback (Safari), it runs after `otherwiseMs`.
 */
export function whenIdle(work: () => void, timeoutMs: number, otherwiseMs = timeoutMs): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(work, { timeout: timeoutMs });
  else setTimeout(work, otherwiseMs);
}
