import { describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  it('shares one load between concurrent callers and serves it while fresh', async () => {
    const cache = new TtlCache<number>(1000);
    const load = vi.fn(async () => 1);
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    expect(await cache.get('a', load)).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('serves a stale answer at once and refreshes it in the background', async () => {
    vi.useFakeTimers();
    try {
      const cache = new TtlCache<number>(1000);
      let version = 1;
      const load = vi.fn(async () => version);
      expect(await cache.get('a', load)).toBe(1);
      version = 2;
      vi.advanceTimersByTime(1500);
      expect(await cache.get('a', load)).toBe(1); // stale, while the refresh runs
      await vi.waitFor(async () => expect(await cache.get('a', load)).toBe(2));
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets everything on clear, and failed loads are not kept', async () => {
    const cache = new TtlCache<number>(1000);
    await expect(cache.get('a', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 3)).toBe(3);
    cache.forgetAll();
    expect(await cache.get('a', async () => 4)).toBe(4);
  });

  it('does not cache at all with a ttl of 0', async () => {
    const cache = new TtlCache<number>(0);
    const load = vi.fn(async () => 5);
    await cache.get('a', load);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
