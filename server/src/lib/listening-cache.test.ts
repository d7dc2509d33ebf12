import { describe, expect, it, vi } from 'vitest';
import { ChangeFeed, listenForChanges } from './listen-for-changes.ts';
import { ListeningCache } from './listening-cache.ts';

/** A cache told its channel is listened to. */
function listening<V>(ttlMs = 60_000) {
  const cache = new ListeningCache<V>(ttlMs);
  cache.setListening(true);
  return cache;
}

describe('ListeningCache', () => {
  it('shares one load between the requests asking meanwhile and serves it while kept', async () => {
    const cache = listening<number>();
    const load = vi.fn(async () => 1);
    const answers = await Promise.all([cache.get('a', load), cache.get('a', load)]);
    expect(answers.map((answer) => answer.value)).toEqual([1, 1]);
    expect(answers[0]!.json).toBe('1');
    expect((await cache.get('a', load)).value).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
    expect((await cache.get('b', async () => 2)).value).toBe(2);
  });

  it('keeps nothing until it listens, nor once the connection is down, nor with a time of 0', async () => {
    const cache = new ListeningCache<number>(60_000);
    const load = vi.fn(async () => 1);
    await cache.get('a', load);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(2);
    cache.setListening(true);
    await cache.get('a', load);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(3);
    cache.setListening(false);
    expect(cache.size).toBe(0);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(4);

    const never = listening<number>(0);
    await never.get('a', load);
    await never.get('a', load);
    expect(load).toHaveBeenCalledTimes(6);
  });

  it('forgets everything at a change, a read still running too; a failed read is not kept', async () => {
    const cache = listening<number>();
    let finish: (value: number) => void = () => undefined;
    const running = cache.get('a', () => new Promise<number>((resolve) => (finish = resolve)));
    cache.forgetAll();
    finish(1);
    expect((await running).value).toBe(1);
    expect((await cache.get('a', async () => 2)).value).toBe(2);
    cache.forgetAll();
    await expect(cache.get('b', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await cache.get('b', async () => 3)).value).toBe(3);
  });

  it('ends an answer sooner at the moment its `expires` gives (the day it counts ends)', async () => {
    vi.useFakeTimers();
    try {
      const cache = listening<{ dayEnds: number }>();
      let loads = 0;
      const load = async () => ({ dayEnds: Date.now() + 1000, n: ++loads });
      const get = () => cache.get('a', load, (answer) => answer.dayEnds);
      await get();
      vi.advanceTimersByTime(999);
      await get();
      expect(loads).toBe(1);
      vi.advanceTimersByTime(1);
      await get();
      expect(loads).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps nothing when its LISTEN connection cannot be opened', async () => {
    const warnings: string[] = [];
    // A port nothing listens on: the feed tries, fails and retries, and never says it listens.
    const feed = new ChangeFeed({
      connectionString: 'postgres://postgres@127.0.0.1:1/none',
      log: { warn: (message) => warnings.push(message) },
    });
    const cache = new ListeningCache<number>(60_000);
    const stop = listenForChanges(feed, 'aylal_test_changes', cache);
    try {
      await vi.waitFor(() => expect(warnings.length).toBeGreaterThan(0));
      const load = vi.fn(async () => 1);
      await cache.get('a', load);
      await cache.get('a', load);
      expect(load).toHaveBeenCalledTimes(2);
      expect(cache.size).toBe(0);
    } finally {
      await stop();
      await feed.close();
    }
  });
});
