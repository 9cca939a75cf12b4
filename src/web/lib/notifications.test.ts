import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  currentToasts,
  dismissAllToasts,
  dismissToast,
  notify,
  NOTIFICATION_DEFAULT_DURATION_MS,
  toast,
  TOASTS_MAX,
} from './notifications';

const ids = () => currentToasts().map((item) => item.id);

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // Timers only run in a browser.
    vi.stubGlobal('window', {});
  });
  afterEach(() => {
    dismissAllToasts();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('closes a success after its duration and keeps an error until it is dismissed', () => {
    const ok = toast.success('Saved');
    const failed = toast.error('Failed to save');
    expect(ids()).toEqual([failed, ok]);
    expect(currentToasts()[0]).toMatchObject({ title: 'Error', message: 'Failed to save', persistent: true });
    vi.advanceTimersByTime(NOTIFICATION_DEFAULT_DURATION_MS - 1);
    expect(ids()).toEqual([failed, ok]);
    vi.advanceTimersByTime(1);
    expect(ids()).toEqual([failed]);
    vi.advanceTimersByTime(60 * 60_000);
    expect(ids()).toEqual([failed]);
    dismissToast(failed);
    expect(ids()).toEqual([]);
  });

  it(`shows at most ${TOASTS_MAX}, newest first`, () => {
    const made = Array.from({ length: TOASTS_MAX + 2 }, (_, n) => notify({ type: 'error', message: `n${n}` }));
    expect(ids()).toEqual(made.slice(2).reverse());
  });
});
