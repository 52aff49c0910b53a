// Component tests (Vitest + Testing Library on happy-dom): each test starts with no session, no
// cookies and no stubbed network; an unexpected console.error fails it.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

// React's act() environment: updates in tests are flushed before assertions read the page.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
  // The components log what SPEC.md 8 says to log (a failed unsave, say): expected, kept quiet.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  const calls = consoleError.mock.calls.slice();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  // Server modules' tests run in Node (`@vitest-environment node`): no browser storage to empty.
  if (typeof window !== 'undefined') {
    window.localStorage.clear();
    for (const part of document.cookie.split(';')) {
      const name = part.split('=')[0]?.trim();
      if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
    }
  }
  if (calls.length) throw new Error(`console.error was called: ${calls.map((c) => c.map(String).join(' ')).join('\n')}`);
});
