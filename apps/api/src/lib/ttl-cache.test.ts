// The TTL cache that keeps places, category rows and planner statistics per app (lib/ttl-cache.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-02T12:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('TtlCache', () => {
  it('keeps a value for ttlMs and forgets it after', () => {
    const cache = new TtlCache<string, number>({ ttlMs: 1000 });
    cache.set('a', 1);
    vi.advanceTimersByTime(999);
    expect(cache.get('a')).toBe(1);
    vi.advanceTimersByTime(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the oldest entry when full; storing a key again makes it the newest', () => {
    const cache = new TtlCache<string, number>({ ttlMs: 1000, maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3);
    cache.set('c', 4);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([3, undefined, 4]);
    expect(cache.size).toBe(2);
  });

  it('loads once for callers that ask together, then answers from memory until the entry expires', async () => {
    const cache = new TtlCache<string, string>({ ttlMs: 1000 });
    let loads = 0;
    const load = async () => `value ${++loads}`;
    expect(await Promise.all([cache.fetch('k', load), cache.fetch('k', load)])).toEqual(['value 1', 'value 1']);
    expect(await cache.fetch('k', load)).toBe('value 1');
    vi.advanceTimersByTime(1000);
    expect(await cache.fetch('k', load)).toBe('value 2');
    expect(loads).toBe(2);
  });

  it('loads again when asked for a fresh value, and keeps the fresh one', async () => {
    const cache = new TtlCache<string, number>({ ttlMs: 60_000 });
    let loads = 0;
    const load = async () => ++loads;
    await cache.fetch('k', load);
    expect(await cache.fetch('k', load, { fresh: true })).toBe(2);
    expect(await cache.fetch('k', load)).toBe(2);
  });

  it('does not keep a failed load: the next caller loads again', async () => {
    const cache = new TtlCache<string, number>({ ttlMs: 60_000 });
    await expect(cache.fetch('k', async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(cache.get('k')).toBeUndefined();
    expect(await cache.fetch('k', async () => 7)).toBe(7);
  });

  it('does not store a load that was running when the cache was cleared', async () => {
    const cache = new TtlCache<string, number>({ ttlMs: 60_000 });
    let release: (value: number) => void = () => {};
    const running = cache.fetch('k', () => new Promise<number>((resolve) => (release = resolve)));
    cache.clear();
    release(1);
    expect(await running).toBe(1);
    expect(cache.get('k')).toBeUndefined();
  });
});
