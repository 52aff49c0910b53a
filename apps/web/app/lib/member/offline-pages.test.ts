// A signed-in member's pages ask the service worker to keep the offline pages (offline-pages.ts);
// a signed-out visitor's never do, and without a worker nothing is asked.
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOfflinePages } from './offline-pages.ts';

function stubWorker() {
  const postMessage = vi.fn();
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: Promise.resolve({ active: { postMessage } }) } });
  return postMessage;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('useOfflinePages', () => {
  it('asks the worker to keep the pages once a member is signed in, and again for another member', async () => {
    const postMessage = stubWorker();
    const { rerender } = renderHook(({ id }: { id: number | null }) => useOfflinePages(id), { initialProps: { id: null as number | null } });
    await Promise.resolve();
    expect(postMessage).not.toHaveBeenCalled();
    rerender({ id: 7 });
    await vi.waitFor(() => expect(postMessage).toHaveBeenCalledWith({ type: 'keep-member-pages' }));
    rerender({ id: 7 });
    await Promise.resolve();
    expect(postMessage).toHaveBeenCalledTimes(1);
    rerender({ id: 8 });
    await vi.waitFor(() => expect(postMessage).toHaveBeenCalledTimes(2));
  });

  it('does nothing without a service worker', () => {
    expect('serviceWorker' in navigator).toBe(false);
    expect(() => renderHook(() => useOfflinePages(7))).not.toThrow();
  });
});
